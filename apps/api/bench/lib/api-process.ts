import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** apps/api */
export const API_DIR = fileURLToPath(new URL("../..", import.meta.url));
const DIST_MAIN = join(API_DIR, "dist", "main.js");
/** What dist/main.js is compiled from (the api bundles the workspace packages in). */
const BUILD_INPUTS = [
  join(API_DIR, "src"),
  join(API_DIR, "build.mjs"),
  join(API_DIR, "..", "..", "packages", "domain", "src"),
  join(API_DIR, "..", "..", "packages", "db", "src"),
];
/** How long a start may take before it counts as failed (milliseconds), unless told otherwise; a first start on an empty database seeds and publishes the samples. */
const DEFAULT_START_TIMEOUT_MS = 180_000;
/** After SIGTERM, how long the api may drain before it is killed (milliseconds). */
const STOP_TIMEOUT_MS = 30_000;
const HEALTH_POLL_MS = 25;
/** Last characters of the api's output kept for error messages. */
const OUTPUT_TAIL_CHARS = 16_000;

/** Every child process started here, killed if the benchmark exits without stopping them. */
const children = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/** Registers a child process so that it does not outlive the benchmark. */
export function ownChildProcess(child: ChildProcess): void {
  children.add(child);
  child.once("exit", () => children.delete(child));
}

function newestModification(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules" || entry.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestModification(join(path, entry)));
  }
  return newest;
}

/**
 * Builds apps/api/dist (the compiled api production runs) when it is missing or older than a
 * source it is compiled from. Runs build.mjs with this Node, so no pnpm is needed.
 */
export function ensureApiBuilt(options: { force?: boolean } = {}): { built: boolean } {
  const stale =
    options.force === true ||
    !existsSync(DIST_MAIN) ||
    statSync(DIST_MAIN).mtimeMs < Math.max(...BUILD_INPUTS.map(newestModification));
  if (!stale) return { built: false };
  const result = spawnSync(process.execPath, ["build.mjs"], { cwd: API_DIR, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`the api build (apps/api/build.mjs) failed`);
  return { built: true };
}

/** A TCP port free on 127.0.0.1 right now (the api is then told to listen on it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Resident set size of a process in bytes (Linux: VmRSS of /proc/<pid>/status; elsewhere `ps`). */
export async function residentBytes(pid: number): Promise<number> {
  if (process.platform === "linux") {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kilobytes = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    if (kilobytes === undefined) throw new Error(`no VmRSS in /proc/${pid}/status`);
    return Number(kilobytes) * 1024;
  }
  const ps = spawnSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" });
  return Number(ps.stdout.trim()) * 1024;
}

/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ; 100 on every common Linux). */
let clockTicks: number | undefined;

/**
 * CPU seconds (user and system) a process has used so far: Linux only (/proc/<pid>/stat),
 * undefined elsewhere. Sampled before and after a load, it gives the server's CPU time per
 * answer, which other work on the machine changes far less than its req/s.
 */
export async function cpuSeconds(pid: number): Promise<number | undefined> {
  if (process.platform !== "linux") return undefined;
  if (clockTicks === undefined) {
    const getconf = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
    const ticks = Number(getconf.stdout?.trim());
    clockTicks = Number.isInteger(ticks) && ticks > 0 ? ticks : 100;
  }
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // After the command name (in parentheses, which may hold spaces): state, then 10 fields, then
  // utime and stime (fields 14 and 15 of proc(5)).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const user = Number(fields[11]);
  const system = Number(fields[12]);
  if (!Number.isFinite(user) || !Number.isFinite(system))
    throw new Error(`no CPU times in /proc/${pid}/stat`);
  return (user + system) / clockTicks;
}

export type ApiProcess = {
  label: string;
  url: string;
  pid: number;
  /** From spawn to the first 200 of GET /health (milliseconds). */
  startupMs: number;
  rssBytes(): Promise<number>;
  /** The api's stdout and stderr so far (the last characters). */
  output(): string;
  /** Undefined while the process runs; then how it ended (`exit code 1`, `signal SIGTERM`). */
  exitStatus(): string | undefined;
  /** SIGTERM, then waits for the exit (SIGKILL after STOP_TIMEOUT_MS). */
  stop(): Promise<void>;
};

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function answersHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/**
 * Starts the compiled api as production runs it (`node --enable-source-maps dist/main.js` in
 * apps/api) with `options.env` over this process's environment, on 127.0.0.1 and a free port
 * unless `options.env` names PORT/HOST, and resolves once GET /health answers 200. Call
 * ensureApiBuilt() first.
 */
export async function startApiProcess(options: {
  env: Record<string, string>;
  label?: string;
  /** Larger data sets take longer to load and publish on a first start. */
  startTimeoutMs?: number;
  /** Extra options for node, before the script (e.g. `--cpu-prof`). */
  nodeArgs?: readonly string[];
  /** Another compiled api to start instead of apps/api/dist/main.js (another build, to compare). */
  main?: string;
}): Promise<ApiProcess> {
  const label = options.label ?? "api";
  const startTimeoutMs = options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS;
  const port = options.env.PORT ?? String(await freePort());
  const host = options.env.HOST ?? "127.0.0.1";
  const url = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), "--enable-source-maps", options.main ?? DIST_MAIN],
    {
      cwd: API_DIR,
      env: { ...process.env, ...options.env, PORT: port, HOST: host },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  ownChildProcess(child);
  let output = "";
  const keep = (chunk: string) => {
    output = (output + chunk).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.setEncoding("utf8").on("data", keep);
  child.stderr?.setEncoding("utf8").on("data", keep);
  let exitStatus: string | undefined;
  const exited = new Promise<void>((resolve) => {
    child.once("exit", (code, signal) => {
      exitStatus = signal === null ? `exit code ${code}` : `signal ${signal}`;
      resolve();
    });
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${label}: could not start node (${process.execPath})`);

  while (!(await answersHealthy(url))) {
    if (exitStatus !== undefined)
      throw new Error(`${label} ended (${exitStatus}) during start-up:\n${output}`);
    if (performance.now() - started > startTimeoutMs) {
      child.kill("SIGKILL");
      throw new Error(`${label}: /health not 200 within ${startTimeoutMs} ms:\n${output}`);
    }
    await sleep(HEALTH_POLL_MS);
  }
  const startupMs = performance.now() - started;

  return {
    label,
    url,
    pid,
    startupMs,
    rssBytes: () => residentBytes(pid),
    output: () => output,
    exitStatus: () => exitStatus,
    async stop() {
      if (exitStatus !== undefined) return;
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(killer);
    },
  };
}
