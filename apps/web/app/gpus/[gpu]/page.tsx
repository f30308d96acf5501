import { GpuPage } from "../../../src/markets/gpu/gpu-page";

export { generateMetadata } from "../../../src/markets/gpu/gpu-page";

/** Hourly prints change every hour: rendered per request, the api answers cached briefly (trpc-client.ts). */
export const dynamic = "force-dynamic";

export default GpuPage;
