import { baseTestConfig, testFiles } from "@tpi/vitest-config";
import { defineConfig } from "vitest/config";

/** Browser tests: they start the api and the built website themselves, so they run alone and slowly. */
export default defineConfig({
  test: {
    ...baseTestConfig,
    include: testFiles(["e2e/**/*.e2e.test.ts"]),
    testTimeout: 60_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
