import {
  changeBetween,
  formatChange,
  formatCount,
  formatFractionPercent,
  formatPercent,
  formatPoints,
  formatUsd,
  formatUtcDay,
} from "./format";

/**
 * How a chart's values read: USD amounts, fractions shown as percentages (0.8 is 80%), index
 * points (100 on a base day) or counts (pull requests, commits). The server writes the kind into
 * the page; the script reads it back.
 */
export const CHART_VALUE_KINDS = ["usd", "percent", "points", "count"] as const;
export type ChartValueKind = (typeof CHART_VALUE_KINDS)[number];

/** The kind a page's `data-chart-value-kind` names; USD for anything else. */
export function chartValueKindOf(value: string | undefined): ChartValueKind {
  return CHART_VALUE_KINDS.find((kind) => kind === value) ?? "usd";
}

/** A value as the tooltip shows it. */
function formatValue(value: number, valueKind: ChartValueKind): string {
  switch (valueKind) {
    case "usd":
      return formatUsd(value);
    case "percent":
      return formatFractionPercent(value);
    case "points":
      return formatPoints(value);
    case "count":
      return formatCount(value);
  }
}

/**
 * What the server hands the chart script (public/chart.js, built from src/client/chart.ts): each
 * point's day, value and position in percent of the plot box, `x` from the left and `y` from the
 * top (for the marker on the hovered point). They are written into every page with a chart, so
 * they hold only what the tooltip reads.
 */
export type IslandPoint = { date: string; value: number; x: number; y?: number | undefined };
export type IslandSeries = { label: string; stroke: string; points: IslandPoint[] };

/**
 * The island's props as they travel in the page: each day and its position once, and each
 * series' values by day (`null` where it has none). Several series share their days, so this is
 * a fraction of the points written out one by one.
 */
export type IslandData = {
  days: string[];
  xs: number[];
  series: { label: string; stroke: string; values: (number | null)[]; ys?: (number | null)[] }[];
};

/** Packs the series for the page (on the server). */
export function packIslandData(series: readonly IslandSeries[]): IslandData {
  const xByDay = new Map<string, number>();
  for (const one of series) for (const point of one.points) xByDay.set(point.date, point.x);
  const days = [...xByDay.keys()].sort();
  return {
    days,
    xs: days.map((day) => xByDay.get(day) ?? 0),
    series: series.map((one) => {
      const valueByDay = new Map(one.points.map((point) => [point.date, point.value]));
      const yByDay = new Map(one.points.map((point) => [point.date, point.y]));
      return {
        label: one.label,
        stroke: one.stroke,
        values: days.map((day) => valueByDay.get(day) ?? null),
        ys: days.map((day) => yByDay.get(day) ?? null),
      };
    }),
  };
}

/** Unpacks them (in the browser). */
export function unpackIslandData(data: IslandData): IslandSeries[] {
  return data.series.map((one) => ({
    label: one.label,
    stroke: one.stroke,
    points: one.values.flatMap((value, index) => {
      const date = data.days[index];
      const x = data.xs[index];
      const y = one.ys?.[index] ?? undefined;
      return value === null || date === undefined || x === undefined ? [] : [{ date, value, x, y }];
    }),
  }));
}

/** Every plotted day across the series, oldest first (the stops of the keyboard cursor). */
export function plottedDays(series: readonly IslandSeries[]): string[] {
  const days = new Set<string>();
  for (const one of series) for (const point of one.points) days.add(point.date);
  return [...days].sort();
}

/**
 * The day the keyboard cursor moves to from `current` on `key` (arrows step one plotted day,
 * Home and End jump to the ends), or `undefined` when the key is not a cursor key.
 */
export function stepDay(
  days: readonly string[],
  current: string | undefined,
  key: string,
): string | undefined {
  const last = days.length - 1;
  if (last < 0) return undefined;
  const at = current === undefined ? -1 : days.indexOf(current);
  switch (key) {
    case "ArrowLeft":
    case "ArrowDown":
      return days[at < 0 ? last : Math.max(0, at - 1)];
    case "ArrowRight":
    case "ArrowUp":
      return days[at < 0 ? last : Math.min(last, at + 1)];
    case "Home":
      return days[0];
    case "End":
      return days[last];
    default:
      return undefined;
  }
}

/** The plotted day nearest to `xPercent` across all series, or `undefined` without points. */
export function nearestDay(series: readonly IslandSeries[], xPercent: number): string | undefined {
  let best: IslandPoint | undefined;
  for (const one of series)
    for (const point of one.points)
      if (best === undefined || Math.abs(point.x - xPercent) < Math.abs(best.x - xPercent))
        best = point;
  return best?.date;
}

/** `y` is the point's height in percent from the top, where the marker goes. */
export type TooltipLine = {
  label: string;
  stroke: string;
  value: string;
  change: string;
  y?: number | undefined;
};
export type Tooltip = { day: string; heading: string; x: number; lines: TooltipLine[] };

/**
 * The tooltip for one day: each series' value that day and its change against the series'
 * previous plotted point (the previous point, not the previous calendar day: after a gap the
 * tooltip says since when). Percent series change in percentage points.
 */
export function tooltipFor(
  series: readonly IslandSeries[],
  day: string,
  valueKind: ChartValueKind,
): Tooltip | undefined {
  let x: number | undefined;
  const lines: TooltipLine[] = [];
  for (const one of series) {
    const index = one.points.findIndex((point) => point.date === day);
    const point = one.points[index];
    if (point === undefined) continue;
    x ??= point.x;
    const previous = one.points[index - 1];
    let change = "no earlier value";
    if (previous !== undefined) {
      const since = `since ${formatUtcDay(previous.date)}`;
      if (valueKind === "usd") {
        change = `${formatChange(changeBetween(point.value, previous.value))} ${since}`;
      } else if (valueKind === "points") {
        // Index points change in points, signed only when the shown decimal moves.
        const delta = point.value - previous.value;
        const sign = Number(delta.toFixed(1)) === 0 ? "" : delta > 0 ? "+" : "\u2212";
        change = `${sign}${formatPoints(Math.abs(delta))} pts ${since}`;
      } else if (valueKind === "count") {
        const delta = point.value - previous.value;
        const relative = previous.value === 0 ? undefined : (delta / previous.value) * 100;
        const sign = delta > 0 ? "+" : delta < 0 ? "\u2212" : "";
        change = `${sign}${formatCount(Math.abs(delta))} (${formatPercent(relative)}) ${since}`;
      } else {
        const delta = point.value - previous.value;
        const sign = Number((delta * 100).toFixed(2)) === 0 ? "" : delta > 0 ? "+" : "\u2212";
        change = `${sign}${formatFractionPercent(Math.abs(delta)).replace("%", " pts")} ${since}`;
      }
    }
    lines.push({
      label: one.label,
      stroke: one.stroke,
      value: formatValue(point.value, valueKind),
      change,
      y: point.y,
    });
  }
  if (x === undefined) return undefined;
  return { day, heading: formatUtcDay(day), x, lines };
}

/** A zoom's first and last plotted day. */
export type DayRange = { from: string; to: string };

/**
 * The days a drag (or pinch) between two horizontal positions selects, in percent of the plot
 * box: the plotted days nearest each end, in order. `undefined` when both ends meet one day:
 * a zoom shows at least two days.
 */
export function zoomDays(
  series: readonly IslandSeries[],
  fromPercent: number,
  toPercent: number,
): DayRange | undefined {
  const low = nearestDay(series, Math.min(fromPercent, toPercent));
  const high = nearestDay(series, Math.max(fromPercent, toPercent));
  return low === undefined || high === undefined || low >= high
    ? undefined
    : { from: low, to: high };
}

/**
 * The part of the plot (percent from the left) two fingers spreading apart ask for: the width
 * shrinks by the ratio of their distances, centred where they started. `undefined` when they
 * did not spread by a fifth (a pinch that closes, or a shaky tap).
 */
export function pinchSpan(
  start: readonly [number, number],
  end: readonly [number, number],
): [number, number] | undefined {
  const before = Math.abs(start[0] - start[1]);
  const after = Math.abs(end[0] - end[1]);
  if (before <= 0 || after < before * 1.2) return undefined;
  const centre = (start[0] + start[1]) / 2;
  const width = (100 * before) / after;
  const from = Math.max(0, Math.min(100 - width, centre - width / 2));
  return [from, Math.min(100, from + width)];
}

/**
 * The keyboard's zoom ("+"): the middle half of the plotted days around `day` (the latest when
 * none is chosen), `undefined` when fewer than four days are plotted.
 */
export function zoomAround(days: readonly string[], day: string | undefined): DayRange | undefined {
  if (days.length < 4) return undefined;
  const keep = Math.max(2, Math.ceil(days.length / 2));
  const at = day === undefined ? days.length - 1 : Math.max(0, days.indexOf(day));
  const start = Math.min(Math.max(0, at - Math.floor(keep / 2)), days.length - keep);
  const from = days[start];
  const to = days[start + keep - 1];
  return from === undefined || to === undefined ? undefined : { from, to };
}
