import {
  DAILY_INDEX_LOOKBACK_DAYS,
  GPU_CATALOG,
  addDays,
  latestSettledDayAt,
  GPU_REGION,
  authorizeGpu,
  err,
  gpuAccessOf,
  noData,
  ok,
  resolveGpuHistoryRange,
  visibleGpus,
  type AccessLevel,
  type DomainError,
  type GpuName,
  type RawQuery,
  type Result,
} from "@tpi/domain";
import { parseQuery, parseValue } from "../schemas/common";
import {
  gpuHistoryQuerySchema,
  gpuIndexHistoryQuerySchema,
  gpuNameSchema,
  noQuerySchema,
  type DailyIndexAllResponse,
  type GpuCatalogResponse,
  type GpuHistoryResponse,
  type GpuIndexHistoryResponse,
  type GpuLatestResponse,
} from "../schemas/gpu";
import type { GpuPublishedIndex } from "../read-models/gpu-published-index";

/**
 * The GPU routes' answers, shared by REST and tRPC. Each parses its raw input with the schemas,
 * applies the domain's access rules and reads the in-memory published set.
 */

/** Catalog bodies never change while the process runs. */
export const GPU_TYPES_BODY: GpuCatalogResponse = {
  success: true,
  data: GPU_CATALOG.map(({ gpuName }) => ({ gpu_name: gpuName, region: GPU_REGION })),
};
export const GPU_TYPES_FREE_BODY: GpuCatalogResponse = {
  success: true,
  data: GPU_CATALOG.filter((e) => e.freeTier).map(({ gpuName }) => ({
    gpu_name: gpuName,
    region: GPU_REGION,
  })),
};

export function answerGpuCatalog(
  rawQuery: RawQuery,
  freeOnly: boolean,
): Result<GpuCatalogResponse, DomainError> {
  const query = parseQuery(noQuerySchema, rawQuery);
  if (!query.ok) return query;
  return ok(freeOnly ? GPU_TYPES_FREE_BODY : GPU_TYPES_BODY);
}

/** Name check (400) before the access check (401), so a typo is reported as a typo. */
function readableGpu(rawName: unknown, access: AccessLevel): Result<GpuName, DomainError> {
  const gpu = parseValue(gpuNameSchema, rawName);
  if (!gpu.ok) return gpu;
  return authorizeGpu(gpu.value, access);
}

export function answerGpuLatest(
  rawName: unknown,
  rawQuery: RawQuery,
  access: AccessLevel,
  index: GpuPublishedIndex,
): Result<GpuLatestResponse, DomainError> {
  const gpu = readableGpu(rawName, access);
  if (!gpu.ok) return gpu;
  const query = parseQuery(noQuerySchema, rawQuery);
  if (!query.ok) return query;
  const print = index.latestPrint(gpu.value);
  if (!print) return err(noData(`No hourly index data found for ${gpu.value}`));
  return ok({
    success: true,
    data: {
      gpu_name: gpu.value,
      region: GPU_REGION,
      index_value: print.indexValue,
      last_updated: print.hour.toISOString(),
      is_carried: print.carried,
    },
  });
}

export function answerDailyIndexAll(
  rawQuery: RawQuery,
  access: AccessLevel,
  now: Date,
  index: GpuPublishedIndex,
): Result<DailyIndexAllResponse, DomainError> {
  const query = parseQuery(noQuerySchema, rawQuery);
  if (!query.ok) return query;
  // The last DAILY_INDEX_LOOKBACK_DAYS New York days that have settled by now.
  const oldestDay = addDays(latestSettledDayAt(now), 1 - DAILY_INDEX_LOOKBACK_DAYS);
  const data = visibleGpus(access).flatMap((gpu) => {
    const value = index.latestDaily(gpu);
    return value && value.day >= oldestDay
      ? [
          {
            gpu_type: gpu,
            region: GPU_REGION,
            index_value: value.indexValue,
            date: value.settledAt.toISOString(),
          },
        ]
      : [];
  });
  if (data.length === 0)
    return err(
      noData(
        `No daily index data found for any GPU in the last ${DAILY_INDEX_LOOKBACK_DAYS} settled days`,
      ),
    );
  const date = data.map((row) => row.date).reduce((a, b) => (a >= b ? a : b));
  return ok({ success: true, date, data, count: data.length });
}

/** Requires a key (checked by the route); every GPU is readable with one. */
export function answerGpuHistory(
  rawName: unknown,
  rawQuery: RawQuery,
  access: AccessLevel,
  index: GpuPublishedIndex,
): Result<GpuHistoryResponse, DomainError> {
  const gpu = readableGpu(rawName, access);
  if (!gpu.ok) return gpu;
  const query = parseQuery(gpuHistoryQuerySchema, rawQuery);
  if (!query.ok) return query;
  const requested = query.value.datetime;
  const nearest = index.nearestPrint(gpu.value, requested);
  if (!nearest) return err(noData(`No hourly index data found for ${gpu.value}`));
  return ok({
    success: true,
    data: {
      gpu_name: gpu.value,
      region: GPU_REGION,
      index_value: nearest.record.indexValue,
      timestamp: nearest.record.hour.toISOString(),
      is_carried: nearest.record.carried,
      requested_datetime: requested.toISOString(),
      time_difference: nearest.timeDifferenceSeconds,
      is_exact: nearest.isExact,
    },
  });
}

export function answerGpuIndexHistory(
  rawName: unknown,
  rawQuery: RawQuery,
  access: AccessLevel,
  now: Date,
  index: GpuPublishedIndex,
): Result<GpuIndexHistoryResponse, DomainError> {
  const gpu = readableGpu(rawName, access);
  if (!gpu.ok) return gpu;
  const query = parseQuery(gpuIndexHistoryQuerySchema, rawQuery);
  if (!query.ok) return query;
  const range = resolveGpuHistoryRange(query.value, access, now);
  if (!range.ok) return range;
  const values = index.dailyBetween(gpu.value, range.value.startDate, range.value.endDate);
  if (values.length === 0) return err(noData(`No daily index data found for ${gpu.value}`));
  const data = values.map((v) => ({
    timestamp: v.settledAt.toISOString(),
    index_value: v.indexValue,
  }));
  return ok({
    success: true,
    gpu_type: gpu.value,
    access: gpuAccessOf(access),
    startDate: range.value.startDate ?? null,
    endDate: range.value.endDate,
    count: data.length,
    data,
  });
}
