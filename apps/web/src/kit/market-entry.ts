import type { ReactNode } from "react";
import type { DataSources } from "../lib/api-types";
import type { CardContent } from "../lib/social-card";
import type { StatusReading } from "../server/status";

/** A part of the site a market adds to the navigation: its link and the id its layout marks. */
export type MarketSection = { id: string; href: string; label: string };

/**
 * How every page names a market's index while its published values rest on the generated sample
 * (the banner, the footer and /status), and where they come from.
 */
export type MarketSources = {
  /** Its index in a sentence of its own: "the token index". */
  index: string;
  /** Its name in a list of several indices: "token" (as in "the token and GPU indices"). */
  indexName: string;
  /** What the sample stands in for: "data", "trades". */
  evidence: string;
  /** The api's answer and the operator's way to real data (imported when a page is drawn). */
  load: () => Promise<LoadedSources>;
};

/** A market's sources as the api answers them, and what /status tells the operator to replace the sample. */
export type LoadedSources = { answer: DataSources; SampleRemedy: () => ReactNode };

/**
 * What the site's shared parts need to know of one market, and all they know of it: the
 * navigation, the known paths, the sitemap, the footer and the social cards read every market's
 * entry from the market list (src/markets/index.ts) and name none.
 */
export type MarketEntry = {
  /** The market's name, as the api's market list spells it. */
  name: string;
  /** Its links in the site's navigation, in order. */
  sections: readonly MarketSection[];
  /** The first path segments it answers (`app/<segment>`). */
  segments: readonly string[];
  /**
   * Whether `/<segment>/<second>/…` can be a page: false for an id its catalogue does not have,
   * so that the address answers 404 before any page renders. Absent: any second segment may be.
   */
  knowsPage?: (segment: string, second: string) => boolean;
  /**
   * Whether a path of its pages reads what only the api's database has (the rest is served from
   * the api's memory): such a page answers 503 while the api runs without its database.
   */
  needsDatabase?: (pathname: string) => boolean;
  /** Its public pages, for the sitemap. */
  pagePaths: () => readonly string[];
  /** Its page routes (as app/ spells them) that are not in the sitemap, each with the reason. */
  unlistedRoutes?: Readonly<Record<string, string>>;
  /** What its values are, in one clause of the footer (units and cadence). */
  footer: string;
  /**
   * The card image of `/og/<segments>` when it is this market's: a loader of its content
   * (imported when drawn, so that the entry stays light for the address check).
   */
  cardOf?: (segments: readonly string[]) => (() => Promise<CardContent>) | undefined;
  /** Where its published values come from, for every page's sample banner and footer. */
  sources?: MarketSources;
  /** Its rows on /status: the latest values it published (imported when the page renders). */
  status?: () => Promise<readonly StatusReading[]>;
};

/** `decodeURIComponent`, or undefined for a malformed escape (then no id matches). */
export function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** A card address of one segment (`/og/memory`), with no other. */
export function singleCard(
  segments: readonly string[],
  name: string,
  load: () => Promise<CardContent>,
): (() => Promise<CardContent>) | undefined {
  return segments.length === 1 && segments[0] === name ? load : undefined;
}
