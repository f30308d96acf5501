import {
  GPU_REGION,
  MS_PER_HOUR,
  VOLUME_MAX_SPAN_DAYS,
  err,
  inclusiveDays,
  noData,
  ok,
  parseGranularity,
  parseWindowDays,
  resolveAnalyticsRange,
  rollingVolatilitySeries,
  servedGrain,
  startOfUtcDay,
  addDays,
  type AccountPlan,
  type DomainError,
  type GpuName,
  type Result,
} from "@tpi/domain";
import type { GpuPublishedIndex } from "../read-model/published-index";
import type { GpuVolatilityResponse, GpuVolumeResponse } from "../schemas/analytics";
import { answerProvenanceFields, valueProvenance } from "./provenance";

/**
 * The GPU analytics answers, from the in-memory published set only (the traded volume is the one
 * frozen in each print and daily value when it was published), so they are settled and cacheable.
 */

export function answerGpuVolatility(
  gpu: GpuName,
  query: { startDate?: string; endDate?: string; windowDays?: string },
  index: GpuPublishedIndex,
): Result<GpuVolatilityResponse, DomainError> {
  const range = resolveAnalyticsRange(query);
  if (!range.ok) return range;
  const windowDays = parseWindowDays(query.windowDays);
  if (!windowDays.ok) return windowDays;
  const { startDate, endDate } = range.value;
  // Every stored value through endDate: a window reaches back before startDate.
  const history = index.dailyBetween(gpu, undefined, endDate);
  const requested = history.filter((v) => v.day >= startDate);
  if (requested.length === 0)
    return err(noData(`No daily index data found for ${gpu} from ${startDate} to ${endDate}`));
  const valueOf = new Map(requested.map((v) => [v.day, v]));
  const data = rollingVolatilitySeries(requested, history, windowDays.value).map((point) => {
    const value = valueOf.get(point.day) as (typeof requested)[number];
    return {
      recorded_at: value.settledAt.toISOString(),
      gpu_type: gpu,
      region: GPU_REGION,
      index_value: point.indexValue,
      rolling_volatility: point.rollingVolatility ?? null,
      window_days: windowDays.value,
      ...valueProvenance(value),
    };
  });
  return ok({
    success: true,
    gpu_type: gpu,
    window_days: windowDays.value,
    startDate,
    endDate,
    count: data.length,
    data,
    ...answerProvenanceFields(requested, index.dataSources),
  });
}

export function answerGpuVolume(
  gpu: GpuName,
  query: { startDate?: string; endDate?: string; granularity?: string },
  plan: AccountPlan | undefined,
  index: GpuPublishedIndex,
): Result<GpuVolumeResponse, DomainError> {
  const range = resolveAnalyticsRange(query, VOLUME_MAX_SPAN_DAYS);
  if (!range.ok) return range;
  const requested = parseGranularity(query.granularity);
  if (!requested.ok) return requested;
  const { startDate, endDate } = range.value;
  const granularity = servedGrain(requested.value, inclusiveDays(startDate, endDate), plan);
  const row = (recordedAt: Date, value: Parameters<typeof valueProvenance>[0] & Volume) => ({
    recorded_at: recordedAt.toISOString(),
    gpu_type: gpu,
    region: GPU_REGION,
    trade_count: value.tradeCount,
    gpu_hours: value.gpuHours,
    distinct_providers: value.providerCount,
    ...valueProvenance(value),
  });
  // Only published periods: a print's trailing hour, a daily value's settlement period.
  const values =
    granularity === "hourly"
      ? index
          .printsWithin(gpu, {
            start: startOfUtcDay(startDate),
            end: new Date(startOfUtcDay(addDays(endDate, 1)).getTime() - MS_PER_HOUR),
          })
          .map((p) => ({ at: p.hour, value: p }))
      : index.dailyBetween(gpu, startDate, endDate).map((v) => ({ at: v.settledAt, value: v }));
  const data = values.map(({ at, value }) => row(at, value));
  if (data.length === 0)
    return err(
      noData(
        `No published ${granularity} index data found for ${gpu} from ${startDate} to ${endDate}`,
      ),
    );
  data.reverse();
  return ok({
    success: true,
    gpu_type: gpu,
    granularity,
    startDate,
    endDate,
    count: data.length,
    data,
    ...answerProvenanceFields(
      values.map(({ value }) => value),
      index.dataSources,
    ),
  });
}

type Volume = { tradeCount: number; gpuHours: number; providerCount: number };
