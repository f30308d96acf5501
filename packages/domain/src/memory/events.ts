import { dayPeriod } from "../events/event";
import type { PublishedSeriesValues, SeriesMarket } from "../events/series-values";
import type { DataProvenance } from "../shared/data-provenance";
import { memoryTypeOf } from "./catalog";
import { MEMORY_METHODOLOGY_VERSION } from "./methodology";
import type { MemorySettledValue } from "./settlement";

/**
 * The Memory market's value events. A series is a memory type (its frozen id), a period its
 * trading day; the value is the settled `price`, in the type's unit. The derived fields
 * (`changePct`, `weeklyHigh`, `weeklyLow`) are left out: they follow from the prices of
 * neighbouring days, and carrying them would turn every neighbour's re-derivation into a
 * revision that the market's own revision log (prices only) does not record. A receiver has the
 * previous day's price in `previous` to measure a change against.
 */
export const MEMORY_EVENTS: SeriesMarket = {
  market: "memory",
  methodologyVersion: MEMORY_METHODOLOGY_VERSION,
};

/** What the latest import of a source said about it. */
export type MemorySourceTermsText = {
  source: string;
  licence: string | null;
  citation: string | null;
  url: string | null;
};

/**
 * A source of memory values as answers and events name it: as of `asOf`, with the licence its
 * latest import gave (at the address the price was published at; empty when none was given).
 */
export function memorySourceProvenance(
  source: string,
  asOf: Date,
  terms: MemorySourceTermsText | undefined,
): DataProvenance {
  return {
    source,
    sample: false,
    asOf: asOf.toISOString(),
    citation: terms?.citation ?? null,
    licence:
      terms === undefined || terms.licence === null
        ? null
        : { name: terms.licence, url: terms.url ?? "" },
  };
}

/** Settled values as the events publish them, each source as of the value's source time. */
export function memoryPublishedValues(
  values: readonly MemorySettledValue[],
  termsOf: (source: string) => MemorySourceTermsText | undefined,
): PublishedSeriesValues[] {
  return values.map((value) => ({
    series: value.typeId,
    period: dayPeriod(value.day),
    values: [{ name: "price", value: value.price, unit: memoryTypeOf(value.typeId).unit }],
    sources: value.sources.map((source) =>
      memorySourceProvenance(source, value.sourceUpdatedAt, termsOf(source)),
    ),
  }));
}
