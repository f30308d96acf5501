import type { GpuDailyRow, GpuDetail } from "./api-types";
import type { Series } from "./shape";

/** One GPU's daily index rows, as `gpu.dailyHistory` returns them. */
export type GpuHistory = { gpu: string; rows: readonly GpuDailyRow[] };

/**
 * Chart series per GPU: one point per UTC day (the day of `timestamp`; a later row of the same
 * day replaces an earlier one), oldest first.
 */
export function gpuSeries(histories: readonly GpuHistory[]): Series[] {
  return histories
    .map(({ gpu, rows }) => {
      const byDay = new Map<string, number>();
      const ordered = [...rows].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
      for (const row of ordered)
        byDay.set(new Date(row.timestamp).toISOString().slice(0, 10), row.index_value);
      const points = [...byDay.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([date, value]) => ({ date, value }));
      return { key: gpu, label: gpu, points };
    })
    .filter((series) => series.points.length > 0);
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
