import {
  HOURLY_DEFAULT_HOURS,
  HOURLY_RANGE_MAX_PRINTS,
  MS_PER_HOUR,
  checkHourlySpan,
  nearestRecord,
  ok,
  resolveGpuHistoryRange,
  type AccessLevel,
  type AccountPlan,
  type DomainError,
  type GpuGranularityChoice,
  type GpuHistoryQuery,
  type GpuName,
  type InstantRange,
  type RangeBounds,
  type Result,
} from "@tpi/domain";
import type { AppDeps } from "../../../platform/core/deps";
import {
  asOfRelease,
  lastInstantOfDay,
  type ReleaseSelection,
} from "../../../platform/http/release-parameter";
import { GPU } from "../read-model/state";
import type { GpuDailyRows, GpuNearestRows, ServedDailyValue } from "../services/prices";
import {
  rollingPrintsSpan,
  seriesWindow,
  type GpuHourlyRows,
  type GpuSeriesRows,
  type ServedPrint,
} from "../services/series";
import { GPU_INDEX_DAILY, GPU_PRINTS_HOURLY, gpuValueOf } from "./datasets";

/**
 * The GPU history answers as a release holds their values: the release's rows of the GPU read
 * through the ReleaseReader, mapped back to the values the answers read, then answered by the
 * same functions as the published set. The sources stated are the published set's.
 */

/**
 * `GET /api/gpu/{gpuName}/index-history`'s daily values of a release, over the range asked (with
 * a key and no startDate the answer is all of the GPU's history, so all of it is read).
 */
export const gpuDailyAsOf = asOfRelease({
  dataset: GPU_INDEX_DAILY,
  itemOf: gpuValueOf,
  selection: (gpu: GpuName, query: GpuHistoryQuery, access: AccessLevel, now: Date) => {
    const range = resolveGpuHistoryRange(query, access, now);
    if (!range.ok) return range;
    return ok({
      series: [gpu],
      fromPeriod: range.value.startDate,
      toPeriod: lastInstantOfDay(range.value.endDate),
    });
  },
  answer: ({ items }, deps): Result<GpuDailyRows, DomainError> =>
    ok({ dataSources: GPU.of(deps).index.dataSources, dailyBetween: () => items }),
});

/** `GET /api/gpu/{gpuName}/hourly`'s prints of a release, those the answer can need. */
export const gpuHourlyAsOf = asOfRelease({
  dataset: GPU_PRINTS_HOURLY,
  itemOf: gpuValueOf,
  selection: (gpu: GpuName, bounds: RangeBounds) => ok(hourlyPrintsAsked(gpu, bounds)),
  answer: ({ items: prints }, deps): Result<GpuHourlyRows, DomainError> =>
    ok({
      dataSources: GPU.of(deps).index.dataSources,
      latestPrint: () => prints.at(-1),
      printsWithin: (_gpu, range) =>
        prints.filter((print) => print.hour >= range.start && print.hour <= range.end),
    }),
});

/**
 * The prints the hourly answer can need (it reads the latest print of those read, then the
 * prints of its range). Without a start: the HOURLY_DEFAULT_HOURS latest prints up to the asked
 * end (of the default span before it), or up to the GPU's latest print. With a start: from it,
 * the latest HOURLY_RANGE_MAX_PRINTS + 1 at most (a range holding more is refused whatever its
 * prints), only the latest when the asked range is refused already (the answer then tells only
 * whether the range has a print).
 */
function hourlyPrintsAsked(gpu: GpuName, bounds: RangeBounds): Omit<ReleaseSelection, "release"> {
  const toPeriod = bounds.end?.toISOString();
  if (bounds.start === undefined) {
    const defaultStart =
      bounds.end === undefined
        ? undefined
        : new Date(bounds.end.getTime() - (HOURLY_DEFAULT_HOURS - 1) * MS_PER_HOUR);
    return {
      series: [gpu],
      fromPeriod: defaultStart?.toISOString(),
      toPeriod,
      latestPeriods: HOURLY_DEFAULT_HOURS,
    };
  }
  const refused =
    bounds.end !== undefined && !checkHourlySpan({ start: bounds.start, end: bounds.end }).ok;
  return {
    series: [gpu],
    fromPeriod: bounds.start.toISOString(),
    toPeriod,
    latestPeriods: refused ? 1 : HOURLY_RANGE_MAX_PRINTS + 1,
  };
}

/**
 * A release's prints of a GPU from one instant to another (an absent end open), every one of
 * them: the spans the series answers read are theirs to bound.
 */
const gpuPrintsBetweenAsOf = asOfRelease({
  dataset: GPU_PRINTS_HOURLY,
  itemOf: gpuValueOf,
  selection: (gpu: GpuName, from?: Date, to?: Date) =>
    ok({ series: [gpu], fromPeriod: from?.toISOString(), toPeriod: to?.toISOString() }),
  answer: ({ items }): Result<readonly ServedPrint[], DomainError> => ok(items),
});

/** A release's latest print of a GPU: what an open range is anchored at. */
const gpuLatestPrintAsOf = asOfRelease({
  dataset: GPU_PRINTS_HOURLY,
  itemOf: gpuValueOf,
  selection: (gpu: GpuName) => ok({ series: [gpu], latestPeriods: 1 }),
  answer: ({ items }): Result<ServedPrint | undefined, DomainError> => ok(items.at(-1)),
});

/** A release's daily values of a GPU settled within a range. */
const gpuDailyWithinAsOf = asOfRelease({
  dataset: GPU_INDEX_DAILY,
  itemOf: gpuValueOf,
  selection: (gpu: GpuName, range: InstantRange) =>
    ok({ series: [gpu], fromPeriod: range.start.toISOString(), toPeriod: range.end.toISOString() }),
  answer: ({ items }): Result<readonly ServedDailyValue[], DomainError> => ok(items),
});

const within = <T>(values: readonly T[], at: (value: T) => Date, range: InstantRange) =>
  values.filter((value) => at(value) >= range.start && at(value) <= range.end);

/** The series answers' view of what was read of a release, sliced as the published set slices. */
function seriesRowsOf(
  deps: AppDeps,
  read: {
    latest: ServedPrint | undefined;
    prints?: readonly ServedPrint[];
    daily?: readonly ServedDailyValue[];
  },
): GpuSeriesRows {
  const { latest, prints = [], daily = [] } = read;
  return {
    dataSources: GPU.of(deps).index.dataSources,
    latestPrint: () => latest,
    printsWithin: (_gpu, range) => within(prints, (print) => print.hour, range),
    dailyWithin: (_gpu, range) => within(daily, (value) => value.settledAt, range),
  };
}

/**
 * `GET /api/gpu/{gpuName}/history-simple`'s and `history-range`'s values of a release: the
 * release's latest print of the GPU anchors an open range as the published set's does, then the
 * rows of the grain served over the range (both as the answers resolve them: seriesWindow).
 */
export async function gpuSeriesAsOf(
  deps: AppDeps,
  release: number,
  gpu: GpuName,
  query: { bounds: RangeBounds; granularity: GpuGranularityChoice },
  plan: AccountPlan | undefined,
): Promise<Result<GpuSeriesRows, DomainError>> {
  const latest = await gpuLatestPrintAsOf(deps, release, gpu);
  if (!latest.ok) return latest;
  const anchor = { latestPrint: () => latest.value };
  const window = seriesWindow(gpu, query.bounds, query.granularity, plan, anchor);
  if (!window.ok) return window;
  const { range, granularity } = window.value;
  if (granularity === "hourly") {
    const prints = await gpuPrintsBetweenAsOf(deps, release, gpu, range.start, range.end);
    return prints.ok
      ? ok(seriesRowsOf(deps, { latest: latest.value, prints: prints.value }))
      : prints;
  }
  const daily = await gpuDailyWithinAsOf(deps, release, gpu, range);
  return daily.ok ? ok(seriesRowsOf(deps, { latest: latest.value, daily: daily.value })) : daily;
}

/**
 * `GET /api/gpu/{gpuName}/rolling-24h-average/history`'s values of a release: the prints of
 * every window the range's averages read (rollingPrintsSpan) and the daily settlements within
 * the range (a few rows: read whichever grain is served).
 */
export async function gpuRollingAsOf(
  deps: AppDeps,
  release: number,
  gpu: GpuName,
  range: InstantRange,
): Promise<Result<GpuSeriesRows, DomainError>> {
  const span = rollingPrintsSpan(range);
  const prints = await gpuPrintsBetweenAsOf(deps, release, gpu, span.start, span.end);
  if (!prints.ok) return prints;
  const daily = await gpuDailyWithinAsOf(deps, release, gpu, range);
  if (!daily.ok) return daily;
  return ok(
    seriesRowsOf(deps, { latest: prints.value.at(-1), prints: prints.value, daily: daily.value }),
  );
}

/** Prints are hourly: when any lies within an hour of the instant, the nearest is among them. */
const NEAREST_SPAN_MS = MS_PER_HOUR;

/**
 * `GET /api/gpu/{gpuName}/history`'s print of a release nearest an instant: among the release's
 * prints within an hour of it, or when there is none (an instant before the GPU's first print,
 * after its latest, or in a gap), among all of them.
 */
export async function gpuNearestAsOf(
  deps: AppDeps,
  release: number,
  gpu: GpuName,
  at: Date,
): Promise<Result<GpuNearestRows, DomainError>> {
  const from = new Date(at.getTime() - NEAREST_SPAN_MS);
  const to = new Date(at.getTime() + NEAREST_SPAN_MS);
  let prints = await gpuPrintsBetweenAsOf(deps, release, gpu, from, to);
  if (prints.ok && prints.value.length === 0)
    prints = await gpuPrintsBetweenAsOf(deps, release, gpu);
  if (!prints.ok) return prints;
  const read = prints.value;
  return ok({
    dataSources: GPU.of(deps).index.dataSources,
    nearestPrint: (_gpu, target) => nearestRecord(read, target),
  });
}
