import { isFreeTierLab, isLabId } from "@tpi/domain";
import { shownRange } from "../../../../src/lib/lab-window";
import { csvFileName } from "../../../../src/lib/paths";
import { provenanceByDay } from "../../../../src/lib/provenance";
import { indexRowsToCsv, newestFirst } from "../../../../src/lib/shape";
import { loadFreeWindow, loadSourceDays } from "../../../../src/server/data";

export const dynamic = "force-dynamic";

/**
 * The rows of the lab page's table as CSV: same loaders, same cache entries, same order, each row
 * with the source, `as_of` and citation of its day.
 */
export async function GET(
  _request: Request,
  context: { params: Promise<{ lab: string }> },
): Promise<Response> {
  const { lab } = await context.params;
  if (!isLabId(lab) || !isFreeTierLab(lab)) {
    return new Response("Not found: CSV downloads exist for the free-tier labs only.\n", {
      status: 404,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  const window = await loadFreeWindow(lab);
  const sourceDays = await loadSourceDays(window.startDate, window.endDate);
  // Named after the last settled day it holds, as the page's lead and table caption are.
  const range = shownRange(window);
  const csv = indexRowsToCsv(newestFirst(window.rows), provenanceByDay(sourceDays));
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csvFileName(lab, range.startDate, range.endDate)}"`,
    },
  });
}
