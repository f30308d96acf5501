import {
  changeBetween,
  formatChange,
  formatFractionPercent,
  formatUsd,
  formatUtcDay,
} from "./format";

/**
 * What the server hands the chart island: each point's day, value and horizontal position in
 * percent of the plot box from the left. The props are serialised into every page, so they hold
 * only what the tooltip reads.
 */
export type IslandPoint = { date: string; value: number; x: number };
export type IslandSeries = { label: string; stroke: string; points: IslandPoint[] };

/**
 * The island's props as they travel in the page: each day and its position once, and each
 * series' values by day (`null` where it has none). Several series share their days, so this is
 * a fraction of the points written out one by one.
 */
export type IslandData = {
  days: string[];
  xs: number[];
  series: { label: string; stroke: string; values: (number | null)[] }[];
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
      return {
        label: one.label,
        stroke: one.stroke,
        values: days.map((day) => valueByDay.get(day) ?? null),
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
      return value === null || date === undefined || x === undefined ? [] : [{ date, value, x }];
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

export type TooltipLine = { label: string; stroke: string; value: string; change: string };
export type Tooltip = { day: string; heading: string; x: number; lines: TooltipLine[] };

/**
 * The tooltip for one day: each series' value that day and its change against the series'
 * previous plotted point (the previous point, not the previous calendar day: after a gap the
 * tooltip says since when). Percent series change in percentage points.
 */
export function tooltipFor(
  series: readonly IslandSeries[],
  day: string,
  valueKind: "usd" | "percent",
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
      } else {
        const delta = point.value - previous.value;
        const sign = Number((delta * 100).toFixed(2)) === 0 ? "" : delta > 0 ? "+" : "\u2212";
        change = `${sign}${formatFractionPercent(Math.abs(delta)).replace("%", " pts")} ${since}`;
      }
    }
    lines.push({
      label: one.label,
      stroke: one.stroke,
      value: valueKind === "usd" ? formatUsd(point.value) : formatFractionPercent(point.value),
      change,
    });
  }
  if (x === undefined) return undefined;
  return { day, heading: formatUtcDay(day), x, lines };
}
