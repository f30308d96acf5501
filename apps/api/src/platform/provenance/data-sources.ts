import { SAMPLE_NOTICE, provenanceOf, type DataProvenance } from "@tpi/domain";
import type { SourceSummary } from "@tpi/db";
import { z } from "zod";

export const licenceSchema = z.object({ name: z.string(), url: z.string() });

/** What a reader is told about the data behind a value (`provenanceOf`). */
export const provenanceSchema = z.object({
  source: z.string().describe("`openrouter`, `sample`, or an observation file's source"),
  sample: z.boolean().describe("True for generated sample data: never market data"),
  asOf: z.string().nullable().describe("The source's as-of time of the data, ISO 8601 UTC"),
  citation: z
    .string()
    .nullable()
    .describe("The line to show with the numbers (OpenRouter's citation, or the sample notice)"),
  licence: licenceSchema.nullable(),
});

export const dataSourceSchema = z.object({
  source: z.string(),
  sample: z.boolean(),
  firstDay: z.string(),
  lastDay: z.string(),
  days: z.number().int(),
  latestAsOf: z.string().nullable(),
  citation: z.string().nullable(),
  licence: licenceSchema.nullable(),
});

/** The sources behind the published data (kept in memory with the published index). */
export const dataSourcesSchema = z.object({
  sample: z.boolean().describe("True when any published data comes from the generated sample"),
  notice: z.string().nullable().describe("The sample notice when sample data is shown"),
  sources: z.array(dataSourceSchema),
});
export type DataSources = z.infer<typeof dataSourcesSchema>;
export type DataSource = DataSources["sources"][number];

/** A source's days and newest as-of time without its citation and licence: what an operator checks. */
export const dataSourceSpanSchema = dataSourceSchema.omit({ citation: true, licence: true });
export type DataSourceSpan = z.infer<typeof dataSourceSpanSchema>;

/** The span of one of the sources behind the published data (`dataSourceSpanSchema`). */
export function dataSourceSpanOf(source: DataSource): DataSourceSpan {
  const { source: name, sample, firstDay, lastDay, days, latestAsOf } = source;
  return { source: name, sample, firstDay, lastDay, days, latestAsOf };
}

/** The sources behind the stored data; `sample` as soon as any of it is the generated sample. */
export function dataSourcesOf(summaries: readonly SourceSummary[]): DataSources {
  const sources = summaries.map((summary) => {
    const asOf = summary.latestAsOf?.toISOString() ?? null;
    const { sample, citation, licence } = provenanceOf(summary.source, asOf);
    return {
      source: summary.source,
      sample,
      firstDay: summary.firstDay,
      lastDay: summary.lastDay,
      days: summary.days,
      latestAsOf: asOf,
      citation,
      licence,
    };
  });
  const sample = sources.some((s) => s.sample);
  return { sample, notice: sample ? SAMPLE_NOTICE : null, sources };
}

/**
 * `dataSources` of an answer carrying published numbers (`/api/otpi`, the GPU answers): whether
 * any of them is the generated sample, the notice to quote with them then, and each source with
 * its as-of time, citation and licence.
 */
export const answerDataSourcesSchema = z
  .object({
    sample: z
      .boolean()
      .describe(
        "True when any number of the answer rests on the generated sample: not market data",
      ),
    notice: z
      .string()
      .nullable()
      .describe("The sample notice to show with the numbers when `sample` is true; null otherwise"),
    sources: z
      .array(provenanceSchema)
      .describe("Each source of the answer's numbers: sample or not, as-of, citation, licence"),
  })
  .meta({ id: "AnswerDataSources" });
export type AnswerDataSources = z.infer<typeof answerDataSourcesSchema>;

/** The `dataSources` of an answer whose numbers come from these sources. */
export function answerDataSourcesOf(sources: readonly DataProvenance[]): AnswerDataSources {
  const sample = sources.some((source) => source.sample);
  return { sample, notice: sample ? SAMPLE_NOTICE : null, sources: [...sources] };
}

/**
 * The stored sources with data on any day from `startDay` to `endDay` (UTC days, inclusive), as
 * an answer over those days names them. When none is recorded for those days every source is
 * named: an answer never looks like market data for lack of a record.
 */
export function sourcesBetween(
  dataSources: DataSources,
  startDay: string,
  endDay: string,
): DataProvenance[] {
  const overlapping = dataSources.sources.filter(
    (source) => source.firstDay <= endDay && source.lastDay >= startDay,
  );
  return (overlapping.length > 0 ? overlapping : dataSources.sources).map((source) => ({
    source: source.source,
    sample: source.sample,
    asOf: source.latestAsOf,
    citation: source.citation,
    licence: source.licence,
  }));
}

/**
 * The terms the service's own series (index values, settlements, counts it computes) are served
 * under, in the OpenAPI document's `info.license`. Each input keeps its own licence and the
 * citation it requires, served beside the data it went into (`dataSources`).
 */
export const SERVED_DATA_LICENSE = {
  name: "CC BY 4.0",
  url: "https://creativecommons.org/licenses/by/4.0/",
} as const;
