import type { GpuName } from "./catalog";
import { INDEX_PRICE_TIER, type GpuQuote } from "./quotes";

/**
 * The hourly print from posted prices (methodology 2.0): per GPU, each provider's on-demand price
 * is the median of its offers, and the print is the median of the providers' prices, published
 * when at least `minProviders` providers quote the GPU. Pure functions; which snapshots a print
 * may use is decided here too, from what the caller loaded. Prices are USD per GPU-hour.
 */

const MS_PER_HOUR = 3_600_000;

/** Fewest distinct providers with a usable on-demand price for a print from quotes. */
export const DEFAULT_MIN_QUOTE_PROVIDERS = 2;

export type QuoteRules = {
  minProviders: number;
  /** Hours after its as-of time a source's snapshot may still be used, per source id. */
  maxSnapshotAgeHours: Readonly<Record<string, number>>;
};

/** A stored snapshot with the quotes of the GPU being printed. */
export type PrintableSnapshot = {
  id: number;
  source: string;
  asOf: Date;
  quotes: readonly GpuQuote[];
};

/** Why a quote of a used snapshot did not count in the print. */
export const QUOTE_EXCLUSIONS = {
  tier: "Not an on-demand price: spot, reserved, community, serverless and marketplace prices are kept apart from the index.",
  stale:
    "The source marked the price stale (carried forward from an earlier fetch, or read more than 26 hours before the snapshot).",
} as const;
export type QuoteExclusion = keyof typeof QUOTE_EXCLUSIONS;

/** One quote of a print's snapshots and what the print made of it. */
export type QuoteVerdict = {
  snapshotId: number;
  source: string;
  quote: GpuQuote;
  /** Null when the price counted. */
  exclusion: QuoteExclusion | null;
};

/** A provider's price in a print: the median of its counted offers. */
export type ProviderPrice = { provider: string; priceUsdPerGpuHour: number; offers: number };

export type QuotePrint = {
  /** Undefined when fewer than the minimum of providers quote the GPU (the print is then not from quotes). */
  value: number | undefined;
  providers: ProviderPrice[];
  /** Counted offers over all providers. */
  offerCount: number;
  /** The snapshots that quote the GPU, one per source at most, by id ascending. */
  snapshotIds: number[];
  /** The sources of the counted prices, sorted. */
  sources: string[];
  verdicts: QuoteVerdict[];
};

/** Median of a non-empty list: the middle value, or the mean of the two middle values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError("median of an empty list");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The snapshots the print on the hour `hour` uses: of each source, the latest snapshot taken
 * before the hour (as-of earlier than `hour`) and not older than the source's limit. A source
 * without a limit in the rules is not used. Ties on as-of go to the later-stored snapshot (the
 * higher id).
 */
export function snapshotsForPrint(
  snapshots: readonly PrintableSnapshot[],
  hour: Date,
  rules: QuoteRules,
): PrintableSnapshot[] {
  const latest = new Map<string, PrintableSnapshot>();
  for (const snapshot of snapshots) {
    const maxAgeHours = rules.maxSnapshotAgeHours[snapshot.source];
    if (maxAgeHours === undefined) continue;
    const age = hour.getTime() - snapshot.asOf.getTime();
    if (age <= 0 || age > maxAgeHours * MS_PER_HOUR) continue;
    const current = latest.get(snapshot.source);
    if (
      current === undefined ||
      snapshot.asOf > current.asOf ||
      (snapshot.asOf.getTime() === current.asOf.getTime() && snapshot.id > current.id)
    )
      latest.set(snapshot.source, snapshot);
  }
  return [...latest.values()].sort((a, b) => a.id - b.id);
}

/** Why a quote does not count in a print, or null when it does: the same for every print that reads it. */
export function quoteExclusionOf(
  quote: Pick<GpuQuote, "tier" | "sourceExclusion">,
): QuoteExclusion | null {
  if (quote.tier !== INDEX_PRICE_TIER) return "tier";
  if (quote.sourceExclusion === "stale") return "stale";
  return null;
}

/**
 * The print of `gpuName` from the snapshots a print uses (see `snapshotsForPrint`): every quote
 * of the GPU judged, the counted ones grouped by provider across sources, each provider's price
 * the median of its offers, and the value the median of the providers' prices when at least
 * `minProviders` providers count.
 */
export function computeQuotePrint(
  gpuName: GpuName,
  used: readonly PrintableSnapshot[],
  rules: Pick<QuoteRules, "minProviders">,
): QuotePrint {
  const verdicts: QuoteVerdict[] = [];
  const byProvider = new Map<string, number[]>();
  for (const snapshot of used) {
    for (const quote of snapshot.quotes) {
      if (quote.gpuName !== gpuName) continue;
      const exclusion = quoteExclusionOf(quote);
      verdicts.push({ snapshotId: snapshot.id, source: snapshot.source, quote, exclusion });
      if (exclusion !== null) continue;
      const prices = byProvider.get(quote.provider);
      if (prices) prices.push(quote.priceUsdPerGpuHour);
      else byProvider.set(quote.provider, [quote.priceUsdPerGpuHour]);
    }
  }
  const providers = [...byProvider.entries()]
    .map(([provider, prices]) => ({
      provider,
      priceUsdPerGpuHour: median(prices),
      offers: prices.length,
    }))
    .sort((a, b) => (a.provider < b.provider ? -1 : a.provider > b.provider ? 1 : 0));
  const value =
    providers.length >= rules.minProviders && providers.length > 0
      ? median(providers.map((p) => p.priceUsdPerGpuHour))
      : undefined;
  const counted = verdicts.filter((v) => v.exclusion === null);
  return {
    value,
    providers,
    offerCount: counted.length,
    snapshotIds: [...new Set(verdicts.map((v) => v.snapshotId))].sort((a, b) => a - b),
    sources: [...new Set(counted.map((v) => v.source))].sort(),
    verdicts,
  };
}
