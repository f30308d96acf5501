import type { MarketEntry, SitemapChangeFrequency } from "../kit/market-entry";
import { MARKETS } from "../markets";

/** The site's own pages, besides the markets' (each market's entry lists its pages). */
export const FIXED_PAGE_PATHS = ["/methodology", "/docs", "/downloads", "/status"] as const;

/**
 * The app's page routes (as app/ spells them) that are not in the sitemap, each with the reason:
 * the site's and each market's. A unit test walks app/ and fails on a page route that is neither
 * here nor matched by `publicPagePaths()`, so that a new page cannot be left out of the sitemap
 * by accident.
 */
export const UNLISTED_PAGE_ROUTES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(MARKETS.flatMap((market) => Object.entries(market.unlistedRoutes ?? {}))),
  "/account": "a signed-in reader's own account, not indexed",
  "/account/admin": "the operator's administration, not indexed",
  "/account/authorize": "an agent application's consent step, reached from the api's sign-in",
  "/account/new-key": "shows a key once, not indexed",
  "/account/new-webhook": "a signed-in reader's form, not indexed",
  "/account/reset-password": "a form reached from a mail, not indexed",
  "/account/revoke-key": "a signed-in reader's confirmation step, not indexed",
  "/account/sign-in": "a form, not indexed",
  "/account/sign-up": "a form, not content a search should land on",
  "/account/verify-email": "reached from a mail, not indexed",
  "/account/webhook": "a signed-in reader's webhook and its delivery log, not indexed",
  "/account/webhook-secret": "shows a signing secret once, not indexed",
  "/page-not-found": "the 404 page, reached only through proxy.ts",
  "/page-unavailable": "the 503 page, reached only through proxy.ts",
};

/**
 * Every public page of the site: each market's (from the same catalogues that decide which of
 * its pages answer 200; keyed ones have pages too: they explain how to get the data), then the
 * site's own.
 */
export function publicPagePaths(markets: readonly MarketEntry[] = MARKETS): string[] {
  return [...markets.flatMap((market) => market.pagePaths()), ...FIXED_PAGE_PATHS];
}

/** The sitemap's entries: every public page with how often it changes (the site's own: daily). */
export function sitemapPages(
  markets: readonly MarketEntry[] = MARKETS,
): { path: string; changeFrequency: SitemapChangeFrequency }[] {
  return [
    ...markets.flatMap((market) =>
      market
        .pagePaths()
        .map((path) => ({ path, changeFrequency: market.changeFrequencyOf?.(path) ?? "daily" })),
    ),
    ...FIXED_PAGE_PATHS.map((path) => ({ path, changeFrequency: "daily" as const })),
  ];
}
