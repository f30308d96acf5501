import { baseTestConfig, testFiles } from "@tpi/vitest-config";
import { defineConfig } from "vitest/config";

/**
 * Browser tests, one file per page area. They run alone and slowly, one file after another
 * (fileParallelism: false: two cores, and the files share one site). The global set-up starts
 * the api and the built website once for the run instead of once per file.
 */
const exitStatusCheck = process.env.TPI_VITEST_EXIT_CHECK_FIXTURE !== undefined;

export default defineConfig({
  test: {
    ...baseTestConfig,
    include: testFiles(["e2e/**/*.e2e.test.ts"]),
    // The exit-status check (tooling/vitest/exit-check) runs a fixture through this configuration
    // five times, two at a time; none of its fixtures uses the site, so none is started for them.
    globalSetup: exitStatusCheck ? [] : ["e2e/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
