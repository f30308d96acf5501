import { freeWindow, gpuFreeWindowStart, utcDayOf, type DayWindow } from "@tpi/domain";

/**
 * The free windows a keyless caller sees on the api's clock, one per index (UTC days,
 * inclusive). The website asks for them rather than reading a second clock, so its pages and the
 * REST routes cannot disagree about where "today" is.
 */
export type FreeWindows = { token: DayWindow; gpu: DayWindow };

export function freeWindows(now: Date): FreeWindows {
  return {
    token: freeWindow(now),
    // The keyless default range of the GPU history routes: the window start through today.
    gpu: { startDate: gpuFreeWindowStart(now), endDate: utcDayOf(now) },
  };
}
