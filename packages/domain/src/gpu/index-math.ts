import { addDays, type UtcDay } from "../shared/calendar";
import { SAMPLE_SOURCE } from "../token/provenance";
import type { GpuName } from "./catalog";
import { DEFAULT_WINSOR_BOUNDS, type WinsorBounds } from "./methodology";
import {
  computeQuotePrint,
  snapshotsForPrint,
  type PrintableSnapshot,
  type QuoteRules,
} from "./quote-math";
import { settlementInstant } from "./settlement-calendar";

/**
 * The GPU compute price index (USD per GPU-hour): hourly prints from executed rental trades or
 * from posted prices (quotes), daily values from the hourly prints. Pure functions; storage and
 * scheduling live elsewhere.
 */
export const MS_PER_HOUR = 3_600_000;

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

/**
 * What a print needs of a trade, so readers can skip the rest. The provider plays no part in the
 * value; it is counted (distinct providers) in the volume frozen with the print. The source tells
 * executed market trades from the generated sample's.
 */
export type PrintableTrade = Pick<
  GpuTrade,
  "gpuName" | "executedAt" | "priceUsdPerGpuHour" | "gpuHours" | "provider"
> & { source: string };

/**
 * The evidence of a print: executed trades (methodology 1.0's volume-weighted winsorized mean) or
 * posted prices (2.0's median across providers). Kept on every print and daily value, never
 * mixed within one print.
 */
export const PRINT_BASES = ["trades", "quotes"] as const;
export type PrintBasis = (typeof PRINT_BASES)[number];
/** A daily value's prints share one basis, or the day is `mixed` (and says so). */
export const DAILY_BASES = [...PRINT_BASES, "mixed"] as const;
export type DailyBasis = (typeof DAILY_BASES)[number];

export type PricedVolume = { price: number; gpuHours: number };

/** An hourly print: the index value published on the hour `hour` for the trailing hour. */
export type HourlyPrint = {
  gpuName: GpuName;
  hour: Date;
  /** USD per GPU-hour. */
  indexValue: number;
  /** True when the trailing hour had no trade and the previous print's value was carried forward. */
  carried: boolean;
  /** The volume of exactly the trades the print was computed from (zeros when carried), frozen with it. */
  tradeCount: number;
  gpuHours: number;
  /** Distinct providers of its trades, or providers whose price counted (zero when carried). */
  providerCount: number;
  /** What the value was computed from; a carried print keeps the basis of the print it repeats. */
  basis: PrintBasis;
  /** The data sources behind the value (trade sources, or quote sources), sorted; carried prints keep the repeated print's. */
  sources: readonly string[];
  /** Posted prices counted (quotes basis; zero for trades and when carried). */
  offerCount: number;
};

/**
 * A print as the settlement job handles it: with the distinct provider names of its trades
 * (sorted), so that a daily value counts its period's distinct providers over the union of its
 * prints' trades. The names stay in storage: the read model loads only the counts.
 */
export type SettlingPrint = HourlyPrint & {
  providers: readonly string[];
  /** The quote snapshots the print read (quotes basis), by id; empty otherwise. */
  snapshotIds: readonly number[];
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
  /** The volume of the trades of the prints it averages, frozen with it: the prints' sums ... */
  tradeCount: number;
  gpuHours: number;
  /** ... and the distinct providers over the whole period, not the sum of its hours' counts. */
  providerCount: number;
  /** The basis its prints share, or `mixed`. */
  basis: DailyBasis;
  /** The sources behind its prints, sorted. */
  sources: readonly string[];
  /** Posted prices counted, summed over its prints. */
  offerCount: number;
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
 * The hour of the print a trade counts in: the print on the hour H covers trades executed in
 * [H - 1h, H), so a trade exactly on the hour belongs to the next hour's print. Epoch
 * milliseconds.
 */
export function printHourOfTrade(executedAt: Date): number {
  return Math.floor(executedAt.getTime() / MS_PER_HOUR) * MS_PER_HOUR + MS_PER_HOUR;
}

/**
 * Hourly prints from trades alone (methodology 1.0): `computeGpuPrints` without quotes.
 */
export function computeHourlyPrints(
  gpuName: GpuName,
  trades: readonly PrintableTrade[],
  firstHour: Date,
  lastHour: Date,
  previous: PreviousPrint | undefined,
  bounds: WinsorBounds = DEFAULT_WINSOR_BOUNDS,
): SettlingPrint[] {
  return computeGpuPrints(gpuName, { trades, snapshots: [] }, firstHour, lastHour, previous, {
    bounds,
    quotes: NO_QUOTES,
  });
}

/** Quote rules under which no snapshot is ever used. */
const NO_QUOTES: QuoteRules = { minProviders: 1, maxSnapshotAgeHours: {} };

/** What a print carried forward repeats of the previous print. */
export type PreviousPrint = Pick<HourlyPrint, "indexValue"> &
  Partial<Pick<HourlyPrint, "basis" | "sources">>;

/**
 * Hourly prints for the hours `firstHour`, firstHour + 1h, ... through `lastHour` (both on the
 * hour). The print at hour H covers [H - 1h, H), and takes its evidence in this order:
 * 1. executed market trades in that hour (any source but the generated sample): their
 *    volume-weighted winsorized mean;
 * 2. otherwise posted prices: the snapshots taken before H (see `snapshotsForPrint`), when at
 *    least `minProviders` providers quote the GPU on demand: the median across providers;
 * 3. otherwise the generated sample's trades in that hour, as in 1;
 * 4. otherwise the previous print carried forward, marked as carried (before the first print
 *    there is nothing to carry, so such hours have no print).
 * `trades` must hold at least the trades of [firstHour - 1h, lastHour) and `snapshots` those
 * taken within each source's age limit before firstHour through lastHour, in any order.
 */
export function computeGpuPrints(
  gpuName: GpuName,
  inputs: { trades: readonly PrintableTrade[]; snapshots: readonly PrintableSnapshot[] },
  firstHour: Date,
  lastHour: Date,
  previous: PreviousPrint | undefined,
  rules: { bounds: WinsorBounds; quotes: QuoteRules },
): SettlingPrint[] {
  const first = firstHour.getTime();
  const last = lastHour.getTime();
  const buckets = new Map<number, PrintableTrade[]>();
  for (const trade of inputs.trades) {
    if (trade.gpuName !== gpuName) continue;
    const printHour = printHourOfTrade(trade.executedAt);
    if (printHour < first || printHour > last) continue;
    const bucket = buckets.get(printHour);
    if (bucket) bucket.push(trade);
    else buckets.set(printHour, [trade]);
  }
  const snapshots = inputs.snapshots.filter((s) => s.quotes.some((q) => q.gpuName === gpuName));
  const prints: SettlingPrint[] = [];
  let carry: PreviousPrint | undefined = previous;
  for (let hour = first; hour <= last; hour += MS_PER_HOUR) {
    const hourTrades = buckets.get(hour) ?? [];
    const market = hourTrades.filter((t) => t.source !== SAMPLE_SOURCE);
    let print = market.length > 0 ? tradePrint(gpuName, hour, market, rules.bounds) : undefined;
    if (print === undefined && snapshots.length > 0) {
      const used = snapshotsForPrint(snapshots, new Date(hour), rules.quotes);
      const quoted = computeQuotePrint(gpuName, used, rules.quotes);
      if (quoted.value !== undefined)
        print = {
          gpuName,
          hour: new Date(hour),
          indexValue: quoted.value,
          carried: false,
          tradeCount: 0,
          gpuHours: 0,
          providerCount: quoted.providers.length,
          providers: quoted.providers.map((p) => p.provider),
          basis: "quotes",
          sources: quoted.sources,
          offerCount: quoted.offerCount,
          snapshotIds: quoted.snapshotIds,
        };
    }
    if (print === undefined && hourTrades.length > 0)
      print = tradePrint(gpuName, hour, hourTrades, rules.bounds);
    if (print !== undefined) {
      prints.push(print);
      carry = print;
    } else if (carry !== undefined) {
      prints.push({
        gpuName,
        hour: new Date(hour),
        indexValue: carry.indexValue,
        carried: true,
        tradeCount: 0,
        gpuHours: 0,
        providerCount: 0,
        providers: [],
        basis: carry.basis ?? "trades",
        sources: carry.sources ?? [],
        offerCount: 0,
        snapshotIds: [],
      });
    }
  }
  return prints;
}

/** A print from trades (methodology 1.0), or undefined when none is usable. */
function tradePrint(
  gpuName: GpuName,
  hour: number,
  trades: readonly PrintableTrade[],
  bounds: WinsorBounds,
): SettlingPrint | undefined {
  const value = winsorizedVolumeWeightedMean(
    trades.map((t) => ({ price: t.priceUsdPerGpuHour, gpuHours: t.gpuHours })),
    bounds,
  );
  if (value === undefined) return undefined;
  const providers = distinctSorted(trades.map((t) => t.provider));
  return {
    gpuName,
    hour: new Date(hour),
    indexValue: value,
    carried: false,
    tradeCount: trades.length,
    gpuHours: sumHours(trades),
    providerCount: providers.length,
    providers,
    basis: "trades",
    sources: distinctSorted(trades.map((t) => t.source)),
    offerCount: 0,
    snapshotIds: [],
  };
}

function sumHours(trades: readonly PrintableTrade[]): number {
  return trades.reduce((total, t) => total + t.gpuHours, 0);
}

function distinctSorted(names: Iterable<string>): string[] {
  return [...new Set(names)].sort();
}

/**
 * The prints a day's settlement averages: those after the previous day's settlement instant, up
 * to and including this day's. Every print belongs to exactly one day; the period is 24 hours,
 * 23 on the day clocks spring forward and 25 on the day they fall back.
 */
export function settlementPeriod(day: UtcDay): { after: Date; through: Date } {
  return { after: settlementInstant(addDays(day, -1)), through: settlementInstant(day) };
}

/**
 * The daily value of `day` from its period's prints (carried prints included), or undefined
 * without prints, with the volume of the prints' trades: counts and GPU-hours summed oldest
 * print first, distinct providers over the union of the prints' providers.
 */
export function computeDailyValue(
  gpuName: GpuName,
  day: UtcDay,
  prints: readonly SettlingPrint[],
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
  const ordered = [...inPeriod].sort((a, b) => a.hour.getTime() - b.hour.getTime());
  const bases = new Set(ordered.map((p) => p.basis));
  return {
    gpuName,
    day,
    settledAt: through,
    indexValue: mean,
    printCount: inPeriod.length,
    tradeCount: ordered.reduce((total, p) => total + p.tradeCount, 0),
    gpuHours: ordered.reduce((total, p) => total + p.gpuHours, 0),
    providerCount: new Set(ordered.flatMap((p) => p.providers)).size,
    basis: bases.size === 1 ? (ordered[0] as SettlingPrint).basis : "mixed",
    sources: distinctSorted(ordered.flatMap((p) => p.sources)),
    offerCount: ordered.reduce((total, p) => total + p.offerCount, 0),
  };
}
