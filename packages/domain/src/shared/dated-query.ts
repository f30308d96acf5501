import type { UtcDay } from "./calendar";
import { badRequest, type DomainError } from "./errors";
import { parseDayParameter, startAfterEndMessage } from "./query-parameters";
import { err, ok, type Result } from "./result";

/**
 * The dated part of a history query, as every market reads it: `startDate` and `endDate` (UTC
 * days, inclusive, each optional or both required), in order, and a row `limit` with a default
 * and a ceiling. The messages are the ones of `query-parameters.ts`; a market's query module
 * parses its own parameters and hands these the dated ones.
 */

/** Inclusive days; an absent end is open. */
export type OptionalDayRange = { startDate?: UtcDay; endDate?: UtcDay };

/** Inclusive days, both given. */
export type DayRange = { startDate: UtcDay; endDate: UtcDay };

/** The days of a range whose ends are both required (their absence was checked by the caller). */
export function parseDayRange(startDate: string, endDate: string): Result<DayRange, DomainError> {
  const start = parseDayParameter("startDate", startDate);
  if (!start.ok) return start;
  const end = parseDayParameter("endDate", endDate);
  if (!end.ok) return end;
  if (start.value > end.value) return err(badRequest(startAfterEndMessage(start.value, end.value)));
  return ok({ startDate: start.value, endDate: end.value });
}

/** Optional `startDate` and `endDate`: each a real day when given, and in order when both are. */
export function parseOptionalDayRange(values: {
  startDate?: string | undefined;
  endDate?: string | undefined;
}): Result<OptionalDayRange, DomainError> {
  const range: OptionalDayRange = {};
  if (values.startDate !== undefined) {
    const start = parseDayParameter("startDate", values.startDate);
    if (!start.ok) return start;
    range.startDate = start.value;
  }
  if (values.endDate !== undefined) {
    const end = parseDayParameter("endDate", values.endDate);
    if (!end.ok) return end;
    range.endDate = end.value;
  }
  if (
    range.startDate !== undefined &&
    range.endDate !== undefined &&
    range.startDate > range.endDate
  )
    return err(badRequest(startAfterEndMessage(range.startDate, range.endDate)));
  return ok(range);
}

/** How many rows one answer carries unless `limit` says otherwise, and the most it may ask for. */
export type RowLimit = { default: number; max: number };

/** The 400 text for a `limit` that is not a whole number from 1 to the ceiling. */
export function invalidRowLimitMessage(value: string, max: number): string {
  return `Query parameter 'limit' must be a whole number from 1 to ${max}; got '${value}'.`;
}

/** `limit` as a whole number from 1 to the ceiling; the default when absent. */
export function parseRowLimit(
  value: string | undefined,
  limit: RowLimit,
): Result<number, DomainError> {
  if (value === undefined) return ok(limit.default);
  // Nine digits at most: a longer run of digits is refused before it can lose precision.
  const parsed = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!(parsed >= 1 && parsed <= limit.max))
    return err(badRequest(invalidRowLimitMessage(value, limit.max)));
  return ok(parsed);
}

/** A history's dated part: optional inclusive days and how many rows the answer carries at most. */
export type DatedRows = OptionalDayRange & { limit: number };

/**
 * `startDate`, `endDate` and `limit` of a history query: the days as `parseOptionalDayRange`
 * reads them, then the limit as `parseRowLimit` does (a bad range is named before a bad limit).
 */
export function parseDatedRows(
  values: {
    startDate?: string | undefined;
    endDate?: string | undefined;
    limit?: string | undefined;
  },
  limit: RowLimit,
): Result<DatedRows, DomainError> {
  const range = parseOptionalDayRange(values);
  if (!range.ok) return range;
  const rows = parseRowLimit(values.limit, limit);
  if (!rows.ok) return rows;
  return ok({ ...range.value, limit: rows.value });
}

/** Whether a day lies in an optional range (open ends when absent). */
export function inOptionalDayRange(day: UtcDay, range: OptionalDayRange): boolean {
  return (
    (range.startDate === undefined || day >= range.startDate) &&
    (range.endDate === undefined || day <= range.endDate)
  );
}

/** Rows of an optional range, the latest `limit` of them, oldest first. */
export function latestRowsInRange<Row>(
  rows: readonly Row[],
  dayOf: (row: Row) => UtcDay,
  query: DatedRows,
): Row[] {
  const inRange = rows.filter((row) => inOptionalDayRange(dayOf(row), query));
  return inRange.slice(Math.max(0, inRange.length - query.limit));
}
