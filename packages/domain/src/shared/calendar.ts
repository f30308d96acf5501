/**
 * UTC calendar days as `YYYY-MM-DD` strings. Strings compare chronologically with `<`, which
 * keeps day arithmetic explicit and free of time-zone surprises.
 */
export type UtcDay = string;

const MS_PER_DAY = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a strict `YYYY-MM-DD` that names a real calendar day; anything else is `undefined`. */
export function parseUtcDay(value: string): UtcDay | undefined {
  const match = DAY_PATTERN.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month))
    return undefined;
  return value;
}

/**
 * The days `parseUtcDay` accepts, as one regular expression (0001-9999, the proleptic Gregorian
 * calendar: 30- and 31-day months, February 29 in leap years only), for documents that describe
 * a day parameter (the OpenAPI `pattern`). Without anchors, to be composed; a test holds it to
 * the parser.
 */
export const UTC_DAY_PATTERN_SOURCE = [
  String.raw`(?:(?:\d{3}[1-9]|\d{2}[1-9]\d|\d[1-9]\d{2}|[1-9]\d{3})-`,
  String.raw`(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))`,
  String.raw`|(?:\d{2}(?:0[48]|[2468][048]|[13579][26])|(?:0[48]|[2468][048]|[13579][26])00)-02-29)`,
].join("");

/** `UTC_DAY_PATTERN_SOURCE`, anchored: a string matches exactly when `parseUtcDay` accepts it. */
export const UTC_DAY_PATTERN = new RegExp(`^${UTC_DAY_PATTERN_SOURCE}$`);

export function isUtcDay(value: string): value is UtcDay {
  return parseUtcDay(value) !== undefined;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The UTC day an instant falls in. */
export function utcDayOf(instant: Date): UtcDay {
  return instant.toISOString().slice(0, 10);
}

/** 00:00:00.000 UTC of the day. */
export function startOfUtcDay(day: UtcDay): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function addDays(day: UtcDay, days: number): UtcDay {
  return utcDayOf(new Date(startOfUtcDay(day).getTime() + days * MS_PER_DAY));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: UtcDay, to: UtcDay): number {
  return Math.round((startOfUtcDay(to).getTime() - startOfUtcDay(from).getTime()) / MS_PER_DAY);
}

/**
 * The same day-of-month `months` earlier, clamped to the target month's length
 * (2026-03-31 minus one month is 2026-02-28).
 */
export function subtractMonthsClamped(day: UtcDay, months: number): UtcDay {
  const [year, month, dayOfMonth] = day.split("-").map(Number) as [number, number, number];
  const monthIndex = year * 12 + (month - 1) - months;
  const targetYear = Math.floor(monthIndex / 12);
  const targetMonth = (monthIndex % 12) + 1;
  const targetDay = Math.min(dayOfMonth, daysInMonth(targetYear, targetMonth));
  return `${String(targetYear).padStart(4, "0")}-${String(targetMonth).padStart(2, "0")}-${String(targetDay).padStart(2, "0")}`;
}

/** Every day from `start` through `end`, inclusive; empty when `start` is after `end`. */
export function eachUtcDay(start: UtcDay, end: UtcDay): UtcDay[] {
  const days: UtcDay[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

export function minDay(a: UtcDay, b: UtcDay): UtcDay {
  return a <= b ? a : b;
}

export function maxDay(a: UtcDay, b: UtcDay): UtcDay {
  return a >= b ? a : b;
}
