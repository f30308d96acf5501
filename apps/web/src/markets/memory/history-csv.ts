import { CHART_RANGE_PARAM } from "../../lib/chart-params";
import { latestDay, parseChartState, shownFrom } from "../../lib/chart-state";
import {
  isMemoryTypeId,
  memoryCsvFileName,
  memoryHistoryToCsv,
  memoryRowProvenance,
  settlementDayOf,
} from "./lib";
import { downloadNotFound, downloadRefused } from "../../server/download-errors";
import { loadMemoryTypes, loadPlanMemoryHistory } from "./loaders";
import { loadViewer } from "../../server/viewer";

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
  const rows = history.answer.data;
  const offer = { held: "All" as const, keys: ["price"] };
  const state = parseChartState(
    new URL(request.url).searchParams.get(CHART_RANGE_PARAM) ?? undefined,
    undefined,
    offer,
  );
  const last = latestDay(rows.map((row) => settlementDayOf(row.date)));
  const from = shownFrom(state, offer, last);
  const shown = from === undefined ? rows : rows.filter((row) => settlementDayOf(row.date) >= from);
  const first = shown[0] === undefined ? (last ?? "none") : settlementDayOf(shown[0].date);
  return new Response(
    memoryHistoryToCsv(shown, (row) => memoryRowProvenance(history.answer.dataSources, row)),
    {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${memoryCsvFileName(type.id, first, last ?? "none")}"`,
        "cache-control": "private, no-store",
      },
    },
  );
}
