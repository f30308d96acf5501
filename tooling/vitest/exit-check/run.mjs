#!/usr/bin/env node
/**
 * Proves that a failing test fails the test command, in every package: runs each fixture beside
 * this file through every Vitest configuration of the workspace (found on disk, so a new package
 * is checked without editing this list) and asserts the exit status. A passing control must exit
 * 0 and every deliberate failure non-zero; configurations with the database's global setup must
 * also exit non-zero when that set-up cannot reach its server. Finally the same through turbo, as
 * `npm test` runs it. Part of `npm test`; exits 1 naming every case that did not hold.
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..", "..");
const fixture = (name) => join(here, `${name}.fixture.ts`);
/** Nothing listens on the discard port: a database set-up pointed there must fail. */
const UNREACHABLE_DATABASE_URL = "postgresql://postgres@127.0.0.1:9/unreachable";
const CASE_TIMEOUT_MS = 180_000;

/** Every `vitest*.config.ts` of every workspace package. */
function vitestConfigs() {
  const configs = [];
  for (const group of ["apps", "packages", "tooling"]) {
    for (const name of readdirSync(join(root, group)).sort()) {
      const dir = join(root, group, name);
      if (!existsSync(join(dir, "package.json"))) continue;
      for (const file of readdirSync(dir).sort()) {
        if (!/^vitest(\.[\w-]+)?\.config\.ts$/.test(file)) continue;
        const text = readFileSync(join(dir, file), "utf8");
        configs.push({ dir, file, usesDatabase: text.includes("vitest-global-setup") });
      }
    }
  }
  return configs;
}

function cases(config) {
  const list = [
    { what: "a passing test (control)", fixture: "passes", expectFailure: false },
    { what: "a failing test", fixture: "fails", expectFailure: true },
    { what: "a test file that fails to load", fixture: "fails-to-load", expectFailure: true },
    { what: "a failing beforeAll", fixture: "setup-fails", expectFailure: true },
    { what: "a failing afterAll", fixture: "teardown-fails", expectFailure: true },
  ];
  if (config.usesDatabase)
    list.push({
      what: "a global set-up that cannot reach its database",
      fixture: "passes",
      expectFailure: true,
      env: { DATABASE_URL: UNREACHABLE_DATABASE_URL },
    });
  return list;
}

function run(command, args, cwd, env) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk) => (output = (output + chunk.toString()).slice(-4_000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    const timer = setTimeout(() => child.kill("SIGKILL"), CASE_TIMEOUT_MS);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output });
    });
  });
}

const jobs = [];
for (const config of vitestConfigs()) {
  const vitest = join(config.dir, "node_modules", "vitest", "vitest.mjs");
  for (const testCase of cases(config)) {
    jobs.push({
      label: `${relative(root, join(config.dir, config.file))}: ${testCase.what}`,
      expectFailure: testCase.expectFailure,
      start: () =>
        run(process.execPath, [vitest, "run", "--config", config.file], config.dir, {
          TPI_VITEST_EXIT_CHECK_FIXTURE: fixture(testCase.fixture),
          ...testCase.env,
        }),
    });
  }
}
// The layer above: turbo, as `npm test` runs it, must pass a package's failure on.
jobs.push({
  label: "turbo run test (as npm test runs it): a failing test in one package",
  expectFailure: true,
  start: () =>
    run(
      join(root, "node_modules", ".bin", "turbo"),
      ["run", "test", "--filter=@tpi/domain", "--continue", "--output-logs=none"],
      root,
      { TPI_VITEST_EXIT_CHECK_FIXTURE: fixture("fails") },
    ),
});

// Two at a time: these machines have two cores.
const problems = [];
let next = 0;
let done = 0;
async function worker() {
  while (next < jobs.length) {
    const job = jobs[next++];
    const result = await job.start();
    const failed = result.code !== 0;
    const held = failed === job.expectFailure;
    done += 1;
    const status = result.signal ? `killed (${result.signal})` : `exit ${result.code}`;
    console.log(`${held ? "ok  " : "FAIL"} [${done}/${jobs.length}] ${job.label}: ${status}`);
    if (!held) problems.push({ job, result });
  }
}
console.log(`exit-status check: ${jobs.length} runs`);
await Promise.all([worker(), worker()]);

for (const { job, result } of problems) {
  console.error(
    `\n${job.label}: expected ${job.expectFailure ? "a non-zero" : "a zero"} exit status, got ${result.code}. Last output:\n${result.output}`,
  );
}
if (problems.length > 0) {
  console.error(`\nexit-status check: ${problems.length} of ${jobs.length} runs did not hold`);
  process.exit(1);
}
console.log(`exit-status check: all ${jobs.length} runs exit as they must`);
