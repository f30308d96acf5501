import type { QuoteSourceSummary, SourceSummary } from "@tpi/db";
import { dataSourcesOf, type DataSources } from "../../../platform/provenance/data-sources";

/**
 * Where published GPU values come from: the sources of the stored trades (the generated sample or
 * market trades) and the quote sources the published values rest on, each with the citation and
 * licence a reader must be shown. Kept in memory with the published set.
 */

/**
 * The GPU data sources: every trade source (as the per-day trade counts describe it) and each
 * quote source named by a published print, with the days of its snapshots and the citation and
 * licence stored on its latest one. A quote source no print reads (Vast.ai offers stored without
 * the operator's licence) is not a source of the published index, so it is not listed. Sorted by
 * source id.
 */
export function gpuDataSourcesOf(
  trades: readonly SourceSummary[],
  quotes: readonly QuoteSourceSummary[],
  publishedSources: ReadonlySet<string>,
): DataSources {
  const fromTrades = dataSourcesOf(trades);
  const fromQuotes = quotes
    .filter((summary) => publishedSources.has(summary.source))
    .map((summary) => ({
      source: summary.source,
      // Posted prices are public market data, never the generated sample.
      sample: false,
      firstDay: summary.firstDay,
      lastDay: summary.lastDay,
      days: summary.days,
      latestAsOf: summary.latestAsOf.toISOString(),
      citation: summary.citation,
      licence: { ...summary.licence },
    }));
  const sources = [...fromTrades.sources, ...fromQuotes].sort((a, b) =>
    a.source < b.source ? -1 : a.source > b.source ? 1 : 0,
  );
  return { sample: fromTrades.sample, notice: fromTrades.notice, sources };
}
