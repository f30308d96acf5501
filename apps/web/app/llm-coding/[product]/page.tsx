import { LlmCodingProductPage } from "../../../src/markets/llm-coding/product-page";

export { generateMetadata } from "../../../src/markets/llm-coding/product-page";

/**
 * Rendered per request: the values are one signed-in reader's (their plan's answer, never
 * cached), and the chart's state is in the query (`?range=&y=&from=&to=&series=`).
 */
export const dynamic = "force-dynamic";

export default LlmCodingProductPage;
