import { addDays, startOfUtcDay, utcDayOf } from "./calendar";

/**
 * Seconds an answer stays current when the value due by now has not been published yet: the
 * publishing jobs check every minute, so the new value can appear at any moment.
 */
export const DUE_VALUE_RECHECK_SECONDS = 60;

/** 00:00 UTC of the next day: where the free windows move. */
export function nextUtcMidnight(now: Date): Date {
  return startOfUtcDay(addDays(utcDayOf(now), 1));
}

/**
 * Until when an answer computed from published values at `now` is certainly current: the next
 * instant a new value can appear (`nextPublication`), never past the next UTC midnight (the free
 * windows move then), and only a short recheck while the value due by now (`duePublished` false)
 * is late. Caches (Cache-Control) and the api's own copies of answers last exactly this long.
 */
export function answerFreshUntil(now: Date, nextPublication: Date, duePublished: boolean): Date {
  if (!duePublished) return new Date(now.getTime() + DUE_VALUE_RECHECK_SECONDS * 1000);
  return new Date(Math.min(nextPublication.getTime(), nextUtcMidnight(now).getTime()));
}
