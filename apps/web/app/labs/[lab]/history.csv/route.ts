import { isFreeTierLab, isLabId } from "@tpi/domain";
import { CHART_RANGE_PARAM } from "../../../../src/lib/chart-params";
import {
  latestDay,
  parseChartState,
  shownFrom,
  TOKEN_HELD_RANGE,
} from "../../../../src/lib/chart-state";
import { shownRange } from "../../../../src/lib/lab-window";
import { csvFileName } from "../../../../src/lib/paths";
import { provenanceByDay } from "../../../../src/lib/provenance";
import { indexRowsToCsv, newestFirst } from "../../../../src/lib/shape";
import { loadFreeWindow, loadSourceDays } from "../../../../src/server/data";
import { downloadNotFound } from "../../../../src/server/download-errors";

export const dynamic = "force-dynamic";

/**
 * The rows of the lab page's table as CSV: same loaders, same cache entries, same order, each row
 * with the source, `as_of` and citation of its day. `?range=7D` cuts it as it cuts the page's
 * chart and table; an unknown or locked range gives the whole free window, as the page does.
 */
export async function GET(
  request: Request,
  context: { params: Promise<{ lab: string }> },
): Promise<Response> {
  const { lab } = await context.params;
  if (!isLabId(lab) || !isFreeTierLab(lab)) {
    return downloadNotFound("CSV downloads exist for the free-tier labs only.");
  }
  const window = await loadFreeWindow(lab);
  const sourceDays = await loadSourceDays(window.startDate, window.endDate);
  // Named after the last settled day it holds, as the page's lead and table caption are.
  const range = shownRange(window);
  const rows = newestFirst(window.rows);
  const offer = { held: TOKEN_HELD_RANGE, keys: [lab] };
  const state = parseChartState(
    new URL(request.url).searchParams.get(CHART_RANGE_PARAM) ?? undefined,
    undefined,
    offer,
  );
  const from = shownFrom(state, offer, latestDay(rows.map((row) => row.date)));
  const shown = from === undefined ? rows : rows.filter((row) => row.date >= from);
  const csv = indexRowsToCsv(shown, provenanceByDay(sourceDays));
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csvFileName(lab, from ?? range.startDate, range.endDate)}"`,
    },
  });
}
