import { baseTestConfig } from "@tpi/vitest-config";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: { ...baseTestConfig, globalSetup: ["./src/testing/vitest-global-setup.ts"], maxWorkers: 2 },
});
