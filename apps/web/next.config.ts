import type { NextConfig } from "next";
import {
  NOT_FOUND_HEADER,
  NOT_FOUND_PATH,
  UNAVAILABLE_HEADER,
  UNAVAILABLE_PATH,
} from "./src/site/known-paths";
import { securityHeaderRules } from "./src/security-headers";
import { AUTHORIZE_PAGE } from "./src/lib/account-paths";
import { CHART_RANGE_PARAM, CHART_VIEW_PARAMS } from "./src/lib/chart-params";
import { HOME_SERIES_PARAM } from "./src/markets/token/chart-params";
import { SESSION_COOKIE_NAMES } from "./src/lib/session-cookie-names";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The consent page sets its own CSP (proxy.ts): its form goes on to the client's address.
  headers: async () => securityHeaderRules([AUTHORIZE_PAGE]),
  // proxy.ts marks an address that is no page; it is answered by the server-rendered 404 page.
  // That rule comes first; `/` is a known page, so it never carries the header and the home
  // rewrites below still apply. The home and lab pages with a chart state in their query are
  // rendered per request by /home-view and /labs/<lab>/view; the plain pages stay cached (ISR
  // ignores queries, so they cannot read them themselves).
  rewrites: async () => ({
    beforeFiles: [
      // proxy.ts found the api unable to serve pages: the 503 page, whatever was asked.
      {
        source: "/:path*",
        has: [{ type: "header" as const, key: UNAVAILABLE_HEADER }],
        destination: UNAVAILABLE_PATH,
      },
      {
        source: "/:path*",
        has: [{ type: "header" as const, key: NOT_FOUND_HEADER }],
        destination: NOT_FOUND_PATH,
      },
      ...[CHART_RANGE_PARAM, HOME_SERIES_PARAM, ...CHART_VIEW_PARAMS].map((key) => ({
        source: "/",
        has: [{ type: "query" as const, key }],
        destination: "/home-view",
      })),
      // A lab page with a chart range, scale or zoom, likewise, by the per-request /labs/<lab>/view.
      ...[CHART_RANGE_PARAM, ...CHART_VIEW_PARAMS].map((key) => ({
        source: "/labs/:lab",
        has: [{ type: "query" as const, key }],
        destination: "/labs/:lab/view",
      })),
      // A signed-in reader (a session cookie, either name) sees their plan's data: the pages
      // that show keyed values or ranges are rendered per request by the same variants, which
      // read the cookie and ask the api with the session (the api decides the plan's access).
      // Visitors without the cookie keep the cached pages; a stale cookie renders the visitor's
      // view, per request.
      ...SESSION_COOKIE_NAMES.flatMap((key) => [
        { source: "/", has: [{ type: "cookie" as const, key }], destination: "/home-view" },
        {
          source: "/labs/:lab",
          has: [{ type: "cookie" as const, key }],
          destination: "/labs/:lab/view",
        },
      ]),
    ],
    afterFiles: [],
    fallback: [],
  }),
  transpilePackages: ["@tpi/domain"],
  // The build does not type-check again: `pnpm typecheck` (tsc over the same tsconfig, in CI and
  // in `npm test`) does, and the build's own pass added a tenth to every build.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Pages and api answers are cached in memory only: a restarted website (possibly pointed at
    // another api or a re-seeded database) renders fresh instead of serving the last run's files.
    isrFlushToDisk: false,
  },
};

export default nextConfig;
