import {
  GPU_REGION,
  HISTORY_DEFAULT_DAYS,
  HOURLY_DEFAULT_HOURS,
  MS_PER_HOUR,
  ROLLING_WINDOW_HOURS,
  checkHourlySpan,
  err,
  gpuPlanAccessOf,
  noData,
  ok,
  rangeDays,
  resolveInstantRange,
  rollingAverage,
  servedGrain,
  type AccountPlan,
  type DomainError,
  type GpuGranularityChoice,
  type GpuGrain,
  type GpuName,
  type HourlyPrint,
  type InstantRange,
  type RangeBounds,
  type Result,
  type RollingHistoryQuery,
  type SeriesQuery,
} from "@tpi/domain";
import type {
  GpuHistoryRangeResponse,
  GpuHistorySimpleResponse,
  GpuHourlyResponse,
  GpuRollingAverageResponse,
  GpuRollingHistoryResponse,
} from "../schemas/prices";
import type { GpuPublishedIndex } from "../read-model/published-index";
import type { DataSources } from "../../../platform/provenance/data-sources";
import type { ServedDailyValue } from "./prices";
import { answerProvenanceFields, valueProvenance } from "./provenance";

/**
 * The ranged GPU series (key required): history-simple, history-range, the hourly prints and the
 * rolling 24 h average. Ranges default around the GPU's latest print, never the clock, so that
 * each answer is a function of the published values alone (see http/settled.ts). Values are USD
 * per GPU-hour. The plan rules (which grain, who may read hourly) are the domain's (gpu/grain.ts).
 */

const MS_PER_DAY = 24 * MS_PER_HOUR;

type SeriesRow = {
  at: Date;
  indexValue: number;
  carried: boolean;
  sources: readonly string[];
  provenance: ReturnType<typeof valueProvenance>;
};

const noPrints = (gpu: GpuName) => err(noData(`No hourly index data found for ${gpu}`));
const noneInRange = (gpu: GpuName, range: InstantRange) =>
  err(
    noData(
      `No index data found for ${gpu} between ${range.start.toISOString()} and ${range.end.toISOString()}`,
    ),
  );

/** The range asked for, its defaults anchored at the GPU's latest print (404 when the GPU has none). */
function rangeAround(
  gpu: GpuName,
  bounds: RangeBounds,
  defaultSpanMs: number,
  index: { latestPrint(gpu: GpuName): { hour: Date } | undefined },
): Result<InstantRange, DomainError> {
  const latest = index.latestPrint(gpu);
  if (!latest) return noPrints(gpu);
  return resolveInstantRange(bounds, latest.hour, defaultSpanMs);
}

/** Rows of one grain within the range, oldest first. */
function seriesRows(
  gpu: GpuName,
  grain: GpuGrain,
  range: InstantRange,
  index: GpuSeriesRows,
): SeriesRow[] {
  return grain === "hourly"
    ? index.printsWithin(gpu, range).map((p) => ({
        at: p.hour,
        indexValue: p.indexValue,
        carried: p.carried,
        sources: p.sources,
        provenance: valueProvenance(p),
      }))
    : index.dailyWithin(gpu, range).map((v) => ({
        at: v.settledAt,
        indexValue: v.indexValue,
        carried: false,
        sources: v.sources,
        provenance: valueProvenance(v),
      }));
}

const rangeFields = (range: InstantRange) => ({
  startDate: range.start.toISOString(),
  endDate: range.end.toISOString(),
});

/**
 * The range history-simple and history-range serve (its defaults anchored at the GPU's latest
 * print, 404 when it has none) and the grain served over it: what their answers read, and what a
 * release's read of them covers.
 */
export function seriesWindow(
  gpu: GpuName,
  bounds: RangeBounds,
  granularity: GpuGranularityChoice,
  plan: AccountPlan | undefined,
  index: { latestPrint(gpu: GpuName): { hour: Date } | undefined },
): Result<{ range: InstantRange; granularity: GpuGrain }, DomainError> {
  const range = rangeAround(gpu, bounds, HISTORY_DEFAULT_DAYS * MS_PER_DAY, index);
  if (!range.ok) return range;
  return ok({
    range: range.value,
    granularity: servedGrain(granularity, rangeDays(range.value), plan),
  });
}

/** The latest `limit` rows of the range, most recent first, in the grain the plan may read. */
export function answerHistorySimple(
  gpu: GpuName,
  query: SeriesQuery,
  plan: AccountPlan | undefined,
  index: GpuSeriesRows,
): Result<GpuHistorySimpleResponse, DomainError> {
  const window = seriesWindow(gpu, query.bounds, query.granularity, plan, index);
  if (!window.ok) return window;
  const { range, granularity } = window.value;
  const rows = seriesRows(gpu, granularity, range, index);
  if (rows.length === 0) return noneInRange(gpu, range);
  const served = rows.slice(-query.limit).reverse();
  const data = served.map((row) => ({
    timestamp: row.at.toISOString(),
    index_value: row.indexValue,
    ...row.provenance,
  }));
  return ok({
    success: true,
    gpu_type: gpu,
    access: gpuPlanAccessOf(plan),
    granularity,
    ...rangeFields(range),
    limit: query.limit,
    count: data.length,
    has_more: rows.length > query.limit,
    data,
    ...answerProvenanceFields(served, index.dataSources),
  });
}

/**
 * The first `limit` rows of the range, oldest first, each with its grain: hourly prints for Full
 * keys over ranges up to AUTO_HOURLY_MAX_DAYS days, daily values otherwise (the `auto` rule).
 */
export function answerHistoryRange(
  gpu: GpuName,
  query: SeriesQuery,
  plan: AccountPlan | undefined,
  index: GpuSeriesRows,
): Result<GpuHistoryRangeResponse, DomainError> {
  const window = seriesWindow(gpu, query.bounds, "auto", plan, index);
  if (!window.ok) return window;
  const { range, granularity } = window.value;
  const rows = seriesRows(gpu, granularity, range, index);
  if (rows.length === 0) return noneInRange(gpu, range);
  const served = rows.slice(0, query.limit);
  const data = served.map((row) => ({
    timestamp: row.at.toISOString(),
    index_value: row.indexValue,
    granularity,
    is_carried: row.carried,
    ...row.provenance,
  }));
  return ok({
    success: true,
    gpu_type: gpu,
    access: gpuPlanAccessOf(plan),
    ...rangeFields(range),
    limit: query.limit,
    count: data.length,
    has_more: rows.length > query.limit,
    data,
    ...answerProvenanceFields(served, index.dataSources),
  });
}

/** A print as the hourly answer reads it: its hour, value and provenance. */
export type ServedPrint = Pick<
  HourlyPrint,
  "hour" | "indexValue" | "carried" | "basis" | "sources" | "providerCount" | "offerCount"
> & { backfilled: boolean };

/** What the hourly answer reads: the published set, or the prints a release holds. */
export type GpuHourlyRows = {
  latestPrint(gpu: GpuName): ServedPrint | undefined;
  printsWithin(gpu: GpuName, range: InstantRange): readonly ServedPrint[];
  readonly dataSources: DataSources;
};

/**
 * What history-simple, history-range and the rolling-average history read: the published set, or
 * the prints and daily values a release holds over the span the answer reads.
 */
export type GpuSeriesRows = GpuHourlyRows & {
  dailyWithin(gpu: GpuName, range: InstantRange): readonly ServedDailyValue[];
};

/**
 * The prints the rolling-average history reads over a range: the window of its first instant
 * (the ROLLING_WINDOW_HOURS - 1 hours before it) through the range's end.
 */
export function rollingPrintsSpan(range: InstantRange): InstantRange {
  return {
    start: new Date(range.start.getTime() - (ROLLING_WINDOW_HOURS - 1) * MS_PER_HOUR),
    end: range.end,
  };
}

/**
 * The range the hourly answer serves (its defaults anchored at the GPU's latest print, 404 when it
 * has none; 400 beyond HOURLY_RANGE_MAX_DAYS days): what it reads, and what a release's read of it
 * covers.
 */
export function hourlyWindow(
  gpu: GpuName,
  bounds: RangeBounds,
  index: { latestPrint(gpu: GpuName): { hour: Date } | undefined },
): Result<InstantRange, DomainError> {
  // 24 prints by default: the latest and the 23 hours before it.
  const range = rangeAround(gpu, bounds, (HOURLY_DEFAULT_HOURS - 1) * MS_PER_HOUR, index);
  return range.ok ? checkHourlySpan(range.value) : range;
}

/** Hourly prints, oldest first (Full keys: the route admits no other plan). */
export function answerHourly(
  gpu: GpuName,
  bounds: RangeBounds,
  index: GpuHourlyRows,
): Result<GpuHourlyResponse, DomainError> {
  const range = hourlyWindow(gpu, bounds, index);
  if (!range.ok) return range;
  const rows = index.printsWithin(gpu, range.value);
  const data = rows.map((row) => ({
    timestamp: row.hour.toISOString(),
    index_value: row.indexValue,
    is_carried: row.carried,
    ...valueProvenance(row),
  }));
  if (data.length === 0) return noneInRange(gpu, range.value);
  return ok({
    success: true,
    gpu_type: gpu,
    access: "full",
    granularity: "hourly",
    ...rangeFields(range.value),
    count: data.length,
    data,
    ...answerProvenanceFields(rows, index.dataSources),
  });
}

/** The mean of the prints of the 24 hours ending at the latest print (Full keys). */
export function answerRollingAverage(
  gpu: GpuName,
  index: GpuPublishedIndex,
): Result<GpuRollingAverageResponse, DomainError> {
  const latest = index.latestPrint(gpu);
  const average = latest && rollingAverage(index.printsOf(gpu), latest.hour);
  if (!average) return noPrints(gpu);
  const covered = index.printsWithin(gpu, { start: average.windowStart, end: average.asOf });
  return ok({
    success: true,
    data: {
      gpu_name: gpu,
      region: GPU_REGION,
      average_usd_per_hour: average.averageUsdPerHour,
      as_of: average.asOf.toISOString(),
      window_start: average.windowStart.toISOString(),
      window_end: average.asOf.toISOString(),
      print_count: average.printCount,
      carried_count: covered.filter((p) => p.carried).length,
    },
    ...answerProvenanceFields(covered, index.dataSources),
  });
}

/**
 * The grain the rolling-average history serves over its range (servedGrain), refused (400) when
 * hourly over more than HOURLY_RANGE_MAX_DAYS days: what it reads, and what a release's read of it
 * covers.
 */
export function rollingGrain(
  query: RollingHistoryQuery,
  plan: AccountPlan | undefined,
): Result<GpuGrain, DomainError> {
  const granularity = servedGrain(query.granularity, rangeDays(query.range), plan);
  if (granularity === "daily") return ok(granularity);
  const capped = checkHourlySpan(query.range);
  return capped.ok ? ok(granularity) : capped;
}

/**
 * The rolling 24 h average as of each daily settlement instant in the range (daily), or as of
 * each print hour (hourly: Full keys, at most HOURLY_RANGE_MAX_DAYS days), oldest first.
 */
export function answerRollingHistory(
  gpu: GpuName,
  query: RollingHistoryQuery,
  plan: AccountPlan | undefined,
  index: GpuSeriesRows,
): Result<GpuRollingHistoryResponse, DomainError> {
  const { range } = query;
  const grain = rollingGrain(query, plan);
  if (!grain.ok) return grain;
  const granularity = grain.value;
  const instants = seriesRows(gpu, granularity, range, index).map((row) => row.at);
  // Every window read lies within the span: the same averages as over all of the GPU's prints.
  const prints = index.printsWithin(gpu, rollingPrintsSpan(range));
  const averaged: { sources: readonly string[] }[] = [];
  const data = instants.flatMap((at) => {
    const average = rollingAverage(prints, at);
    if (average) averaged.push(...index.printsWithin(gpu, { start: average.windowStart, end: at }));
    return average
      ? [
          {
            timestamp: at.toISOString(),
            average_usd_per_hour: average.averageUsdPerHour,
            print_count: average.printCount,
          },
        ]
      : [];
  });
  if (data.length === 0) return noneInRange(gpu, range);
  return ok({
    success: true,
    gpu_type: gpu,
    access: gpuPlanAccessOf(plan),
    granularity,
    ...rangeFields(range),
    count: data.length,
    data,
    ...answerProvenanceFields(averaged, index.dataSources),
  });
}
