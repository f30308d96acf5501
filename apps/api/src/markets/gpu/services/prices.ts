import {
  DAILY_INDEX_LOOKBACK_DAYS,
  GPU_CATALOG,
  GPU_REGION,
  authorizeGpu,
  dailyLookbackStart,
  err,
  gpuPlanAccessOf,
  noData,
  type nearestRecord,
  ok,
  resolveGpuHistoryRange,
  visibleGpus,
  type AccessLevel,
  type AccountPlan,
  type DomainError,
  type GpuName,
  type Result,
  type UtcDay,
} from "@tpi/domain";
import type { DataSources } from "../../../platform/provenance/data-sources";
import {
  type DailyIndexAllResponse,
  type GpuCatalogResponse,
  type GpuDailyIndexResponse,
  type GpuPreviousDailyIndexResponse,
  type GpuHistoryResponse,
  type GpuIndexHistoryResponse,
  type GpuLatestResponse,
} from "../schemas/prices";
import type { PublishedDailyValue } from "@tpi/db";
import type { GpuPublishedIndex } from "../read-model/published-index";
import type { ServedPrint } from "./series";
import { answerProvenanceFields, valueProvenance } from "./provenance";

/**
 * The GPU routes' answers, shared by REST and tRPC. Inputs arrive validated (by the routes'
 * schemas) and authorized; each reads the in-memory published set.
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

export function answerGpuLatest(
  gpu: GpuName,
  index: GpuPublishedIndex,
): Result<GpuLatestResponse, DomainError> {
  const print = index.latestPrint(gpu);
  if (!print) return err(noData(`No hourly index data found for ${gpu}`));
  return ok({
    success: true,
    data: {
      gpu_name: gpu,
      region: GPU_REGION,
      index_value: print.indexValue,
      last_updated: print.hour.toISOString(),
      is_carried: print.carried,
      ...valueProvenance(print),
    },
    ...answerProvenanceFields([print], index.dataSources),
  });
}

export function answerDailyIndexAll(
  access: AccessLevel,
  now: Date,
  index: GpuPublishedIndex,
): Result<DailyIndexAllResponse, DomainError> {
  const oldestDay = dailyLookbackStart(now);
  const values = visibleGpus(access).flatMap((gpu) => {
    const value = index.latestDaily(gpu);
    return value && value.day >= oldestDay ? [value] : [];
  });
  const data = values.map(dailyRow);
  if (data.length === 0)
    return err(
      noData(
        `No daily index data found for any GPU in the last ${DAILY_INDEX_LOOKBACK_DAYS} settled days`,
      ),
    );
  const date = data.map((row) => row.date).reduce((a, b) => (a >= b ? a : b));
  return ok({
    success: true,
    date,
    data,
    count: data.length,
    ...answerProvenanceFields(values, index.dataSources),
  });
}

/** What the nearest-print answer reads: the published set, or the prints a release holds. */
export type GpuNearestRows = {
  nearestPrint(gpu: GpuName, at: Date): ReturnType<typeof nearestRecord<ServedPrint>>;
  readonly dataSources: DataSources;
};

/** Requires a key (checked by the route); every GPU is readable with one. */
export function answerGpuHistory(
  gpu: GpuName,
  requested: Date,
  index: GpuNearestRows,
): Result<GpuHistoryResponse, DomainError> {
  const nearest = index.nearestPrint(gpu, requested);
  if (!nearest) return err(noData(`No hourly index data found for ${gpu}`));
  return ok({
    success: true,
    data: {
      gpu_name: gpu,
      region: GPU_REGION,
      index_value: nearest.record.indexValue,
      timestamp: nearest.record.hour.toISOString(),
      is_carried: nearest.record.carried,
      requested_datetime: requested.toISOString(),
      time_difference: nearest.timeDifferenceSeconds,
      is_exact: nearest.isExact,
      ...valueProvenance(nearest.record),
    },
    ...answerProvenanceFields([nearest.record], index.dataSources),
  });
}

/** A daily value as the daily history reads it: its settlement, value and provenance. */
export type ServedDailyValue = Pick<
  PublishedDailyValue,
  "settledAt" | "indexValue" | "basis" | "sources" | "providerCount" | "offerCount" | "backfilled"
>;

/** What the daily history reads: the published set, or the daily values a release holds. */
export type GpuDailyRows = {
  dailyBetween(
    gpu: GpuName,
    startDate: UtcDay | undefined,
    endDate: UtcDay,
  ): readonly ServedDailyValue[];
  readonly dataSources: DataSources;
};

export function answerGpuIndexHistory(
  gpu: GpuName,
  days: { startDate?: string; endDate?: string },
  access: AccessLevel,
  plan: AccountPlan | undefined,
  now: Date,
  index: GpuDailyRows,
): Result<GpuIndexHistoryResponse, DomainError> {
  const range = resolveGpuHistoryRange(days, access, now);
  if (!range.ok) return range;
  const values = index.dailyBetween(gpu, range.value.startDate, range.value.endDate);
  if (values.length === 0) return err(noData(`No daily index data found for ${gpu}`));
  const data = values.map((v) => ({
    timestamp: v.settledAt.toISOString(),
    index_value: v.indexValue,
    ...valueProvenance(v),
  }));
  return ok({
    success: true,
    gpu_type: gpu,
    access: gpuPlanAccessOf(plan),
    startDate: range.value.startDate ?? null,
    endDate: range.value.endDate,
    count: data.length,
    data,
    ...answerProvenanceFields(values, index.dataSources),
  });
}

const outsideLookback = (gpu: GpuName) =>
  err(
    noData(
      `No daily index data found for ${gpu} in the last ${DAILY_INDEX_LOOKBACK_DAYS} settled days`,
    ),
  );

const dailyRow = (value: PublishedDailyValue) => ({
  gpu_type: value.gpuName,
  region: GPU_REGION,
  index_value: value.indexValue,
  date: value.settledAt.toISOString(),
  ...valueProvenance(value),
});

/** The latest settled daily value of one GPU, within the same look-back as /api/daily-index/all. */
export function answerDailyIndex(
  gpu: GpuName,
  access: AccessLevel,
  now: Date,
  index: GpuPublishedIndex,
): Result<GpuDailyIndexResponse, DomainError> {
  const authorized = authorizeGpu(gpu, access);
  if (!authorized.ok) return authorized;
  const latest = index.latestDaily(gpu);
  if (!latest || latest.day < dailyLookbackStart(now)) return outsideLookback(gpu);
  return ok({
    success: true,
    data: dailyRow(latest),
    ...answerProvenanceFields([latest], index.dataSources),
  });
}

/**
 * The settled daily value before the latest one, with the latest and the change between them
 * (day-over-day use). Both values must lie in the look-back, like every daily-index answer.
 */
export function answerPreviousDailyIndex(
  gpu: GpuName,
  now: Date,
  index: GpuPublishedIndex,
): Result<GpuPreviousDailyIndexResponse, DomainError> {
  const [previous, latest] = index.latestTwoDaily(gpu);
  if (!previous || !latest || previous.day < dailyLookbackStart(now)) return outsideLookback(gpu);
  const change = latest.indexValue - previous.indexValue;
  return ok({
    success: true,
    data: {
      ...dailyRow(previous),
      latest_index_value: latest.indexValue,
      latest_date: latest.settledAt.toISOString(),
      change,
      change_percent: (change / previous.indexValue) * 100,
    },
    ...answerProvenanceFields([previous, latest], index.dataSources),
  });
}
