import { inOptionalDayRange, type DomainError, type Result, type WorkloadQuery } from "@tpi/domain";
import type { AppDeps } from "../../../platform/core/deps";
import { releaseItems } from "../../../platform/http/release-parameter";
import type { WorkloadResponse } from "../schemas/workload";
import { workloadAnswerOfRelease } from "../services/workload";
import {
  workloadItemOfRow,
  workloadSourcesOfRows,
  workloadWeeklySessionCost,
} from "./weekly-session-cost";

/**
 * `GET /api/workload`'s answer as a release holds its rows: every row of the release read
 * through releaseItems (an unknown family is told from all of its families, as now), mapped
 * back to the route's rows and answered by the route's rules; the sources are the asked days'.
 */
export async function workloadAsOf(
  deps: AppDeps,
  release: number,
  query: WorkloadQuery,
): Promise<Result<WorkloadResponse, DomainError>> {
  const released = await releaseItems(
    deps,
    workloadWeeklySessionCost,
    { release },
    workloadItemOfRow,
  );
  if (!released.ok) return released;
  const { rows, items } = released.value;
  const asked = rows.filter((row) => inOptionalDayRange(String(row.date), query));
  return workloadAnswerOfRelease(query, items, workloadSourcesOfRows(asked));
}
