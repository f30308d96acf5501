import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { withDatabase } from "@tpi/db";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildApi, COMPILED, isStale } from "../../../tooling/scripts/api-build.mjs";

/**
 * The compiled api: it runs from dist/ without TypeScript, `npm run tpi` compiles a stale CLI,
 * `npm start`'s supervisor stops both services on SIGTERM. Other test files run the api and the
 * CLI from dist/ meanwhile (testing/api-process.ts), so nothing here removes a file there: every
 * build replaces each file atomically, and a stale CLI is made by dating it back.
 */
const HERE = dirname(fileURLToPath(import.meta.url));
const API_DIR = resolve(HERE, "..");
const REPO_ROOT = resolve(API_DIR, "..", "..");
const scratch = mkdtempSync(join(tmpdir(), "tpi-build-test-"));

/**
 * Loader hooks that refuse TypeScript at run time: resolving `tsx` or loading any .ts module
 * throws, so a process started with them proves it runs from compiled JavaScript alone.
 */
const REFUSE_TYPESCRIPT = join(scratch, "refuse-typescript.mjs");
writeFileSync(
  join(scratch, "hooks.mjs"),
  `export async function resolve(specifier, context, next) {
  if (specifier === "tsx" || specifier.startsWith("tsx/")) throw new Error("tsx resolved at run time");
  return next(specifier, context);
}
export async function load(url, context, next) {
  if (/\\.[cm]?tsx?$/.test(url)) throw new Error("TypeScript loaded at run time: " + url);
  return next(url, context);
}
`,
);
writeFileSync(
  REFUSE_TYPESCRIPT,
  `import { register } from "node:module";\nregister("./hooks.mjs", import.meta.url);\n`,
);

/** A PATH of one folder with node, npm and sh but no pnpm (/bin is /usr/bin on merged systems). */
function pathWithoutPnpm(): string {
  const bin = join(scratch, "bin");
  mkdirSync(bin, { recursive: true });
  for (const tool of ["node", "npm", "sh"]) {
    const found = spawnSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim();
    symlinkSync(found, join(bin, tool));
  }
  return bin;
}

function waitForExitOrUrl(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start in 90 s:\n${output()}`)), 90_000);
    const check = () => {
      const match = /api listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output());
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout?.on("data", check);
    child.stderr?.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`api exited with ${code}:\n${output()}`));
    });
  });
}

beforeAll(() => {
  // The build CI made with `npm run build` when it is current; built here otherwise.
  if (!isStale("main") && !isStale("cli")) return;
  const built = buildApi("pipe");
  expect(built.stderr).toBe("");
  expect(built.status).toBe(0);
}, 60_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the compiled api", () => {
  let child: ChildProcess | undefined;
  let databaseName: string | undefined;
  const admin = () => new pg.Client({ connectionString: inject("pgAdminUrl") });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child?.once("exit", done));
      child.kill("SIGKILL");
      await exited;
    }
    if (databaseName === undefined) return;
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists "${databaseName}" with (force)`);
    await client.end();
  });

  it("refuses TypeScript under the test's loader hooks (the guard below can fail)", () => {
    const run = spawnSync(
      process.execPath,
      ["--import", REFUSE_TYPESCRIPT, "--import", "tsx", "src/main.ts"],
      { cwd: API_DIR, encoding: "utf8", env: { ...process.env, PORT: "0" } },
    );
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain("tsx resolved at run time");
  });

  it("starts from dist with plain node, applies the migrations and serves /health and /docs assets", async () => {
    // An empty database: the compiled api must find the SQL migrations itself.
    databaseName = `tpi_test_build_${process.pid}`;
    const client = admin();
    await client.connect();
    await client.query(`create database "${databaseName}"`);
    await client.end();

    let output = "";
    child = spawn(process.execPath, ["--import", REFUSE_TYPESCRIPT, "dist/main.js"], {
      cwd: API_DIR,
      env: {
        ...process.env,
        PORT: "0",
        HOST: "127.0.0.1",
        DATABASE_URL: withDatabase(inject("pgAdminUrl"), databaseName),
        SEED_SAMPLE_ON_EMPTY: "false",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const url = await waitForExitOrUrl(child, () => output);

    const health = await fetch(`${url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "healthy", database: "connected" });
    const css = await fetch(`${url}/docs/assets/swagger-ui.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toContain("text/css");
    expect(output).not.toContain("TypeScript loaded at run time");
    // Its logs are JSON lines (LOG_FORMAT defaults to json for the api).
    const listening = output.split("\n").find((line) => line.includes("api listening on"));
    expect(JSON.parse(listening ?? "")).toMatchObject({ level: "info", pid: child.pid });
  }, 120_000);
});

describe("npm run tpi", () => {
  it("compiles the CLI when it is older than its sources and runs it with node and npm alone (no pnpm on PATH)", () => {
    const epoch = new Date(0);
    utimesSync(COMPILED.cli, epoch, epoch);
    expect(isStale("cli")).toBe(true);
    const run = spawnSync("npm", ["run", "--silent", "tpi", "--", "--help"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
      env: { ...process.env, PATH: pathWithoutPnpm() },
      timeout: 60_000,
    });
    expect(run.stderr).not.toContain("not found");
    expect(run.status).toBe(0);
    expect(run.stderr).toContain("tpi: compiling the CLI");
    expect(run.stdout).toContain("usage: pnpm tpi <command>");
    expect(isStale("cli")).toBe(false);
  }, 90_000);
});

/**
 * `npm start` (tooling/scripts/start-all.mjs) on SIGTERM: the signal reaches the api under pnpm
 * (pnpm alone would leave it running), both children stop, and start-all exits 0 once they did.
 */
let startAllDataDir: string | undefined;
let killStartAll: (() => void) | undefined;
afterAll(() => {
  killStartAll?.();
  if (startAllDataDir) rmSync(startAllDataDir, { recursive: true, force: true });
});

describe("npm start's process supervisor", () => {
  it("forwards SIGTERM to the api and to the website, waits for both, exits 0", async () => {
    startAllDataDir = mkdtempSync(join(tmpdir(), "tpi-start-all-"));
    chmodSync(startAllDataDir, 0o755); // the server runs as the postgres user when tests run as root
    const base = 20_000 + Math.floor(Math.random() * 9_000);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(base),
      WEB_PORT: String(base + 1),
      TPI_DATA_DIR: startAllDataDir,
      TPI_EMBEDDED_PG_PORT: String(base + 2),
      SEED_SAMPLE_ON_EMPTY: "false",
      SETTLEMENT_INTERVAL_SECONDS: "0",
      GPU_PRINT_INTERVAL_SECONDS: "0",
      LOG_LEVEL: "info",
      TPI_TEST_CLOCK: "2026-11-22T12:00:00.000Z",
      TPI_PNPM: JSON.stringify([
        process.execPath,
        join(HERE, "testing", "pnpm-without-website.mjs"),
      ]),
    };
    delete env.DATABASE_URL;
    let output = "";
    const child = spawn(
      process.execPath,
      [join(REPO_ROOT, "tooling", "scripts", "start-all.mjs")],
      {
        cwd: REPO_ROOT,
        env,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    killStartAll = () => {
      if (child.exitCode === null) child.kill("SIGKILL");
    };
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const exited = new Promise<number | null>((resolve) =>
      child.once("exit", (code) => resolve(code)),
    );
    for (let waited = 0; !/website stand-in listening/.test(output); waited += 100) {
      if (waited > 150_000 || child.exitCode !== null)
        throw new Error(`start-all did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await fetch(`http://127.0.0.1:${base}/health`)).status).toBe(200);

    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toMatch(/SIGTERM received: no new connections/);
    expect(output).toMatch(/"msg":"api stopped"/);
    expect(output).toMatch(/website stand-in stopped/);
    await expect(fetch(`http://127.0.0.1:${base}/health`)).rejects.toThrow();
    expect(existsSync(join(startAllDataDir, "pg", "postmaster.pid"))).toBe(false);
  }, 200_000);
});
