import { addDays, startOfUtcDay, type UtcDay } from "../shared/calendar";
import { latestSettledDayAt, newYorkDayOf, settlementInstant } from "../shared/new-york-settlement";

/**
 * The Memory index settles once per NYSE trading day at 4 PM America/New_York (the instant rule
 * is the GPU index's, `settlementInstant`). A trading day is a Monday to Friday that is not an
 * NYSE holiday. The holidays follow the exchange's published rules:
 *
 * - New Year's Day (1 January; on a Sunday, Monday 2 January; on a Saturday, no holiday: the NYSE
 *   does not close on the Friday before, which is in the old year);
 * - Martin Luther King Jr. Day (third Monday of January); Washington's Birthday (third Monday of
 *   February); Good Friday (two days before Western Easter); Memorial Day (last Monday of May);
 * - Juneteenth (19 June, from 2022), Independence Day (4 July) and Christmas (25 December): on a
 *   Saturday, the Friday before; on a Sunday, the Monday after;
 * - Labor Day (first Monday of September); Thanksgiving (fourth Thursday of November).
 *
 * One-off closures (a national day of mourning, a storm) are not rules and are not modelled: a
 * day the exchange did not open simply has no observation, and so no settled row.
 */

/** The first year the NYSE closed for Juneteenth. */
const JUNETEENTH_FIRST_YEAR = 2022;

const dayText = (year: number, month: number, day: number): UtcDay =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** 0 = Sunday ... 6 = Saturday. */
function weekdayOf(day: UtcDay): number {
  return new Date(`${day}T00:00:00.000Z`).getUTCDay();
}

/** The `n`-th (1-based) `weekday` of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): UtcDay {
  const first = dayText(year, month, 1);
  const offset = (weekday - weekdayOf(first) + 7) % 7;
  return addDays(first, offset + 7 * (n - 1));
}

/** The last `weekday` of a month. */
function lastWeekday(year: number, month: number, weekday: number): UtcDay {
  const last = addDays(
    dayText(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1),
    -1,
  );
  return addDays(last, -((weekdayOf(last) - weekday + 7) % 7));
}

/** Western (Gregorian) Easter Sunday: the anonymous Gregorian algorithm. */
export function easterSunday(year: number): UtcDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dayText(year, month, day);
}

/** A fixed-date holiday moved off the weekend: Saturday to Friday, Sunday to Monday. */
function observed(day: UtcDay): UtcDay {
  const weekday = weekdayOf(day);
  if (weekday === 6) return addDays(day, -1);
  if (weekday === 0) return addDays(day, 1);
  return day;
}

/** The NYSE holidays of a year with their names, in date order. */
export function nyseHolidays(year: number): { day: UtcDay; name: string }[] {
  const holidays: { day: UtcDay; name: string }[] = [];
  const newYear = dayText(year, 1, 1);
  // On a Saturday the Friday before would be in the old year: the NYSE stays open then.
  if (weekdayOf(newYear) !== 6) holidays.push({ day: observed(newYear), name: "New Year's Day" });
  holidays.push({ day: nthWeekday(year, 1, 1, 3), name: "Martin Luther King Jr. Day" });
  holidays.push({ day: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" });
  holidays.push({ day: addDays(easterSunday(year), -2), name: "Good Friday" });
  holidays.push({ day: lastWeekday(year, 5, 1), name: "Memorial Day" });
  if (year >= JUNETEENTH_FIRST_YEAR)
    holidays.push({ day: observed(dayText(year, 6, 19)), name: "Juneteenth" });
  holidays.push({ day: observed(dayText(year, 7, 4)), name: "Independence Day" });
  holidays.push({ day: nthWeekday(year, 9, 1, 1), name: "Labor Day" });
  holidays.push({ day: nthWeekday(year, 11, 4, 4), name: "Thanksgiving Day" });
  holidays.push({ day: observed(dayText(year, 12, 25)), name: "Christmas Day" });
  return holidays;
}

const holidayCache = new Map<number, Map<UtcDay, string>>();

/** The NYSE holiday's name on `day`, or undefined when the day is not one. */
export function nyseHolidayOn(day: UtcDay): string | undefined {
  const year = Number(day.slice(0, 4));
  let holidays = holidayCache.get(year);
  if (holidays === undefined) {
    holidays = new Map(nyseHolidays(year).map((holiday) => [holiday.day, holiday.name]));
    holidayCache.set(year, holidays);
  }
  return holidays.get(day);
}

/** Monday to Friday and not an NYSE holiday. */
export function isTradingDay(day: UtcDay): boolean {
  const weekday = weekdayOf(day);
  return weekday !== 0 && weekday !== 6 && nyseHolidayOn(day) === undefined;
}

export function nextTradingDay(day: UtcDay): UtcDay {
  let next = addDays(day, 1);
  while (!isTradingDay(next)) next = addDays(next, 1);
  return next;
}

export function previousTradingDay(day: UtcDay): UtcDay {
  let previous = addDays(day, -1);
  while (!isTradingDay(previous)) previous = addDays(previous, -1);
  return previous;
}

/** The settlement instant of a trading day: 4 PM New York (20:00 UTC in EDT, 21:00 UTC in EST). */
export function memorySettlementInstant(day: UtcDay): Date {
  return settlementInstant(day);
}

/**
 * A trading day as the memory routes' `date`: 00:00 UTC of its New York date, as an ISO instant
 * (`2026-01-01T00:00:00.000Z`), the form the reference service answers with. It names the day,
 * not the settlement: that is `memorySettlementInstant` (the history rows' `timestamp`).
 */
export function memoryDateInstant(day: UtcDay): string {
  return startOfUtcDay(day).toISOString();
}

/**
 * The trading day whose session holds `instant`: the day D with the previous trading day's
 * settlement < instant <= D's settlement. An observation at exactly 4 PM belongs to that day; one
 * after it, or on a weekend or holiday, to the next trading day.
 */
export function sessionDayOf(instant: Date): UtcDay {
  const day = newYorkDayOf(instant);
  if (isTradingDay(day) && instant.getTime() <= settlementInstant(day).getTime()) return day;
  return nextTradingDay(day);
}

/** The latest trading day whose settlement instant is at or before `now`. */
export function latestSettledTradingDayAt(now: Date): UtcDay {
  let day = latestSettledDayAt(now);
  while (!isTradingDay(day)) day = addDays(day, -1);
  return day;
}

/** The next settlement instant after `now`. */
export function nextMemorySettlementInstant(now: Date): Date {
  return settlementInstant(nextTradingDay(latestSettledTradingDayAt(now)));
}

/** The last `count` trading days through `lastDay` (inclusive), oldest first. */
export function tradingDaysThrough(lastDay: UtcDay, count: number): UtcDay[] {
  const days: UtcDay[] = [];
  let day = isTradingDay(lastDay) ? lastDay : previousTradingDay(lastDay);
  while (days.length < count) {
    days.push(day);
    day = previousTradingDay(day);
  }
  return days.reverse();
}
