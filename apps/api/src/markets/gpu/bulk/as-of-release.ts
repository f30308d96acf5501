import {
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
  type RollingHistoryQuery,
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
  hourlyWindow,
  rollingGrain,
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

/**
 * A release's prints of a GPU from one instant to another (an absent end open), every one of
 * them or only the latest or earliest few: the spans the answers read are theirs to bound.
 */
const gpuPrintsBetweenAsOf = asOfRelease({
  dataset: GPU_PRINTS_HOURLY,
  itemOf: gpuValueOf,
  selection: (gpu: GpuName, span: Partial<InstantRange>, ends: EndsKept = {}) =>
    ok({
      series: [gpu],
      fromPeriod: span.start?.toISOString(),
      toPeriod: span.end?.toISOString(),
      ...ends,
    }),
  answer: ({ items }): Result<readonly ServedPrint[], DomainError> => ok(items),
});

/** Which end of a range a read keeps, when the answer reads only a few rows at one end. */
type EndsKept = Pick<ReleaseSelection, "latestPeriods" | "earliestPeriods">;

/** A release's latest print of a GPU: what an open range is anchored at. */
const gpuLatestPrintAsOf = asOfRelease({
  dataset: GPU_PRINTS_HOURLY,
  itemOf: gpuValueOf,
  selection: (gpu: GpuName) => ok({ series: [gpu], latestPeriods: 1 }),
  answer: ({ items }): Result<ServedPrint | undefined, DomainError> => ok(items.at(-1)),
});

/** A release's daily values of a GPU settled within a range (or only the latest or earliest few). */
const gpuDailyWithinAsOf = asOfRelease({
  dataset: GPU_INDEX_DAILY,
  itemOf: gpuValueOf,
  selection: (gpu: GpuName, range: InstantRange, ends: EndsKept = {}) =>
    ok({
      series: [gpu],
      fromPeriod: range.start.toISOString(),
      toPeriod: range.end.toISOString(),
      ...ends,
    }),
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
 * `GET /api/gpu/{gpuName}/hourly`'s prints of a release: the release's latest print of the GPU
 * anchors an open range as the published set's does, the range is resolved and checked as the
 * answer does (hourlyWindow: a refusal is answered before any print is read), then its prints.
 */
export async function gpuHourlyAsOf(
  deps: AppDeps,
  release: number,
  gpu: GpuName,
  bounds: RangeBounds,
): Promise<Result<GpuHourlyRows, DomainError>> {
  const latest = await gpuLatestPrintAsOf(deps, release, gpu);
  if (!latest.ok) return latest;
  const range = hourlyWindow(gpu, bounds, { latestPrint: () => latest.value });
  if (!range.ok) return range;
  const prints = await gpuPrintsBetweenAsOf(deps, release, gpu, range.value);
  return prints.ok
    ? ok(seriesRowsOf(deps, { latest: latest.value, prints: prints.value }))
    : prints;
}

/**
 * The rows of its range a series answer keeps: the latest `rows` (history-simple) or the
 * earliest (history-range); one more is read, for `has_more`.
 */
export type SeriesRowsKept = { end: "latest" | "earliest"; rows: number };

const endsKept = (kept: SeriesRowsKept | undefined): EndsKept =>
  kept === undefined
    ? {}
    : kept.end === "latest"
      ? { latestPeriods: kept.rows + 1 }
      : { earliestPeriods: kept.rows + 1 };

/**
 * `GET /api/gpu/{gpuName}/history-simple`'s and `history-range`'s values of a release: the
 * release's latest print of the GPU anchors an open range as the published set's does, then the
 * rows of the grain served over the range (both as the answers resolve them: seriesWindow), only
 * those at the end the answer keeps when `kept` says which.
 */
export async function gpuSeriesAsOf(
  deps: AppDeps,
  release: number,
  gpu: GpuName,
  query: { bounds: RangeBounds; granularity: GpuGranularityChoice; kept?: SeriesRowsKept },
  plan: AccountPlan | undefined,
): Promise<Result<GpuSeriesRows, DomainError>> {
  const latest = await gpuLatestPrintAsOf(deps, release, gpu);
  if (!latest.ok) return latest;
  const anchor = { latestPrint: () => latest.value };
  const window = seriesWindow(gpu, query.bounds, query.granularity, plan, anchor);
  if (!window.ok) return window;
  const { range, granularity } = window.value;
  const ends = endsKept(query.kept);
  if (granularity === "hourly") {
    const prints = await gpuPrintsBetweenAsOf(deps, release, gpu, range, ends);
    return prints.ok
      ? ok(seriesRowsOf(deps, { latest: latest.value, prints: prints.value }))
      : prints;
  }
  const daily = await gpuDailyWithinAsOf(deps, release, gpu, range, ends);
  return daily.ok ? ok(seriesRowsOf(deps, { latest: latest.value, daily: daily.value })) : daily;
}

/**
 * `GET /api/gpu/{gpuName}/rolling-24h-average/history`'s values of a release: the grain served
 * checked as the answer does (rollingGrain: a refusal is answered before any row is read); hourly,
 * the prints of every window of the range's hours (rollingPrintsSpan, at most
 * HOURLY_RANGE_MAX_DAYS days); daily, the settlements within the range, then the prints of the
 * windows from the first settlement's to the last's (nothing past the data, whatever the range).
 */
export async function gpuRollingAsOf(
  deps: AppDeps,
  release: number,
  gpu: GpuName,
  query: RollingHistoryQuery,
  plan: AccountPlan | undefined,
): Promise<Result<GpuSeriesRows, DomainError>> {
  const grain = rollingGrain(query, plan);
  if (!grain.ok) return grain;
  if (grain.value === "hourly") {
    const prints = await gpuPrintsBetweenAsOf(deps, release, gpu, rollingPrintsSpan(query.range));
    return prints.ok
      ? ok(seriesRowsOf(deps, { latest: prints.value.at(-1), prints: prints.value }))
      : prints;
  }
  const daily = await gpuDailyWithinAsOf(deps, release, gpu, query.range);
  if (!daily.ok) return daily;
  const first = daily.value[0];
  const last = daily.value.at(-1);
  if (first === undefined || last === undefined)
    return ok(seriesRowsOf(deps, { latest: undefined }));
  const span = rollingPrintsSpan({ start: first.settledAt, end: last.settledAt });
  const prints = await gpuPrintsBetweenAsOf(deps, release, gpu, span);
  if (!prints.ok) return prints;
  return ok(
    seriesRowsOf(deps, { latest: prints.value.at(-1), prints: prints.value, daily: daily.value }),
  );
}

/**
 * `GET /api/gpu/{gpuName}/history`'s prints of a release around an instant: the latest at or
 * before it and, unless that one is at the instant, the earliest after it. The nearest print of
 * all the release's prints is one of these two (nearestRecord compares exactly these).
 */
export async function gpuNearestAsOf(
  deps: AppDeps,
  release: number,
  gpu: GpuName,
  at: Date,
): Promise<Result<GpuNearestRows, DomainError>> {
  const before = await gpuPrintsBetweenAsOf(deps, release, gpu, { end: at }, { latestPeriods: 1 });
  if (!before.ok) return before;
  const exact = before.value.at(-1)?.hour.getTime() === at.getTime();
  const after = exact
    ? ok([])
    : await gpuPrintsBetweenAsOf(deps, release, gpu, { start: at }, { earliestPeriods: 1 });
  if (!after.ok) return after;
  const read = [...before.value, ...after.value];
  return ok({
    dataSources: GPU.of(deps).index.dataSources,
    nearestPrint: (_gpu, target) => nearestRecord(read, target),
  });
}
