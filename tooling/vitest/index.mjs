/**
 * Shared Vitest defaults. Tests live beside the code as `*.test.ts`; integration tests that
 * need PostgreSQL are named `*.int.test.ts` and share one embedded server per run.
 */
export const baseTestConfig = {
  include: ["src/**/*.test.ts"],
  environment: "node",
  testTimeout: 30_000,
  hookTimeout: 120_000,
  reporters: ["default"],
};
