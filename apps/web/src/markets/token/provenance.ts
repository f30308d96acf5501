import type { UtcDay } from "@tpi/domain";
import type { SourceDay } from "./api-types";

/**
 * Where each day of the token index comes from, as the lab tables and CSV files say it: the
 * source, its `as_of` and the citation its licence requires, per UTC day; and the shares the
 * coverage line states.
 */

/** What a CSV row and a table footnote say about one UTC day's data; `sample` if any source is. */
export type DayProvenance = { source: string; asOf: string; citation: string; sample: boolean };

/**
 * The provenance of each UTC day, from the synced source days. A day fed by several sources
 * (rare: an observation file beside OpenRouter) names them all, with the latest `as_of`.
 */
export function provenanceByDay(days: readonly SourceDay[]): Map<UtcDay, DayProvenance> {
  const byDay = new Map<UtcDay, SourceDay[]>();
  for (const day of days) byDay.set(day.date, [...(byDay.get(day.date) ?? []), day]);
  const result = new Map<UtcDay, DayProvenance>();
  for (const [date, entries] of byDay) {
    const asOfs = entries.flatMap((entry) => (entry.asOf === null ? [] : [entry.asOf])).sort();
    result.set(date, {
      source: entries.map((entry) => entry.source).join("+"),
      asOf: asOfs.at(-1) ?? "",
      citation: entries
        .flatMap((entry) => (entry.citation === null ? [] : [entry.citation]))
        .join(" "),
      sample: entries.some((entry) => entry.sample),
    });
  }
  return result;
}

/** A share of traffic (0..1) as a percentage with one decimal, `n/a` when unknown. */
export function formatShare(share: number | null | undefined): string {
  if (share === null || share === undefined || !Number.isFinite(share)) return "n/a";
  return `${(share * 100).toFixed(1)}%`;
}

/** The configured input share of an estimated split, exact to the basis point: `0.75` → `75%`. */
export function formatInputShare(share: number): string {
  return `${Number((share * 100).toFixed(2))}%`;
}
