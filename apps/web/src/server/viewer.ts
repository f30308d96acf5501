import "server-only";
import type { AppRouter } from "@tpi/api/trpc";
import type { GpuName, LabId } from "@tpi/domain";
import { createTRPCClient, httpLink } from "@trpc/client";
import { readWebEnv } from "../env";
import type { IndexRow, RouterOutputs, WorkloadAnswer } from "../lib/api-types";
import { GPU_HELD_RANGE, TOKEN_HELD_RANGE, type ChartRange } from "../lib/chart-state";
import { refusal, sessionCookieSpec, sessionToken } from "./account";
import { isTrpcNotFound } from "./trpc-errors";

/**
 * What a signed-in reader sees of the data, read through the api with the session token from the
 * request's httpOnly cookie: the api resolves the account's plan and answers as the REST routes
 * answer a key of that plan (the browser never holds a key, and no access rule is decided here).
 * Only the per-request pages call this: reading the cookie makes a page per-person, and the cached
 * pages stay the visitors'.
 */

export type Viewer = NonNullable<RouterOutputs["viewer"]>;
export type PlanIndex = RouterOutputs["planIndex"];
export type PlanConstituents = RouterOutputs["planConstituents"];
export type PlanGpuHistory = RouterOutputs["gpu"]["planIndexHistory"];
/** `GET /api/workload`'s parameters, as the page and its CSV pass them. */
export type WorkloadQuery = { startDate?: string; endDate?: string; lab?: string; family?: string };
/** The reader of a per-request page: their session token (server side only) and plan. */
export type SignedInReader = { token: string; viewer: Viewer };

/**
 * The widest chart range an answer's `access` (the api's word for what the caller reads) reaches:
 * the token index's `full` and a GPU plan's `premium` or `full` read all history; a keyless
 * answer (`public-…`) holds the index's free window only.
 */
export function heldRangeOf(access: string, market: "token" | "gpu"): ChartRange {
  if (access === "full" || access === "premium") return "All";
  return market === "token" ? TOKEN_HELD_RANGE : GPU_HELD_RANGE;
}

/**
 * The first day the api's day parameters accept: a range starting here asks for the whole
 * published history (the api answers the days it has, and what the plan allows).
 */
export const HISTORY_START_DAY = "0001-01-01";

/** A client whose answers are never cached: they are one person's, and the input names the session. */
export function personalApi() {
  const env = readWebEnv();
  return createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${env.apiUrl}/trpc`,
        headers: () =>
          env.internalToken === undefined ? {} : { authorization: `Bearer ${env.internalToken}` },
        fetch: (input, init) => fetch(input, { ...init, cache: "no-store" }),
      }),
    ],
  });
}

/** The session token in a request's Cookie header (route handlers read their own request). */
export function sessionTokenOf(request: Request): string | undefined {
  const name = sessionCookieSpec().name;
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      return value === "" ? undefined : value;
    }
  }
  return undefined;
}

/**
 * The reader of this request: the session cookie's account and plan, or undefined without a
 * live session. Pages read the cookie through Next; route handlers pass their request.
 */
export async function loadViewer(request?: Request): Promise<SignedInReader | undefined> {
  const token = request === undefined ? await sessionToken() : sessionTokenOf(request);
  if (token === undefined) return undefined;
  const viewer = await personalApi().viewer.query({ sessionToken: token });
  return viewer === null ? undefined : { token, viewer };
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

/**
 * `GET /api/gpu/{gpuName}/index-history` without dates, as a key of the session's plan gets it:
 * the api answers a key all history (a keyless caller the free window); null when the GPU has no
 * daily value published in it.
 */
export async function loadPlanGpuHistory(
  token: string,
  gpu: GpuName,
): Promise<PlanGpuHistory | null> {
  try {
    return await personalApi().gpu.planIndexHistory.query({ sessionToken: token, gpuName: gpu });
  } catch (error) {
    if (isTrpcNotFound(error)) return null;
    throw error;
  }
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

/**
 * What `GET /api/workload` answers a key of the session's plan (`planIndex`): the rows, cells
 * and sources; `refused` with the api's words when the plan does not read it (a keyless caller:
 * 401, a plan without it: 403); `no-data` before the first week is published.
 */
export type PlanWorkloadAnswer =
  | { kind: "answer"; answer: WorkloadAnswer }
  | { kind: "refused"; message: string; status: number }
  | { kind: "no-data" };

export async function loadPlanWorkload(
  token: string | undefined,
  query: WorkloadQuery = {},
): Promise<PlanWorkloadAnswer> {
  try {
    const answer = await personalApi().workload.planIndex.query({
      ...(token === undefined ? {} : { sessionToken: token }),
      ...query,
    });
    return { kind: "answer", answer };
  } catch (error) {
    if (isTrpcNotFound(error)) return { kind: "no-data" };
    const answer = refusal(error);
    if (answer.status === 401 || answer.status === 403)
      return { kind: "refused", message: answer.message, status: answer.status };
    throw error;
  }
}
