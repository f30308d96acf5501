import { isLlmCodingProductId } from "@tpi/domain";
import { CHART_RANGE_PARAM } from "../../lib/chart-params";
import { parseChartState } from "../../lib/chart-state";
import { csvDownload } from "../../kit/csv";
import { seriesWindow } from "../../kit/series-window";
import { downloadNotFound, downloadRefused } from "../../server/download-errors";
import { loadViewer } from "../../server/viewer";
import {
  CODING_SERIES_PARAM,
  codingHistoryToCsv,
  codingSeriesKeys,
  llmCodingCsvFileName,
} from "./lib";
import { loadCodingProducts, loadPlanCodingHistory } from "./loaders";

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
  if (history.state === "none")
    return downloadNotFound(`No day of ${product.label} has been counted yet.`);
  const params = new URL(request.url).searchParams;
  const offer = { held: "All" as const, keys: codingSeriesKeys(product) };
  const state = parseChartState(
    params.get(CHART_RANGE_PARAM) ?? undefined,
    params.get(CODING_SERIES_PARAM) ?? undefined,
    offer,
  );
  const { shown, first, last } = seriesWindow(history.answer.data, (row) => row.date, offer, state);
  return csvDownload(
    codingHistoryToCsv(shown, product.compare, history.answer.dataSources),
    llmCodingCsvFileName(product.id, first ?? "none", last ?? "none"),
  );
}
