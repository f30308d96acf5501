/**
 * Bulk downloads under load: release files downloaded over and over by concurrent clients, one of
 * them slow, while the server's RSS is sampled every 100 ms; and settled GETs (autocannon in its
 * own process) with and without those downloads, alternating in one run on one machine, with the
 * server's CPU (/proc/<pid>/stat) and event-loop delay (its own /metrics) over each run.
 *
 *   pnpm bench:downloads [--seconds 10] [--connections 50] [--rounds 2] [--downloads 4] [--downloads-nice 19]
 *   pnpm --filter @tpi/api exec tsx bench/bulk-download-bench.ts [--api] [same options]
 *     [--api-node-args=--cpu-prof,--cpu-prof-dir=/tmp/prof] [--api-main <another build's dist/main.js>]
 *
 * Each run reports the api's garbage collections (count and milliseconds per kind, from its
 * /metrics) and its main thread's context switches; each progress line on stderr carries the
 * monotonic clock of a CPU profile's samples, so that a profile (`--api-node-args=--cpu-prof,...`)
 * can be cut into the runs. `--api-main` starts another build of the api (a worktree of the code
 * before a change, built), so that runs of both alternate on the same machine.
 *
 * The downloading clients run in a process of their own (bench/lib/download-clients.mjs) at CPU
 * priority --downloads-nice (19, the lowest, by default): on a machine with few cores they then
 * read with what the server and the load generator leave, so that "GETs while downloading" is the
 * server's figure, not that of clients and load generator fighting for the same cores (0 puts
 * them level with the rest, as the benchmark ran before).
 *
 * --api --nginx: the same api with TPI_RELEASE_FILES_ACCEL_PREFIX set, behind a real nginx running
 * deploy/nginx/tpi.conf as the cluster test renders it (tooling/cluster/src/nginx.ts: the api's
 * port as the only upstream, the release cache as the internal location's directory): the
 * downloads and the settled GETs both go through nginx, which sends the files' bytes itself
 * (X-Accel-Redirect) once the api has checked each request. The api's RSS, CPU, event-loop delay
 * and GC are still the api's own.
 *
 * --api: the real api (dist/main.js, built when stale) on a scratch database (DATABASE_URL's
 * server, else an embedded PostgreSQL): its first start loads and settles every market's sample
 * and cuts release 1, whose files (largest first) are downloaded from GET
 * /api/v1/releases/1/files/{name} with a key of the full plan, and GET /api/otpi is the settled GET.
 *
 * Without --api the server is a stand-in in its own process (bench/lib/bulk-file-server.ts): a
 * synthetic year of every market (bench/lib/bulk-year.ts) written as CSV and Parquet with
 * writeBulkFile and served through sendBulkFile, GET /settled from memory. Against an api already
 * running: `--url http://127.0.0.1:8080 --pid <its pid> --get-path /api/otpi --file-paths
 * /api/v1/releases/latest/files/<name>,...` with BENCH_API_KEY for files that need a key.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createDb, createTestDatabase, startTestPostgres } from "@tpi/db";
import { BULK_FORMATS } from "@tpi/domain";
import { findNginx, startNginx } from "../../../tooling/cluster/src/nginx";
import type { BulkFileToSend } from "../src/platform/bulk/send-file";
import { writeBulkFile } from "../src/platform/bulk/write-file";
import {
  fullPlanKey,
  API_DIR,
  cpuSeconds,
  ensureApiBuilt,
  freePort,
  ownChildProcess,
  residentBytes,
  runLoad,
  startApiProcess,
  type LoadFigures,
} from "./lib";
import { BULK_YEAR, BULK_YEAR_ROWS } from "./lib/bulk-year";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    rounds: { type: "string", default: "2" },
    downloads: { type: "string", default: "4" },
    "downloads-nice": { type: "string", default: "19" },
    api: { type: "boolean", default: false },
    nginx: { type: "boolean", default: false },
    url: { type: "string" },
    pid: { type: "string" },
    "get-path": { type: "string" },
    "file-paths": { type: "string" },
    "api-node-args": { type: "string" },
    "api-main": { type: "string" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const downloads = Number(values.downloads);
/** The downloading clients' CPU priority (19: the lowest; 0: the same as everything else). */
const nice = Number(values["downloads-nice"]);
/**
 * The internal service token the server's /metrics answers to: the api and the stand-in are
 * started with a fresh one; a running api's is BENCH_INTERNAL_TOKEN (no event-loop figures
 * without it).
 */
const metricsToken: string | undefined =
  values.url === undefined ? randomBytes(24).toString("hex") : process.env.BENCH_INTERNAL_TOKEN;
/** Sent with every request: the api's public rate limit skips it (RATE_LIMIT_TRUSTED_ORIGINS). */
const BENCH_ORIGIN = "http://bench.localhost";
let authorization: Record<string, string> = { origin: BENCH_ORIGIN };
const useKey = (key: string) => {
  authorization = { origin: BENCH_ORIGIN, authorization: `Bearer ${key}` };
};
if (process.env.BENCH_API_KEY !== undefined) useKey(process.env.BENCH_API_KEY);
/**
 * Each progress line carries the monotonic clock in µs, the clock of a V8 CPU profile's samples
 * (`--api-node-args=--cpu-prof`), so that a profile of the api can be cut into the runs.
 */
const progress = (line: string) =>
  process.stderr.write(
    `[download bench] ${line} (monotonic ${process.hrtime.bigint() / 1000n} µs)\n`,
  );
const MB = 1e6;
if (values.nginx && !values.api)
  throw new Error("--nginx runs with --api (the real api behind it)");
/** The nginx internal location deploy/nginx/tpi.conf serves the release cache at. */
const ACCEL_PREFIX = "/internal/release-files/";

type Server = { url: string; pid: number; stop(): Promise<void> };

/** How long the real api may take to start and cut its first release (milliseconds). */
const RELEASE_TIMEOUT_MS = 300_000;

/**
 * Starts the real api on a scratch database, waits for its first release, and gives it a key of
 * the full plan: the server, and the release's files, largest first.
 */
async function startRealApi(dataDir: string): Promise<{
  server: Server;
  files: { path: string; bytes: number }[];
}> {
  progress("building the api (apps/api/dist) if missing or stale");
  ensureApiBuilt();
  const postgres = await startTestPostgres();
  const database = await createTestDatabase(postgres.adminUrl);
  const dropAll = async () => {
    await database.drop().catch(() => undefined);
    await postgres.stop().catch(() => undefined);
  };
  try {
    progress("starting the api: it loads and settles every market's sample, then cuts release 1");
    const api = await startApiProcess({
      env: {
        DATABASE_URL: database.url,
        LOG_LEVEL: "warn",
        SETTLEMENT_INTERVAL_SECONDS: "0",
        OUTSIDE_SOURCES_ENABLED: "false",
        RATE_LIMIT_TRUSTED_ORIGINS: BENCH_ORIGIN,
        INTERNAL_API_TOKEN: metricsToken ?? "",
        // The release files' cache (TPI_DATA_DIR/releases) in the run's scratch folder.
        TPI_DATA_DIR: dataDir,
        // Behind nginx: the api checks each download, nginx sends the bytes.
        ...(values.nginx ? { TPI_RELEASE_FILES_ACCEL_PREFIX: ACCEL_PREFIX } : {}),
      },
      startTimeoutMs: RELEASE_TIMEOUT_MS,
      // e.g. `--api-node-args=--cpu-prof,--cpu-prof-dir=/tmp/prof` to see where the api's CPU went.
      nodeArgs: values["api-node-args"]?.split(",").filter((arg) => arg !== "") ?? [],
      // Another build's dist/main.js (e.g. a worktree of the code before a change), to compare.
      main: values["api-main"],
    });
    const server: Server = {
      url: api.url,
      pid: api.pid,
      stop: async () => {
        await api.stop();
        await dropAll();
      },
    };
    try {
      const started = performance.now();
      let manifest: ReleaseManifest | undefined;
      while (manifest === undefined) {
        const response = await fetch(`${api.url}/api/v1/releases/latest`, {
          headers: { origin: BENCH_ORIGIN },
        });
        if (response.ok) manifest = (await response.json()) as ReleaseManifest;
        else await response.arrayBuffer();
        if (performance.now() - started > RELEASE_TIMEOUT_MS)
          throw new Error(`no release within ${RELEASE_TIMEOUT_MS} ms:\n${api.output()}`);
        if (manifest === undefined) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const db = createDb(database.url);
      try {
        const secret = await fullPlanKey(db);
        useKey(secret.key);
      } finally {
        await db.$disconnect();
      }
      const largest = manifest.datasets
        .flatMap((dataset) => dataset.files)
        .sort((a, b) => b.bytes - a.bytes)[0];
      if (largest !== undefined) {
        // What a browser asking for compression gets: the file as stored, never compressed.
        const response = await fetch(
          `${api.url}/api/v1/releases/${manifest.release}/files/${largest.fileName}`,
          { method: "HEAD", headers: { ...authorization, "accept-encoding": "gzip, br" } },
        );
        progress(
          `HEAD ${largest.fileName}: ${response.status}, Content-Encoding ${response.headers.get("content-encoding") ?? "none"}, Cache-Control ${response.headers.get("cache-control") ?? "none"}, Content-Length ${response.headers.get("content-length") ?? "none"}`,
        );
      }
      const files = manifest.datasets
        .flatMap((dataset) => dataset.files)
        .sort((a, b) => b.bytes - a.bytes)
        .map((file) => ({
          path: `/api/v1/releases/${manifest.release}/files/${file.fileName}`,
          bytes: file.bytes,
        }));
      progress(
        `release ${manifest.release} (${manifest.day}): ${files.length} files, ${(files.reduce((sum, file) => sum + file.bytes, 0) / MB).toFixed(0)} MB`,
      );
      return { server, files };
    } catch (error) {
      await server.stop();
      throw error;
    }
  } catch (error) {
    await dropAll();
    throw error;
  }
}

/**
 * nginx on deploy/nginx/tpi.conf in front of the api at `apiUrl`, serving `releaseFilesDir` at
 * the internal location: its public address and how to stop it.
 */
async function startNginxInFront(
  apiUrl: string,
  scratchDir: string,
  releaseFilesDir: string,
): Promise<{ url: string; stop(): Promise<void> }> {
  const nginxPath = findNginx();
  if (nginxPath === undefined)
    throw new Error("--nginx: no nginx on PATH or in /usr/sbin (apt-get install -y nginx-light)");
  const dir = join(scratchDir, "nginx");
  await mkdir(join(dir, "logs"), { recursive: true });
  const publicPort = await freePort();
  const nginx = await startNginx(nginxPath, dir, {
    publicPort,
    internalPort: await freePort(),
    apiPorts: [Number(new URL(apiUrl).port)],
    // Nothing listens there: the benchmark asks nginx for api paths only.
    webPort: await freePort(),
    logDir: join(dir, "logs"),
    releaseFilesDir,
  });
  ownChildProcess(nginx.child);
  progress(`nginx (${nginxPath}) in front of the api at http://127.0.0.1:${publicPort}`);
  return { url: `http://127.0.0.1:${publicPort}`, stop: () => nginx.stop() };
}

type ReleaseManifest = {
  release: number;
  day: string;
  datasets: { files: { fileName: string; bytes: number }[] }[];
};

/** Starts the stand-in server on the manifest's files; resolves once it listens. */
async function startStandIn(manifest: string): Promise<Server> {
  const script = fileURLToPath(new URL("./lib/bulk-file-server.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script, manifest], {
    cwd: API_DIR,
    env: { ...process.env, INTERNAL_API_TOKEN: metricsToken ?? "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  ownChildProcess(child);
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the stand-in server exited (${code})`)));
    child.stdout.setEncoding("utf8").once("data", (line: string) => {
      resolve((JSON.parse(line) as { port: number }).port);
    });
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** The server's RSS every 100 ms until stopped: the samples, in MB. */
function sampleRss(pid: number): { stop(): number[] } {
  const samples: number[] = [];
  const timer = setInterval(() => {
    residentBytes(pid).then(
      (bytes) => samples.push(bytes / MB),
      () => undefined,
    );
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return samples;
    },
  };
}

type Downloaded = {
  files: number;
  bytes: number;
  checksumFailures: number;
  megabytesPerSecond: number;
  /** CPU seconds the downloading clients' process used. */
  cpuSeconds: number;
  seconds: number;
};

const DOWNLOAD_CLIENTS = fileURLToPath(new URL("./lib/download-clients.mjs", import.meta.url));

/**
 * `count` clients each downloading every file in turn until stopped, plus one slow client, in a
 * process of their own at CPU priority `nice` (bench/lib/download-clients.mjs).
 */
function startDownloads(base: string, paths: readonly string[], count: number) {
  const child = spawn(
    process.execPath,
    [DOWNLOAD_CLIENTS, JSON.stringify({ base, paths, count, nice, headers: authorization })],
    { stdio: ["pipe", "pipe", "pipe"] },
  );
  ownChildProcess(child);
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return {
    pid: child.pid ?? 0,
    async stop(): Promise<Downloaded> {
      child.stdin.end();
      const code = await exited;
      const line = stdout.trim().split("\n").pop() ?? "";
      if (code !== 0 || line === "")
        throw new Error(`the download clients exited with ${code}: ${stderr.trim()}`);
      return JSON.parse(line) as Downloaded;
    },
  };
}

/** Timer resolution of the api's event-loop delay histogram (prom-client's default), in ms. */
const LOOP_DELAY_RESOLUTION_MS = 10;

type LoopDelay = { p50Ms: number; p99Ms: number; maxMs: number };
/** The api's garbage collection so far (prom-client's nodejs_gc_duration_seconds, cumulative). */
type GcTotals = Record<string, { count: number; seconds: number }>;
type ServerMetrics = { loopDelay: LoopDelay; gc: GcTotals };

/**
 * The server's event-loop delay since the previous call, and its garbage collection so far, from
 * its own metrics: prom-client's monitorEventLoopDelay histogram, which a scrape of /metrics reads
 * and then resets, and its GC histogram per kind (minor, major, incremental, weakcb), which only
 * grows. The delay histogram records the time between its 10 ms timer's turns; the delay is that
 * less 10 ms.
 */
async function scrapeServerMetrics(url: string): Promise<ServerMetrics | undefined> {
  if (metricsToken === undefined) return undefined;
  const response = await fetch(`${url}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`/metrics answered ${response.status}: ${text.slice(0, 200)}`);
  const delayMs = (name: string) => {
    const seconds = new RegExp(`^nodejs_eventloop_lag_${name}_seconds (\\S+)$`, "m").exec(
      text,
    )?.[1];
    if (seconds === undefined)
      throw new Error(`no nodejs_eventloop_lag_${name}_seconds in /metrics`);
    return Math.max(0, Number(seconds) * 1000 - LOOP_DELAY_RESOLUTION_MS);
  };
  const gc: GcTotals = {};
  for (const match of text.matchAll(
    /^nodejs_gc_duration_seconds_(sum|count)\{kind="(\w+)"\} (\S+)$/gm,
  )) {
    const [, field, kind, value] = match as unknown as [string, "sum" | "count", string, string];
    const totals = (gc[kind] ??= { count: 0, seconds: 0 });
    if (field === "sum") totals.seconds = Number(value);
    else totals.count = Number(value);
  }
  return {
    loopDelay: { p50Ms: delayMs("p50"), p99Ms: delayMs("p99"), maxMs: delayMs("max") },
    gc,
  };
}
const loopDelayText = (delay: LoopDelay | undefined) =>
  delay === undefined
    ? ""
    : `  loop delay p50 ${delay.p50Ms.toFixed(1)} ms p99 ${delay.p99Ms.toFixed(1)} ms max ${delay.maxMs.toFixed(0)} ms`;
/** The collections between two scrapes: per kind, how many and their milliseconds. */
const gcText = (before: GcTotals | undefined, after: GcTotals | undefined) => {
  if (before === undefined || after === undefined) return "";
  const kinds = Object.entries(after)
    .map(([kind, totals]) => ({
      kind,
      count: totals.count - (before[kind]?.count ?? 0),
      ms: (totals.seconds - (before[kind]?.seconds ?? 0)) * 1000,
    }))
    .filter((kind) => kind.count > 0)
    .map((kind) => `${kind.kind} ${kind.count}× ${kind.ms.toFixed(0)} ms`);
  return `  GC ${kinds.length === 0 ? "none" : kinds.join(", ")}`;
};

/** The machine's busy and total CPU time so far (Linux: /proc/stat's first line), in ticks. */
async function machineTicks(): Promise<{ busy: number; total: number } | undefined> {
  if (process.platform !== "linux") return undefined;
  const fields =
    (await readFile("/proc/stat", "utf8"))
      .split("\n")[0]
      ?.trim()
      .split(/\s+/)
      .slice(1)
      .map(Number) ?? [];
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait are the 4th and 5th fields.
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}

/**
 * Context switches of a process's main thread so far (Linux: /proc/<pid>/status, which reports
 * the thread-group leader): voluntary (it waited) and involuntary (the scheduler took the core
 * away, e.g. for a thread it had just woken), undefined elsewhere.
 */
async function contextSwitches(
  pid: number,
): Promise<{ voluntary: number; involuntary: number } | undefined> {
  if (process.platform !== "linux") return undefined;
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const count = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1]);
  return {
    voluntary: count("voluntary_ctxt_switches"),
    involuntary: count("nonvoluntary_ctxt_switches"),
  };
}

/** The server's CPU seconds from now until `stop`: its share of one core over the run. */
async function serverCpu(pid: number) {
  const startCpu = await cpuSeconds(pid);
  const startSwitches = await contextSwitches(pid);
  const startMachine = await machineTicks();
  const started = performance.now();
  return {
    async stop(): Promise<CpuUse | undefined> {
      const endCpu = await cpuSeconds(pid);
      const endSwitches = await contextSwitches(pid);
      const endMachine = await machineTicks();
      if (startCpu === undefined || endCpu === undefined) return undefined;
      const seconds = endCpu - startCpu;
      const wallSeconds = (performance.now() - started) / 1000;
      const machineBusy =
        startMachine === undefined || endMachine === undefined
          ? undefined
          : (endMachine.busy - startMachine.busy) / (endMachine.total - startMachine.total);
      const switchesPerSecond =
        startSwitches === undefined || endSwitches === undefined
          ? undefined
          : {
              voluntary: (endSwitches.voluntary - startSwitches.voluntary) / wallSeconds,
              involuntary: (endSwitches.involuntary - startSwitches.involuntary) / wallSeconds,
            };
      return { seconds, share: seconds / wallSeconds, machineBusy, switchesPerSecond };
    },
  };
}
type CpuUse = {
  seconds: number;
  share: number;
  machineBusy: number | undefined;
  /** The main thread's context switches per second over the run. */
  switchesPerSecond: { voluntary: number; involuntary: number } | undefined;
};
const cpuText = (cpu: CpuUse | undefined, per?: string) =>
  cpu === undefined
    ? ""
    : `  server CPU ${(cpu.share * 100).toFixed(0)} % of a core${per ?? ""}` +
      (cpu.switchesPerSecond === undefined
        ? ""
        : `, main thread switches ${cpu.switchesPerSecond.voluntary.toFixed(0)}/s voluntary ${cpu.switchesPerSecond.involuntary.toFixed(0)}/s involuntary`) +
      (cpu.machineBusy === undefined
        ? ""
        : `, machine ${(cpu.machineBusy * 100).toFixed(0)} % busy`);

const rss = (samples: number[]) =>
  samples.length === 0
    ? "no samples"
    : `RSS ${Math.min(...samples).toFixed(0)}-${Math.max(...samples).toFixed(0)} MB (${samples.length} samples)`;
const row = (label: string, figures: LoadFigures) =>
  `${label.padEnd(40)} ${figures.requestsPerSecond.toFixed(0).padStart(8)} req/s  p50 ${figures.p50Ms.toFixed(1)} ms  p99 ${figures.p99Ms.toFixed(1)} ms  errors ${figures.errors}  non-2xx ${figures.non2xx}`;

const scratch = await mkdtemp(join(tmpdir(), "tpi-download-bench-"));
// nginx's workers run as an unprivileged user when the benchmark runs as root: they read the
// release cache under the scratch folder.
if (values.nginx) await chmod(scratch, 0o755);
try {
  let server: Server;
  /** Where the downloads and the settled GETs go: nginx with --nginx, else the server itself. */
  let trafficUrl: string | undefined;
  let stopNginx = () => Promise.resolve();
  let filePaths: string[];
  let getPath = values["get-path"] ?? "/settled";
  const files: BulkFileToSend[] = [];
  let fileBytes: number[] = [];
  if (values.api) {
    const real = await startRealApi(join(scratch, "data"));
    server = real.server;
    if (values.nginx) {
      const nginx = await startNginxInFront(
        server.url,
        scratch,
        join(scratch, "data", "releases"),
      ).catch(async (error: unknown) => {
        await server.stop();
        throw error;
      });
      trafficUrl = nginx.url;
      stopNginx = () => nginx.stop();
    }
    filePaths = real.files.map((file) => file.path);
    fileBytes = real.files.map((file) => file.bytes);
    getPath = values["get-path"] ?? "/api/otpi";
  } else if (values.url === undefined) {
    // writeBulkFile starts the compiled worker (dist/bulk-file-worker.js).
    ensureApiBuilt();
    progress(
      `writing a year of every market (${BULK_YEAR_ROWS.toLocaleString("en-US")} rows) as CSV and Parquet`,
    );
    for (const dataset of BULK_YEAR)
      for (const format of BULK_FORMATS) {
        const fileName = `${dataset.name}-r1-full.${format}`;
        const path = join(scratch, fileName);
        const written = await writeBulkFile(format, dataset.columns, dataset.rows(), path);
        files.push({ path, fileName, format, bytes: written.bytes, sha256: written.sha256 });
      }
    const manifest = join(scratch, "manifest.json");
    await writeFile(manifest, JSON.stringify(files));
    server = await startStandIn(manifest);
    // Largest first: every client starts on a large file.
    files.sort((a, b) => b.bytes - a.bytes);
    filePaths = files.map((file) => `/files/${file.fileName}`);
    fileBytes = files.map((file) => file.bytes);
  } else {
    if (values.pid === undefined || values["file-paths"] === undefined)
      throw new Error("--url needs --pid (the api's process, for its RSS) and --file-paths");
    server = { url: values.url, pid: Number(values.pid), stop: () => Promise.resolve() };
    filePaths = values["file-paths"].split(",");
    getPath = values["get-path"] ?? "/api/otpi";
  }
  const base = trafficUrl ?? server.url;
  const getUrl = `${base}${getPath}`;
  const loadHeaders = { origin: BENCH_ORIGIN };
  const results: string[] = [];
  const alonePerRound: LoadFigures[] = [];
  const duringPerRound: LoadFigures[] = [];
  /**
   * Runs `work` while sampling the server's RSS, CPU and event-loop delay: what `work` resolves
   * with, and those figures over its duration.
   */
  const measured = async <T>(work: () => Promise<T>) => {
    const rssSamples = sampleRss(server.pid);
    const before = await scrapeServerMetrics(server.url);
    const cpu = await serverCpu(server.pid);
    const result = await work();
    const cpuUsed = await cpu.stop();
    const after = await scrapeServerMetrics(server.url);
    return {
      result,
      cpuUsed,
      loopDelay: after?.loopDelay,
      gc: gcText(before?.gc, after?.gc),
      rss: rss(rssSamples.stop()),
    };
  };
  /** The downloading clients' process's CPU, as a share of one core over `seconds`. */
  const clientsText = (downloaded: Downloaded) =>
    `download clients (nice ${nice}) ${((downloaded.cpuSeconds / downloaded.seconds) * 100).toFixed(0)} % of a core`;
  const downloadsText = (downloaded: Downloaded) =>
    `${downloaded.files} files complete, ${(downloaded.bytes / MB).toFixed(0)} MB at ${downloaded.megabytesPerSecond.toFixed(0)} MB/s, checksum failures ${downloaded.checksumFailures}; ${clientsText(downloaded)}`;
  results.push(
    `load average at the start: ${loadavg()
      .map((load) => load.toFixed(1))
      .join(" ")}`,
  );
  try {
    progress("warming up");
    const warmUp = await measured(() =>
      runLoad(getUrl, { connections, seconds: 2, headers: loadHeaders }),
    );
    results.push(`server after warm-up: ${warmUp.rss}`);
    progress("idle for 5 s: the event-loop delay the machine alone causes");
    const idle = await measured(() => new Promise((resolve) => setTimeout(resolve, 5_000)));
    results.push(
      `server idle, 5 s: ${idle.rss}${loopDelayText(idle.loopDelay)}${idle.gc}${cpuText(idle.cpuUsed)}`,
    );
    for (let round = 1; round <= rounds; round++) {
      progress(`round ${round}: settled GETs alone`);
      const alone = await measured(() =>
        runLoad(getUrl, { connections, seconds, headers: loadHeaders }),
      );
      progress(`round ${round}: settled GETs with ${downloads} + 1 slow downloading clients`);
      const during = await measured(async () => {
        const downloading = startDownloads(base, filePaths, downloads);
        const figures = await runLoad(getUrl, { connections, seconds, headers: loadHeaders });
        return { figures, downloaded: await downloading.stop() };
      });
      alonePerRound.push(alone.result);
      duringPerRound.push(during.result.figures);
      results.push(
        row(`round ${round}: GETs alone`, alone.result) +
          `  ${alone.rss}` +
          loopDelayText(alone.loopDelay) +
          alone.gc +
          cpuText(
            alone.cpuUsed,
            alone.cpuUsed === undefined
              ? ""
              : `, ${((alone.cpuUsed.seconds / alone.result.totalRequests) * 1e6).toFixed(0)} µs per GET`,
          ),
        row(`round ${round}: GETs while downloading`, during.result.figures) +
          `  ${during.rss}` +
          loopDelayText(during.loopDelay) +
          during.gc +
          cpuText(
            during.cpuUsed,
            during.cpuUsed === undefined
              ? ""
              : `, ${((during.cpuUsed.seconds / during.result.figures.totalRequests) * 1e6).toFixed(0)} µs per GET with the files' share`,
          ),
        `  downloads: ${downloadsText(during.result.downloaded)}`,
      );
    }
    progress(`downloads alone for ${seconds} s`);
    const downloadsAlone = await measured(async () => {
      const downloading = startDownloads(base, filePaths, downloads);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      return downloading.stop();
    });
    progress("runs done");
    const sent = downloadsAlone.result;
    results.push(
      `downloads alone: ${downloadsText(sent)}; ${downloadsAlone.rss}` +
        loopDelayText(downloadsAlone.loopDelay) +
        downloadsAlone.gc +
        cpuText(
          downloadsAlone.cpuUsed,
          downloadsAlone.cpuUsed === undefined
            ? ""
            : `, ${((downloadsAlone.cpuUsed.seconds / (sent.bytes / MB)) * 1000).toFixed(1)} ms per MB`,
        ),
    );
    if (rounds > 0) {
      const median = (list: number[]) => {
        const sorted = [...list].sort((a, b) => a - b);
        const middle = Math.floor(sorted.length / 2);
        return sorted.length % 2 === 1
          ? (sorted[middle] ?? 0)
          : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
      };
      const rate = (list: LoadFigures[]) =>
        median(list.map((figures) => figures.requestsPerSecond));
      const p99 = (list: LoadFigures[]) => median(list.map((figures) => figures.p99Ms));
      results.push(
        `medians of ${rounds} rounds: GETs alone ${rate(alonePerRound).toFixed(0)} req/s p99 ${p99(alonePerRound).toFixed(1)} ms; ` +
          `while downloading ${rate(duringPerRound).toFixed(0)} req/s p99 ${p99(duringPerRound).toFixed(1)} ms ` +
          `(${((rate(duringPerRound) / rate(alonePerRound) - 1) * 100).toFixed(1)} % req/s)`,
      );
    }
    results.push(
      `load average at the end: ${loadavg()
        .map((load) => load.toFixed(1))
        .join(" ")}`,
    );
  } finally {
    await stopNginx();
    await server.stop();
  }
  const serverLabel = values.api
    ? `the api (dist/main.js, release 1 of every market's sample; GET ${getPath})${values.nginx ? `, behind nginx sending the files (X-Accel-Redirect; GETs and downloads through nginx)` : ""}`
    : values.url === undefined
      ? "stand-in server (sendBulkFile; GET /settled from memory)"
      : `${server.url} (GET ${getPath})`;
  console.log(
    `\n${serverLabel}; files: ${filePaths.length}${fileBytes.length > 0 ? `, ${(fileBytes.reduce((sum, bytes) => sum + bytes, 0) / MB).toFixed(0)} MB, largest ${(Math.max(...fileBytes) / MB).toFixed(0)} MB` : ""}; ` +
      `${connections} connections, ${seconds} s per run; download clients: ${downloads} + 1 slow at nice ${nice}\n`,
  );
  for (const line of results) console.log(line);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
