import { downloadNotFound, downloadRefused } from "../server/download-errors";
import { loadViewer } from "../server/viewer";
import { csvDownload } from "./csv";
import { downloadWindow } from "./series-window";
import type { RowOf, SeriesAnswer, SeriesSource } from "./series-source";

/**
 * The route of a series' chart CSV (`/<market>/<id>/history.csv`): the history the api answers
 * a key of the signed-in reader's plan, oldest first, cut to the page's range (`?range=1M`). One
 * reader's rows, so never kept by a shared cache. A visitor, or a plan that does not read the
 * values, gets the api's refusal in its words and status; an unknown id (`unknown` says it) and
 * a series without a value yet get a 404.
 */
export function seriesCsvRoute<Entry extends { id: string }, Answer extends SeriesAnswer>(
  source: SeriesSource<Entry, Answer>,
  csv: {
    unknown: (id: string) => string;
    body: (rows: readonly RowOf<Answer>[], answer: Answer, entry: Entry) => string;
  },
) {
  return async function GET(
    request: Request,
    context: { params: Promise<Record<string, string>> },
  ): Promise<Response> {
    const id = (await context.params)[source.param] ?? "";
    const entry = await source.find(id);
    if (entry === undefined) return downloadNotFound(csv.unknown(id));
    const reader = await loadViewer(request);
    const history = await source.load(reader?.token, entry);
    if (history.state === "refused")
      return downloadRefused(history.refusal.message, history.refusal.status ?? 403);
    if (history.state === "none") return downloadNotFound(source.noneYet(entry));
    const { shown, first, last } = downloadWindow(request, history.answer.data, source.dayOf);
    return csvDownload(
      csv.body(shown, history.answer, entry),
      source.paths.csvFileName(entry.id, first ?? "none", last ?? "none"),
    );
  };
}
