import { baseTestConfig, testFiles } from "@tpi/vitest-config";
import { defineConfig } from "vitest/config";

/**
 * Browser tests, one file per page area, two files at a time: one file alone kept about one of
 * the machine's two cores busy (a page waits on the website, the website on the api, a mail or
 * a usage count on its flush). The global set-up starts the api and the built website once for
 * the run instead of once per file; every file makes its own accounts and reads values from the
 * api, so two files never depend on each other's order (e2e/site.ts).
 */
const exitStatusCheck = process.env.TPI_VITEST_EXIT_CHECK_FIXTURE !== undefined;

export default defineConfig({
  test: {
    ...baseTestConfig,
    include: testFiles(["e2e/**/*.e2e.test.ts"]),
    // The exit-status check (tooling/vitest/exit-check) runs a fixture through this configuration
    // five times, two at a time; none of its fixtures uses the site, so none is started for them.
    globalSetup: exitStatusCheck ? [] : ["e2e/global-setup.ts"],
    // Only a hung test meets this: two files at a time on a slow two-core machine make a test
    // that takes 10 s alone take several times that.
    testTimeout: 180_000,
    hookTimeout: 600_000,
    fileParallelism: true,
    maxWorkers: 2,
  },
});
