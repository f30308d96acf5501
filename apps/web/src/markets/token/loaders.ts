import "server-only";
import type { LabId } from "@tpi/domain";
import type { DataSources, RouterOutputs } from "../../lib/api-types";
import { apiClient } from "../../server/trpc-client";
import { isTrpcNotFound } from "../../server/trpc-errors";
import { personalApi } from "../../server/viewer";
import type {
  Constituents,
  IndexRow,
  KeyedLatestDay,
  PlanConstituents,
  PlanIndex,
  RecentTokenVolume,
  SourceDay,
} from "./api-types";

/**
 * What the token pages read, each through the api's internal tRPC router, which answers from the
 * same services as the public REST routes (so the website and `/api/otpi` agree exactly); the
 * `loadPlan…` loaders read as a key of the signed-in reader's plan gets it (never cached: one
 * person's answers).
 */
type FreeWindowIndex = RouterOutputs["freeWindowIndex"];
type LatestDay = Extract<RouterOutputs["publicIndex"], { date: string }>;
export type FreeWindowView = Pick<FreeWindowIndex, "startDate" | "endDate" | "rows">;
export type LatestView = { date: LatestDay["date"]; rows: LatestDay["data"] } | undefined;

export async function loadLatest(): Promise<LatestView> {
  try {
    const answer = await apiClient().publicIndex.query({});
    if ("date" in answer) return { date: answer.date, rows: answer.data };
    return undefined;
  } catch (error) {
    // No settled day yet (an empty database): the page says so instead of failing.
    if (isTrpcNotFound(error)) return undefined;
    throw error;
  }
}

export async function loadFreeWindow(lab?: LabId): Promise<FreeWindowView> {
  const answer = await apiClient().freeWindowIndex.query(lab === undefined ? {} : { lab });
  return { startDate: answer.startDate, endDate: answer.endDate, rows: answer.rows };
}

export async function loadTokenTypes() {
  return apiClient().tokenTypes.query();
}

export async function loadMethodology() {
  return apiClient().methodology.query();
}

/** The token index's free window (UTC days, inclusive), on the api's clock: the website never decides a data window itself. */
export async function loadTokenWindow(): Promise<{ startDate: string; endDate: string }> {
  return (await apiClient().windows.query()).token;
}

/** Where the token index's published values come from: the generated sample, OpenRouter or observation files, with citations. */
export async function loadTokenSources(): Promise<DataSources> {
  return apiClient().dataProvenance.query();
}

/** The synced source day behind each UTC day of a range (OpenRouter's as_of and coverage), oldest first. */
export async function loadSourceDays(startDate: string, endDate: string): Promise<SourceDay[]> {
  return apiClient().sourceDays.query({ startDate, endDate });
}

/**
 * A settled lab-day's constituents; `undefined` when the api has none for it (the day is not
 * settled yet, or is outside what a keyless caller may see).
 */
export async function loadConstituents(
  date: string,
  lab: LabId,
): Promise<Constituents | undefined> {
  try {
    return (await apiClient().constituents.query({ date, lab })) ?? undefined;
  } catch (error) {
    if (isTrpcNotFound(error)) return undefined;
    throw error;
  }
}

/** The latest settled days of the token volume index (the volume page), from the published values. */
export async function loadRecentTokenVolume(): Promise<RecentTokenVolume> {
  return apiClient().recentTokenVolume.query();
}

/** Each keyed lab's latest settled day (the date only: keyless pages never get a keyed value). */
export async function loadKeyedLatestDays(): Promise<KeyedLatestDay[]> {
  return apiClient().keyedLatestDays.query();
}

/** `GET /api/otpi` with these parameters, as a key of the session's plan gets it. */
export async function loadPlanIndex(
  token: string,
  query: { lab?: LabId; startDate?: string; endDate?: string },
): Promise<PlanIndex> {
  return personalApi().planIndex.query({ sessionToken: token, ...query });
}

/**
 * The latest settled day of every lab the plan reads (`GET /api/otpi` without dates), or
 * undefined before any day settled.
 */
export async function loadPlanLatest(
  token: string,
): Promise<{ date: string; rows: IndexRow[] } | undefined> {
  try {
    const answer = await loadPlanIndex(token, {});
    return "date" in answer ? { date: answer.date, rows: answer.data } : undefined;
  } catch (error) {
    if (isTrpcNotFound(error)) return undefined;
    throw error;
  }
}

/** `GET /api/otpi/constituents?date=&lab=` as a key of the session's plan gets it. */
export async function loadPlanConstituents(
  token: string,
  lab: LabId,
  date: string,
): Promise<PlanConstituents> {
  return personalApi().planConstituents.query({ sessionToken: token, lab, date });
}

/** A lab's latest settled row as the plan reads it (`GET /api/otpi?lab=`); undefined before any. */
export async function loadPlanLabLatest(token: string, lab: LabId): Promise<IndexRow | undefined> {
  try {
    return (await loadPlanIndex(token, { lab })).data[0];
  } catch (error) {
    if (isTrpcNotFound(error)) return undefined;
    throw error;
  }
}

/** `loadPlanIndex`, with a range that has no settled day as no rows (the page says so). */
export async function loadPlanIndexOrNone(
  token: string,
  lab: LabId,
  startDate: string,
  endDate: string,
  planAccess: string,
): Promise<{ access: string; rows: IndexRow[] }> {
  try {
    const answer = await loadPlanIndex(token, { lab, startDate, endDate });
    return { access: answer.access, rows: answer.data };
  } catch (error) {
    // Nothing settled in the range: no rows, at the access the viewer's plan was answered with.
    if (isTrpcNotFound(error)) return { access: planAccess, rows: [] };
    throw error;
  }
}

/** `loadPlanConstituents`, undefined for a lab-day without constituents (not settled yet). */
export async function loadPlanConstituentsOrNone(
  token: string,
  lab: LabId,
  date: string,
): Promise<PlanConstituents | undefined> {
  try {
    return await loadPlanConstituents(token, lab, date);
  } catch (error) {
    if (isTrpcNotFound(error)) return undefined;
    throw error;
  }
}
