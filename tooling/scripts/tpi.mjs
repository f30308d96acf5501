#!/usr/bin/env node
/**
 * `npm run tpi -- <command>` (or `pnpm tpi <command>`): the operators' CLI with Node alone. Runs
 * the compiled CLI (apps/api/dist/cli.js), compiling it first when it is missing or older than
 * any source it is built from, so that a checkout never runs a stale CLI.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const apiDir = join(root, "apps", "api");
const cli = join(apiDir, "dist", "cli.js");
/** What the CLI is compiled from: the api's and the workspace packages' sources, and the build script. */
const SOURCES = [
  join(apiDir, "src"),
  join(apiDir, "build.mjs"),
  join(apiDir, "package.json"),
  join(root, "packages", "db", "src"),
  join(root, "packages", "domain", "src"),
];

/** Milliseconds since the epoch of the newest file under `path`. */
function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

const stale =
  !existsSync(cli) ||
  SOURCES.some((source) => existsSync(source) && newestChange(source) > statSync(cli).mtimeMs);
if (stale) {
  console.error("tpi: compiling the CLI (apps/api/dist) first; this takes a few seconds");
  const built = spawnSync(process.execPath, [join(apiDir, "build.mjs")], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (built.status !== 0) {
    console.error("tpi: the CLI failed to compile (see above); run `npm install` first if needed");
    process.exit(built.status ?? 1);
  }
}

const run = spawnSync(process.execPath, ["--enable-source-maps", cli, ...process.argv.slice(2)], {
  stdio: "inherit",
});
if (run.error) throw run.error;
process.exit(run.status ?? 1);
