import { CHART_RANGE_PARAM } from "../../lib/chart-params";
import { parseChartState, type ChartOffer } from "../../lib/chart-state";
import { csvDownload } from "../../kit/csv";
import { seriesWindow } from "../../kit/series-window";
import { downloadNotFound, downloadRefused } from "../../server/download-errors";
import { loadViewer } from "../../server/viewer";
import {
  isMemoryTypeId,
  memoryCsvFileName,
  memoryHistoryToCsv,
  memoryRowProvenance,
  settlementDayOf,
} from "./lib";
import { loadMemoryTypes, loadPlanMemoryHistory } from "./loaders";

/** One series: the chart has nothing to toggle, and the plan reads all history. */
const OFFER: ChartOffer = { held: "All", keys: ["price"] };

/**
 * The settled days of a memory type's chart as CSV
 * (`date,price,changePct,weeklyHigh,weeklyLow,sourceUpdatedAt,sample,source,citation`), oldest
 * first as the api answers them: the history the api answers a key of the signed-in reader's
 * plan, cut to the page's range (`?range=1M`; an unknown range gives all, as the page does). One
 * reader's rows, so never kept by a shared cache. A visitor, or a plan that does not read the
 * values, gets the api's refusal in its words and status.
 */
export async function GET(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await context.params;
  const type = isMemoryTypeId(id)
    ? (await loadMemoryTypes()).data.find((entry) => entry.id === id)
    : undefined;
  if (type === undefined) return downloadNotFound(`No memory type has the id ${id}.`);
  const reader = await loadViewer(request);
  const history = await loadPlanMemoryHistory(reader?.token, type.id);
  if (history.state === "refused")
    return downloadRefused(history.refusal.message, history.refusal.status ?? 403);
  if (history.state === "none")
    return downloadNotFound(`No trading day of ${type.memory_type} has settled yet.`);
  const state = parseChartState(
    new URL(request.url).searchParams.get(CHART_RANGE_PARAM) ?? undefined,
    undefined,
    OFFER,
  );
  const { shown, first, last } = seriesWindow(
    history.answer.data,
    (row) => settlementDayOf(row.date),
    OFFER,
    state,
  );
  return csvDownload(
    memoryHistoryToCsv(shown, (row) => memoryRowProvenance(history.answer.dataSources, row)),
    memoryCsvFileName(type.id, first ?? "none", last ?? "none"),
  );
}
