import { addDays, subtractMonthsClamped, utcDayOf, type UtcDay } from "@tpi/domain";

/** UTC days from `startDate` through `endDate`; `label` says it the way answers do ("over the last 3 months"). */
export type Period = { startDate: UtcDay; endDate: UtcDay; label: string };

/** Default look-back of change and high/low questions that name no period. */
export const DEFAULT_PERIOD_DAYS = 30;

const UNIT_DAYS: Readonly<Record<string, number>> = { day: 1, week: 7 };

/** The period a question names ("last 3 months", "past week", "since 2026-01-01", "from A to B"), else the default. */
export function findPeriod(text: string, now: Date): Period {
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
  return {
    startDate: addDays(today, -DEFAULT_PERIOD_DAYS),
    endDate: today,
    label: `over the last ${DEFAULT_PERIOD_DAYS} days`,
  };
}
