import { subtractMonthsClamped, utcDayOf, type UtcDay } from "../shared/calendar";

/** Keyless callers of the GPU daily series see the trailing 3 calendar months. */
export const GPU_FREE_WINDOW_MONTHS = 3;

/** First day keyless callers may see: today (UTC) minus 3 months, day-of-month clamped. */
export function gpuFreeWindowStart(now: Date): UtcDay {
  return subtractMonthsClamped(utcDayOf(now), GPU_FREE_WINDOW_MONTHS);
}
