import type { UtcDay } from "../shared/calendar";
import { trailingWindow, type DayWindow } from "../shared/free-window";

/** Keyless callers of the GPU daily series see the trailing 3 calendar months. */
export const GPU_FREE_WINDOW_MONTHS = 3;

/** The GPU index's free window: the trailing 3 months through today (UTC). */
export function gpuFreeWindow(now: Date): DayWindow {
  return trailingWindow(now, GPU_FREE_WINDOW_MONTHS);
}

/** First day keyless callers may see: today (UTC) minus 3 months, day-of-month clamped. */
export function gpuFreeWindowStart(now: Date): UtcDay {
  return gpuFreeWindow(now).startDate;
}
