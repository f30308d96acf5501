import { isFreeTierLab, isLabId } from "@tpi/domain";
import { csvFileName } from "../../../../src/lib/paths";
import { indexRowsToCsv, newestFirst } from "../../../../src/lib/shape";
import { loadFreeWindow } from "../../../../src/server/data";

export const dynamic = "force-dynamic";

/** The rows of the lab page's table as CSV: same loader, same cache entry, same order. */
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
  return new Response(indexRowsToCsv(newestFirst(window.rows)), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csvFileName(lab, window.startDate, window.endDate)}"`,
    },
  });
}
