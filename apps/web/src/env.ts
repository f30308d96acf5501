import "server-only";
import { mcpOAuthIssuer } from "@tpi/domain";

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
  /**
   * The MCP server's OAuth issuer, as the api computes it (TPI_PUBLIC_API_URL's origin, else the
   * site's): an agent application adds `<issuer>/mcp/oauth`.
   */
  mcpOAuthIssuer: string;
  /** Bearer token for the internal tRPC router; never sent to a browser. */
  internalToken: string | undefined;
  /**
   * True while `next build` prerenders pages (Next sets NEXT_PHASE): no api runs then, so shared
   * chrome renders without the data it would otherwise fetch.
   */
  buildPhase: boolean;
  /**
   * TPI_SITE_PLAIN_HTTP, the api's flag: the website is plain http on loopback, so its account
   * cookies are `tpi_session`/`tpi_form` without `Secure` (a browser keeps no `__Host-` cookie
   * over http). Refused unless TPI_PUBLIC_SITE_URL is http on loopback, as the api refuses it.
   */
  sitePlainHttp: boolean;
  /**
   * TPI_TRUST_PROXY: how many reverse proxies in front of the website append the client's
   * address to `X-Forwarded-For` (`true` is 1; unset, `false` or `0`: none). The entry that many
   * from the end is the visitor's address, which the website signs for the api's attempt limits;
   * entries before it are the client's to write. Without a proxy Next.js gives a route handler
   * no address it can trust (it keeps a client's own X-Forwarded-For), so none is passed.
   */
  trustedProxyHops: number;
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

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

function flag(value: string | undefined): boolean {
  return value?.trim().toLowerCase() === "true";
}

/** `true` is one proxy, a number that many; anything else none. */
function proxyHops(value: string | undefined): number {
  const trimmed = value?.trim().toLowerCase() ?? "";
  if (trimmed === "true") return 1;
  return /^\d{1,2}$/.test(trimmed) ? Number(trimmed) : 0;
}

export function readWebEnv(source: Record<string, string | undefined> = process.env): WebEnv {
  const apiUrl = cleanUrl(source.TPI_API_URL, DEFAULT_API_URL);
  const token = source.INTERNAL_API_TOKEN?.trim();
  const publicSiteUrl = cleanUrl(source.TPI_PUBLIC_SITE_URL, DEFAULT_SITE_URL);
  const sitePlainHttp = flag(source.TPI_SITE_PLAIN_HTTP);
  if (sitePlainHttp) {
    const site = new URL(publicSiteUrl);
    if (site.protocol !== "http:" || !LOOPBACK_HOSTS.has(site.hostname))
      throw new Error(
        "TPI_SITE_PLAIN_HTTP=true is only for a website on plain http on loopback (TPI_PUBLIC_SITE_URL http://localhost…)",
      );
  }
  return {
    apiUrl,
    publicApiUrl: cleanUrl(source.TPI_PUBLIC_API_URL, apiUrl),
    publicSiteUrl,
    mcpOAuthIssuer: mcpOAuthIssuer({
      siteUrl: publicSiteUrl,
      apiUrl: source.TPI_PUBLIC_API_URL?.trim() ? source.TPI_PUBLIC_API_URL.trim() : undefined,
    }),
    internalToken: token === undefined || token === "" ? undefined : token,
    buildPhase: source.NEXT_PHASE === BUILD_PHASE,
    sitePlainHttp,
    trustedProxyHops: proxyHops(source.TPI_TRUST_PROXY),
  };
}
