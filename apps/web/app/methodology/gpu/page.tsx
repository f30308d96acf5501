import { GpuMethodologyPage } from "../../../src/markets/gpu/methodology-page";

export { metadata } from "../../../src/markets/gpu/methodology-page";

/** Rendered per request from the methodology the api runs with. */
export const dynamic = "force-dynamic";

export default GpuMethodologyPage;
