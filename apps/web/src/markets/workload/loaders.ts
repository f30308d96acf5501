import "server-only";
import type { RouterOutputs } from "../../lib/api-types";
import { refusal } from "../../server/account";
import { apiClient } from "../../server/trpc-client";
import { isTrpcNotFound } from "../../server/trpc-errors";
import { personalApi } from "../../server/viewer";

/**
 * `GET /api/workload` as a key of the signed-in reader's plan gets it: the weekly rows per lab and
 * family, the unit, the session-cost cells behind them and their sources.
 */
export type WorkloadAnswer = RouterOutputs["workload"]["planIndex"];

/** One lab × family × week of the Workload Cost index. */
export type WorkloadRow = WorkloadAnswer["data"][number];

/** The Workload Cost method and its sources (`GET /api/workload/methodology`). */
export type WorkloadMethodology = RouterOutputs["workload"]["methodology"];

/** `GET /api/workload`'s parameters, as the page and its CSV pass them. */
export type WorkloadQuery = { startDate?: string; endDate?: string; lab?: string; family?: string };

/** The Workload Cost method and its sources (`GET /api/workload/methodology`, public). */
export async function loadWorkloadMethodology(): Promise<WorkloadMethodology> {
  return apiClient().workload.methodology.query();
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
