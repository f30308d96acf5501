import { buildApi, COMPILED, isStale } from "../../../../tooling/scripts/api-build.mjs";

/**
 * Compiles the api before the tests when a source is newer than dist/ (in CI the tests find the
 * build `npm run build` made): code under test in the tests' own process starts the compiled
 * bulk file worker (platform/bulk/write-file.ts), which must be the sources' worker.
 */
export function setup(): void {
  const entries = Object.keys(COMPILED) as (keyof typeof COMPILED)[];
  if (!entries.some((entry) => isStale(entry))) return;
  const result = buildApi("pipe");
  if (result.status !== 0)
    throw new Error(`the api failed to compile (apps/api/build.mjs):\n${result.stderr}`);
}
