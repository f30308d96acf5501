import { startOfUtcDay, utcDayOf, type UtcDay } from "@tpi/domain";

/** PostgreSQL `date` columns travel as JS Dates at 00:00 UTC. */
export const dayToDate = (day: UtcDay): Date => startOfUtcDay(day);
export const dateToDay = (date: Date): UtcDay => utcDayOf(date);

/** Token volumes are bigint in the database; below 2^53 they are exact as numbers. */
export function bigintToNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER))
    throw new RangeError(`Token volume ${value} exceeds 2^53`);
  return Number(value);
}
