import { isLlmCodingProductId, LLM_CODING_PRODUCT_IDS } from "@tpi/domain";
import { decodedSegment, sectionMarket } from "../../kit/market-entry";
import { LLM_CODING_PATH, LLM_CODING_PATHS } from "./lib";

/** What AI coding agents ship on GitHub: the overview and each product's page. */
export const llmCodingMarket = sectionMarket({
  name: "llm-coding",
  href: LLM_CODING_PATH,
  label: "LLM Coding",
  knowsPage: (_segment, second) => isLlmCodingProductId(decodedSegment(second) ?? ""),
  pagePaths: () => [
    LLM_CODING_PATH,
    ...LLM_CODING_PRODUCT_IDS.map((product) => LLM_CODING_PATHS.pathOf(product)),
  ],
  footer:
    "LLM Coding values are counts per UTC day of the pull requests and commits AI coding agents open on GitHub, and their merge rates",
});
