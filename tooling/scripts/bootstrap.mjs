#!/usr/bin/env node
/**
 * Every root npm script that needs pnpm, on a machine that has only Node and npm: finds pnpm (the
 * version pinned in package.json's packageManager; fetched through npx from the npm registry when
 * it is not installed), installs the workspace from the lockfile, then runs the task. turbo needs
 * a pnpm binary on PATH too ("Unable to find package manager binary"): run through pnpm, and
 * through npx when pnpm is fetched, it finds the one this script runs. corepack is deliberately not
 * used (it fails on these machines). `npm install` cannot stand in for the install (npm refuses
 * the workspace's `workspace:` and `catalog:` versions).
 *
 * - `start`, `test`, `bench [options]`, `build`: always install first (a checkout may have moved
 *   since the last install);
 * - `typecheck`, `lint`, `bench:cost [options]`, `bench:downloads [options]`, `bench:lighthouse`:
 *   install only when nothing is installed yet, so that the commands run while working stay quick.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runForwardingSignals } from "./run-forwarding-signals.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const { packageManager } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const pnpmVersion = packageManager.replace(/^pnpm@/, "");
const task = process.argv[2];

/** Runs one step to its end; a stop signal sent to this process is handed to the step. */
function run(command, args, options = {}) {
  return runForwardingSignals(command, args, { cwd: root, ...options });
}

function pnpmCommand() {
  const probe = spawnSync("pnpm", ["--version"], { encoding: "utf8" });
  if (probe.status === 0 && probe.stdout.trim() === pnpmVersion) return ["pnpm", []];
  return ["npx", ["--yes", `pnpm@${pnpmVersion}`]];
}

const [pnpm, prefix] = pnpmCommand();
const pnpmRun = (args, options) => run(pnpm, [...prefix, ...args], options);

/** The tasks that run pnpm after installing, and what each runs (its options appended). */
const AFTER_INSTALL = {
  // The benchmark builds the api itself when dist/ is missing or stale (apps/api/bench/lib).
  bench: ["--filter", "@tpi/api", "bench"],
  build: ["exec", "turbo", "run", "build"],
  typecheck: ["exec", "turbo", "run", "typecheck"],
  lint: ["exec", "turbo", "run", "lint"],
  "bench:cost": ["--filter", "@tpi/api", "bench:cost"],
  // Settled GETs with and without bulk downloads, on the compiled api (built when stale).
  "bench:downloads": ["--filter", "@tpi/api", "bench:downloads"],
  // The website's phone speed (Lighthouse mobile); it builds the website itself.
  "bench:lighthouse": ["--filter", "@tpi/web", "bench:lighthouse"],
};
const INSTALL_ONLY_WHEN_MISSING = new Set([
  "typecheck",
  "lint",
  "bench:cost",
  "bench:downloads",
  "bench:lighthouse",
]);

if (task !== "start" && task !== "test" && !Object.hasOwn(AFTER_INSTALL, task)) {
  console.error(
    `usage: node tooling/scripts/bootstrap.mjs start|test|${Object.keys(AFTER_INSTALL).join("|")} [options]`,
  );
  process.exit(2);
}

// pnpm writes node_modules/.modules.yaml on every install.
const installed = existsSync(join(root, "node_modules", ".modules.yaml"));
if (!(installed && INSTALL_ONLY_WHEN_MISSING.has(task))) {
  // The build tools (esbuild, Next.js, TypeScript) are devDependencies, which pnpm skips when
  // NODE_ENV=production is exported; the install always takes them (start-all sets production
  // mode for the running services only).
  const { NODE_ENV: _exportedNodeEnv, ...installEnv } = process.env;
  const installStatus = await pnpmRun(["install", "--frozen-lockfile"], { env: installEnv });
  if (installStatus !== 0) process.exit(installStatus);
}

if (Object.hasOwn(AFTER_INSTALL, task)) {
  process.exit(await pnpmRun([...AFTER_INSTALL[task], ...process.argv.slice(3)]));
}

/** turbo as `npm test` runs it: every task, even after one failed (the run then exits non-zero). */
const TURBO_RUN = ["exec", "turbo", "run", "--continue"];

if (task === "test") {
  // Formatting first: it is the cheapest check and the shared Prettier config is the style.
  const formatStatus = await pnpmRun(["exec", "prettier", "--check", "."]);
  if (formatStatus !== 0) {
    console.error("Some files are not formatted: run `pnpm format`.");
    process.exit(formatStatus);
  }
  // Before anything else can pass: a failing test must fail this command, in every package.
  const exitCheckStatus = await pnpmRun(["exec", "node", "tooling/vitest/exit-check/run.mjs"]);
  if (exitCheckStatus !== 0) process.exit(exitCheckStatus);
  // Type checks, lint, the schema-drift check, unit and integration tests, two tasks at a time
  // (most of the api suite's time is spent waiting on PostgreSQL and the processes it starts, so
  // the smaller packages' tests and the checks run beside it), except the cluster test, which runs
  // alone after them: its three instances race through their first settlement, and beside the api
  // suite on two cores one of them kept answering 404 for the free-tier day (a race the cluster
  // test exists to catch, not yet fixed). Then the website's browser tests (after its build), two
  // files at a time against one site. Every task runs even when one fails; the first failing
  // status is the command's.
  const checks = await pnpmRun(
    TURBO_RUN.concat("typecheck", "lint", "test", "--filter=!@tpi/cluster-test", "--concurrency=2"),
  );
  const clusterTest = await pnpmRun(
    TURBO_RUN.concat("typecheck", "lint", "test", "--filter=@tpi/cluster-test", "--concurrency=1"),
  );
  const browserTests = await pnpmRun(TURBO_RUN.concat("test:e2e", "--concurrency=1"));
  process.exit([checks, clusterTest, browserTests].find((status) => status !== 0) ?? 0);
}

// start: build the website, then run the api and the website together until interrupted.
process.exit(
  await run(process.execPath, [join(root, "tooling", "scripts", "start-all.mjs")], {
    env: { ...process.env, TPI_PNPM: JSON.stringify([pnpm, ...prefix]) },
  }),
);
