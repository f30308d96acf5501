import { addDays, isUtcDay, minDay, type UtcDay } from "./calendar";

/**
 * Data tools (MCP, the chat's function calling) clamp an open-ended range, as the reference
 * service's MCP tools do, to a trailing window shorter than 180 days: the longest such window,
 * 179 days counted inclusively. A caller who wants more sends both ends.
 */
export const OPEN_RANGE_MAX_DAYS = 179;

/** The range a tool call is answered over when it did not give both ends. */
export type ClampedRange = { startDate: UtcDay; endDate: UtcDay };

/**
 * The clamped range of a call with `startDate` and `endDate` as given (undefined when absent):
 * none given, the window ending `today`; only `startDate`, the window from it (ending today at
 * the latest); only `endDate`, the window ending on it. Undefined (nothing to clamp) when both
 * are given, or when a given end is not a `YYYY-MM-DD` day or starts after today: the route
 * answers those in its own words.
 */
export function clampOpenRange(
  given: { startDate?: unknown; endDate?: unknown },
  today: UtcDay,
): ClampedRange | undefined {
  const { startDate, endDate } = given;
  const span = OPEN_RANGE_MAX_DAYS - 1;
  if (startDate !== undefined && endDate !== undefined) return undefined;
  if (startDate === undefined && endDate === undefined)
    return { startDate: addDays(today, -span), endDate: today };
  if (startDate !== undefined) {
    if (typeof startDate !== "string" || !isUtcDay(startDate) || startDate > today)
      return undefined;
    return { startDate, endDate: minDay(addDays(startDate, span), today) };
  }
  if (typeof endDate !== "string" || !isUtcDay(endDate)) return undefined;
  return { startDate: addDays(endDate, -span), endDate };
}

/** What a clamped answer says about its range: which days, why, and how to ask for others. */
export function clampedRangeNotice(range: ClampedRange): string {
  return `The range was open-ended, so it was clamped to ${range.startDate} through ${range.endDate} (a trailing window of at most ${OPEN_RANGE_MAX_DAYS} days, shorter than 180 days as the reference service's tools clamp). Send both startDate and endDate for another range.`;
}
