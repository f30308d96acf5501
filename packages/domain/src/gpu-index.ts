import { addDays, type UtcDay } from "./calendar";
import type { GpuName } from "./gpus";
import { SETTLEMENT_LOCAL_HOUR, SETTLEMENT_TIME_ZONE, settlementInstant } from "./new-york-time";

/**
 * The GPU compute price index (USD per GPU-hour): hourly prints from executed rental trades,
 * daily values from the hourly prints. Pure functions; storage and scheduling live elsewhere.
 */
export const MS_PER_HOUR = 3_600_000;

/** Default winsorizing bounds, as fractions: prices below the 5th and above the 95th percentile are clamped. */
export const DEFAULT_WINSOR_LOWER = 0.05;
export const DEFAULT_WINSOR_UPPER = 0.95;

export type WinsorBounds = { lower: number; upper: number };
export const DEFAULT_WINSOR_BOUNDS: WinsorBounds = {
  lower: DEFAULT_WINSOR_LOWER,
  upper: DEFAULT_WINSOR_UPPER,
};

/** One executed rental trade. */
export type GpuTrade = {
  gpuName: GpuName;
  executedAt: Date;
  /** USD per GPU-hour. */
  priceUsdPerGpuHour: number;
  /** GPU-hours rented: the trade's volume and its weight. */
  gpuHours: number;
  provider: string;
};

/** What a print needs of a trade (the provider plays no part), so readers can skip the rest. */
export type PrintableTrade = Pick<
  GpuTrade,
  "gpuName" | "executedAt" | "priceUsdPerGpuHour" | "gpuHours"
>;

export type PricedVolume = { price: number; gpuHours: number };

/** An hourly print: the index value published on the hour `hour` for the trailing hour. */
export type HourlyPrint = {
  gpuName: GpuName;
  hour: Date;
  /** USD per GPU-hour. */
  indexValue: number;
  /** True when the trailing hour had no trade and the previous print's value was carried forward. */
  carried: boolean;
  tradeCount: number;
  gpuHours: number;
};

/** A settled daily value: the mean of the hourly prints of one settlement period. */
export type DailyValue = {
  gpuName: GpuName;
  /** The New York calendar day that settled. */
  day: UtcDay;
  /** 4 PM America/New_York on `day`, as a UTC instant. */
  settledAt: Date;
  /** USD per GPU-hour. */
  indexValue: number;
  printCount: number;
};

/** Percentile (fraction 0..1) of sorted values, linear interpolation between closest ranks. */
export function percentileOfSorted(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) throw new RangeError("percentile of an empty list");
  const position = Math.min(1, Math.max(0, fraction)) * (sorted.length - 1);
  const below = Math.floor(position);
  const low = sorted[below] as number;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  return low + (high - low) * (position - below);
}

/**
 * Volume-weighted mean of prices after winsorizing: each price is clamped to the [lower, upper]
 * percentiles of the trades' prices (each trade one observation), then weighted by its GPU-hours.
 * Clamping rather than dropping keeps every trade's volume in the weight.
 */
export function winsorizedVolumeWeightedMean(
  trades: readonly PricedVolume[],
  bounds: WinsorBounds = DEFAULT_WINSOR_BOUNDS,
): number | undefined {
  const usable = trades.filter(
    (t) => Number.isFinite(t.price) && t.price > 0 && Number.isFinite(t.gpuHours) && t.gpuHours > 0,
  );
  if (usable.length === 0) return undefined;
  const sorted = usable.map((t) => t.price).sort((a, b) => a - b);
  const low = percentileOfSorted(sorted, bounds.lower);
  const high = percentileOfSorted(sorted, bounds.upper);
  let weighted = 0;
  let volume = 0;
  for (const trade of usable) {
    weighted += Math.min(high, Math.max(low, trade.price)) * trade.gpuHours;
    volume += trade.gpuHours;
  }
  return weighted / volume;
}

export function floorToHour(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / MS_PER_HOUR) * MS_PER_HOUR);
}

/**
 * Hourly prints for the hours `firstHour`, firstHour + 1h, ... through `lastHour` (both on the
 * hour). The print at hour H covers trades executed in [H - 1h, H). An hour without trades
 * carries the previous print forward, marked as carried; before the first print there is
 * nothing to carry, so such hours have no print. `trades` must hold at least the trades of
 * [firstHour - 1h, lastHour), in any order; others are ignored.
 */
export function computeHourlyPrints(
  gpuName: GpuName,
  trades: readonly PrintableTrade[],
  firstHour: Date,
  lastHour: Date,
  previous: { indexValue: number } | undefined,
  bounds: WinsorBounds = DEFAULT_WINSOR_BOUNDS,
): HourlyPrint[] {
  const first = firstHour.getTime();
  const last = lastHour.getTime();
  const buckets = new Map<number, PrintableTrade[]>();
  for (const trade of trades) {
    if (trade.gpuName !== gpuName) continue;
    // The print that includes a trade is the first hour strictly after its execution.
    const printHour =
      Math.floor(trade.executedAt.getTime() / MS_PER_HOUR) * MS_PER_HOUR + MS_PER_HOUR;
    if (printHour < first || printHour > last) continue;
    const bucket = buckets.get(printHour);
    if (bucket) bucket.push(trade);
    else buckets.set(printHour, [trade]);
  }
  const prints: HourlyPrint[] = [];
  let carry = previous?.indexValue;
  for (let hour = first; hour <= last; hour += MS_PER_HOUR) {
    const hourTrades = buckets.get(hour) ?? [];
    const value = winsorizedVolumeWeightedMean(
      hourTrades.map((t) => ({ price: t.priceUsdPerGpuHour, gpuHours: t.gpuHours })),
      bounds,
    );
    if (value !== undefined) {
      prints.push({
        gpuName,
        hour: new Date(hour),
        indexValue: value,
        carried: false,
        tradeCount: hourTrades.length,
        gpuHours: sumHours(hourTrades),
      });
      carry = value;
    } else if (carry !== undefined) {
      prints.push({
        gpuName,
        hour: new Date(hour),
        indexValue: carry,
        carried: true,
        tradeCount: 0,
        gpuHours: 0,
      });
    }
  }
  return prints;
}

function sumHours(trades: readonly PrintableTrade[]): number {
  return trades.reduce((total, t) => total + t.gpuHours, 0);
}

/**
 * The prints a day's settlement averages: those after the previous day's settlement instant, up
 * to and including this day's. Every print belongs to exactly one day; the period is 24 hours,
 * 23 on the day clocks spring forward and 25 on the day they fall back.
 */
export function settlementPeriod(day: UtcDay): { after: Date; through: Date } {
  return { after: settlementInstant(addDays(day, -1)), through: settlementInstant(day) };
}

/** The daily value of `day` from its period's prints (carried prints included), or undefined without prints. */
export function computeDailyValue(
  gpuName: GpuName,
  day: UtcDay,
  prints: readonly HourlyPrint[],
): DailyValue | undefined {
  const { after, through } = settlementPeriod(day);
  const inPeriod = prints.filter(
    (p) =>
      p.gpuName === gpuName &&
      p.hour.getTime() > after.getTime() &&
      p.hour.getTime() <= through.getTime(),
  );
  if (inPeriod.length === 0) return undefined;
  const mean = inPeriod.reduce((total, p) => total + p.indexValue, 0) / inPeriod.length;
  return { gpuName, day, settledAt: through, indexValue: mean, printCount: inPeriod.length };
}

/**
 * The GPU method in one paragraph, with the winsorizing bounds in force; the chat quotes it. The
 * settlement hours come from the settlement rule: a July and a January day give the UTC hour
 * under daylight saving time and outside it.
 */
export function gpuMethodologySummary(bounds: WinsorBounds): string {
  const localHour = `${SETTLEMENT_LOCAL_HOUR % 12 || 12} ${SETTLEMENT_LOCAL_HOUR < 12 ? "AM" : "PM"}`;
  const utcHour = (day: UtcDay) => `${settlementInstant(day).getUTCHours()}:00`;
  return `GPU compute price index: executed rental trades in USD per GPU-hour. Every hour on the hour it prints the volume-weighted mean (weights: GPU-hours) of the trailing hour's trades after winsorizing prices at the ${bounds.lower * 100}th and ${bounds.upper * 100}th percentiles; an hour without trades carries the previous print forward, marked as carried. The daily value is the mean of the day's hourly prints, settled at ${localHour} ${SETTLEMENT_TIME_ZONE} and stamped with that instant in UTC (${utcHour("2026-07-01")} in summer, ${utcHour("2026-01-01")} in winter).`;
}
