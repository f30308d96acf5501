import { daysBetween, type UtcDay } from "@tpi/domain";
import type { Series } from "./shape";

/**
 * Geometry of a time-series line chart, computed on the server and drawn as inline SVG: no
 * chart library ships to the browser. The x axis is calendar days (gaps stay gaps), the y axis
 * a "nice" linear scale.
 *
 * Coordinates are in a fixed plot box of PLOT_WIDTH × PLOT_HEIGHT user units that the SVG
 * stretches to whatever width the page gives it (preserveAspectRatio="none"): the chart always
 * spans its column and never scrolls sideways. Tick labels are therefore not SVG text (which
 * would shrink with the drawing on a phone) but HTML placed at a percentage of the plot box, so
 * they keep their CSS size at every width.
 */
export const PLOT_WIDTH = 1000;
export const PLOT_HEIGHT = 1000;

/** Fewer x labels than this many per chart would leave the axis unreadable; more would collide on a 390 px phone. */
export const X_TICK_COUNT = 5;

export type PlottedPoint = { date: UtcDay; value: number; x: number; y: number };
export type PlottedSeries = {
  key: string;
  label: string;
  path: string;
  points: PlottedPoint[];
  last: { x: number; y: number } | undefined;
};
/** `percent` is the position along the axis, 0 to 100 (x from the left, y from the top). */
export type YTick = { value: number; percent: number };
/** `year` is set only where a reader needs it: see `xTickLabels`. */
export type XTick = { value: UtcDay; percent: number; year: string | undefined };
export type ChartGeometry = {
  series: PlottedSeries[];
  yTicks: YTick[];
  xTicks: XTick[];
  firstDay: UtcDay;
  lastDay: UtcDay;
};

/** Step of 1, 2, 2.5 or 5 × 10^n giving about `count` intervals over `span`. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || count < 1) return 1;
  const raw = span / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const normalised = raw / magnitude;
  const factor =
    normalised <= 1 ? 1 : normalised <= 2 ? 2 : normalised <= 2.5 ? 2.5 : normalised <= 5 ? 5 : 10;
  return factor * magnitude;
}

/** Round-number bounds enclosing [min, max]; a flat series gets a band around its value. */
export function niceDomain(
  min: number,
  max: number,
  count = 4,
): { low: number; high: number; step: number } {
  // A span within float noise of the values (2.99 vs 2.9900000000000007, a flat quote series) is
  // flat: a step that small would not move a tick (2.99 + 1e-16 === 2.99) and never end the axis.
  const span = max - min > Math.abs(max) * 1e-9 ? max - min : 0;
  const padded = span > 0 ? span : Math.max(Math.abs(max) * 0.1, 0.01);
  const step = niceStep(padded, count);
  const low = Math.floor((span > 0 ? min : min - padded / 2) / step) * step;
  const high = Math.ceil((span > 0 ? max : max + padded / 2) / step) * step;
  return { low, high: high > low ? high : low + step, step };
}

const round = (value: number): number => Math.round(value * 100) / 100;
const yearOf = (day: UtcDay): string => day.slice(0, 4);

/**
 * Which x ticks carry their year: the first, and each tick in a new year. A day-and-month label
 * alone is ambiguous in a screenshot, a printout or a page read a year later.
 */
export function xTickYears(days: readonly UtcDay[]): (string | undefined)[] {
  return days.map((day, index) => {
    const previous = days[index - 1];
    return previous === undefined || yearOf(day) !== yearOf(previous) ? yearOf(day) : undefined;
  });
}

export type ChartOptions = {
  xTickCount?: number;
};

/** `undefined` when no series has a point: the caller renders "no data" instead of an empty frame. */
export function chartGeometry(
  input: readonly Series[],
  { xTickCount = X_TICK_COUNT }: ChartOptions = {},
): ChartGeometry | undefined {
  const points = input.flatMap((series) => series.points);
  if (points.length === 0) return undefined;
  const days = points.map((point) => point.date).sort();
  const firstDay = days[0] ?? "";
  const lastDay = days[days.length - 1] ?? firstDay;
  const values = points.map((point) => point.value);
  const { low, high, step } = niceDomain(Math.min(...values), Math.max(...values));

  const spanDays = Math.max(daysBetween(firstDay, lastDay), 1);
  const x = (day: UtcDay): number =>
    round(
      firstDay === lastDay ? PLOT_WIDTH / 2 : (daysBetween(firstDay, day) / spanDays) * PLOT_WIDTH,
    );
  const y = (value: number): number => round((1 - (value - low) / (high - low)) * PLOT_HEIGHT);

  const series = input.map((one) => {
    // A missing day breaks the line (M instead of L) so that a gap is not drawn as data.
    let previous: UtcDay | undefined;
    const commands = one.points.map((point) => {
      const joined = previous !== undefined && daysBetween(previous, point.date) === 1;
      previous = point.date;
      return `${joined ? "L" : "M"}${x(point.date)},${y(point.value)}`;
    });
    const plotted = one.points.map((point) => ({
      date: point.date,
      value: point.value,
      x: x(point.date),
      y: y(point.value),
    }));
    const lastPoint = plotted[plotted.length - 1];
    return {
      key: one.key,
      label: one.label,
      path: commands.join(" "),
      points: plotted,
      last: lastPoint === undefined ? undefined : { x: lastPoint.x, y: lastPoint.y },
    };
  });

  const yTicks: YTick[] = [];
  for (let value = low; value <= high + step / 1e6; value += step) {
    yTicks.push({
      value: Number(value.toFixed(10)),
      percent: round((y(value) / PLOT_HEIGHT) * 100),
    });
  }

  const uniqueDays = [...new Set(days)];
  const every = Math.max(1, Math.ceil((uniqueDays.length - 1) / Math.max(xTickCount - 1, 1)));
  const tickDays: UtcDay[] = [];
  for (let index = 0; index < uniqueDays.length; index += every) {
    const day = uniqueDays[index];
    if (day !== undefined) tickDays.push(day);
  }
  if (tickDays[tickDays.length - 1] !== lastDay) {
    // The last day always gets a label (it is right-aligned to the plot's edge); a regular tick
    // closer to it than one tick interval would collide with it on a phone, so that tick goes.
    const previous = tickDays[tickDays.length - 1];
    if (
      previous !== undefined &&
      tickDays.length > 1 &&
      x(lastDay) - x(previous) < PLOT_WIDTH / xTickCount
    )
      tickDays.pop();
    tickDays.push(lastDay);
  }
  const years = xTickYears(tickDays);
  const xTicks = tickDays.map((day, index) => ({
    value: day,
    percent: round((x(day) / PLOT_WIDTH) * 100),
    year: years[index],
  }));

  return { series, yTicks, xTicks, firstDay, lastDay };
}

/** A one-paragraph text alternative: first and last value and the range of each series. */
export function describeSeries(
  input: readonly Series[],
  formatValue: (value: number) => string,
  formatDay: (day: UtcDay) => string,
): string {
  return input
    .map((series) => {
      const first = series.points[0];
      const last = series.points[series.points.length - 1];
      if (first === undefined || last === undefined) return `${series.label}: no data.`;
      const values = series.points.map((point) => point.value);
      return `${series.label}: ${formatValue(first.value)} on ${formatDay(first.date)}, ${formatValue(last.value)} on ${formatDay(last.date)}; low ${formatValue(Math.min(...values))}, high ${formatValue(Math.max(...values))}.`;
    })
    .join(" ");
}
