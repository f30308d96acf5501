import { provenanceOf, type DataProvenance } from "@tpi/domain";
import type { PublishedDailyValue, PublishedPrint } from "@tpi/db";
import { answerDataSourcesOf, type DataSources } from "../../../platform/provenance/data-sources";

/**
 * What each GPU answer says of the values it carries: their basis, sources and counts, row by
 * row, and the sources of exactly those values with the citation and licence each requires (from
 * the read model's data sources, read-model/data-sources.ts).
 */

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

/**
 * The two fields every GPU answer carries about its values' sources: `provenance` (the sources
 * and `sample`) and `dataSources`, the same sources in the shape `/api/otpi` answers with, plus
 * the sample notice to quote with the numbers.
 */
export function answerProvenanceFields(
  values: Iterable<{ sources: readonly string[] }>,
  dataSources: DataSources,
) {
  const provenance = answerProvenance(values, dataSources);
  return { provenance, dataSources: answerDataSourcesOf(provenance.sources) };
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
