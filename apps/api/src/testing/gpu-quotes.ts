import {
  DEFAULT_GPU_METHOD_RULES,
  GPU_LEDGER_DESCRIPTION,
  GPU_LEDGER_SOURCE,
  type GpuMethodRules,
  type GpuName,
  type GpuPriceTier,
  type QuoteSnapshot,
  type SourceExclusion,
} from "@tpi/domain";
import type { QuoteAttribution } from "@tpi/db";

/**
 * GPU quote snapshots for route tests, as the ledger connector would store them, and the rules
 * under which prints read the ledger (its own age limit). Prices are USD per GPU-hour.
 */

/** The GPU settlement reading the ledger: default bounds and minimum of providers. */
export const LEDGER_GPU_RULES: GpuMethodRules = {
  ...DEFAULT_GPU_METHOD_RULES,
  quotes: {
    ...DEFAULT_GPU_METHOD_RULES.quotes,
    maxSnapshotAgeHours: { [GPU_LEDGER_SOURCE]: GPU_LEDGER_DESCRIPTION.maxSnapshotAgeHours },
  },
};

/** What a ledger snapshot is stored with: the publisher's citation and CC BY 4.0. */
export const LEDGER_ATTRIBUTION: QuoteAttribution = {
  citation: GPU_LEDGER_DESCRIPTION.citation,
  licence: { ...GPU_LEDGER_DESCRIPTION.licence },
};

export type TestQuote = {
  gpuName: GpuName;
  provider: string;
  tier?: GpuPriceTier;
  offer?: string;
  price: number;
  stale?: boolean;
};

/** One snapshot of `source` taken at `asOf` (ISO), its quotes read at that instant. */
export function quoteSnapshot(
  asOf: string,
  quotes: readonly TestQuote[],
  source: string = GPU_LEDGER_SOURCE,
): QuoteSnapshot {
  const at = new Date(asOf);
  return {
    source,
    asOf: at,
    label: asOf.slice(0, 10),
    contentHash: `${source}-${asOf}`,
    quotes: quotes.map((q) => ({
      gpuName: q.gpuName,
      provider: q.provider,
      tier: q.tier ?? "on-demand",
      offer: q.offer ?? "",
      priceUsdPerGpuHour: q.price,
      observedAt: at,
      sourceExclusion: q.stale ? ("stale" satisfies SourceExclusion) : null,
    })),
    dropped: [],
  };
}

/** Ledger snapshots with the same quotes taken every day at 06:00 UTC from `firstDay` through `lastDay`. */
export function dailyLedgerSnapshots(
  firstDay: string,
  lastDay: string,
  quotes: readonly TestQuote[],
): { snapshot: QuoteSnapshot; attribution: QuoteAttribution }[] {
  const list: { snapshot: QuoteSnapshot; attribution: QuoteAttribution }[] = [];
  for (let day = Date.parse(firstDay); day <= Date.parse(lastDay); day += 86_400_000) {
    const asOf = new Date(day + 6 * 3_600_000).toISOString();
    list.push({ snapshot: quoteSnapshot(asOf, quotes), attribution: LEDGER_ATTRIBUTION });
  }
  return list;
}
