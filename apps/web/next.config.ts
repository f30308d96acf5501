import type { NextConfig } from "next";
import { NOT_FOUND_HEADER, NOT_FOUND_PATH } from "./src/lib/known-paths";
import { securityHeaderRules } from "./src/security-headers";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  headers: async () => securityHeaderRules(),
  // proxy.ts marks an address that is no page; it is answered by the server-rendered 404 page.
  rewrites: async () => ({
    beforeFiles: [
      {
        source: "/:path*",
        has: [{ type: "header", key: NOT_FOUND_HEADER }],
        destination: NOT_FOUND_PATH,
      },
    ],
    afterFiles: [],
    fallback: [],
  }),
  transpilePackages: ["@tpi/domain"],
  experimental: {
    // Pages and api answers are cached in memory only: a restarted website (possibly pointed at
    // another api or a re-seeded database) renders fresh instead of serving the last run's files.
    isrFlushToDisk: false,
  },
};

export default nextConfig;
