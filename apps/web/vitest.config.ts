import { baseTestConfig } from "@tpi/vitest-config";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // `server-only` throws outside React's server bundle; unit tests import server modules directly.
    alias: {
      "server-only": fileURLToPath(new URL("./src/testing/server-only-stub.ts", import.meta.url)),
    },
  },
  test: { ...baseTestConfig, include: ["src/**/*.test.ts"] },
});
