import type { UtcDay } from "../shared/calendar";
import { err, ok, type Result } from "../shared/result";
import type {
  CodingAgent,
  CodingMetric,
  LlmCodingProduct,
  LlmCodingProductId,
  SeriesSpec,
} from "./catalog";
import type { CountStatus, StoredCount } from "./maturation";

/**
 * Product values from stored counts. A product's value is a pure function of the day's counts,
 * so a revision of a count is a revision of every product built on it, and a product-day is
 * settled only when every count it uses is.
 */

/** Why a series has no value on a day. Never published as 0. */
export const SERIES_GAP_MESSAGES = {
  no_count: "No successful count for the day yet",
  no_pull_requests: "No pull requests were opened that day: a merge rate of nothing has no value",
  merged_exceeds_opened:
    "More merged than opened pull requests (the two searches disagree): no merge rate until they agree",
} as const;
export type SeriesGap = keyof typeof SERIES_GAP_MESSAGES;

/**
 * The merge rate of a day's pull requests, in percent: 100 * merged / opened, where opened counts
 * the pull requests created that UTC day and merged those of them merged by the time of the search
 * (both searched with the same `created:` day). Unrounded. A day with 0 pull requests has no merge
 * rate (never 0%), and merged > opened is refused rather than published above 100%.
 * Example: 37 merged of 50 opened = 74%.
 */
export function mergeRatePercent(
  opened: number,
  merged: number,
): Result<number, "no_pull_requests" | "merged_exceeds_opened"> {
  if (opened === 0) return err("no_pull_requests");
  if (merged > opened) return err("merged_exceeds_opened");
  return ok((100 * merged) / opened);
}

/** The stored counts of one day, looked up by agent and metric (undefined: no successful count). */
export type DayCountLookup = (agent: CodingAgent, metric: CodingMetric) => StoredCount | undefined;

export type SeriesDayValue =
  | { value: number; status: CountStatus }
  | { value: null; gap: SeriesGap; status: CountStatus | null };

const combine = (a: CountStatus, b: CountStatus): CountStatus =>
  a === "settled" && b === "settled" ? "settled" : "provisional";

/** One series' value on a day, with the status of the counts it used. */
export function seriesDayValue(series: SeriesSpec, lookup: DayCountLookup): SeriesDayValue {
  if (series.measure === "count") {
    const stored = lookup(series.agent, series.metric);
    return stored === undefined
      ? { value: null, gap: "no_count", status: null }
      : { value: stored.count, status: stored.status };
  }
  const opened = lookup(series.agent, "opened");
  const merged = lookup(series.agent, "merged");
  if (opened === undefined || merged === undefined)
    return { value: null, gap: "no_count", status: null };
  const status = combine(opened.status, merged.status);
  const rate = mergeRatePercent(opened.count, merged.count);
  return rate.ok ? { value: rate.value, status } : { value: null, gap: rate.error, status };
}

/**
 * A product's row for a day, as history serves it: `value` (and `value2` for a comparison
 * product, in `seriesLabels` order), and `status` settled only when every series is settled.
 * Null when no series has a value that day (the row is left out, not published as 0). In a
 * comparison row one series may be null while the other has a value.
 */
export type ProductDayRow = {
  product: LlmCodingProductId;
  date: UtcDay;
  value: number | null;
  value2: number | null;
  status: CountStatus;
};

export function productDayRow(
  product: LlmCodingProduct,
  date: UtcDay,
  lookup: DayCountLookup,
): ProductDayRow | null {
  const values = (product.series as readonly SeriesSpec[]).map((s) => seriesDayValue(s, lookup));
  if (values.every((v) => v.value === null)) return null;
  const status = values.some((v) => v.status !== "settled") ? "provisional" : "settled";
  return {
    product: product.id,
    date,
    value: values[0]?.value ?? null,
    value2: values[1]?.value ?? null,
    status,
  };
}

/**
 * `changePct` of the index answer: the change from the prior day's value in percent, null when
 * there is no prior value or it is 0. Example: 1,000 after 800 is +25%.
 */
export function priorDayChangePercent(
  current: number,
  prior: number | null | undefined,
): number | null {
  if (prior === null || prior === undefined || prior === 0) return null;
  return ((current - prior) / prior) * 100;
}
