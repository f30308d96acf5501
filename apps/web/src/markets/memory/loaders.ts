import "server-only";
import { MAX_MEMORY_HISTORY_LIMIT } from "@tpi/domain";
import type { RouterOutputs } from "../../lib/api-types";
import { planAnswer, sessionInput, type PlanAnswer } from "../../kit/plan-answer";
import { catalogFinder, type SeriesSource } from "../../kit/series-source";
import { apiClient } from "../../server/trpc-client";
import { personalApi } from "../../server/viewer";
import { isMemoryTypeId } from "./ids";
import { MEMORY_PATHS, settlementDayOf, type MemoryCatalogEntry } from "./lib";

/**
 * The Memory data, through the api's `memory` procedures: the public catalogue and methodology
 * (cached like the other public answers), and a signed-in reader's values as the REST routes
 * answer a key of their plan (never cached: one person's). Which plans read the values is the
 * api's rule: a refusal is shown in its words, never decided here.
 */

export type MemoryTypes = RouterOutputs["memory"]["types"];
export type MemoryMethodology = RouterOutputs["memory"]["methodology"];
export type PlanMemoryIndex = RouterOutputs["memory"]["planIndex"];
export type PlanMemoryHistory = RouterOutputs["memory"]["planHistory"];
/** A row of `GET /api/memory-index`: one type's latest settled price. */
export type MemoryIndexRow = Exclude<PlanMemoryIndex["data"], readonly unknown[]>;
/** The sources of an answer: the sample flag and each source's as-of time, citation and licence. */
export type MemoryDataSources = PlanMemoryHistory["dataSources"];

const publicMemory = () => apiClient().memory;
const personalMemory = () => personalApi().memory;

/** `GET /api/memory-types`: every type, in catalogue order. */
export async function loadMemoryTypes(): Promise<MemoryTypes> {
  return publicMemory().types.query();
}

/** `GET /api/memory/methodology`: the rules, the sources with citation and licence. */
export async function loadMemoryMethodology(): Promise<MemoryMethodology> {
  return publicMemory().methodology.query();
}

/**
 * `GET /api/memory-index` (every type's latest settled day) as a key of the session's plan gets
 * it; without a session, the api's answer to a request without a key (its refusal).
 */
export async function loadPlanMemoryIndex(
  token: string | undefined,
): Promise<PlanAnswer<PlanMemoryIndex>> {
  return planAnswer(() => personalMemory().planIndex.query(sessionInput(token)));
}

/**
 * `GET /api/memory/{memoryType}/history` (the settled days, oldest first) as the session's plan
 * reads it; without a session, the api's refusal.
 */
export async function loadPlanMemoryHistory(
  token: string | undefined,
  id: string,
): Promise<PlanAnswer<PlanMemoryHistory>> {
  // Every settled day (the route's default limit is 1,000): the page's ranges cut them.
  return planAnswer(() =>
    personalMemory().planHistory.query({
      ...sessionInput(token),
      memoryType: id,
      limit: String(MAX_MEMORY_HISTORY_LIMIT),
    }),
  );
}

/** The index answer's rows: an array for every type (one object only when asked for one `type`). */
export function memoryIndexRows(answer: PlanMemoryIndex): readonly MemoryIndexRow[] {
  return Array.isArray(answer.data) ? answer.data : [answer.data];
}

/**
 * The memory types as their pages and CSV read them: one series each, the settled price, from
 * the first settled day (the plan reads all history).
 */
export const MEMORY_SERIES: SeriesSource<MemoryCatalogEntry, PlanMemoryHistory> = {
  param: "id",
  paths: MEMORY_PATHS,
  find: catalogFinder(isMemoryTypeId, loadMemoryTypes),
  load: (token, type) => loadPlanMemoryHistory(token, type.id),
  offer: () => ({ held: "All", keys: ["price"] }),
  dayOf: (row) => settlementDayOf(row.date),
  noneYet: (type) => `No trading day of ${type.memory_type} has settled yet.`,
};
