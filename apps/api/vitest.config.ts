import { baseTestConfig, testFiles } from "@tpi/vitest-config";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    ...baseTestConfig,
    include: testFiles(["src/**/*.test.ts", "bench/**/*.test.ts"]),
    globalSetup: [
      "../../packages/db/src/testing/vitest-global-setup.ts",
      "src/testing/compiled-api-setup.ts",
    ],
    // Files run in parallel, each on its own database. Most of a file's time is spent waiting (on
    // PostgreSQL, on the processes it starts), so four workers beat two on these 2-core machines:
    // the suite took 148 s with 2, 112 s with 4, 106-114 s with 6 and 117 s with 8 (measured on a
    // quiet machine). Four keep the headroom for a loaded one.
    maxWorkers: 4,
    // A worker imports the app once for all its files instead of once per file (import time was
    // 136 s of the suite's 292 s): no test may leave state behind (every file restores its mocks,
    // timers and environment), and what the app builds from module state names only what it serves.
    isolate: false,
    // Tests read no outside source (GPU prices, GitHub search, Epoch AI files): those about one point it at a
    // loopback stub.
    env: {
      OUTSIDE_SOURCES_ENABLED: "false",
    },
  },
});
