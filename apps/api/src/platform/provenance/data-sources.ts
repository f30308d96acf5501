import { SAMPLE_NOTICE, provenanceOf } from "@tpi/domain";
import type { SourceSummary } from "@tpi/db";
import type { DataSources } from "../../markets/token/schemas/details";

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
