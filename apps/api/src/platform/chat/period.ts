import { addDays, subtractMonthsClamped, utcDayOf, type UtcDay } from "@tpi/domain";
import type { Period } from "../core/chat";

/** Default look-back of change and high/low questions that name no period. */
export const DEFAULT_PERIOD_DAYS = 30;

const UNIT_DAYS: Readonly<Record<string, number>> = { day: 1, week: 7 };

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
] as const;

/** Month names as written, full or abbreviated ("oct", "sept"); "may" and "march" only as months (see `monthPeriod`). */
const MONTH_PATTERN =
  /\b(january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b\.?(?:\s*,?\s*(\d{4})\b)?/g;
/** Words before a month that mark it as a time ("in may"), so that "may I..." is not read as May. */
const MONTH_PREPOSITION = /\b(?:in|during|for|of|over|through|throughout|across|until|since)\s+$/;

const pad = (n: number) => String(n).padStart(2, "0");

/** One calendar month in UTC days, ending today when it is the current month. */
function calendarMonth(year: number, month: number, today: UtcDay): Period {
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const startDate = `${year}-${pad(month)}-01`;
  const monthEnd = `${year}-${pad(month)}-${pad(lastDay)}`;
  const endDate = startDate <= today && today < monthEnd ? today : monthEnd;
  const name = MONTHS[month - 1] ?? "";
  return {
    startDate,
    endDate,
    label: `in ${name.charAt(0).toUpperCase()}${name.slice(1)} ${year}`,
  };
}

/**
 * A month the question names: "October 2026", "Oct 2026", "2026-10", or "in October" (the latest
 * October that has begun). A month name without a year counts only after a preposition.
 */
function monthPeriod(lower: string, today: UtcDay): Period | undefined {
  const numeric = /\b(\d{4})-(0[1-9]|1[0-2])\b(?!-\d)/.exec(lower);
  if (numeric?.[1] && numeric[2])
    return calendarMonth(Number(numeric[1]), Number(numeric[2]), today);
  for (const match of lower.matchAll(MONTH_PATTERN)) {
    const word = match[1] ?? "";
    const month = MONTHS.findIndex((name) => name.startsWith(word.slice(0, 3))) + 1;
    const year = match[2] ? Number(match[2]) : undefined;
    if (month === 0) continue;
    const before = lower.slice(0, match.index);
    if (year === undefined && !MONTH_PREPOSITION.test(before)) continue;
    const [thisYear, thisMonth] = today.split("-").map(Number) as [number, number];
    const inMonth = calendarMonth(
      year ?? (month <= thisMonth ? thisYear : thisYear - 1),
      month,
      today,
    );
    // "since June": from the month's first day through today.
    if (/\bsince\s+$/.test(before))
      return {
        startDate: inMonth.startDate,
        endDate: today,
        label: inMonth.label.replace(/^in /, "since "),
      };
    return inMonth;
  }
  return undefined;
}

/** The period a question names ("last 3 months", "past week", "since 2026-01-01", "from A to B"), else the default. */
export function findPeriod(text: string, now: Date): Period {
  return findNamedPeriod(text, now) ?? defaultPeriod(now);
}

/** The default look-back: the last `DEFAULT_PERIOD_DAYS` days through today. */
export function defaultPeriod(now: Date): Period {
  const today = utcDayOf(now);
  return {
    startDate: addDays(today, -DEFAULT_PERIOD_DAYS),
    endDate: today,
    label: `over the last ${DEFAULT_PERIOD_DAYS} days`,
  };
}

/** Days of the week as `getUTCDay` numbers them (Sunday 0). */
const WEEKDAYS = [
  "sunday",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
] as const;

const weekdayOf = (day: UtcDay): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** The latest day up to `today` that falls on `weekday` (`getUTCDay`'s number: Sunday 0). */
export function latestWeekday(today: UtcDay, weekday: number): UtcDay {
  return addDays(today, -((weekdayOf(today) - weekday + 7) % 7));
}

/** The Monday of the calendar week (Monday to Sunday, as ISO 8601 counts weeks) that holds `day`. */
function mondayOf(day: UtcDay): UtcDay {
  return addDays(day, -((weekdayOf(day) + 6) % 7));
}

/**
 * One day named by its weekday: "last Tuesday" is the latest Tuesday before today (a week ago on
 * a Tuesday), "on Tuesday" or "this Tuesday" the latest one up to today. Never a range.
 */
export function findWeekday(text: string, now: Date): { day: UtcDay; label: string } | undefined {
  const match = new RegExp(`\\b(last|past|previous|this|on)?\\s*(${WEEKDAYS.join("|")})\\b`).exec(
    text.toLowerCase(),
  );
  const name = match?.[2];
  if (match === null || name === undefined) return undefined;
  // A bare weekday counts only after a word that makes it a time ("on Tuesday", "last Tuesday").
  if (match[1] === undefined) return undefined;
  const today = utcDayOf(now);
  const latest = latestWeekday(today, WEEKDAYS.indexOf(name as (typeof WEEKDAYS)[number]));
  const strictlyBefore = match[1] === "last" || match[1] === "past" || match[1] === "previous";
  const day = latest === today && strictlyBefore ? addDays(today, -7) : latest;
  return { day, label: `on ${day}` };
}

/**
 * Calendar periods: "this week" (Monday to today), "this month" (the 1st to today), "this
 * quarter", "this year" (1 January to today); "last week" (the Monday-to-Sunday week before this
 * one), "last month", "last quarter" and "last year" (the whole calendar period before this one).
 * "The last week", "the past month" and "over the last year" count back from today instead
 * (`findNamedPeriod`).
 */
export function findCalendarPeriod(text: string, now: Date): Period | undefined {
  const match = /(?<!\bthe\s)\b(this|last|previous)\s+(week|month|quarter|year)\b/.exec(
    text.toLowerCase(),
  );
  const which = match?.[1];
  const unit = match?.[2];
  if (which === undefined || unit === undefined) return undefined;
  const today = utcDayOf(now);
  const [year, month] = today.split("-").map(Number) as [number, number];
  const current = which === "this";
  if (unit === "week") {
    const monday = mondayOf(today);
    const startDate = current ? monday : addDays(monday, -7);
    const endDate = current ? today : addDays(monday, -1);
    return { startDate, endDate, label: `${which} week (${startDate} to ${endDate})` };
  }
  if (unit === "month") {
    if (current)
      return {
        startDate: `${year}-${pad(month)}-01`,
        endDate: today,
        label: `this month (${year}-${pad(month)}-01 to ${today})`,
      };
    return calendarMonth(month === 1 ? year - 1 : year, month === 1 ? 12 : month - 1, today);
  }
  if (unit === "quarter") {
    const quarter = Math.floor((month - 1) / 3) + (current ? 1 : 0);
    const quarterYear = quarter === 0 ? year - 1 : year;
    const number = quarter === 0 ? 4 : quarter;
    const startDate = `${quarterYear}-${pad(number * 3 - 2)}-01`;
    const lastDay = new Date(Date.UTC(quarterYear, number * 3, 0)).getUTCDate();
    const endDate = current ? today : `${quarterYear}-${pad(number * 3)}-${pad(lastDay)}`;
    return {
      startDate,
      endDate,
      label: `in Q${number} ${quarterYear} (${startDate} to ${endDate})`,
    };
  }
  if (current)
    return {
      startDate: `${year}-01-01`,
      endDate: today,
      label: `this year (${year}-01-01 to ${today})`,
    };
  return { startDate: `${year - 1}-01-01`, endDate: `${year - 1}-12-31`, label: `in ${year - 1}` };
}

/**
 * The period a question names, or undefined: an explicit range, "since" a day, a calendar month
 * ("in October 2026", "2026-10"), a calendar period ("this month", "last week"), or a count back
 * from today ("last 3 months", "the past week").
 */
export function findNamedPeriod(text: string, now: Date): Period | undefined {
  const today = utcDayOf(now);
  const lower = text.toLowerCase();
  const between =
    /from\s+(\d{4}-\d{2}-\d{2})\s+(?:to|until|through|and)\s+(\d{4}-\d{2}-\d{2})/.exec(lower);
  if (between?.[1] && between[2])
    return {
      startDate: between[1],
      endDate: between[2],
      label: `from ${between[1]} to ${between[2]}`,
    };
  const since = /since\s+(\d{4}-\d{2}-\d{2})/.exec(lower);
  if (since?.[1]) return { startDate: since[1], endDate: today, label: `since ${since[1]}` };
  const month = monthPeriod(lower, today);
  if (month) return month;
  const calendar = findCalendarPeriod(lower, now);
  if (calendar) return calendar;
  // "3 days ago", "2 months ago" are one day (when.ts reads them), never the last 3 days.
  const counted =
    /(?:last|past|previous)?\s*(\d{1,4})\s+(day|week|month|year)s?\b(?!\s+ago\b)/.exec(lower);
  const single = /(?:last|past|previous)\s+(day|week|month|quarter|year)\b/.exec(lower);
  const amount = counted?.[1] ? Number(counted[1]) : single ? 1 : undefined;
  const unit = counted?.[2] ?? single?.[1];
  if (amount !== undefined && unit !== undefined && amount > 0) {
    const startDate =
      unit === "month" || unit === "quarter" || unit === "year"
        ? subtractMonthsClamped(
            today,
            amount * (unit === "month" ? 1 : unit === "quarter" ? 3 : 12),
          )
        : addDays(today, -amount * (UNIT_DAYS[unit] ?? 1));
    return {
      startDate,
      endDate: today,
      label: `over the last ${amount === 1 ? unit : `${amount} ${unit}s`}`,
    };
  }
  return undefined;
}
