import {
  addDays,
  FREE_WINDOW_MONTHS,
  isLabId,
  LAB_CATALOG,
  type LabId,
  type UtcDay,
} from "@tpi/domain";
import { heldRangeOfMonths, type ChartRange } from "../../lib/chart-state";
import { changeBetween, type Change } from "../../lib/format";

/** What the token pages hold for a visitor: the token index's free window. */
export const TOKEN_HELD_RANGE: ChartRange = heldRangeOfMonths(FREE_WINDOW_MONTHS);

/** Horizons of a lab page's change strip, in UTC days before the latest settled day shown. */
export const CHANGE_HORIZON_DAYS = [1, 7, 30, 90] as const;

export type HorizonChange = {
  days: (typeof CHANGE_HORIZON_DAYS)[number];
  /** The UTC day compared with (latest day − `days`). */
  from: UtcDay;
  /** `undefined` when that day has no value (suppressed or not published): no older day stands in. */
  change: Change | undefined;
};

export type DayValue = { date: UtcDay; value: number };

export type WindowSummary = {
  /** The latest settled day shown: the end date the lead, table and CSV name. */
  endDate: UtcDay;
  /** The oldest day shown. */
  startDate: UtcDay;
  latest: DayValue;
  /** One per horizon the visible rows reach back to (latest − days ≥ oldest row). */
  changes: HorizonChange[];
  /** The lowest and highest value shown, with the latest day each occurred on. */
  min: DayValue;
  max: DayValue;
  /** Arithmetic mean of the values shown, USD per million tokens. */
  mean: number;
  days: number;
};

/**
 * The change strip of a lab page, computed from exactly the rows the page's table shows (one lab),
 * so that every figure can be checked against that table. `undefined` without rows.
 */
export function summarizeWindow(
  rows: readonly { date: UtcDay; indexPerMtok: number }[],
): WindowSummary | undefined {
  if (rows.length === 0) return undefined;
  const points = rows
    .map((row) => ({ date: row.date, value: row.indexPerMtok }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const oldest = points[0] as DayValue;
  const latest = points[points.length - 1] as DayValue;
  const byDate = new Map(points.map((point) => [point.date, point.value]));
  const changes: HorizonChange[] = [];
  for (const days of CHANGE_HORIZON_DAYS) {
    const from = addDays(latest.date, -days);
    if (from < oldest.date) continue;
    changes.push({ days, from, change: changeBetween(latest.value, byDate.get(from)) });
  }
  let min = oldest;
  let max = oldest;
  let total = 0;
  for (const point of points) {
    // Ties go to the later day: the most recent time the extreme was reached.
    if (point.value <= min.value) min = point;
    if (point.value >= max.value) max = point;
    total += point.value;
  }
  return {
    endDate: latest.date,
    startDate: oldest.date,
    latest,
    changes,
    min,
    max,
    mean: total / points.length,
    days: points.length,
  };
}

/**
 * Other spellings of lab identifiers that readers type or link (`/labs/mistral`): each maps to the
 * catalog identifier. Case is ignored before this lookup, so only lower-case spellings appear.
 */
export const LAB_ALIASES: Readonly<Record<string, LabId>> = {
  claude: "anthropic",
  chatgpt: "openai",
  gemini: "google",
  mistral: "mistralai",
  moonshot: "moonshotai",
  kimi: "moonshotai",
  zai: "z-ai",
  "z.ai": "z-ai",
  zhipu: "z-ai",
  meta: "meta-llama",
  llama: "meta-llama",
  alibaba: "qwen",
};

/**
 * The catalog identifier a lab path segment means when it is not one itself: a different case
 * (`Anthropic`), a label (`Mistral AI`) or an alias. `undefined` for an exact identifier (nothing
 * to redirect) and for names that are no lab (a 404).
 */
export function canonicalLabOf(segment: string): LabId | undefined {
  if (isLabId(segment)) return undefined;
  const folded = segment.trim().toLowerCase();
  if (isLabId(folded)) return folded;
  const byLabel = LAB_CATALOG.find((entry) => entry.label.toLowerCase() === folded);
  if (byLabel !== undefined) return byLabel.lab;
  return Object.hasOwn(LAB_ALIASES, folded) ? LAB_ALIASES[folded] : undefined;
}

/**
 * The range a lab page and its CSV name: from the free window's first day through the last
 * settled day shown (not today, which has not settled). Falls back to the window's end only when
 * nothing is shown, so the lead, the table caption and the CSV file name always agree.
 */
export function shownRange(window: {
  startDate: UtcDay;
  endDate: UtcDay;
  rows: readonly { date: UtcDay }[];
}): { startDate: UtcDay; endDate: UtcDay } {
  let endDate: UtcDay | undefined;
  for (const row of window.rows)
    if (endDate === undefined || row.date > endDate) endDate = row.date;
  return { startDate: window.startDate, endDate: endDate ?? window.endDate };
}

/**
 * Each constituent's share of the tokens of every model observed for the lab that day (excluded
 * ones included), as a fraction; `null` when the day observed no tokens.
 */
export function tokenShares(rows: readonly { totalTokens: number }[]): (number | null)[] {
  const total = rows.reduce((sum, row) => sum + row.totalTokens, 0);
  return rows.map((row) => (total > 0 ? row.totalTokens / total : null));
}

/**
 * The canonical path for a lab path written with another spelling of the lab
 * (`/labs/Anthropic/history.csv` → `/labs/anthropic/history.csv`); `undefined` when the path is
 * already canonical (so a redirect never loops) or names no lab (left to the 404).
 */
export function canonicalLabPath(pathname: string): string | undefined {
  const match = /^\/labs\/([^/]+)(\/.*)?$/.exec(pathname);
  if (match === null) return undefined;
  const [, segment = "", rest = ""] = match;
  let name = segment;
  try {
    name = decodeURIComponent(segment);
  } catch {
    // A malformed escape is no lab name: compare it as written.
  }
  const lab = canonicalLabOf(name);
  return lab === undefined ? undefined : `/labs/${lab}${rest}`;
}
