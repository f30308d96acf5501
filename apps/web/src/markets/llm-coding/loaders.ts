import "server-only";
import type { RouterOutputs } from "../../lib/api-types";
import { refusal, type ApiRefusal } from "../../server/account";
import { apiClient } from "../../server/trpc-client";
import { isTrpcNotFound } from "../../server/trpc-errors";
import { personalApi } from "../../server/viewer";

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

/** A plan's answer, or the api's refusal of it (the plan does not read the values). */
export type PlanAnswer<T> =
  | { state: "answer"; answer: T }
  | { state: "refused"; refusal: ApiRefusal };

async function planAnswer<T>(load: () => Promise<T>): Promise<PlanAnswer<T>> {
  try {
    return { state: "answer", answer: await load() };
  } catch (error) {
    // refusal() rethrows anything that is not an api answer (the api down, a bug).
    return { state: "refused", refusal: refusal(error) };
  }
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
      ...(token === undefined ? {} : { sessionToken: token }),
      product,
    }),
  );
}

/**
 * `GET /api/llm-coding/index?product=` as a key of the session's plan gets it; undefined for a
 * product without a value yet (the api's 404).
 */
export async function loadPlanCodingIndex(
  token: string,
  product: string,
): Promise<PlanAnswer<PlanCodingIndex> | undefined> {
  try {
    return {
      state: "answer",
      answer: await personalApi().llmCoding.planIndex.query({ sessionToken: token, product }),
    };
  } catch (error) {
    if (isTrpcNotFound(error)) return undefined;
    return { state: "refused", refusal: refusal(error) };
  }
}
