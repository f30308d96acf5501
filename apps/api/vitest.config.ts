import { baseTestConfig, testFiles } from "@tpi/vitest-config";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    ...baseTestConfig,
    include: testFiles(["src/**/*.test.ts", "bench/**/*.test.ts"]),
    globalSetup: ["../../packages/db/src/testing/vitest-global-setup.ts"],
    // Files run in parallel, each on its own database; two workers suit these 2-core machines.
    maxWorkers: 2,
    // Tests read no outside source (GPU prices, GitHub search, Epoch AI files): those about one point it at a
    // loopback stub.
    env: {
      GPU_LEDGER_ENABLED: "false",
      GITHUB_SEARCH_ENABLED: "false",
      NEOCLOUD_SYNC_ENABLED: "false",
    },
  },
});
