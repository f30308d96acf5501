import { addDays, startOfUtcDay, utcDayOf, type UtcDay } from "../shared/calendar";

/** A UTC day settles this many hours after it ends, unless configured otherwise. */
export const DEFAULT_SETTLEMENT_LAG_HOURS = 36;

const MS_PER_HOUR = 3_600_000;

/** The instant from which `day` may be settled: the end of the day plus the lag. */
export function settleableFrom(day: UtcDay, lagHours: number): Date {
  return new Date(startOfUtcDay(addDays(day, 1)).getTime() + lagHours * MS_PER_HOUR);
}

export function isSettleable(day: UtcDay, now: Date, lagHours: number): boolean {
  return now.getTime() >= settleableFrom(day, lagHours).getTime();
}

/**
 * The latest day whose settlement time has passed. Day D is settleable when
 * now - lag >= start of D+1, i.e. D <= utcDay(now - lag) - 1.
 */
export function latestSettleableDay(now: Date, lagHours: number): UtcDay {
  return addDays(utcDayOf(new Date(now.getTime() - lagHours * MS_PER_HOUR)), -1);
}

/** The next instant a day becomes settleable after `now` (a new index value can appear then). */
export function nextSettleableInstant(now: Date, lagHours: number): Date {
  return settleableFrom(addDays(latestSettleableDay(now, lagHours), 1), lagHours);
}
