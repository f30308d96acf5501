/**
 * The public sources of GPU quotes: who publishes them, under which licence, and the line a
 * reader must see with any number derived from them. One description per source, so that
 * provenance can be given wherever the data is shown.
 */

export type QuoteSourceLicence = { name: string; url: string };

export type QuoteSourceDescription = {
  /** The id stored with every snapshot (`QuoteSnapshot.source`). */
  id: string;
  name: string;
  /** Where the data comes from, for a reader. */
  url: string;
  /** Posted prices (quotes), not executed trades: no volume. */
  kind: "quotes";
  /** How often the source publishes: one snapshot a day, or a live market polled hourly. */
  cadence: "daily" | "hourly";
  /**
   * Hours after its as-of time a snapshot may still be read by a print (methodology 2.0): a day
   * and a half for a daily file whose time of day drifts; two hours for an hourly poll, so one
   * missed poll does not empty the print.
   */
  maxSnapshotAgeHours: number;
  licence: QuoteSourceLicence;
  /** The line a reader must see with numbers derived from the source. */
  citation: string;
  /**
   * Whether the terms allow the source in a published index. False for a source whose terms
   * forbid index use without a written agreement the operator has not configured.
   */
  indexUseAllowed: boolean;
};

export const GPU_LEDGER_SOURCE = "gpurentalprices";
/** The Hugging Face dataset that mirrors the ledger's daily snapshots (a rolling 90 days). */
export const GPU_LEDGER_DATASET = "gpurentalprices/gpu-rental-prices";

export const GPU_LEDGER_LICENCE: QuoteSourceLicence = {
  name: "CC BY 4.0",
  url: "https://creativecommons.org/licenses/by/4.0/",
};

/**
 * The publisher's suggested attribution, verbatim, then the changes we made: CC BY 4.0 asks to
 * indicate them.
 */
export const GPU_LEDGER_CITATION =
  "GPU rental price data by gpurentalprices.com (https://gpurentalprices.com), licensed under CC BY 4.0. Index values derived (filtered and averaged) by the Token Price Index.";

export const GPU_LEDGER_DESCRIPTION: QuoteSourceDescription = {
  id: GPU_LEDGER_SOURCE,
  name: "gpurentalprices.com daily GPU rental price ledger",
  url: "https://gpurentalprices.com",
  kind: "quotes",
  cadence: "daily",
  maxSnapshotAgeHours: 36,
  licence: GPU_LEDGER_LICENCE,
  citation: GPU_LEDGER_CITATION,
  indexUseAllowed: true,
};

export const VAST_SOURCE = "vastai";

export const VAST_TERMS: QuoteSourceLicence = {
  name: "Vast.ai Terms of Service",
  url: "https://vast.ai/terms",
};

/**
 * Vast.ai's offer search. Its terms (2026-09-01 version) forbid building an index from its data
 * without a separate written agreement (data@vast.ai). With the operator's licence text, that
 * text is the citation and index use is allowed; without it the source is described as not
 * usable for the index.
 */
export function vastDescription(dataLicence?: string | null): QuoteSourceDescription {
  const licenceText = dataLicence?.trim() ?? "";
  return {
    id: VAST_SOURCE,
    name: "Vast.ai marketplace offers",
    url: "https://vast.ai",
    kind: "quotes",
    cadence: "hourly",
    maxSnapshotAgeHours: 2,
    licence: VAST_TERMS,
    citation:
      licenceText !== ""
        ? licenceText
        : "GPU offers from the Vast.ai marketplace (https://vast.ai), under the Vast.ai Terms of Service. Not licensed for index use: no written data licence from Vast.ai is configured.",
    indexUseAllowed: licenceText !== "",
  };
}

/**
 * The description of a GPU quote source by id, or undefined for an id no connector produces.
 * `vastDataLicence` is the operator's written licence text from Vast.ai, when there is one.
 */
export function quoteSourceDescription(
  id: string,
  options: { vastDataLicence?: string | null } = {},
): QuoteSourceDescription | undefined {
  if (id === GPU_LEDGER_SOURCE) return GPU_LEDGER_DESCRIPTION;
  if (id === VAST_SOURCE) return vastDescription(options.vastDataLicence);
  return undefined;
}
