import { GpusPage } from "../../src/markets/gpu/overview-page";

export { metadata } from "../../src/markets/gpu/overview-page";

/** Rendered per request: the chart's state is in the query, and a signed-in reader's plan reads keyed GPUs. */
export const dynamic = "force-dynamic";

export default GpusPage;
