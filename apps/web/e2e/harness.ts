import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Starts what the browser tests need, each bounded in time: the api (embedded PostgreSQL on a
 * fresh data directory, sample data) and the built website, on free loopback ports.
 */
export const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");
export const API_DIR = join(WEB_DIR, "..", "api");
export const CHROMIUM_PATH = process.env.TPI_CHROMIUM_PATH ?? "/usr/bin/chromium";
export const ARTIFACTS_DIR = join(WEB_DIR, "test-artifacts");

const require = createRequire(import.meta.url);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForOk(
  url: string,
  timeoutMs: number,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`process exited (${child.exitCode}) before ${url} answered:\n${output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${output()}`);
}

function startProcess(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string>,
): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return { child, output: () => log };
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

export type RunningSite = {
  apiUrl: string;
  webUrl: string;
  internalToken: string;
  stop(): Promise<void>;
};

/** Builds the website when no build exists (bounded), then starts the api and the website. */
export async function startSite(): Promise<RunningSite> {
  const nextBin = require.resolve("next/dist/bin/next");
  if (!existsSync(join(WEB_DIR, ".next", "BUILD_ID"))) {
    const build = spawnSync(process.execPath, [nextBin, "build"], {
      cwd: WEB_DIR,
      stdio: "inherit",
      timeout: 600_000,
    });
    if (build.status !== 0) throw new Error("next build failed; see above");
  }

  const internalToken = randomBytes(24).toString("hex");
  const [apiPort, pgPort, webPort] = [await freePort(), await freePort(), await freePort()];
  const tempDir = mkdtempSync(join(tmpdir(), "tpi-web-e2e-"));
  // mkdtemp makes a 0700 directory; PostgreSQL runs as its own user when started by root.
  chmodSync(tempDir, 0o755);
  const dataDir = join(tempDir, "data");
  const api = startProcess(process.execPath, [require.resolve("tsx/cli"), "src/main.ts"], API_DIR, {
    PORT: String(apiPort),
    HOST: "127.0.0.1",
    TPI_EMBEDDED_PG_PORT: String(pgPort),
    TPI_DATA_DIR: dataDir,
    INTERNAL_API_TOKEN: internalToken,
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
  });
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const web = startProcess(
    process.execPath,
    [nextBin, "start", "--port", String(webPort), "--hostname", "127.0.0.1"],
    WEB_DIR,
    {
      TPI_API_URL: apiUrl,
      INTERNAL_API_TOKEN: internalToken,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  );
  const webUrl = `http://127.0.0.1:${webPort}`;
  const stop = async () => {
    await Promise.all([stopProcess(web.child), stopProcess(api.child)]);
    rmSync(tempDir, { recursive: true, force: true });
  };
  try {
    await waitForOk(`${apiUrl}/health`, 240_000, api.child, api.output);
    await waitForOk(`${webUrl}/docs`, 120_000, web.child, web.output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { apiUrl, webUrl, internalToken, stop };
}
