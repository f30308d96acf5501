import { parseUtcDay } from "../shared/calendar";
import { badRequest, type DomainError } from "../shared/errors";
import { err, ok, type Result } from "../shared/result";
import { parseGranularity, type GpuGranularityChoice } from "./grain";
import { MS_PER_HOUR } from "./index-math";
import { parseGpuDatetime } from "./query";

/**
 * Rules of the ranged GPU series (history-simple, history-range, hourly, the rolling 24 h
 * average): their range bounds, defaults, limits and the rolling-average math. Values are USD per
 * GPU-hour; instants are UTC.
 */

const MS_PER_DAY = 24 * MS_PER_HOUR;

/** Rows a history route returns when `limit` is not given (the original's default). */
export const HISTORY_LIMIT_DEFAULT = 100;
/** The largest `limit` accepted: a little over a year of hourly prints in one answer. */
export const HISTORY_LIMIT_MAX = 10_000;
export const HISTORY_LIMIT_MESSAGE = `Query parameter 'limit' must be a whole number from 1 to ${HISTORY_LIMIT_MAX}.`;

/** Without `startDate`, the history routes cover this many days ending at `endDate`. */
export const HISTORY_DEFAULT_DAYS = 30;
/** Without `startDate`, the hourly series covers this many hours ending at `endDate`. */
export const HOURLY_DEFAULT_HOURS = 24;
/** The longest range of hourly rows served in one answer (hourly series, hourly rolling history): 744 prints. */
export const HOURLY_RANGE_MAX_DAYS = 31;
/**
 * The most hourly prints a range HOURLY_RANGE_MAX_DAYS days long holds (both ends included, one
 * print an hour): a range holding more is longer, so refused.
 */
export const HOURLY_RANGE_MAX_PRINTS = HOURLY_RANGE_MAX_DAYS * 24 + 1;
export const HOURLY_RANGE_TOO_LONG_MESSAGE = `Hourly rows are served at most ${HOURLY_RANGE_MAX_DAYS} days at a time: narrow startDate and endDate.`;

/** The rolling average covers the prints of this many hours. */
export const ROLLING_WINDOW_HOURS = 24;

export const ROLLING_HISTORY_RANGE_REQUIRED_MESSAGE =
  "startDate and endDate query parameters are required (format: YYYY-MM-DD or ISO 8601)";

/** Parses `limit`: absent is the default; otherwise a whole number in 1..HISTORY_LIMIT_MAX. */
export function parseHistoryLimit(value: string | undefined): Result<number, DomainError> {
  if (value === undefined) return ok(HISTORY_LIMIT_DEFAULT);
  if (!/^\d+$/.test(value)) return err(badRequest(HISTORY_LIMIT_MESSAGE));
  const limit = Number(value);
  return limit >= 1 && limit <= HISTORY_LIMIT_MAX
    ? ok(limit)
    : err(badRequest(HISTORY_LIMIT_MESSAGE));
}

export function invalidRangeBoundMessage(name: string, value: string): string {
  return `Query parameter '${name}' must be a date (YYYY-MM-DD) or an ISO 8601 datetime; got '${value}'.`;
}

export function rangeStartAfterEndMessage(start: Date, end: Date): string {
  return `'startDate' (${start.toISOString()}) is after 'endDate' (${end.toISOString()}).`;
}

/**
 * A range bound: a date or a datetime (`YYYY-MM-DD HH:MM:SS` UTC or ISO 8601). A bare date as
 * `startDate` means the start of that UTC day; as `endDate`, its end (the whole day is included).
 */
export function parseRangeBound(
  name: "startDate" | "endDate",
  value: string,
): Result<Date, DomainError> {
  const trimmed = value.trim();
  const instant = parseGpuDatetime(trimmed);
  if (instant === undefined) return err(badRequest(invalidRangeBoundMessage(name, value)));
  if (name === "endDate" && parseUtcDay(trimmed) !== undefined)
    return ok(new Date(instant.getTime() + MS_PER_DAY - 1));
  return ok(instant);
}

/** An inclusive range of instants. */
export type InstantRange = { start: Date; end: Date };

/** The bounds a caller gave, parsed (either may be absent). */
export type RangeBounds = { start?: Date; end?: Date };

export function parseRangeBounds(params: {
  startDate?: string;
  endDate?: string;
}): Result<RangeBounds, DomainError> {
  const bounds: RangeBounds = {};
  if (params.startDate !== undefined) {
    const start = parseRangeBound("startDate", params.startDate);
    if (!start.ok) return start;
    bounds.start = start.value;
  }
  if (params.endDate !== undefined) {
    const end = parseRangeBound("endDate", params.endDate);
    if (!end.ok) return end;
    bounds.end = end.value;
  }
  if (bounds.start && bounds.end && bounds.start.getTime() > bounds.end.getTime())
    return err(badRequest(rangeStartAfterEndMessage(bounds.start, bounds.end)));
  return ok(bounds);
}

/**
 * The range of a ranged series. The end defaults to `anchor` (the GPU's latest print, so that
 * the answer is a function of the published values alone); the start to `defaultSpanMs` before
 * the end. A start after the end is a 400.
 */
export function resolveInstantRange(
  bounds: RangeBounds,
  anchor: Date,
  defaultSpanMs: number,
): Result<InstantRange, DomainError> {
  const end = bounds.end ?? anchor;
  const start = bounds.start ?? new Date(end.getTime() - defaultSpanMs);
  if (start.getTime() > end.getTime())
    return err(badRequest(rangeStartAfterEndMessage(start, end)));
  return ok({ start, end });
}

/** The query of history-simple and history-range, parsed. */
export type SeriesQuery = { bounds: RangeBounds; granularity: GpuGranularityChoice; limit: number };

export function parseSeriesQuery(raw: {
  startDate?: string;
  endDate?: string;
  granularity?: string;
  limit?: string;
}): Result<SeriesQuery, DomainError> {
  const bounds = parseRangeBounds(raw);
  if (!bounds.ok) return bounds;
  const granularity = parseGranularity(raw.granularity);
  if (!granularity.ok) return granularity;
  const limit = parseHistoryLimit(raw.limit);
  if (!limit.ok) return limit;
  return ok({ bounds: bounds.value, granularity: granularity.value, limit: limit.value });
}

/** The query of the rolling-average history: both bounds required; the grain defaults to daily. */
export type RollingHistoryQuery = { range: InstantRange; granularity: GpuGranularityChoice };

export function parseRollingHistoryQuery(raw: {
  startDate?: string;
  endDate?: string;
  granularity?: string;
}): Result<RollingHistoryQuery, DomainError> {
  if (raw.startDate === undefined || raw.endDate === undefined)
    return err(badRequest(ROLLING_HISTORY_RANGE_REQUIRED_MESSAGE));
  const bounds = parseRangeBounds(raw);
  if (!bounds.ok) return bounds;
  const granularity = parseGranularity(raw.granularity ?? "daily");
  if (!granularity.ok) return granularity;
  const { start, end } = bounds.value as InstantRange;
  return ok({ range: { start, end }, granularity: granularity.value });
}

/** The length of a range in days (fractional), as servedGrain's `auto` rule reads it. */
export function rangeDays(range: InstantRange): number {
  return (range.end.getTime() - range.start.getTime()) / MS_PER_DAY;
}

/** Refuses hourly rows over more than HOURLY_RANGE_MAX_DAYS days. */
export function checkHourlySpan(range: InstantRange): Result<InstantRange, DomainError> {
  return rangeDays(range) > HOURLY_RANGE_MAX_DAYS
    ? err(badRequest(HOURLY_RANGE_TOO_LONG_MESSAGE))
    : ok(range);
}

/** Items of a list sorted by `at` (ascending) with start <= at <= end, by binary search. */
export function sliceByTime<T>(
  sorted: readonly T[],
  at: (item: T) => Date,
  range: InstantRange,
): T[] {
  const from = firstIndexAtOrAfter(sorted, at, range.start.getTime());
  const to = firstIndexAtOrAfter(sorted, at, range.end.getTime() + 1);
  return sorted.slice(from, to);
}

function firstIndexAtOrAfter<T>(sorted: readonly T[], at: (item: T) => Date, ms: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (at(sorted[mid] as T).getTime() < ms) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** What a rolling average needs of a print. */
export type TimedValue = { hour: Date; indexValue: number };

export type RollingAverage = {
  /** Mean of the covered prints, USD per GPU-hour. */
  averageUsdPerHour: number;
  /** The window's last print hour (the instant the average is "as of"). */
  asOf: Date;
  /** The first print hour the window can cover: asOf minus ROLLING_WINDOW_HOURS - 1 hours. */
  windowStart: Date;
  printCount: number;
};

/**
 * The mean of the prints whose hour lies in the ROLLING_WINDOW_HOURS hours ending at `asOf`
 * (asOf - 24 h < hour <= asOf: the 24 prints that cover the trades of those 24 hours). Prints
 * must be sorted by hour. Undefined when the window holds no print.
 */
export function rollingAverage(
  sorted: readonly TimedValue[],
  asOf: Date,
  windowHours: number = ROLLING_WINDOW_HOURS,
): RollingAverage | undefined {
  const endMs = asOf.getTime();
  const windowStartMs = endMs - (windowHours - 1) * MS_PER_HOUR;
  const from = firstIndexAtOrAfter(sorted, (p) => p.hour, windowStartMs);
  const to = firstIndexAtOrAfter(sorted, (p) => p.hour, endMs + 1);
  if (to <= from) return undefined;
  let sum = 0;
  for (let i = from; i < to; i++) sum += (sorted[i] as TimedValue).indexValue;
  return {
    averageUsdPerHour: sum / (to - from),
    asOf,
    windowStart: new Date(windowStartMs),
    printCount: to - from,
  };
}
