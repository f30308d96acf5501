import {
  HOURLY_DEFAULT_HOURS,
  HOURLY_RANGE_MAX_PRINTS,
  MS_PER_HOUR,
  checkHourlySpan,
  ok,
  resolveGpuHistoryRange,
  type AccessLevel,
  type DomainError,
  type GpuHistoryQuery,
  type GpuName,
  type RangeBounds,
  type Result,
} from "@tpi/domain";
import {
  asOfRelease,
  lastInstantOfDay,
  type ReleaseSelection,
} from "../../../platform/http/release-parameter";
import { GPU } from "../read-model/state";
import type { GpuDailyRows } from "../services/prices";
import type { GpuHourlyRows } from "../services/series";
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
