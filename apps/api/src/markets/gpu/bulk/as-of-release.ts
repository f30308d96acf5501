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
import { releaseRows } from "../../../platform/http/release-parameter";
import { GPU } from "../read-model/state";
import type { GpuDailyRows } from "../services/prices";
import type { GpuHourlyRows } from "../services/series";
import { GPU_DAILY_DATASET, GPU_HOURLY_DATASET, gpuValueOf } from "./datasets";

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
  const rows = await releaseRows(deps, {
    market: "gpu",
    dataset: GPU_DAILY_DATASET,
    release,
    series: [gpu],
    ...(range.value.startDate === undefined ? {} : { fromPeriod: range.value.startDate }),
    toPeriod: endOfDay(range.value.endDate),
  });
  if (!rows.ok) return rows;
  const values = rows.value.map(gpuValueOf);
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
  const rows = await releaseRows(deps, {
    market: "gpu",
    dataset: GPU_HOURLY_DATASET,
    release,
    series: [gpu],
    ...(start === undefined ? {} : { fromPeriod: start.toISOString() }),
    ...(bounds.end === undefined ? {} : { toPeriod: bounds.end.toISOString() }),
  });
  if (!rows.ok) return rows;
  const prints = rows.value.map(gpuValueOf);
  return ok({
    dataSources: GPU.of(deps).index.dataSources,
    latestPrint: () => prints.at(-1),
    printsWithin: (_gpu, range) =>
      prints.filter((print) => print.hour >= range.start && print.hour <= range.end),
  });
}
