import { subtractMonthsClamped, utcDayOf, type UtcDay } from "./calendar";

/** A range of UTC days, both ends included. */
export type DayWindow = { startDate: UtcDay; endDate: UtcDay };

/**
 * What a keyless caller sees of an index: from today minus `months` calendar months (day of month
 * clamped to that month's length) through today, by the UTC clock, recomputed on every request.
 */
export function trailingWindow(now: Date, months: number): DayWindow {
  const today = utcDayOf(now);
  return { startDate: subtractMonthsClamped(today, months), endDate: today };
}
