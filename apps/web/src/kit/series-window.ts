import { latestDay, shownFrom, type ChartOffer, type ChartState } from "../lib/chart-state";

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
