import { inOptionalDayRange, type DomainError, type Result, type WorkloadQuery } from "@tpi/domain";
import type { AppDeps } from "../../../platform/core/deps";
import { answerAsOfRelease } from "../../../platform/http/release-parameter";
import type { WorkloadResponse } from "../schemas/workload";
import { workloadAnswerOfRelease } from "../services/workload";
import {
  workloadItemOfRow,
  workloadSourcesOfRows,
  workloadWeeklySessionCost,
} from "./weekly-session-cost";

/**
 * `GET /api/workload`'s answer as a release holds its rows: every row of the release (one a
 * series and week; an unknown family is told from all of the release's families, as now),
 * mapped back to the route's rows and answered by the route's rules; the sources are the asked
 * days'.
 */
export async function workloadAsOf(
  deps: AppDeps,
  release: number,
  query: WorkloadQuery,
): Promise<Result<WorkloadResponse, DomainError>> {
  return answerAsOfRelease(
    deps,
    release,
    { dataset: workloadWeeklySessionCost, selection: {}, itemOf: workloadItemOfRow },
    ({ rows, items }) =>
      workloadAnswerOfRelease(
        query,
        items,
        workloadSourcesOfRows(rows.filter((row) => inOptionalDayRange(String(row.date), query))),
      ),
  );
}
