import { LlmCodingPage } from "../../src/markets/llm-coding/overview-page";

export { generateMetadata } from "../../src/markets/llm-coding/overview-page";

/**
 * Rendered per request: the catalog and methodology are public api answers (cached by tag); a
 * signed-in reader whose plan reads the values sees each product's latest value as the api
 * answers a key of the plan (never cached), a visitor the locked state.
 */
export const dynamic = "force-dynamic";

export default LlmCodingPage;
