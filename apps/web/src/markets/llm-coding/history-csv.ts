import { isLlmCodingProductId } from "@tpi/domain";
import { CHART_RANGE_PARAM } from "../../lib/chart-params";
import { latestDay, parseChartState, shownFrom } from "../../lib/chart-state";
import {
  CODING_SERIES_PARAM,
  codingHistoryToCsv,
  codingSeriesKeys,
  llmCodingCsvFileName,
} from "./lib";
import { downloadNotFound, downloadRefused } from "../../server/download-errors";
import { loadCodingProducts, loadPlanCodingHistory } from "./loaders";
import { loadViewer } from "../../server/viewer";

/**
 * The rows of a product's chart as CSV (`date,value[,value2],status,sample,source,citation`),
 * oldest first as the api answers them: the history the api answers a key of the signed-in
 * reader's plan, cut to the page's range (`?range=1M`; an unknown range gives all, as the page
 * does). One reader's rows, so never kept by a shared cache. A visitor, or a plan that does not
 * read the values, gets the api's refusal in its words and status.
 */
export async function GET(
  request: Request,
  context: { params: Promise<{ product: string }> },
): Promise<Response> {
  const { product: id } = await context.params;
  const product = isLlmCodingProductId(id)
    ? (await loadCodingProducts()).data.find((entry) => entry.id === id)
    : undefined;
  if (product === undefined) return downloadNotFound(`No LLM Coding product is named ${id}.`);
  const reader = await loadViewer(request);
  const history = await loadPlanCodingHistory(reader?.token, product.id);
  if (history.state === "refused")
    return downloadRefused(history.refusal.message, history.refusal.status ?? 403);
  const rows = history.answer.data;
  const params = new URL(request.url).searchParams;
  const offer = { held: "All" as const, keys: codingSeriesKeys(product) };
  const state = parseChartState(
    params.get(CHART_RANGE_PARAM) ?? undefined,
    params.get(CODING_SERIES_PARAM) ?? undefined,
    offer,
  );
  const last = latestDay(rows.map((row) => row.date));
  const from = shownFrom(state, offer, last);
  const shown = from === undefined ? rows : rows.filter((row) => row.date >= from);
  const first = shown[0]?.date ?? last ?? "none";
  return new Response(codingHistoryToCsv(shown, product.compare, history.answer.dataSources), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${llmCodingCsvFileName(product.id, first, last ?? "none")}"`,
      "cache-control": "private, no-store",
    },
  });
}
