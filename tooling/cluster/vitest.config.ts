import { baseTestConfig, testFiles } from "@tpi/vitest-config";
import { defineConfig } from "vitest/config";

/**
 * The cluster test alone: it starts its own processes (three apis, nginx, an embedded PostgreSQL
 * server), so it runs in one file, slowly.
 */
export default defineConfig({
  test: {
    ...baseTestConfig,
    include: testFiles(["src/**/*.test.ts"]),
    testTimeout: 120_000,
    // Three first starts at once on a 2-core machine: seeding and settling take a while.
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
