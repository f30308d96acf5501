import {
  PRICE_BASES,
  listedShare,
  provenanceOf,
  trackedShare,
  type DataProvenance,
  type UtcDay,
} from "@tpi/domain";
import {
  readSourceDaysBetween,
  type Db,
  type StoredConstituent,
  type StoredSourceDay,
} from "@tpi/db";
import type { SourceDay } from "../schemas/details";

/**
 * Where published numbers come from, as readers are told: each synced day's coverage and
 * citation (lab pages, CSV) and the provenance of one lab-day's constituents. The summary of
 * all sources lives with the published index (read-models/data-sources.ts).
 */

/** A synced day's coverage as published: counts as JSON numbers and the two shares. */
export function coverageOf(day: StoredSourceDay) {
  return {
    source: day.source,
    listedTokens: Number(day.coverage.listedTokens),
    otherTokens: Number(day.coverage.otherTokens),
    trackedTokens: Number(day.coverage.trackedTokens),
    listedShare: listedShare(day.coverage),
    trackedShare: trackedShare(day.coverage),
  };
}

/**
 * The provenance of a lab-day: the source of the largest volume among its constituents (each row
 * also names its own), with that source's as-of time for the day where it synced one.
 */
export function constituentsProvenance(
  constituents: readonly Pick<StoredConstituent, "source" | "totalTokens">[],
  sourceDays: readonly StoredSourceDay[],
): { provenance: DataProvenance; sourceDay: StoredSourceDay | null } {
  const volumeBySource = new Map<string, bigint>();
  for (const c of constituents)
    volumeBySource.set(c.source, (volumeBySource.get(c.source) ?? 0n) + c.totalTokens);
  let main: string | null = null;
  for (const [source, volume] of volumeBySource) {
    const best = main === null ? -1n : (volumeBySource.get(main) ?? 0n);
    if (volume > best || (volume === best && main !== null && source < main)) main = source;
  }
  const source = main ?? sourceDays[0]?.source ?? "unknown";
  const sourceDay = sourceDays.find((d) => d.source === source) ?? null;
  return { provenance: provenanceOf(source, sourceDay?.asOf.toISOString() ?? null), sourceDay };
}

/** Synced days of a range, oldest first, with their coverage and citation. */
export async function answerSourceDays(
  db: Db,
  { startDate, endDate }: { startDate: UtcDay; endDate: UtcDay },
): Promise<SourceDay[]> {
  const days = await readSourceDaysBetween(db, startDate, endDate);
  return days.map((day) => {
    const asOf = day.asOf.toISOString();
    const { sample, citation } = provenanceOf(day.source, asOf);
    const coverage = coverageOf(day);
    return {
      date: day.date,
      source: day.source,
      sample,
      asOf,
      citation,
      priceBasis: day.priceBasis,
      listedShare: coverage.listedShare,
      trackedShare: coverage.trackedShare,
      otherTokens: coverage.otherTokens,
      listedTokens: coverage.listedTokens,
    };
  });
}

/** The text of each price basis, for constituents rows. */
export const priceBasisDescription = (basis: keyof typeof PRICE_BASES): string =>
  PRICE_BASES[basis];
