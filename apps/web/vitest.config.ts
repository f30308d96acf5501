import { baseTestConfig, testFiles } from "@tpi/vitest-config";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // `server-only` throws outside React's server bundle; unit tests import server modules directly.
    alias: {
      "server-only": fileURLToPath(new URL("./src/testing/server-only-stub.ts", import.meta.url)),
    },
  },
  // Page components are rendered to HTML in tests with React's automatic JSX runtime.
  oxc: { jsx: { runtime: "automatic" } },
  test: { ...baseTestConfig, include: testFiles(["src/**/*.test.ts", "src/**/*.test.tsx"]) },
});
