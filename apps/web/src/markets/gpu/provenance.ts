import type { GpuProvenance } from "./api-types";

/**
 * The provenance of several GPU answers shown together (a page's prints, daily values and
 * analytics): each source once (the first answer naming it describes it), sorted by id as the api
 * sorts them, and the sample whenever any answer rests on it. Undefined when no answer was given
 * (nothing published yet): then there is no value to attribute.
 */
export function mergeGpuProvenance(
  answers: readonly ({ provenance: GpuProvenance } | null | undefined)[],
): GpuProvenance | undefined {
  const given = answers.flatMap((answer) => (answer == null ? [] : [answer.provenance]));
  if (given.length === 0) return undefined;
  const bySource = new Map<string, GpuProvenance["sources"][number]>();
  for (const provenance of given)
    for (const source of provenance.sources)
      if (!bySource.has(source.source)) bySource.set(source.source, source);
  const sources = [...bySource.values()].sort((a, b) =>
    a.source < b.source ? -1 : a.source > b.source ? 1 : 0,
  );
  return { sample: given.some((provenance) => provenance.sample), sources };
}
