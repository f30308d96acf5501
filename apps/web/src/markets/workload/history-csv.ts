import { CHART_RANGE_PARAM } from "../../lib/chart-params";
import {
  latestDay,
  parseChartState,
  shownFrom,
  type ChartOffer,
} from "../../lib/chart-state";
import {
  answerProvenance,
  weekRange,
  WORKLOAD_LAB_PARAM,
  workloadCsvFileName,
  workloadLabOf,
  workloadRowsToCsv,
} from "./lib";
import { downloadNotFound, downloadRefused } from "../../server/download-errors";
import { loadPlanWorkload, loadViewer } from "../../server/viewer";

/**
 * The Workload Cost rows of the page's chart range (and lab, `?lab=`) as CSV, through the reader's session (never a
 * key): the same `planIndex` answer as the page, in the API's order (oldest week first, labs in
 * catalogue order, `all` first), each row with its sample flag, sources and citation. A visitor
 * or a plan that does not read the index gets the api's refusal, in its words.
 */
export async function GET(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const lab = workloadLabOf(url.searchParams.get(WORKLOAD_LAB_PARAM) ?? undefined);
  const reader = await loadViewer(request);
  const plan = await loadPlanWorkload(reader?.token, lab === undefined ? {} : { lab });
  if (plan.kind === "refused") return downloadRefused(plan.message, plan.status);
  if (plan.kind === "no-data")
    return downloadNotFound("No week of the Workload Cost index has been published yet.");
  const rows = plan.answer.data;
  const last = latestDay(rows.map((row) => row.date));
  if (last === undefined)
    return downloadNotFound("No week of the Workload Cost index has been published yet.");
  // The plan reads all history; `?range=` cuts the file as it cuts the page's chart.
  const offer: ChartOffer = { held: "All", keys: [] };
  const state = parseChartState(
    url.searchParams.get(CHART_RANGE_PARAM) ?? undefined,
    undefined,
    offer,
  );
  const from = shownFrom(state, offer, last);
  const shown = from === undefined ? rows : rows.filter((row) => row.date >= from);
  const range = weekRange(shown) ?? { startDate: last, endDate: last };
  const provenance = answerProvenance(plan.answer.dataSources);
  return new Response(
    workloadRowsToCsv(shown, () => provenance),
    {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${workloadCsvFileName(range.startDate, range.endDate, lab)}"`,
        // One signed-in reader's rows: never kept by a shared cache.
        "cache-control": "private, no-store",
      },
    },
  );
}
