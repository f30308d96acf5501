import { GPU_FREE_WINDOW_MONTHS, GPU_REGION, addDays } from "@tpi/domain";
import { heldRangeOfMonths, planHeldRange, type ChartRange } from "../../lib/chart-state";
import { changeBetween, type Change } from "../../lib/format";
import { csvField, type Series } from "../../lib/shape";
import type { GpuDailyRow, GpuDetail, GpuProvenance } from "./api-types";

/** What the GPU pages hold for a visitor: the GPU index's free window. */
export const GPU_HELD_RANGE: ChartRange = heldRangeOfMonths(GPU_FREE_WINDOW_MONTHS);

/** The New York settlement day of a daily GPU row: 4 PM New York is the same calendar day in UTC. */
export function settlementDayOf(timestamp: string): string {
  return timestamp.slice(0, 10);
}

/**
 * What a GPU chart holds: the history a signed-in reader's plan was answered (its `access`), or
 * the free window for a visitor (no plan answer).
 */
export function gpuHeldRange(plan: { access: string } | null | undefined): ChartRange {
  return plan == null ? GPU_HELD_RANGE : planHeldRange(plan.access, GPU_HELD_RANGE);
}

/** What the charts, changes and daily CSV read of a daily row: its settlement instant and value. */
export type GpuDayValueRow = Pick<GpuDailyRow, "timestamp" | "index_value">;

/** One GPU's daily index rows, as `gpu.dailyHistory` returns them. */
export type GpuHistory = { gpu: string; rows: readonly GpuDailyRow[] };

/**
 * Chart series per GPU: one point per UTC day (the day of `timestamp`; a later row of the same
 * day replaces an earlier one), oldest first.
 */
export function gpuSeries(
  histories: readonly { gpu: string; rows: readonly GpuDayValueRow[] }[],
): Series[] {
  return histories
    .map(({ gpu, rows }) => ({ key: gpu, label: gpu, points: dailyPoints(rows) }))
    .filter((series) => series.points.length > 0);
}

/** A daily value on its UTC day (USD per GPU-hour). */
export type DayValue = { date: string; value: number };

/** One point per UTC day of `timestamp` (a later row of the same day replaces an earlier one), oldest first. */
export function dailyPoints(rows: readonly GpuDayValueRow[]): DayValue[] {
  const byDay = new Map<string, number>();
  const ordered = [...rows].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  for (const row of ordered)
    byDay.set(new Date(row.timestamp).toISOString().slice(0, 10), row.index_value);
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, value]) => ({ date, value }));
}

/**
 * The trailing changes shown for a GPU, in calendar days: GPU values settle every day of the
 * week, so "7d" compares with the value of exactly seven UTC days earlier.
 */
export const GPU_CHANGE_DAYS = [1, 7, 30] as const;

export type GpuChange = {
  days: (typeof GPU_CHANGE_DAYS)[number];
  /** The earlier day compared with. */
  fromDate: string;
  /** Undefined when that day has no value in the series (not settled, or outside the window). */
  change: Change | undefined;
};

/** The change of `latest` over each of GPU_CHANGE_DAYS, from the daily points of the same GPU. */
export function gpuChanges(points: readonly DayValue[], latest: DayValue): GpuChange[] {
  const byDay = new Map(points.map((point) => [point.date, point.value]));
  return GPU_CHANGE_DAYS.map((days) => {
    const fromDate = addDays(latest.date, -days);
    return { days, fromDate, change: changeBetween(latest.value, byDay.get(fromDate)) };
  });
}

/** The lowest and highest daily value of a series with their days, and the mean of its values. */
export type WindowStats = {
  min: DayValue;
  max: DayValue;
  /** The arithmetic mean of the daily values, USD per GPU-hour. */
  mean: number;
  count: number;
  first: string;
  last: string;
};

/** Undefined for an empty series; on ties the earliest day is named. */
export function windowStats(points: readonly DayValue[]): WindowStats | undefined {
  const [head] = points;
  if (head === undefined) return undefined;
  let min = head;
  let max = head;
  let sum = 0;
  for (const point of points) {
    if (point.value < min.value) min = point;
    if (point.value > max.value) max = point;
    sum += point.value;
  }
  return {
    min,
    max,
    mean: sum / points.length,
    count: points.length,
    first: head.date,
    last: points[points.length - 1]?.date ?? head.date,
  };
}

/**
 * The CSV columns of a GPU's daily series download: the first five as they always were (readers
 * parse them by position), then what each value rests on: its basis, its sources, whether it was
 * back-filled, whether any of its sources is the sample, and the citations its sources require.
 */
export const GPU_CSV_COLUMNS = [
  "date",
  "gpu_type",
  "region",
  "index_value",
  "timestamp",
  "basis",
  "sources",
  "backfilled",
  "sample",
  "citation",
] as const;

/** What the daily CSV reads of a daily row: its value and where it comes from. */
export type GpuDailyCsvRow = Pick<
  GpuDailyRow,
  "timestamp" | "index_value" | "basis" | "sources" | "backfilled"
>;

/**
 * A GPU's daily rows as CSV, oldest first: the UTC day, the GPU, the value and its settlement
 * instant, then its provenance from the answer's `provenance` (sources separated by spaces,
 * citations by " | ").
 */
export function gpuDailyToCsv(
  gpu: string,
  rows: readonly GpuDailyCsvRow[],
  provenance: GpuProvenance,
): string {
  const bySource = new Map(provenance.sources.map((entry) => [entry.source, entry]));
  const ordered = [...rows].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  const lines = [GPU_CSV_COLUMNS.join(",")];
  for (const row of ordered) {
    const sources = row.sources.map((source) => bySource.get(source));
    const sample = sources.some((entry) => entry?.sample === true);
    const citations = [
      ...new Set(sources.flatMap((entry) => (entry?.citation ? [entry.citation] : []))),
    ];
    lines.push(
      [
        row.timestamp.slice(0, 10),
        gpu,
        GPU_REGION,
        String(row.index_value),
        row.timestamp,
        row.basis,
        row.sources.join(" "),
        String(row.backfilled),
        String(sample),
        citations.join(" | "),
      ]
        .map(csvField)
        .join(","),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

type VolatilityRow = NonNullable<GpuDetail["volatility"]>["data"][number];

/**
 * The rolling volatility as one chart series (fractions: 0.8 is 80 %), oldest first, one point
 * per UTC day of `recorded_at`. Days without a value (a gap in their window) are left out, so
 * they stay gaps on the calendar-day axis.
 */
export function volatilitySeries(rows: readonly VolatilityRow[]): Series[] {
  const points = rows
    .flatMap((row) =>
      row.rolling_volatility === null
        ? []
        : [{ date: row.recorded_at.slice(0, 10), value: row.rolling_volatility }],
    )
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return points.length === 0 ? [] : [{ key: "volatility", label: "Volatility", points }];
}
