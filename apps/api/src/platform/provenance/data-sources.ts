import { SAMPLE_NOTICE, provenanceOf } from "@tpi/domain";
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
