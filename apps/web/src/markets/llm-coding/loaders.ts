import "server-only";
import type { RouterOutputs } from "../../lib/api-types";
import { isLlmCodingProductId } from "@tpi/domain";
import { planAnswer, sessionInput, type PlanAnswer } from "../../kit/plan-answer";
import { catalogFinder, type SeriesSource } from "../../kit/series-source";
import { apiClient } from "../../server/trpc-client";
import { personalApi } from "../../server/viewer";
import { codingSeriesKeys, LLM_CODING_PATHS, type CodingProduct } from "./lib";

/**
 * The LLM Coding data, through the api's `llmCoding` procedures: the public catalog and
 * methodology (cached like the other public answers), and a signed-in reader's values as the
 * REST routes answer a key of their plan (never cached: one person's). Which plans read the
 * values is the api's rule: a refusal is shown in its words, never decided here.
 */
export type CodingProducts = RouterOutputs["llmCoding"]["products"];
export type CodingMethodology = RouterOutputs["llmCoding"]["methodology"];
export type PlanCodingHistory = RouterOutputs["llmCoding"]["planHistory"];
export type PlanCodingIndex = RouterOutputs["llmCoding"]["planIndex"];

/** `GET /api/llm-coding/products`: every product, with the sources of the values. */
export async function loadCodingProducts(): Promise<CodingProducts> {
  return apiClient().llmCoding.products.query();
}

/** `GET /api/llm-coding/methodology`: sources, queries and the maturation rule. */
export async function loadCodingMethodology(): Promise<CodingMethodology> {
  return apiClient().llmCoding.methodology.query();
}

/**
 * `GET /api/llm-coding/history?product=` (all the days the api answers without dates, oldest
 * first) as a key of the session's plan gets it; without a session, the api's answer to a
 * request without a key (its refusal, in its words).
 */
export async function loadPlanCodingHistory(
  token: string | undefined,
  product: string,
): Promise<PlanAnswer<PlanCodingHistory>> {
  return planAnswer(() =>
    personalApi().llmCoding.planHistory.query({
      ...sessionInput(token),
      product,
    }),
  );
}

/**
 * `GET /api/llm-coding/index?product=` as a key of the session's plan gets it; none for a
 * product without a value yet (the api's 404).
 */
export async function loadPlanCodingIndex(
  token: string,
  product: string,
): Promise<PlanAnswer<PlanCodingIndex>> {
  return planAnswer(() =>
    personalApi().llmCoding.planIndex.query({ ...sessionInput(token), product }),
  );
}

/**
 * The products as their pages and CSV read them: one series each, or two for a comparison
 * (`value`, `value2`), from the first counted day (the plan reads all history).
 */
export const CODING_SERIES: SeriesSource<CodingProduct, PlanCodingHistory> = {
  param: "product",
  paths: LLM_CODING_PATHS,
  find: catalogFinder(isLlmCodingProductId, loadCodingProducts),
  load: (token, product) => loadPlanCodingHistory(token, product.id),
  offer: (product) => ({ held: "All", keys: codingSeriesKeys(product) }),
  dayOf: (row) => row.date,
  noneYet: (product) => `No day of ${product.label} has been counted yet.`,
};
