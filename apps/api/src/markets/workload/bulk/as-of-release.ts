import { inOptionalDayRange, ok, type WorkloadQuery } from "@tpi/domain";
import { asOfRelease } from "../../../platform/http/release-parameter";
import { workloadAnswerOfRelease } from "../services/workload";
import {
  workloadItemOfRow,
  workloadSourcesOfRows,
  workloadWeeklySessionCost,
} from "./weekly-session-cost";

/**
 * `GET /api/workload`'s answer as a release holds its rows: every row of the release (an
 * unknown family is told from all of the release's families, as now), mapped back to the
 * route's rows and answered by the route's rules; the sources are the asked days'.
 */
export const workloadAsOf = asOfRelease({
  dataset: workloadWeeklySessionCost,
  itemOf: workloadItemOfRow,
  selection: (_query: WorkloadQuery) => ok({}),
  answer: ({ rows, items }, _deps, query) =>
    workloadAnswerOfRelease(
      query,
      items,
      workloadSourcesOfRows(rows.filter((row) => inOptionalDayRange(String(row.date), query))),
    ),
});
