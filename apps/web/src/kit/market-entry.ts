import type { ReactNode } from "react";
import type { DataSources } from "../lib/api-types";
import { CARD_ROOT, keyedCard, type CardContent } from "../lib/social-card";
import type { StatusReading } from "../server/status";

/** The sitemap's `changefreq` values a page of the site uses. */
export type SitemapChangeFrequency = "hourly" | "daily";

/** A part of the site a market adds to the navigation: its link and the id its layout marks. */
export type MarketSection = { id: string; href: string; label: string };

/**
 * How every page names a market's index while its published values rest on the generated sample
 * (the banner, the footer and /status), and where they come from.
 */
export type MarketSources = {
  /**
   * Its index's name as a sentence names it: "token" (as in "the token index" and "the token
   * and GPU indices").
   */
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
  /** How often one of its pages changes, for the sitemap; absent: daily (a settled day). */
  changeFrequencyOf?: (path: string) => SitemapChangeFrequency;
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

/** A market's card address: `/og/<name>`, the one `singleCard` answers for it. */
export function marketCardPath(name: string): string {
  return `${CARD_ROOT}/${name}`;
}

/** What a market's card says: its title, its detail (units, cadence), and who reads the values. */
export type CardText = { title: string; detail: string; value?: string };

/**
 * A market's card: its address and its content, which names what the market holds and never a
 * value; `sample` marks it while the values are the generated sample.
 */
export function marketCard(name: string, text: CardText) {
  return {
    path: marketCardPath(name),
    content: (sample: boolean): CardContent =>
      keyedCard(text.title, text.detail, sample, text.value),
  };
}

/**
 * The entry of a market that is one section of the site, named after it: one link in the
 * navigation (`label`, to `href`), the first path segment and the layout's mark its name; its
 * pages (by default the section's page alone), its footer clause and the loader of its card.
 */
export function sectionMarket(market: {
  name: string;
  href: string;
  label: string;
  footer: string;
  pagePaths?: () => readonly string[];
  knowsPage?: MarketEntry["knowsPage"];
  card?: () => Promise<CardContent>;
}): MarketEntry {
  const { name, href, card } = market;
  return {
    name,
    sections: [{ id: name, href, label: market.label }],
    segments: [name],
    ...(market.knowsPage === undefined ? {} : { knowsPage: market.knowsPage }),
    pagePaths: market.pagePaths ?? (() => [href]),
    footer: market.footer,
    ...(card === undefined ? {} : { cardOf: (segments) => singleCard(segments, name, card) }),
  };
}
