/**
 * Whether the compiled api (apps/api/dist: the api and the operators' CLI) is older than what it is
 * built from, and the build. `npm run tpi` compiles a stale CLI before running it (tpi.mjs), and
 * the api's tests run the CLI and the api as their own processes from dist/ as operators do,
 * compiling first when a source changed since (apps/api/src/testing/api-process.ts); in CI they
 * find the build `npm run build` made.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const API_DIR = join(root, "apps", "api");
/** The compiled entry points: the api, the CLI, and the worker thread writing bulk files. */
export const COMPILED = {
  main: join(API_DIR, "dist", "main.js"),
  cli: join(API_DIR, "dist", "cli.js"),
  bulkFileWorker: join(API_DIR, "dist", "bulk-file-worker.js"),
};
/** What the api is compiled from: its sources, the workspace packages' sources, the build script. */
const SOURCES = [
  join(API_DIR, "src"),
  join(API_DIR, "build.mjs"),
  join(API_DIR, "package.json"),
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

/** Whether `entry` (a key of COMPILED) is missing or older than any source it is built from. */
export function isStale(entry) {
  const compiled = COMPILED[entry];
  if (!existsSync(compiled)) return true;
  const builtAt = statSync(compiled).mtimeMs;
  return SOURCES.some((source) => existsSync(source) && newestChange(source) > builtAt);
}

/**
 * Runs apps/api/build.mjs (a few seconds). Each file is written beside its place and renamed over
 * it, so a process starting from dist/ meanwhile finds complete files.
 */
export function buildApi(stdio = ["ignore", "ignore", "inherit"]) {
  return spawnSync(process.execPath, [join(API_DIR, "build.mjs")], { stdio, encoding: "utf8" });
}
