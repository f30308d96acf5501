import "server-only";
import { refusal, type ApiRefusal } from "./account";
import { apiClient } from "./trpc-client";
import { isTrpcNotFound } from "./trpc-errors";
import { personalApi } from "./viewer";

/**
 * The Memory data, through the api's `memory` procedures: the public catalogue and methodology
 * (cached like the other public answers), and a signed-in reader's values as the REST routes
 * answer a key of their plan (never cached: one person's). Which plans read the values is the
 * api's rule: a refusal is shown in its words, never decided here.
 */

/** The sources of an answer: the sample flag and each source's as-of time, citation and licence. */
export type MemoryDataSources = {
  sample: boolean;
  notice: string | null;
  sources: readonly {
    source: string;
    sample: boolean;
    asOf: string | null;
    citation: string | null;
    licence: { name: string; url: string } | null;
  }[];
};

/** `GET /api/memory-types`: the 14 frozen ids, their names, categories and units. */
export type MemoryTypes = {
  data: readonly { id: string; memory_type: string; category: string; unit: string }[];
};

/** `GET /api/memory/methodology`: the rules and the sources, public. */
export type MemoryMethodology = {
  version: string;
  unit: string;
  rules: readonly string[];
  publicSeries: readonly string[];
  latestDate: string | null;
  dataSources: MemoryDataSources;
};

/** A row of `GET /api/memory-index`: one type's latest settled price. */
export type MemoryIndexRow = {
  id: string;
  memoryType: string;
  category: string;
  price: number;
  changePct: number | null;
  weeklyHigh: number;
  weeklyLow: number;
  sourceUpdatedAt: string;
  sources: readonly string[];
  sample: boolean;
  date: string;
  updatedAt: string;
};

/** `GET /api/memory-index` (all types: an array) as a key of the reader's plan reads it. */
export type PlanMemoryIndex = {
  date: string | null;
  data: MemoryIndexRow | readonly MemoryIndexRow[];
  dataSources: MemoryDataSources;
};

/** `GET /api/memory/{memoryType}/history` (oldest first) as a key of the reader's plan reads it. */
export type PlanMemoryHistory = {
  id: string;
  memoryType: string;
  data: readonly (MemoryIndexRow & { timestamp: string })[];
  dataSources: MemoryDataSources;
};

/** The `memory` procedures as this module calls them. */
type MemoryProcedures = {
  memory: {
    types: { query(): Promise<MemoryTypes> };
    methodology: { query(): Promise<MemoryMethodology> };
    planIndex: { query(input: { sessionToken?: string }): Promise<PlanMemoryIndex> };
    planHistory: {
      query(input: { sessionToken?: string; memoryType: string }): Promise<PlanMemoryHistory>;
    };
  };
};

const publicMemory = () => (apiClient() as unknown as MemoryProcedures).memory;
const personalMemory = () => (personalApi() as unknown as MemoryProcedures).memory;

/** `GET /api/memory-types`: every type, in catalogue order. */
export async function loadMemoryTypes(): Promise<MemoryTypes> {
  return publicMemory().types.query();
}

/** `GET /api/memory/methodology`: the rules, the sources with citation and licence. */
export async function loadMemoryMethodology(): Promise<MemoryMethodology> {
  return publicMemory().methodology.query();
}

/** A plan's answer, the api's refusal of it, or nothing yet (its 404: no settled day). */
export type PlanAnswer<T> =
  | { state: "answer"; answer: T }
  | { state: "refused"; refusal: ApiRefusal }
  | { state: "none" };

async function planAnswer<T>(load: () => Promise<T>): Promise<PlanAnswer<T>> {
  try {
    return { state: "answer", answer: await load() };
  } catch (error) {
    if (isTrpcNotFound(error)) return { state: "none" };
    // refusal() rethrows anything that is not an api answer (the api down, a bug).
    return { state: "refused", refusal: refusal(error) };
  }
}

const sessionInput = (token: string | undefined) =>
  token === undefined ? {} : { sessionToken: token };

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
  return planAnswer(() =>
    personalMemory().planHistory.query({ ...sessionInput(token), memoryType: id }),
  );
}

/** The index answer's rows: an array for every type (one object only when asked for one `type`). */
export function memoryIndexRows(answer: PlanMemoryIndex): readonly MemoryIndexRow[] {
  return Array.isArray(answer.data) ? answer.data : [answer.data as MemoryIndexRow];
}
