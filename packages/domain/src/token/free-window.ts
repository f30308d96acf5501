import { trailingWindow, type DayWindow } from "../shared/free-window";

/** Keyless callers see the trailing calendar month of token index history. */
export const FREE_WINDOW_MONTHS = 1;

/** The token index's free window: the trailing month through today (UTC). */
export function freeWindow(now: Date): DayWindow {
  return trailingWindow(now, FREE_WINDOW_MONTHS);
}
