#!/usr/bin/env node
/**
 * `npm run tpi -- <command>` (or `pnpm tpi <command>`): the operators' CLI with Node alone. Runs
 * the compiled CLI (apps/api/dist/cli.js), compiling it first when it is missing or older than
 * any source it is built from, so that a checkout never runs a stale CLI.
 */
import { spawnSync } from "node:child_process";
import { buildApi, COMPILED, isStale } from "./api-build.mjs";

if (isStale("cli")) {
  console.error("tpi: compiling the CLI (apps/api/dist) first; this takes a few seconds");
  const built = buildApi();
  if (built.status !== 0) {
    console.error("tpi: the CLI failed to compile (see above); run `npm install` first if needed");
    process.exit(built.status ?? 1);
  }
}

const run = spawnSync(
  process.execPath,
  ["--enable-source-maps", COMPILED.cli, ...process.argv.slice(2)],
  {
    stdio: "inherit",
  },
);
if (run.error) throw run.error;
process.exit(run.status ?? 1);
