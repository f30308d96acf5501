import type { Series } from "../lib/shape";

/**
 * A chart series as a test expects it: its key, its label and its points as `[day, value]`
 * pairs, oldest first.
 */
export function expectedSeries(
  key: string,
  label: string,
  points: readonly (readonly [string, number])[],
): Series {
  return { key, label, points: points.map(([date, value]) => ({ date, value })) };
}
