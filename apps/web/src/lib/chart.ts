import { daysBetween, type UtcDay } from "@tpi/domain";
import type { Series } from "./shape";

/**
 * Geometry of a time-series line chart, computed on the server and drawn as inline SVG: no
 * chart library ships to the browser. The x axis is calendar days (gaps stay gaps), the y axis
 * a "nice" linear scale.
 */
export type ChartFrame = {
  width: number;
  height: number;
  top: number;
  right: number;
  bottom: number;
  left: number;
};

export const DEFAULT_FRAME: ChartFrame = {
  width: 880,
  height: 320,
  top: 16,
  right: 16,
  bottom: 36,
  left: 72,
};

export type PlottedSeries = {
  key: string;
  label: string;
  path: string;
  last: { x: number; y: number } | undefined;
};
export type Tick<T> = { value: T; position: number };
export type ChartGeometry = {
  frame: ChartFrame;
  series: PlottedSeries[];
  yTicks: Tick<number>[];
  xTicks: Tick<UtcDay>[];
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
  const span = max - min;
  const padded = span > 0 ? span : Math.max(Math.abs(max) * 0.1, 0.01);
  const step = niceStep(padded, count);
  const low = Math.floor((span > 0 ? min : min - padded / 2) / step) * step;
  const high = Math.ceil((span > 0 ? max : max + padded / 2) / step) * step;
  return { low, high: high > low ? high : low + step, step };
}

const round = (value: number): number => Math.round(value * 100) / 100;

/** `undefined` when no series has a point: the caller renders "no data" instead of an empty frame. */
export function chartGeometry(
  input: readonly Series[],
  frame: ChartFrame = DEFAULT_FRAME,
  xTickCount = 5,
): ChartGeometry | undefined {
  const points = input.flatMap((series) => series.points);
  if (points.length === 0) return undefined;
  const days = points.map((point) => point.date).sort();
  const firstDay = days[0] ?? "";
  const lastDay = days[days.length - 1] ?? firstDay;
  const values = points.map((point) => point.value);
  const { low, high, step } = niceDomain(Math.min(...values), Math.max(...values));

  const plotWidth = frame.width - frame.left - frame.right;
  const plotHeight = frame.height - frame.top - frame.bottom;
  const spanDays = Math.max(daysBetween(firstDay, lastDay), 1);
  const x = (day: UtcDay): number =>
    round(
      frame.left +
        (firstDay === lastDay
          ? plotWidth / 2
          : (daysBetween(firstDay, day) / spanDays) * plotWidth),
    );
  const y = (value: number): number =>
    round(frame.top + (1 - (value - low) / (high - low)) * plotHeight);

  const series = input.map((one) => {
    // A missing day breaks the line (M instead of L) so that a gap is not drawn as data.
    let previous: UtcDay | undefined;
    const commands = one.points.map((point) => {
      const joined = previous !== undefined && daysBetween(previous, point.date) === 1;
      previous = point.date;
      return `${joined ? "L" : "M"}${x(point.date)},${y(point.value)}`;
    });
    const lastPoint = one.points[one.points.length - 1];
    return {
      key: one.key,
      label: one.label,
      path: commands.join(" "),
      last: lastPoint === undefined ? undefined : { x: x(lastPoint.date), y: y(lastPoint.value) },
    };
  });

  const yTicks: Tick<number>[] = [];
  for (let value = low; value <= high + step / 1e6; value += step) {
    yTicks.push({ value: Number(value.toFixed(10)), position: y(value) });
  }
  const xTicks: Tick<UtcDay>[] = [];
  const uniqueDays = [...new Set(days)];
  const every = Math.max(1, Math.ceil((uniqueDays.length - 1) / Math.max(xTickCount - 1, 1)));
  for (let index = 0; index < uniqueDays.length; index += every) {
    const day = uniqueDays[index];
    if (day !== undefined) xTicks.push({ value: day, position: x(day) });
  }
  if (xTicks[xTicks.length - 1]?.value !== lastDay) {
    // The last day always gets a label; a regular tick too close to it would overlap, so it goes.
    const previous = xTicks[xTicks.length - 1];
    if (
      previous !== undefined &&
      xTicks.length > 1 &&
      x(lastDay) - previous.position < plotWidth / (2 * xTickCount)
    )
      xTicks.pop();
    xTicks.push({ value: lastDay, position: x(lastDay) });
  }

  return { frame, series, yTicks, xTicks, firstDay, lastDay };
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
