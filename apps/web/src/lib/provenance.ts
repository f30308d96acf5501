import type { DataSources } from "./api-types";

/**
 * Where the published numbers come from, as the footer and /status cite them: the citation a
 * real source's licence requires, with the licence.
 */
export type Citation = {
  source: string;
  citation: string;
  licence: { name: string; url: string } | null;
};

/**
 * The citation lines of the real sources behind the published data (OpenRouter's carries the
 * latest `as_of`), for the footer. The sample has no citation: it gets the sample notice instead.
 */
export function sourceCitations(dataSources: DataSources): Citation[] {
  return dataSources.sources.flatMap((entry) =>
    entry.sample || entry.citation === null
      ? []
      : [{ source: entry.source, citation: entry.citation, licence: entry.licence }],
  );
}
