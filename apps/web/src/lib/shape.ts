import type { UtcDay } from "@tpi/domain";

/** One point of a chart's series: a UTC day and its value. */
export type SeriesPoint = { date: UtcDay; value: number };

/** A chart's series: its key (in the URL's series list), its label and its points, oldest first. */
export type Series = { key: string; label: string; points: SeriesPoint[] };

/** Each series' display name by its key, for the links that show or hide it. */
export function seriesLabels(series: readonly Series[]): Record<string, string> {
  return Object.fromEntries(series.map((one) => [one.key, one.label]));
}

/** Rows newest first: the order of the history tables and their CSV. */
export function newestFirst<T extends { date: UtcDay }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** What a spreadsheet reads as the start of a formula (OWASP's list): `=`, `+`, `-`, `@`, tab, CR. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain number, negative or with an exponent: a value, never a formula. */
const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * One CSV field (RFC 4180): quoted, its quotes doubled, when it holds a comma, quote or line end.
 * Text that a spreadsheet would run as a formula (a source's citation or a site's name starting
 * with `=HYPERLINK(`) is prefixed with `'`, as OWASP recommends for CSV injection, so it shows as
 * the text it is; numbers, negative ones included, are left as they are.
 */
export function csvField(value: string): string {
  const inert = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}
