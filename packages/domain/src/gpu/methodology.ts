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

/** One part of the GPU method, as the website's GPU methodology page shows it under `heading` (anchor `id`). */
export type GpuMethodologySection = { id: string; heading: string; text: string };

/** A GPU methodology version with the UTC day from which prints and daily values use it. */
export type GpuMethodologyVersion = { version: string; effectiveFrom: UtcDay; summary: string };

/**
 * Every GPU methodology version, oldest first. The GPU index has had one method since it was
 * first published in this service; a change of bounds or basis adds a version here.
 */
export const GPU_METHODOLOGY_HISTORY: readonly GpuMethodologyVersion[] = [
  {
    version: "1.0",
    effectiveFrom: "2026-11-23",
    summary:
      "Hourly volume-weighted, winsorized mean of executed rental trades over the trailing hour; daily value the mean of the hourly prints, settled at 4 PM America/New_York every day; hours without trades carried forward.",
  },
];

/** The GPU methodology in force: the last entry of its history. */
export const GPU_METHODOLOGY_VERSION: string = GPU_METHODOLOGY_HISTORY.at(-1)?.version ?? "1.0";

/** The UTC hour (0-23) at which `day` settles: 20 under daylight saving time in New York, 21 outside it. */
function settlementUtcHour(day: UtcDay): number {
  return settlementInstant(day).getUTCHours();
}

/**
 * The method section by section, with the bounds in force: what the website's GPU methodology
 * page renders and, joined, the chat's paragraph. The settlement hours come from the settlement
 * rule: a July and a January day give the UTC hour under daylight saving time and outside it.
 */
export function gpuMethodologySections(winsor: WinsorBounds): GpuMethodologySection[] {
  const localHour = `${SETTLEMENT_LOCAL_HOUR % 12 || 12} ${SETTLEMENT_LOCAL_HOUR < 12 ? "AM" : "PM"}`;
  const summer = settlementUtcHour("2026-07-01");
  const winter = settlementUtcHour("2026-01-01");
  return [
    {
      id: "trade-basis",
      heading: "Trade basis",
      text: `GPU compute price index: executed rental trades (not list prices), in ${GPU_INDEX_UNIT}.`,
    },
    {
      id: "hourly-prints",
      heading: "Hourly prints",
      text: "Every hour on the hour it prints the volume-weighted mean (weights: GPU-hours) of the trades executed in the trailing hour (the print at 14:00 UTC covers 13:00 up to, not including, 14:00).",
    },
    {
      id: "winsorizing",
      heading: "Winsorizing",
      text: `Before the mean, prices are winsorized at the ${winsor.lower * 100}th and ${winsor.upper * 100}th percentiles of the hour's trade prices (each trade one observation, linear interpolation between ranks): a price below or above those bounds counts at the bound.`,
    },
    {
      id: "carried-forward",
      heading: "Carried-forward values",
      text: "An hour without trades carries the previous print forward, marked as carried.",
    },
    {
      id: "daily-settlement",
      heading: "Daily settlement",
      text: `The daily value is the mean of the day's hourly prints (carried prints included), settled at ${localHour} ${SETTLEMENT_TIME_ZONE} every day of the week and stamped with that instant in UTC (${summer}:00 in summer, ${winter}:00 in winter).`,
    },
  ];
}

/** The method in one paragraph, for answers that quote it (the chat): the sections joined. */
export function describeGpuMethodology(winsor: WinsorBounds): string {
  return gpuMethodologySections(winsor)
    .map((section) => section.text)
    .join(" ");
}
