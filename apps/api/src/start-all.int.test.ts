import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm start` (tooling/scripts/start-all.mjs) on SIGTERM: the signal reaches the api under pnpm
 * (pnpm alone would leave it running), both children stop, and start-all exits 0 once they did.
 */
const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = join(HERE, "..", "..", "..");

let dataDir: string | undefined;
let kill: (() => void) | undefined;
afterAll(() => {
  kill?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start's process supervisor", () => {
  it("forwards SIGTERM to the api and to the website, waits for both, exits 0", async () => {
    dataDir = mkdtempSync(join(tmpdir(), "tpi-start-all-"));
    chmodSync(dataDir, 0o755); // the server runs as the postgres user when tests run as root
    const base = 20_000 + Math.floor(Math.random() * 9_000);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(base),
      WEB_PORT: String(base + 1),
      TPI_DATA_DIR: dataDir,
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
    const child = spawn(process.execPath, [join(REPO, "tooling", "scripts", "start-all.mjs")], {
      cwd: REPO,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    kill = () => {
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
    expect(existsSync(join(dataDir, "pg", "postmaster.pid"))).toBe(false);
  }, 200_000);
});
