import type { GpuDailyRow } from "./api-types";
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
