import { daysBetween, type UtcDay } from "@tpi/domain";
import type { Series } from "./shape";

/**
 * Geometry of a time-series line chart, computed on the server and drawn as inline SVG: no
 * chart library ships to the browser. The x axis is calendar days (gaps stay gaps), the y axis
 * one of the scales of `Y_SCALES`: fitted to the data (the default), from zero, or logarithmic.
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
  /** The scale drawn: `log` asked of values that are not all positive is drawn `fit`. */
  yScale: YScaleKind;
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

/**
 * How the y axis maps values: `fit` spans the data with a small margin (the lines use the whole
 * height), `zero` starts at zero (sizes compare), `log` is logarithmic (equal percentage moves
 * look equal, so series an order of magnitude apart stay readable). The query parameter's values.
 */
export const Y_SCALES = ["fit", "zero", "log"] as const;
export type YScaleKind = (typeof Y_SCALES)[number];
export const DEFAULT_Y_SCALE: YScaleKind = "fit";

/** A y scale: `fraction` maps a value to 0 (bottom) .. 1 (top); `ticks` are the labelled values. */
export type YScale = { kind: YScaleKind; fraction: (value: number) => number; ticks: number[] };

/** Share of the data's span left free above and below it on a fitted axis. */
const FIT_MARGIN = 0.05;

/** Multiples of `step` within [low, high], cleaned of float noise (0.1 + 0.2). */
function ticksWithin(low: number, high: number, step: number): number[] {
  const ticks: number[] = [];
  for (let index = Math.ceil(low / step - 1e-9); index * step <= high + step * 1e-9; index += 1)
    ticks.push(Number((index * step).toFixed(10)));
  return ticks;
}

/**
 * The fitted domain: the data's span with FIT_MARGIN each side, clipped at zero when the data is
 * all positive (a price axis never shows negative prices). Ticks are nice values inside it, so
 * the axis does not stretch to the next round number (which on a 0.43 to 6.21 chart is 0 to 8).
 */
export function fittedDomain(min: number, max: number): { low: number; high: number } {
  const span = max - min > Math.abs(max) * 1e-9 ? max - min : 0;
  if (span === 0) {
    const band = Math.max(Math.abs(max) * 0.05, 0.005);
    return { low: min >= 0 ? Math.max(0, min - band) : min - band, high: max + band };
  }
  const margin = span * FIT_MARGIN;
  const low = min >= 0 ? Math.max(0, min - margin) : min - margin;
  return { low, high: max + margin };
}

/** Log ticks: 1, 2 and 5 times the powers of ten within [low, high]; fewer or more as needed. */
export function logTicks(low: number, high: number): number[] {
  const from = Math.floor(Math.log10(low));
  const to = Math.ceil(Math.log10(high));
  const within = (mantissas: readonly number[]) => {
    const ticks: number[] = [];
    for (let power = from; power <= to; power += 1)
      for (const mantissa of mantissas) {
        const value = Number((mantissa * 10 ** power).toPrecision(12));
        if (value >= low * (1 - 1e-9) && value <= high * (1 + 1e-9)) ticks.push(value);
      }
    return ticks;
  };
  // Decades only when the data spans many of them; every integer mantissa on a narrow axis.
  if (to - from > 4) return within([1]);
  const standard = within([1, 2, 5]);
  if (standard.length >= 3) return standard;
  const fine = within([1, 1.5, 2, 3, 4, 5, 6, 7, 8, 9]);
  return fine.length >= 2 ? fine : [low, high];
}

/**
 * The y scale of values [min, max] of kind `kind`. A log scale needs positive values: with zero
 * or negative ones the chart is drawn fitted instead (the page says which scale it drew).
 */
export function yScale(min: number, max: number, kind: YScaleKind, count = 4): YScale {
  if (kind === "log" && min > 0) {
    // A flat series gets a band of 10% each way; otherwise a margin of 5% of the log span.
    const logMin = Math.log10(min);
    const logMax = Math.log10(max);
    const pad = logMax - logMin > 1e-9 ? (logMax - logMin) * FIT_MARGIN : Math.log10(1.1);
    const low = 10 ** (logMin - pad);
    const high = 10 ** (logMax + pad);
    const span = Math.log10(high) - Math.log10(low);
    return {
      kind: "log",
      fraction: (value) => (Math.log10(value) - Math.log10(low)) / span,
      ticks: logTicks(low, high),
    };
  }
  if (kind === "zero") {
    const { low, high, step } = niceDomain(Math.min(0, min), Math.max(0, max), count);
    return {
      kind: "zero",
      fraction: (value) => (value - low) / (high - low),
      ticks: ticksWithin(low, high, step),
    };
  }
  const { low, high } = fittedDomain(min, max);
  // The domain does not end on round numbers, so a step from `count` may leave only two ticks
  // inside it: finer steps until at least three are labelled.
  let ticks: number[] = [];
  for (const intervals of [count, count + 1, count + 2, count * 2, count * 3]) {
    ticks = ticksWithin(low, high, niceStep(high - low, intervals));
    if (ticks.length >= 3) break;
  }
  return { kind: "fit", fraction: (value) => (value - low) / (high - low), ticks };
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
  /** The y axis's scale; fitted to the data unless said otherwise. */
  yScale?: YScaleKind;
  /**
   * Days between a series' consecutive values: 1 for a daily series, 7 for a weekly one. Points
   * further apart than this are a gap, drawn as one.
   */
  cadenceDays?: number;
};

/** `undefined` when no series has a point: the caller renders "no data" instead of an empty frame. */
export function chartGeometry(
  input: readonly Series[],
  {
    xTickCount = X_TICK_COUNT,
    yScale: yScaleKind = DEFAULT_Y_SCALE,
    cadenceDays = 1,
  }: ChartOptions = {},
): ChartGeometry | undefined {
  const points = input.flatMap((series) => series.points);
  if (points.length === 0) return undefined;
  const days = points.map((point) => point.date).sort();
  const firstDay = days[0] ?? "";
  const lastDay = days[days.length - 1] ?? firstDay;
  const values = points.map((point) => point.value);
  const scale = yScale(Math.min(...values), Math.max(...values), yScaleKind);

  const spanDays = Math.max(daysBetween(firstDay, lastDay), 1);
  const x = (day: UtcDay): number =>
    round(
      firstDay === lastDay ? PLOT_WIDTH / 2 : (daysBetween(firstDay, day) / spanDays) * PLOT_WIDTH,
    );
  const y = (value: number): number => round((1 - scale.fraction(value)) * PLOT_HEIGHT);

  const series = input.map((one) => {
    // A missing day (a missing week of a weekly series) breaks the line (M instead of L) so that
    // a gap is not drawn as data.
    let previous: UtcDay | undefined;
    const commands = one.points.map((point) => {
      const joined = previous !== undefined && daysBetween(previous, point.date) <= cadenceDays;
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

  const yTicks: YTick[] = scale.ticks.map((value) => ({
    value,
    percent: round((y(value) / PLOT_HEIGHT) * 100),
  }));

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

  return { series, yTicks, xTicks, firstDay, lastDay, yScale: scale.kind };
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
