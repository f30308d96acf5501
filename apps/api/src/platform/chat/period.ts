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

/**
 * The period a question names, or undefined: an explicit range, "since" a day, a calendar month
 * ("in October 2026", "2026-10"), or a count back from today ("last 3 months", "past week").
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
  const counted = /(?:last|past|previous)?\s*(\d{1,4})\s+(day|week|month|year)s?/.exec(lower);
  const single = /(?:last|past|this|previous)\s+(day|week|month|quarter|year)\b/.exec(lower);
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
