import type { MarketEntry } from "../kit/market-entry";
import { MARKETS } from "../markets";
import { isAccountPath } from "../lib/account-paths";
import { needsApi, type ApiState } from "../lib/api-reachability";

/**
 * The first path segments the site answers itself, besides the markets' own (each market's
 * entry lists its segments): app/<segment>, Next's metadata files, its assets and the files of
 * public/. A unit test compares the whole list with the app and public directories, so a new
 * route or file cannot be forgotten here.
 */
const SITE_SEGMENTS = [
  "account",
  "docs",
  "downloads",
  "methodology",
  "og",
  "page-not-found",
  "page-unavailable",
  "revalidate",
  "status",
  "robots.txt",
  "sitemap.xml",
  "icon.svg",
  "_next",
  "favicon.ico",
  // public/: the charts' script.
  "chart.js",
] as const;

/** Every first path segment the app answers: the site's and each market's. */
export function topLevelSegments(markets: readonly MarketEntry[] = MARKETS): readonly string[] {
  return [...SITE_SEGMENTS, ...markets.flatMap((market) => market.segments)];
}

export const TOP_LEVEL_SEGMENTS = topLevelSegments();

/**
 * False for an address that is certainly no page: an unknown first segment, or an id a market's
 * catalogue does not have (a lab, a GPU, a product, a memory type). Deeper paths under a known
 * section are left to the routes themselves.
 */
export function isKnownPath(pathname: string, markets: readonly MarketEntry[] = MARKETS): boolean {
  const segments = pathname.split("/").filter((segment) => segment !== "");
  const [first, second] = segments;
  if (first === undefined) return true;
  // The 404 and 503 pages are reached through proxy.ts's marks only, never by their address.
  if (first === "page-not-found" || first === "page-unavailable") return false;
  if (first === "account") return isAccountPath(pathname);
  if ((SITE_SEGMENTS as readonly string[]).includes(first)) return true;
  const market = markets.find((entry) => entry.segments.includes(first));
  if (market === undefined) return false;
  if (second === undefined) return true;
  return market.knowsPage?.(first, second) ?? true;
}

/** The route that renders the 404 page on the server (app/page-not-found). */
export const NOT_FOUND_PATH = "/page-not-found";

/** The request header proxy.ts sets on an unknown address; next.config rewrites on it. */
export const NOT_FOUND_HEADER = "x-tpi-not-found";

/** The route that renders the 503 page on the server (app/page-unavailable). */
export const UNAVAILABLE_PATH = "/page-unavailable";

/** The request header proxy.ts sets while the api cannot serve pages; next.config rewrites on it. */
export const UNAVAILABLE_HEADER = "x-tpi-api-unavailable";

/**
 * Pages that read what only the api's database has: the accounts, the releases (/downloads), and
 * the pages a market says do (`needsDatabase`). The rest is served from the api's memory.
 */
export function needsDatabase(
  pathname: string,
  markets: readonly MarketEntry[] = MARKETS,
): boolean {
  return (
    /^\/(account|downloads)(\/|$)/.test(pathname) ||
    markets.some((market) => market.needsDatabase?.(pathname) === true)
  );
}

/** Whether a request can be served in the api's current state. */
export function servable(
  pathname: string,
  state: ApiState,
  markets: readonly MarketEntry[] = MARKETS,
): boolean {
  if (state === "down") return !needsApi(pathname);
  if (state === "without-database") return !needsDatabase(pathname, markets);
  return true;
}
