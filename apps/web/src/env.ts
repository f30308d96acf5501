import "server-only";

/**
 * Every environment variable the website reads, validated in one place; nothing else in the
 * web app reads process.env. Read lazily (per call) so that `next build` works without them.
 */
export type WebEnv = {
  /** Where the website's server reaches the api (internal tRPC router lives at `${apiUrl}/trpc`). */
  apiUrl: string;
  /** The api's address as the public should use it in curl examples and links. */
  publicApiUrl: string;
  /**
   * The website's own public address: the absolute base of sitemap.xml, robots.txt, canonical and
   * OpenGraph URLs and the "Cite this" retrieval links (crawlers and citations need absolute URLs).
   */
  publicSiteUrl: string;
  /** Bearer token for the internal tRPC router; never sent to a browser. */
  internalToken: string | undefined;
  /**
   * True while `next build` prerenders pages (Next sets NEXT_PHASE): no api runs then, so shared
   * chrome renders without the data it would otherwise fetch.
   */
  buildPhase: boolean;
};

/** Next's name for the production build phase (`PHASE_PRODUCTION_BUILD` in next/constants). */
const BUILD_PHASE = "phase-production-build";

const DEFAULT_API_URL = "http://127.0.0.1:8080";
/** `next start`'s default address: right for a local run, set TPI_PUBLIC_SITE_URL in production. */
const DEFAULT_SITE_URL = "http://localhost:3000";

function cleanUrl(value: string | undefined, fallback: string): string {
  const chosen = value === undefined || value.trim() === "" ? fallback : value.trim();
  const parsed = new URL(chosen);
  return parsed.toString().replace(/\/+$/, "");
}

export function readWebEnv(source: Record<string, string | undefined> = process.env): WebEnv {
  const apiUrl = cleanUrl(source.TPI_API_URL, DEFAULT_API_URL);
  const token = source.INTERNAL_API_TOKEN?.trim();
  return {
    apiUrl,
    publicApiUrl: cleanUrl(source.TPI_PUBLIC_API_URL, apiUrl),
    publicSiteUrl: cleanUrl(source.TPI_PUBLIC_SITE_URL, DEFAULT_SITE_URL),
    internalToken: token === undefined || token === "" ? undefined : token,
    buildPhase: source.NEXT_PHASE === BUILD_PHASE,
  };
}
