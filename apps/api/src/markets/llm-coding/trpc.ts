import { marketRouter } from "../../platform/trpc/market-router";
import { keylessRouteProcedure } from "../../platform/trpc/route-procedure";
import { sessionRouteProcedure } from "../../platform/trpc/session-procedure";
import {
  llmCodingHistoryRoute,
  llmCodingIndexRoute,
  llmCodingMethodologyRoute,
  llmCodingProductsRoute,
} from "./routes/llm-coding";

/**
 * LLM Coding procedures for the website, under `llmCoding.`: the public catalogue and
 * methodology as a keyless caller of the REST routes reads them, and the values as a key of the
 * signed-in reader's plan reads them (keyless without a live plan: the REST routes' 401, in
 * their words), through the same routes.
 */
export const llmCodingRouter = marketRouter("llmCoding", {
  /** `GET /api/llm-coding/products`: the 13 products in catalogue order. */
  products: keylessRouteProcedure(llmCodingProductsRoute),
  /** `GET /api/llm-coding/methodology`: sources, searches, maturation, merge rate, citations. */
  methodology: keylessRouteProcedure(llmCodingMethodologyRoute),
  /** `GET /api/llm-coding/history` for the reader holding `sessionToken`. */
  planHistory: sessionRouteProcedure(llmCodingHistoryRoute),
  /** `GET /api/llm-coding/index` for the reader holding `sessionToken`. */
  planIndex: sessionRouteProcedure(llmCodingIndexRoute),
});
