import { addDays, daysBetween, type UtcDay } from "../shared/calendar";
import { badRequest, type DomainError } from "../shared/errors";
import { parseDayRange, type DayRange } from "../shared/dated-query";
import { err, ok, type Result } from "../shared/result";

/**
 * GPU analytics: rolling volatility of the daily index and traded volume per published period.
 * Pure rules; the published values (the volume is frozen in the prints and daily values) are
 * handed in.
 */

// --- query rules shared by the analytics routes ---

export const ANALYTICS_START_DATE_REQUIRED_MESSAGE =
  "Query parameter 'startDate' is required (format: YYYY-MM-DD).";
export const ANALYTICS_END_DATE_REQUIRED_MESSAGE =
  "Query parameter 'endDate' is required (format: YYYY-MM-DD).";

export type AnalyticsRange = DayRange;

/**
 * Both days are required (the original's rule for volatility; kept for volume so that every
 * answer names a bounded, settled range), real calendar days, start no later than end, and at
 * most `maxSpanDays` days counted inclusively when a cap applies.
 */
export function resolveAnalyticsRange(
  params: { startDate?: string; endDate?: string },
  maxSpanDays?: number,
): Result<AnalyticsRange, DomainError> {
  if (params.startDate === undefined) return err(badRequest(ANALYTICS_START_DATE_REQUIRED_MESSAGE));
  if (params.endDate === undefined) return err(badRequest(ANALYTICS_END_DATE_REQUIRED_MESSAGE));
  const range = parseDayRange(params.startDate, params.endDate);
  if (!range.ok) return range;
  if (
    maxSpanDays !== undefined &&
    inclusiveDays(range.value.startDate, range.value.endDate) > maxSpanDays
  )
    return err(badRequest(spanTooLongMessage(maxSpanDays)));
  return range;
}

/** Days from startDate through endDate, both included (a single day is 1). */
export function inclusiveDays(startDate: UtcDay, endDate: UtcDay): number {
  return daysBetween(startDate, endDate) + 1;
}

export function spanTooLongMessage(maxSpanDays: number): string {
  return `The range from 'startDate' through 'endDate' may span at most ${maxSpanDays} days.`;
}

// --- volatility ---

export const VOLATILITY_WINDOW_MIN_DAYS = 1;
export const VOLATILITY_WINDOW_MAX_DAYS = 365;
export const VOLATILITY_WINDOW_DEFAULT_DAYS = 30;
export const WINDOW_DAYS_MESSAGE = `Query parameter 'windowDays' must be an integer from ${VOLATILITY_WINDOW_MIN_DAYS} to ${VOLATILITY_WINDOW_MAX_DAYS}.`;

/**
 * GPU daily values settle every calendar day, weekends included, so a year holds 365 daily
 * returns: volatility is annualized by sqrt(365), not the 252 trading days of equity markets.
 */
export const GPU_RETURNS_PER_YEAR = 365;

/** Digits only (no sign, decimal point or exponent), then the range: "1.5", "x", "1e2" are refused. */
export function parseWindowDays(value: string | undefined): Result<number, DomainError> {
  if (value === undefined) return ok(VOLATILITY_WINDOW_DEFAULT_DAYS);
  if (!/^\d{1,4}$/.test(value)) return err(badRequest(WINDOW_DAYS_MESSAGE));
  const days = Number(value);
  return days >= VOLATILITY_WINDOW_MIN_DAYS && days <= VOLATILITY_WINDOW_MAX_DAYS
    ? ok(days)
    : err(badRequest(WINDOW_DAYS_MESSAGE));
}

/**
 * Sample standard deviation (divisor n - 1): the window is a sample of the GPU's returns and the
 * unbiased variance estimator is the convention for historical volatility. Undefined (so
 * `undefined`) for fewer than two values.
 */
export function sampleStandardDeviation(values: readonly number[]): number | undefined {
  if (values.length < 2) return undefined;
  const mean = values.reduce((total, v) => total + v, 0) / values.length;
  const squares = values.reduce((total, v) => total + (v - mean) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}

export type DailyPoint = { day: UtcDay; indexValue: number };

/**
 * Annualized rolling volatility (a fraction: 0.80 is 80 %) at `day`: the sample standard
 * deviation of the `windowDays` daily log returns ln(v[d] / v[d - 1]) for the days d in
 * (day - windowDays, day], times sqrt(GPU_RETURNS_PER_YEAR). The window reaches back before any
 * requested range into the stored values. `undefined` when any of those returns is missing (a
 * day without a positive value: a return across a gap would be a multi-day return) or when the
 * window holds fewer than two returns (windowDays 1), since a standard deviation needs two.
 * `valueOfDay` looks up the settled daily value of a New York day.
 */
export function rollingVolatilityAt(
  day: UtcDay,
  windowDays: number,
  valueOfDay: (day: UtcDay) => number | undefined,
): number | undefined {
  const returns: number[] = [];
  // Oldest first, the order rollingVolatilitySeries sums in (the same digits to the last bit).
  for (let back = windowDays - 1; back >= 0; back--) {
    const today = valueOfDay(addDays(day, -back));
    const yesterday = valueOfDay(addDays(day, -back - 1));
    if (today === undefined || yesterday === undefined || !(today > 0) || !(yesterday > 0))
      return undefined;
    returns.push(Math.log(today / yesterday));
  }
  const deviation = sampleStandardDeviation(returns);
  return deviation === undefined ? undefined : deviation * Math.sqrt(GPU_RETURNS_PER_YEAR);
}

export type VolatilityPoint = DailyPoint & { rollingVolatility: number | undefined };

/**
 * The volatility of every point in `requested` (any order), each over `history` (all stored
 * daily values of the GPU, any order, reaching back before the requested range), by the rule of
 * rollingVolatilityAt. Returned most recent first, the order of the original's analytics series.
 * The returns are computed once, on an array indexed by day, so a long range costs about
 * rows x windowDays arithmetic rather than calendar arithmetic per looked-up day.
 */
export function rollingVolatilitySeries(
  requested: readonly DailyPoint[],
  history: readonly DailyPoint[],
  windowDays: number,
): VolatilityPoint[] {
  const rows = [...requested].sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));
  const firstDay = history.reduce<UtcDay | undefined>(
    (first, p) => (first === undefined || p.day < first ? p.day : first),
    undefined,
  );
  if (firstDay === undefined) return rows.map((p) => ({ ...p, rollingVolatility: undefined }));
  // values[i]: the value of firstDay + i days (NaN when missing); returns[i]: ln(values[i] / values[i - 1]).
  const values: number[] = [];
  for (const p of history)
    values[daysBetween(firstDay, p.day)] = p.indexValue > 0 ? p.indexValue : NaN;
  const returns = Array.from(values, (v, i) =>
    i === 0 ? NaN : Math.log((v ?? NaN) / (values[i - 1] ?? NaN)),
  );
  const annualize = Math.sqrt(GPU_RETURNS_PER_YEAR);
  return rows.map((p) => {
    const last = daysBetween(firstDay, p.day);
    const window = last - windowDays + 1 >= 1 ? returns.slice(last - windowDays + 1, last + 1) : [];
    const complete = window.length === windowDays && window.every(Number.isFinite);
    const deviation = complete ? sampleStandardDeviation(window) : undefined;
    return { ...p, rollingVolatility: deviation === undefined ? undefined : deviation * annualize };
  });
}

// --- traded volume ---

/**
 * The longest range of the volume route: a year (leap years included), so an hourly answer stays
 * under 8,784 rows.
 */
export const VOLUME_MAX_SPAN_DAYS = 366;
