import { startOfUtcDay, utcDayOf, type UtcDay } from "@tpi/domain";

/** PostgreSQL `date` columns travel as JS Dates at 00:00 UTC. */
export const dayToDate = (day: UtcDay): Date => startOfUtcDay(day);
export const dateToDay = (date: Date): UtcDay => utcDayOf(date);
