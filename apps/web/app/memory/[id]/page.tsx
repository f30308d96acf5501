import { MemoryTypePage } from "../../../src/markets/memory/type-page";

export { generateMetadata } from "../../../src/markets/memory/type-page";

/**
 * Rendered per request: the values are one signed-in reader's (their plan's answer, never
 * cached), and the chart's state is in the query (`?range=&y=&from=&to=`).
 */
export const dynamic = "force-dynamic";

export default MemoryTypePage;
