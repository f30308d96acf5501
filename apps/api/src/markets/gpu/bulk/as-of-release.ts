import {
  HOURLY_DEFAULT_HOURS,
  MS_PER_HOUR,
  ok,
  resolveGpuHistoryRange,
  type AccessLevel,
  type DomainError,
  type GpuHistoryQuery,
  type GpuName,
  type RangeBounds,
  type Result,
} from "@tpi/domain";
import type { AppDeps } from "../../../platform/core/deps";
import { releaseItems } from "../../../platform/http/release-parameter";
import { GPU } from "../read-model/state";
import type { GpuDailyRows } from "../services/prices";
import type { GpuHourlyRows } from "../services/series";
import { GPU_INDEX_DAILY, GPU_PRINTS_HOURLY, gpuValueOf } from "./datasets";

/**
 * The GPU history answers as a release holds their values: the release's rows of the GPU read
 * through the ReleaseReader, mapped back to the values the answers read, then answered by the
 * same functions as the published set. The sources stated are the published set's.
 */

/** The last instant of a UTC day, as period text: a day's bound includes its settlement. */
const endOfDay = (day: string) => `${day}T23:59:59.999Z`;

/** `GET /api/gpu/{gpuName}/index-history`'s daily values of a release, over the range asked. */
export async function gpuDailyAsOf(
  deps: AppDeps,
  release: number,
  gpu: GpuName,
  query: GpuHistoryQuery,
  access: AccessLevel,
  now: Date,
): Promise<Result<GpuDailyRows, DomainError>> {
  const range = resolveGpuHistoryRange(query, access, now);
  if (!range.ok) return range;
  const released = await releaseItems(
    deps,
    GPU_INDEX_DAILY,
    {
      release,
      series: [gpu],
      fromPeriod: range.value.startDate,
      toPeriod: endOfDay(range.value.endDate),
    },
    gpuValueOf,
  );
  if (!released.ok) return released;
  const values = released.value.items;
  return ok({ dataSources: GPU.of(deps).index.dataSources, dailyBetween: () => values });
}

/**
 * `GET /api/gpu/{gpuName}/hourly`'s prints of a release: from the asked start (or the default
 * span before the asked end) to the asked end; without an end, through the GPU's latest print.
 */
export async function gpuHourlyAsOf(
  deps: AppDeps,
  release: number,
  gpu: GpuName,
  bounds: RangeBounds,
): Promise<Result<GpuHourlyRows, DomainError>> {
  const start =
    bounds.start ??
    (bounds.end === undefined
      ? undefined
      : new Date(bounds.end.getTime() - (HOURLY_DEFAULT_HOURS - 1) * MS_PER_HOUR));
  const released = await releaseItems(
    deps,
    GPU_PRINTS_HOURLY,
    {
      release,
      series: [gpu],
      fromPeriod: start?.toISOString(),
      toPeriod: bounds.end?.toISOString(),
    },
    gpuValueOf,
  );
  if (!released.ok) return released;
  const prints = released.value.items;
  return ok({
    dataSources: GPU.of(deps).index.dataSources,
    latestPrint: () => prints.at(-1),
    printsWithin: (_gpu, range) =>
      prints.filter((print) => print.hour >= range.start && print.hour <= range.end),
  });
}
