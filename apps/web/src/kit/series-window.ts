import { CHART_RANGE_PARAM } from "../lib/chart-params";
import {
  latestDay,
  parseChartState,
  shownFrom,
  type ChartOffer,
  type ChartState,
} from "../lib/chart-state";

/**
 * The rows a chart's range shows (oldest first, as the api answers them), with the first and
 * last UTC day shown: the page's table and its CSV download read the same cut. `dayOf` gives a
 * row's UTC day (`2026-11-20`).
 */
export function seriesWindow<Row>(
  rows: readonly Row[],
  dayOf: (row: Row) => string,
  offer: ChartOffer,
  state: ChartState,
): { shown: readonly Row[]; first: string | undefined; last: string | undefined } {
  const last = latestDay(rows.map(dayOf));
  const from = shownFrom(state, offer, last);
  const shown = from === undefined ? rows : rows.filter((row) => dayOf(row) >= from);
  const first = shown[0] === undefined ? last : dayOf(shown[0]);
  return { shown, first, last };
}

/**
 * What a signed-in reader's download is offered: their plan reads all history, so every range
 * is open and a link without one gets all. Only the range cuts a file's rows.
 */
const DOWNLOAD_OFFER: ChartOffer = { held: "All", keys: [] };

/**
 * The rows of a chart's CSV download, cut as the page's chart cuts them: to the range its link
 * names (`?range=1M`); an unknown range gives all, as the page does.
 */
export function downloadWindow<Row>(
  request: Request,
  rows: readonly Row[],
  dayOf: (row: Row) => string,
): { shown: readonly Row[]; first: string | undefined; last: string | undefined } {
  const range = new URL(request.url).searchParams.get(CHART_RANGE_PARAM) ?? undefined;
  const state = parseChartState(range, undefined, DOWNLOAD_OFFER);
  return seriesWindow(rows, dayOf, DOWNLOAD_OFFER, state);
}
