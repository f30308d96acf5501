import type { UtcDay } from "../shared/calendar";
import {
  SETTLEMENT_LOCAL_HOUR,
  SETTLEMENT_TIME_ZONE,
  settlementInstant,
} from "./settlement-calendar";

/**
 * The GPU compute price index methodology: the winsorizing bounds of the hourly print and the
 * text that describes the method. The math lives in `index-math.ts`, the settlement instant in
 * `settlement-calendar.ts`.
 */

/** Default winsorizing bounds, as fractions: prices below the 5th and above the 95th percentile are clamped. */
export const DEFAULT_WINSOR_LOWER = 0.05;
export const DEFAULT_WINSOR_UPPER = 0.95;

export type WinsorBounds = { lower: number; upper: number };
export const DEFAULT_WINSOR_BOUNDS: WinsorBounds = {
  lower: DEFAULT_WINSOR_LOWER,
  upper: DEFAULT_WINSOR_UPPER,
};

/** The unit of every GPU index value. */
export const GPU_INDEX_UNIT = "USD per GPU-hour";

/**
 * The method in one paragraph, for answers that quote it (the chat), with the bounds in force. The
 * settlement hours come from the settlement rule: a July and a January day give the UTC hour under
 * daylight saving time and outside it.
 */
export function describeGpuMethodology(winsor: WinsorBounds): string {
  const localHour = `${SETTLEMENT_LOCAL_HOUR % 12 || 12} ${SETTLEMENT_LOCAL_HOUR < 12 ? "AM" : "PM"}`;
  const utcHour = (day: UtcDay) => `${settlementInstant(day).getUTCHours()}:00`;
  return `GPU compute price index: executed rental trades in ${GPU_INDEX_UNIT}. Every hour on the hour it prints the volume-weighted mean (weights: GPU-hours) of the trailing hour's trades after winsorizing prices at the ${winsor.lower * 100}th and ${winsor.upper * 100}th percentiles; an hour without trades carries the previous print forward, marked as carried. The daily value is the mean of the day's hourly prints, settled at ${localHour} ${SETTLEMENT_TIME_ZONE} and stamped with that instant in UTC (${utcHour("2026-07-01")} in summer, ${utcHour("2026-01-01")} in winter).`;
}
