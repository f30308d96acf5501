import { provenanceOf, type DataProvenance } from "@tpi/domain";
import type {
  PublishedDailyValue,
  PublishedPrint,
  QuoteSourceSummary,
  SourceSummary,
} from "@tpi/db";
import { dataSourcesOf, type DataSources } from "../../../platform/provenance/data-sources";

/**
 * Where published GPU values come from: the sources of the stored trades (the generated sample or
 * market trades) and the quote sources the published values rest on, each with the citation and
 * licence a reader must be shown; and, per answer, the sources of exactly the values it carries.
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

/** What an answer carrying GPU values says of their sources. */
export type AnswerProvenance = { sample: boolean; sources: DataProvenance[] };

/**
 * The provenance of the values of one answer: each source named by them (sorted), as the data
 * sources describe it (latest as-of, citation, licence); `sample` when any of them is the
 * generated sample. Read from memory: no database round trip.
 */
export function answerProvenance(
  values: Iterable<{ sources: readonly string[] }>,
  dataSources: DataSources,
): AnswerProvenance {
  const names = new Set<string>();
  for (const value of values) for (const source of value.sources) names.add(source);
  const sources = [...names].sort().map((name): DataProvenance => {
    const known = dataSources.sources.find((source) => source.source === name);
    if (known === undefined) return provenanceOf(name, null);
    return {
      source: known.source,
      sample: known.sample,
      asOf: known.latestAsOf,
      citation: known.citation,
      licence: known.licence,
    };
  });
  return { sample: sources.some((source) => source.sample), sources };
}

/** The provenance fields of one published print or daily value, as each answer row carries them. */
export function valueProvenance(
  value: Pick<
    PublishedPrint | PublishedDailyValue,
    "basis" | "sources" | "providerCount" | "offerCount" | "backfilled"
  >,
) {
  return {
    basis: value.basis,
    sources: [...value.sources],
    providerCount: value.providerCount,
    offerCount: value.offerCount,
    backfilled: value.backfilled,
  };
}
