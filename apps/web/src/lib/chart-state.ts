import { addDays, parseUtcDay, subtractMonthsClamped, type UtcDay } from "@tpi/domain";
import { DEFAULT_Y_SCALE, Y_SCALES, type YScaleKind } from "./chart";
import { CHART_FROM_PARAM, CHART_TO_PARAM, CHART_Y_PARAM } from "./chart-params";
import type { Series } from "./shape";

/**
 * The interactive chart's state, kept in the URL (`?range=&labs=` on the home page,
 * `?range=&gpus=` on /gpus) and read on the server, so that a shared link renders the same
 * chart without JavaScript. Pure: the pages parse, filter and build links with it.
 */
export const CHART_RANGES = ["7D", "1M", "3M", "1Y", "All"] as const;
export type ChartRange = (typeof CHART_RANGES)[number];

/** The first day a range shows, counting back from the chart's last day (inclusive). */
function rangeStart(range: ChartRange, lastDay: UtcDay): UtcDay | undefined {
  switch (range) {
    case "7D":
      return addDays(lastDay, -6);
    case "1M":
      return addDays(subtractMonthsClamped(lastDay, 1), 1);
    case "3M":
      return addDays(subtractMonthsClamped(lastDay, 3), 1);
    case "1Y":
      return addDays(subtractMonthsClamped(lastDay, 12), 1);
    case "All":
      return undefined;
  }
}

/**
 * `y` is the y axis's scale, absent for the default (fitted to the data); `zoom` the days a
 * dragged or pinched selection narrowed the chart to, within its range.
 */
export type ChartState = {
  range: ChartRange;
  keys: string[];
  y?: YScaleKind | undefined;
  zoom?: ChartZoom | undefined;
};
export type ChartZoom = { from: UtcDay; to: UtcDay };

/** A chart's view in its URL besides range and series: `?y=`, `?from=` and `?to=`. */
export type ChartViewQuery = {
  y?: string | string[] | undefined;
  from?: string | string[] | undefined;
  to?: string | string[] | undefined;
};

/** The view parameters of a page's query (`searchParams`). */
export function chartViewQuery(
  query: Record<string, string | string[] | undefined>,
): ChartViewQuery {
  return { y: query[CHART_Y_PARAM], from: query[CHART_FROM_PARAM], to: query[CHART_TO_PARAM] };
}

/**
 * What a page holds for a visitor decides the ranges: `held` is the widest range its data
 * covers (the free window: 1M of token index, 3M of GPU index); wider ones are locked, since only
 * an API key reaches older history. `keys` are the series the page can show.
 */
export type ChartOffer = { held: ChartRange; keys: readonly string[] };

/** The range a whole free window spans, from its length in months (1 → 1M, 3 → 3M, 12 → 1Y). */
export function heldRangeOfMonths(months: number): ChartRange {
  if (months <= 1) return "1M";
  if (months <= 3) return "3M";
  if (months <= 12) return "1Y";
  return "All";
}

/**
 * The widest chart range an answer's `access` (the api's word for what the caller reads) reaches:
 * a plan's `full` or `premium` reads all history; a keyless answer (`public-…`) holds what a
 * visitor holds (`visitorRange`, the market's free window).
 */
export function planHeldRange(access: string, visitorRange: ChartRange): ChartRange {
  return access === "full" || access === "premium" ? "All" : visitorRange;
}

export function isRangeLocked(range: ChartRange, offer: ChartOffer): boolean {
  return CHART_RANGES.indexOf(range) > CHART_RANGES.indexOf(offer.held);
}

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/**
 * The state a URL asks for. A web page answers any query: an unknown or locked range falls back
 * to the widest held one, unknown series names are ignored, and no known name means all series.
 */
export function parseChartState(
  range: string | string[] | undefined,
  keys: string | string[] | undefined,
  offer: ChartOffer,
  view: ChartViewQuery = {},
): ChartState {
  const asked = CHART_RANGES.find((candidate) => candidate === first(range));
  const chosen = asked === undefined || isRangeLocked(asked, offer) ? offer.held : asked;
  const askedKeys = new Set((first(keys) ?? "").split(",").filter((key) => key !== ""));
  const known = offer.keys.filter((key) => askedKeys.has(key));
  return {
    range: chosen,
    keys: known.length > 0 ? known : [...offer.keys],
    // An unknown scale is the default, left unset like an absent one.
    y: Y_SCALES.find((candidate) => candidate === first(view.y) && candidate !== DEFAULT_Y_SCALE),
    zoom: parseZoom(first(view.from), first(view.to)),
  };
}

/** Both days valid and in order, or no zoom (a web page answers any query). */
function parseZoom(from: string | undefined, to: string | undefined): ChartZoom | undefined {
  const start = from === undefined ? undefined : parseUtcDay(from);
  const end = to === undefined ? undefined : parseUtcDay(to);
  return start === undefined || end === undefined || start > end
    ? undefined
    : { from: start, to: end };
}

/**
 * The first day a state shows of days ending on `lastDay`, or `undefined` for all of them (the
 * held range shows everything the page holds). The chart and its CSV download both cut here.
 */
export function shownFrom(
  state: ChartState,
  offer: ChartOffer,
  lastDay: UtcDay | undefined,
): UtcDay | undefined {
  return state.range === offer.held || lastDay === undefined
    ? undefined
    : rangeStart(state.range, lastDay);
}

/** The latest of some days, or `undefined` for none. */
export function latestDay(days: Iterable<UtcDay>): UtcDay | undefined {
  let latest: UtcDay | undefined;
  for (const day of days) if (latest === undefined || day > latest) latest = day;
  return latest;
}

/** The series and days a state shows; the held range shows everything the page holds. */
export function applyChartState(
  series: readonly Series[],
  state: ChartState,
  offer: ChartOffer,
): Series[] {
  const chosen = series.filter((one) => state.keys.includes(one.key));
  const start = shownFrom(
    state,
    offer,
    latestDay(chosen.flatMap((one) => one.points.map((point) => point.date))),
  );
  return chosen.map((one) => ({
    ...one,
    points: start === undefined ? one.points : one.points.filter((point) => point.date >= start),
  }));
}

/** The points of a zoomed chart: those within the zoom's days (all of them without a zoom). */
export function zoomSeries(series: readonly Series[], zoom: ChartZoom | undefined): Series[] {
  if (zoom === undefined) return [...series];
  return series.map((one) => ({
    ...one,
    points: one.points.filter((point) => point.date >= zoom.from && point.date <= zoom.to),
  }));
}

/**
 * The link to a state, leaving out what equals the default so that the plain page keeps its
 * plain (cached) URL. `seriesParam` is `labs` or `gpus`.
 */
export function chartStateHref(
  path: string,
  state: ChartState,
  offer: ChartOffer,
  seriesParam: string,
): string {
  const query = new URLSearchParams();
  if (state.range !== offer.held) query.set("range", state.range);
  const all = offer.keys.every((key) => state.keys.includes(key));
  if (!all) query.set(seriesParam, offer.keys.filter((key) => state.keys.includes(key)).join(","));
  if (state.y !== undefined && state.y !== DEFAULT_Y_SCALE) query.set(CHART_Y_PARAM, state.y);
  if (state.zoom !== undefined) {
    query.set(CHART_FROM_PARAM, state.zoom.from);
    query.set(CHART_TO_PARAM, state.zoom.to);
  }
  const text = query.toString().replaceAll("%2C", ",");
  // A path may carry a query of its own (a page's filter, `/workload?lab=openai`): the state follows it.
  return text === "" ? path : `${path}${path.includes("?") ? "&" : "?"}${text}`;
}

/** The state after toggling one series; the last shown series cannot be hidden. */
export function toggleSeries(state: ChartState, key: string): ChartState {
  const shown = state.keys.includes(key);
  if (shown && state.keys.length === 1) return state;
  return {
    ...state,
    keys: shown ? state.keys.filter((one) => one !== key) : [...state.keys, key],
  };
}
