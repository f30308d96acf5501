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
