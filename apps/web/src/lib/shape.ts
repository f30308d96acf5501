import type { UtcDay } from "@tpi/domain";

/** One point of a chart's series: a UTC day and its value. */
export type SeriesPoint = { date: UtcDay; value: number };

/** A chart's series: its key (in the URL's series list), its label and its points, oldest first. */
export type Series = { key: string; label: string; points: SeriesPoint[] };

/** Rows newest first: the order of the history tables and their CSV. */
export function newestFirst<T extends { date: UtcDay }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** One CSV field (RFC 4180): quoted, its quotes doubled, when it holds a comma, quote or line end. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
