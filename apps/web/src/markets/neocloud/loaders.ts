import "server-only";
import { NEOCLOUD_SITES_LIMIT_MAX } from "@tpi/domain";
import { refusal } from "../../server/account";
import { apiClient } from "../../server/trpc-client";
import { personalApi } from "../../server/viewer";
import type { RouterOutputs } from "../../lib/api-types";
import { NEOCLOUD_PAGE_SIZE, type NeocloudFilters } from "./lib";

/**
 * The Neo-Cloud Sites data, through the api's `neocloud` procedures: the public methodology
 * (cached like the other public answers), and a signed-in reader's sites and aggregates as the
 * REST routes answer a key of their plan (never cached: one person's). Which plans read site data
 * is the api's rule (Full only): a refusal is shown in its words, never decided here.
 */

/** `GET /api/neocloud/methodology`: the neo-cloud definition, the rules and the sources. */
export type NeocloudMethodology = RouterOutputs["neocloud"]["methodology"];

/** `GET /api/neocloud/sites` as a key of the reader's plan gets it: a page of sites. */
export type NeocloudSitesAnswer = RouterOutputs["neocloud"]["planSites"];

/** `GET /api/neocloud/sites/aggregate?by=`: one bucket per country or GPU type. */
export type NeocloudAggregateAnswer = RouterOutputs["neocloud"]["planAggregate"];

/** The public methodology (`GET /api/neocloud/methodology`). */
export async function loadNeocloudMethodology(): Promise<NeocloudMethodology> {
  return apiClient().neocloud.methodology.query();
}

/**
 * An api answer for the reader's plan, its refusal (401 without a live plan, 403 for a plan
 * that does not read site data) or its 400 (filters it does not accept), in its words.
 */
export type PlanNeocloud<T> =
  | { kind: "answer"; answer: T }
  | { kind: "refused"; status: number; message: string }
  | { kind: "invalid"; message: string };

async function planAnswer<T>(load: () => Promise<T>): Promise<PlanNeocloud<T>> {
  try {
    return { kind: "answer", answer: await load() };
  } catch (error) {
    // refusal() rethrows anything that is not an api answer (the api down, a bug).
    const answer = refusal(error);
    if (answer.status === 400) return { kind: "invalid", message: answer.message };
    if (answer.status === 401 || answer.status === 403)
      return { kind: "refused", status: answer.status, message: answer.message };
    throw error;
  }
}

const session = (token: string | undefined) => (token === undefined ? {} : { sessionToken: token });

/** A page of `GET /api/neocloud/sites` with these filters, as a key of the session's plan gets it. */
export async function loadPlanNeocloudSites(
  token: string | undefined,
  filters: NeocloudFilters,
  offset: number,
  limit: number = NEOCLOUD_PAGE_SIZE,
): Promise<PlanNeocloud<NeocloudSitesAnswer>> {
  return planAnswer(() =>
    personalApi().neocloud.planSites.query({
      ...session(token),
      ...filters,
      limit: String(limit),
      offset: String(offset),
    }),
  );
}

/**
 * Every site of these filters, in pages of the api's largest `limit` (the CSV): the first
 * page's refusal or 400 as it is.
 */
export async function loadPlanNeocloudAllSites(
  token: string | undefined,
  filters: NeocloudFilters,
): Promise<PlanNeocloud<NeocloudSitesAnswer>> {
  const first = await loadPlanNeocloudSites(token, filters, 0, NEOCLOUD_SITES_LIMIT_MAX);
  if (first.kind !== "answer") return first;
  const data = [...first.answer.data];
  while (data.length < first.answer.total) {
    const next = await loadPlanNeocloudSites(token, filters, data.length, NEOCLOUD_SITES_LIMIT_MAX);
    if (next.kind !== "answer") return next;
    // A page shorter than asked for that adds nothing ends it: the data changed under the reads.
    if (next.answer.data.length === 0) break;
    data.push(...next.answer.data);
  }
  return { kind: "answer", answer: { ...first.answer, offset: 0, limit: data.length, data } };
}

/** `GET /api/neocloud/sites/aggregate?by=` with the page's scope, for the session's plan. */
export async function loadPlanNeocloudAggregate(
  token: string | undefined,
  by: "country" | "gpu_type",
  scope: string | undefined,
): Promise<PlanNeocloud<NeocloudAggregateAnswer>> {
  return planAnswer(() =>
    personalApi().neocloud.planAggregate.query({
      ...session(token),
      by,
      ...(scope === undefined ? {} : { scope }),
    }),
  );
}
