import type { NextConfig } from "next";
import { securityHeaderRules } from "./src/security-headers";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  headers: async () => securityHeaderRules(),
  transpilePackages: ["@tpi/domain"],
  experimental: {
    // Pages and api answers are cached in memory only: a restarted website (possibly pointed at
    // another api or a re-seeded database) renders fresh instead of serving the last run's files.
    isrFlushToDisk: false,
  },
};

export default nextConfig;
