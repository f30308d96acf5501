import {
  GPU_CATALOG,
  daysBetween,
  eachUtcDay,
  startOfUtcDay,
  subtractMonthsClamped,
  utcDayOf,
  type GpuName,
  type UtcDay,
} from "@tpi/domain";
import type { GpuTradeInput } from "../repositories/gpu-index";
import { normal, seededRandom } from "./prng";

/** Marks every generated trade: SAMPLE data, not market data. */
export const GPU_SAMPLE_SOURCE = "sample";
/** Months of history the sample covers, ending now. */
export const GPU_SAMPLE_MONTHS = 18;
/** About this many trades a day across all GPUs. */
export const GPU_SAMPLE_TRADES_PER_DAY = 1_000;

/**
 * Price path of each GPU in USD per GPU-hour: a linear move from `from` to `to` over
 * TREND_DAYS from TREND_START (flat afterwards), plus slow waves. Levels follow public on-demand
 * rental prices of 2025-2026: Hopper falling as Blackwell ramps, consumer cards rising.
 */
type SampleGpu = {
  gpuName: GpuName;
  from: number;
  to: number;
  tradeShare: number;
  typicalGpuHours: number;
};
const SAMPLE_GPUS: readonly SampleGpu[] = [
  { gpuName: "H100 SXM", from: 2.75, to: 2.1, tradeShare: 0.3, typicalGpuHours: 64 },
  { gpuName: "H200", from: 3.65, to: 3.15, tradeShare: 0.17, typicalGpuHours: 64 },
  { gpuName: "A100 SXM4", from: 1.44, to: 1.15, tradeShare: 0.18, typicalGpuHours: 32 },
  { gpuName: "RTX 5090", from: 0.63, to: 0.86, tradeShare: 0.14, typicalGpuHours: 8 },
  { gpuName: "B200", from: 5.75, to: 4.7, tradeShare: 0.12, typicalGpuHours: 64 },
  { gpuName: "RTX PRO 6000 WS", from: 1.25, to: 1.72, tradeShare: 0.09, typicalGpuHours: 16 },
];
const TREND_START: UtcDay = "2025-05-01";
const TREND_DAYS = 548;
/** Relative activity by UTC weekday (Sunday first). */
const WEEKDAY_FACTOR = [0.75, 1.05, 1.08, 1.08, 1.06, 1.02, 0.8] as const;
/** Relative activity by UTC hour: busiest during US and European working hours. */
const HOUR_WEIGHT = [
  4, 3, 3, 2, 2, 2, 3, 4, 6, 7, 8, 8, 9, 10, 11, 11, 10, 9, 8, 7, 6, 6, 5, 5,
] as const;
const HOUR_WEIGHT_TOTAL = HOUR_WEIGHT.reduce((a, b) => a + b, 0);
const PROVIDERS = Array.from(
  { length: 24 },
  (_, i) => `provider-${String(i + 1).padStart(2, "0")}`,
);

if (
  Math.abs(SAMPLE_GPUS.reduce((t, g) => t + g.tradeShare, 0) - 1) > 1e-9 ||
  SAMPLE_GPUS.length !== GPU_CATALOG.length
) {
  throw new Error("the GPU sample must cover the catalog with trade shares summing to 1");
}

/** The day's reference level: trend plus waves of a few weeks and a few months. */
function dayLevel(gpu: SampleGpu, day: UtcDay, gpuIndex: number): number {
  const t = daysBetween(TREND_START, day);
  const progress = Math.min(1, Math.max(0, t / TREND_DAYS));
  const trend = gpu.from + (gpu.to - gpu.from) * progress;
  const waves =
    1 +
    0.015 * Math.sin((2 * Math.PI * t) / 23 + gpuIndex) +
    0.025 * Math.sin((2 * Math.PI * t) / 97 + 2 * gpuIndex);
  return trend * waves;
}

function hourOfDay(u: number): number {
  let threshold = u * HOUR_WEIGHT_TOTAL;
  for (let hour = 0; hour < HOUR_WEIGHT.length; hour++) {
    threshold -= HOUR_WEIGHT[hour] ?? 0;
    if (threshold < 0) return hour;
  }
  return 23;
}

/**
 * One GPU's trades on one UTC day. Each GPU-day draws from its own seed, so any day is
 * reproducible on its own whatever range is generated. About 2% of trades are off-market
 * (mispriced listings, distressed capacity) so that winsorizing has something to do.
 * `tradesPerDay` (across all GPUs) scales the density; benchmarks use it for denser markets.
 */
export function sampleGpuTradesOn(
  gpuName: GpuName,
  day: UtcDay,
  tradesPerDay: number = GPU_SAMPLE_TRADES_PER_DAY,
): GpuTradeInput[] {
  const gpuIndex = SAMPLE_GPUS.findIndex((g) => g.gpuName === gpuName);
  const gpu = SAMPLE_GPUS[gpuIndex];
  if (!gpu) return [];
  const random = seededRandom(`gpu|${gpuName}|${day}`);
  const dayStart = startOfUtcDay(day).getTime();
  const weekday = startOfUtcDay(day).getUTCDay();
  const count = Math.max(
    1,
    Math.round(
      tradesPerDay *
        gpu.tradeShare *
        (WEEKDAY_FACTOR[weekday] ?? 1) *
        Math.exp(0.15 * normal(random)),
    ),
  );
  const level = dayLevel(gpu, day, gpuIndex) * Math.exp(0.01 * normal(random));
  const trades: GpuTradeInput[] = [];
  for (let i = 0; i < count; i++) {
    const hour = hourOfDay(random());
    const executedAt = new Date(dayStart + hour * 3_600_000 + Math.floor(random() * 3_600_000));
    const offMarket = random() < 0.02 ? (random() < 0.5 ? 0.55 : 1.7) : 1;
    const price = level * Math.exp(0.045 * normal(random)) * offMarket;
    const gpuHours = Math.max(1, Math.round(gpu.typicalGpuHours * Math.exp(0.8 * normal(random))));
    trades.push({
      tradeId: `sample-${i}`, // unique within the GPU-day; GPU and time are the rest of the key (short ids keep the index small)
      gpuName,
      executedAt,
      priceUsdPerGpuHour: Math.round(price * 10_000) / 10_000,
      gpuHours,
      provider: PROVIDERS[Math.floor(random() * PROVIDERS.length)] ?? "provider-01",
      source: GPU_SAMPLE_SOURCE,
    });
  }
  return trades.sort((a, b) => a.executedAt.getTime() - b.executedAt.getTime());
}

/** First day of the sample that ends at `now`. */
export function gpuSampleStartDay(now: Date): UtcDay {
  return subtractMonthsClamped(utcDayOf(now), GPU_SAMPLE_MONTHS);
}

/**
 * Every sample trade from the start of the sample up to (excluding) `now`, one GPU-day at a time,
 * GPU by GPU: in primary-key order (GPU, then time), so a bulk load appends at the right edge of
 * the key index (compact, fast) instead of splitting pages inside it. Each GPU-day draws from its
 * own seed, so the order changes no trade.
 */
export function* generateGpuSample(
  now: Date,
  from: UtcDay = gpuSampleStartDay(now),
  tradesPerDay: number = GPU_SAMPLE_TRADES_PER_DAY,
): Generator<GpuTradeInput[]> {
  const days = eachUtcDay(from, utcDayOf(now));
  for (const { gpuName } of [...SAMPLE_GPUS].sort((a, b) => (a.gpuName < b.gpuName ? -1 : 1))) {
    for (const day of days) {
      yield sampleGpuTradesOn(gpuName, day, tradesPerDay).filter(
        (t) => t.executedAt.getTime() < now.getTime(),
      );
    }
  }
}
