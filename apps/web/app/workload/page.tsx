import { WorkloadPage } from "../../src/markets/workload/page";

export { generateMetadata } from "../../src/markets/workload/page";

/**
 * Rendered per request: the values are a signed-in reader's plan's (the page reads the session
 * cookie); a visitor reads what the index is and how to get it, never a value.
 */
export const dynamic = "force-dynamic";

export default WorkloadPage;
