/**
 * Display formatting, independent of the server's locale and time zone so that the HTML is the
 * same on every machine (and equal to what the e2e test derives from `/api/otpi`).
 */

const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** Index values are USD per million tokens; four decimals keep sub-dollar labs readable. */
export const USD_DECIMALS = 4;

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function fixed(value: number, decimals: number): string {
  const [whole = "0", fraction] = Math.abs(value).toFixed(decimals).split(".");
  return fraction === undefined ? groupThousands(whole) : `${groupThousands(whole)}.${fraction}`;
}

/** `3.5` → `$3.5000` (USD per million tokens). */
export function formatUsd(value: number, decimals: number = USD_DECIMALS): string {
  const sign = value < 0 ? "-" : "";
  return `${sign}$${fixed(value, decimals)}`;
}

export type Change = {
  absolute: number;
  percent: number | undefined;
  direction: "up" | "down" | "flat";
};

/** The change from `previous` to `current`; `undefined` when there is no earlier value to compare with. */
export function changeBetween(current: number, previous: number | undefined): Change | undefined {
  if (previous === undefined) return undefined;
  const absolute = current - previous;
  // A change smaller than the displayed precision reads as no change.
  const rounded = Number(absolute.toFixed(USD_DECIMALS));
  const direction = rounded > 0 ? "up" : rounded < 0 ? "down" : "flat";
  return { absolute, percent: previous === 0 ? undefined : (absolute / previous) * 100, direction };
}

/** `+1.23%` / `−0.50%` / `0.00%`; a real minus sign so that screen readers say "minus". */
export function formatPercent(percent: number | undefined): string {
  if (percent === undefined) return "n/a";
  const rounded = Number(percent.toFixed(2));
  if (rounded === 0) return "0.00%";
  return `${rounded > 0 ? "+" : "\u2212"}${Math.abs(rounded).toFixed(2)}%`;
}

/** `+$0.0123` / `−$0.0123` / `$0.0000`. */
export function formatSignedUsd(value: number): string {
  const rounded = Number(value.toFixed(USD_DECIMALS));
  if (rounded === 0) return formatUsd(0);
  return `${rounded > 0 ? "+" : "\u2212"}${formatUsd(Math.abs(rounded))}`;
}

/** A change as one short phrase, e.g. `+$0.0123 (+1.23%)`, or `no earlier value`. */
export function formatChange(change: Change | undefined): string {
  if (change === undefined) return "no earlier value";
  return `${formatSignedUsd(change.absolute)} (${formatPercent(change.percent)})`;
}

/** `2026-03-29` → `29 Mar 2026` (a UTC settlement day; no time zone conversion happens). */
export function formatUtcDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const month = MONTHS[Number(match[2]) - 1];
  if (month === undefined) return day;
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/** `2026-03-29` → `29 Mar` for chart axes, where the year is given elsewhere. */
export function formatShortUtcDay(day: string): string {
  const full = formatUtcDay(day);
  return full.split(" ").slice(0, 2).join(" ");
}

/** A token count with thousands separators, `1234567` → `1,234,567`. */
export function formatTokens(tokens: number): string {
  return `${tokens < 0 ? "-" : ""}${fixed(tokens, 0)}`;
}

/**
 * A count of things (pull requests, commits) with thousands separators, `1234` → `1,234`; a
 * value between whole numbers (an axis tick of a small count) keeps one decimal.
 */
export function formatCount(value: number): string {
  const sign = value < 0 ? "-" : "";
  return `${sign}${fixed(value, Number.isInteger(value) ? 0 : 1)}`;
}

/** `2026-11-23T02:00:00.000Z` → `2026-11-23 02:00:00Z`: an ISO 8601 UTC instant, easier to read. */
export function formatUtcInstant(instant: string): string {
  return instant.replace("T", " ").replace(/\.\d+Z$/, "Z");
}

/** A fraction as a percentage, `0.41237` → `41.24%`; `n/a` without one. */
export function formatFractionPercent(fraction: number | null, decimals = 2): string {
  return fraction === null ? "n/a" : `${(fraction * 100).toFixed(decimals)}%`;
}

/** A share (a fraction) as a percentage of the day's tokens, `0.41237` → `41.24%`; `n/a` without one. */
export function formatShare(share: number | null): string {
  return formatFractionPercent(share);
}

/** A growth index (100 on the base day) with one decimal, `137.456` → `137.5`; `n/a` without one. */
export function formatGrowthIndex(value: number | null): string {
  return value === null ? "n/a" : value.toFixed(1);
}

/** Index points (100 on a base day) with one decimal, `96.437` → `96.4`. */
export function formatPoints(value: number, decimals = 1): string {
  return `${value < 0 ? "-" : ""}${fixed(value, decimals)}`;
}
