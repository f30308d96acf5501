import { subtractMonthsClamped, utcDayOf, type UtcDay } from "../shared/calendar";

/** Keyless callers see the trailing calendar month of token index history. */
export const FREE_WINDOW_MONTHS = 1;

export type DayWindow = { startDate: UtcDay; endDate: UtcDay };

/**
 * The free window, recomputed from the UTC clock on every request: from today minus one month
 * (day-of-month clamped to that month's length) through today, inclusive.
 */
export function freeWindow(now: Date): DayWindow {
  const today = utcDayOf(now);
  return { startDate: subtractMonthsClamped(today, FREE_WINDOW_MONTHS), endDate: today };
}
