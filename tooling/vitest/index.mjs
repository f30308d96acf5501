import { fileURLToPath } from "node:url";

/**
 * Shared Vitest defaults. Tests live beside the code as `*.test.ts`; integration tests that
 * need PostgreSQL are named `*.int.test.ts` and share one embedded server per run.
 */

/**
 * The test files a configuration runs: its own patterns, or, while the exit-status check runs
 * (`exit-check/run.mjs`), only the one fixture that check names. The fixtures sit outside every
 * package's patterns, so a normal run never sees them; the check runs them through each
 * package's real configuration (its global setup included) and asserts the exit status.
 */
export function testFiles(patterns) {
  const fixture = process.env.TPI_VITEST_EXIT_CHECK_FIXTURE;
  return fixture ? [fixture] : patterns;
}

/**
 * The tags a test file may carry (`@module-tag <name>` in its first comment). Vitest refuses a
 * tag it does not know, so a misspelt one fails the run instead of quietly tagging nothing.
 */
export const TEST_TAGS = [
  {
    name: "zone",
    description:
      "Runs again under TZ=Australia/Adelaide in CI (after the whole suite under TZ=America/New_York): it computes or formats settlement days, calendars or timestamps (tooling/vitest/zone-files.mjs).",
  },
];

export const baseTestConfig = {
  include: testFiles(["src/**/*.test.ts"]),
  tags: TEST_TAGS,
  // Tests talk to loopback only: a connection or DNS look-up beyond it fails the test.
  setupFiles: [fileURLToPath(new URL("./loopback-setup.mjs", import.meta.url))],
  environment: "node",
  testTimeout: 30_000,
  hookTimeout: 120_000,
  reporters: ["default"],
};
