import "server-only";
import type { LabId } from "@tpi/domain";
import type {
  Constituents,
  SiteSources,
  FreeWindows,
  KeyedLatestDay,
  RecentTokenVolume,
  RouterOutputs,
  SourceDay,
  WorkloadMethodology,
} from "../lib/api-types";
import { readWebEnv } from "../env";
import { apiClient } from "./trpc-client";
import { isTrpcNotFound } from "./trpc-errors";

/**
 * What the pages read, each through the api's internal tRPC router, which answers from the same
 * services as the public REST routes (so the website and `/api/otpi` agree exactly).
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

/** Each index's free window, on the api's clock: the website never decides a data window itself. */
export async function loadWindows(): Promise<FreeWindows> {
  return apiClient().windows.query();
}

/**
 * Where the published numbers of both indices come from (the generated sample, OpenRouter, or
 * imported GPU trades, with citations), for the banner and footer of every page. `undefined` only
 * while `next build` prerenders a page (no api runs then); at run time a failure is an error, so
 * that no page silently drops the sample notice.
 */
export async function loadDataSources(): Promise<SiteSources | undefined> {
  try {
    const [token, gpu] = await Promise.all([
      apiClient().dataProvenance.query(),
      apiClient().gpu.dataProvenance.query(),
    ]);
    return { token, gpu };
  } catch (error) {
    if (readWebEnv().buildPhase) return undefined;
    throw error;
  }
}

/**
 * Whether an index's published numbers rest on the generated sample, for the cards that quote
 * them. Unknown (the build, which has no api) counts as not: no card is rendered then.
 */
export async function isSampleIndex(index: "token" | "gpu"): Promise<boolean> {
  return (await loadDataSources())?.[index].sample === true;
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

/** The Workload Cost method and its sources (`GET /api/workload/methodology`, public). */
export async function loadWorkloadMethodology(): Promise<WorkloadMethodology> {
  return apiClient().workload.methodology.query();
}
