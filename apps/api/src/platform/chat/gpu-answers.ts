import {
  GPU_NAMES,
  VOLATILITY_WINDOW_DEFAULT_DAYS,
  requireHourlyPlan,
  type GpuName,
} from "@tpi/domain";
import type { ChatSource } from "./schemas";
import { answerGpuVolatility, answerGpuVolume } from "../../markets/gpu/services/analytics";
import { answerRollingAverage } from "../../markets/gpu/services/series";
import type { EngineAnswer } from "./answers";
import type { ChatData } from "./sources";

/**
 * The chat's answers about GPU analytics: each comes from the service function of the REST route
 * it cites, called with the parameters it lists and the caller's plan, so the source's rows are
 * what that route answers this caller.
 */

const usd = (value: number) => `$${value.toFixed(3)} per GPU-hour`;
const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
const gpusOrAll = (gpus: readonly GpuName[]): readonly GpuName[] =>
  gpus.length > 0 ? gpus : GPU_NAMES;

/** The latest settled day of a GPU's daily values, the day the analytics answers describe. */
const latestDayOf = (gpu: GpuName, data: ChatData) => data.gpuIndex.latestDaily(gpu)?.day;

/** The rolling volatility (default window) as of each GPU's latest settled day. */
export function volatilityAnswer(gpus: readonly GpuName[], data: ChatData): EngineAnswer {
  const lines: string[] = [];
  const sources: ChatSource[] = [];
  for (const gpu of gpusOrAll(gpus)) {
    const day = latestDayOf(gpu, data);
    const parameters = {
      gpuName: gpu,
      startDate: day ?? "",
      endDate: day ?? "",
      windowDays: String(VOLATILITY_WINDOW_DEFAULT_DAYS),
    };
    const answer =
      day === undefined ? undefined : answerGpuVolatility(gpu, parameters, data.gpuIndex);
    const row = answer?.ok ? answer.value.data[0] : undefined;
    if (row === undefined) {
      lines.push(`There is no published daily value for ${gpu}.`);
      continue;
    }
    sources.push({ endpoint: "/api/gpu/{gpuName}/volatility", parameters, values: [row] });
    lines.push(
      row.rolling_volatility === null
        ? `${gpu}: not enough daily values before ${row.recorded_at} for a full ${VOLATILITY_WINDOW_DEFAULT_DAYS}-day window.`
        : `${gpu}: ${(row.rolling_volatility * 100).toFixed(1)}% annualized volatility over the ${VOLATILITY_WINDOW_DEFAULT_DAYS} days to ${row.recorded_at} (standard deviation of daily log returns, times the square root of 365).`,
    );
  }
  return { intent: "volatility", answer: lines.join("\n"), sources };
}

/** The mean of the hourly prints of the 24 hours ending at each GPU's latest print. */
export function rollingAverageAnswer(gpus: readonly GpuName[], data: ChatData): EngineAnswer {
  const allowed = requireHourlyPlan(data.plan);
  if (!allowed.ok) return { intent: "rolling_average", answer: allowed.error.message, sources: [] };
  const lines: string[] = [];
  const sources: ChatSource[] = [];
  for (const gpu of gpusOrAll(gpus)) {
    const answer = answerRollingAverage(gpu, data.gpuIndex);
    if (!answer.ok) {
      lines.push(`There is no hourly print for ${gpu}.`);
      continue;
    }
    const average = answer.value.data;
    sources.push({
      endpoint: "/api/gpu/{gpuName}/rolling-24h-average",
      parameters: { gpuName: gpu },
      values: [average],
    });
    const carried =
      average.carried_count > 0 ? `, ${average.carried_count} of them carried forward` : "";
    lines.push(
      `${gpu}: ${usd(average.average_usd_per_hour)} on average over the ${average.print_count} hourly prints from ${average.window_start} to ${average.as_of}${carried}.`,
    );
  }
  return { intent: "rolling_average", answer: lines.join("\n"), sources };
}

/** What was traded in the settlement period of each GPU's latest settled day. */
export function tradeVolumeAnswer(gpus: readonly GpuName[], data: ChatData): EngineAnswer {
  const lines: string[] = [];
  const sources: ChatSource[] = [];
  for (const gpu of gpusOrAll(gpus)) {
    const day = latestDayOf(gpu, data);
    const parameters = {
      gpuName: gpu,
      startDate: day ?? "",
      endDate: day ?? "",
      granularity: "daily",
    };
    const answer =
      day === undefined ? undefined : answerGpuVolume(gpu, parameters, data.plan, data.gpuIndex);
    const row = answer?.ok ? answer.value.data[0] : undefined;
    if (row === undefined) {
      lines.push(`There is no published daily value for ${gpu}.`);
      continue;
    }
    sources.push({ endpoint: "/api/gpu/{gpuName}/volume-metrics", parameters, values: [row] });
    lines.push(
      `${gpu}: ${count(row.trade_count, "trade", "trades")}, ${row.gpu_hours.toLocaleString("en-US", { maximumFractionDigits: 1 })} GPU-hours, from ${count(row.distinct_providers, "provider", "providers")} in the settlement period ending ${row.recorded_at}.`,
    );
  }
  return { intent: "trade_volume", answer: lines.join("\n"), sources };
}
