/**
 * Bulk downloads under load: release files downloaded over and over by concurrent clients, one of
 * them slow, while the server's RSS is sampled every 100 ms; and settled GETs (autocannon in its
 * own process) with and without those downloads, alternating in one run on one machine.
 *
 *   pnpm --filter @tpi/api exec tsx bench/bulk-download-bench.ts [--api] [--seconds 10] [--connections 50] [--rounds 2] [--downloads 4]
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
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  createAccount,
  createDb,
  createTestDatabase,
  insertApiKey,
  startTestPostgres,
} from "@tpi/db";
import { BULK_FORMATS } from "@tpi/domain";
import { generateApiKey } from "../src/platform/auth/api-key-secret";
import type { BulkFileToSend } from "../src/platform/bulk/send-file";
import { writeBulkFile } from "../src/platform/bulk/write-file";
import {
  API_DIR,
  cpuSeconds,
  ensureApiBuilt,
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
    api: { type: "boolean", default: false },
    url: { type: "string" },
    pid: { type: "string" },
    "get-path": { type: "string" },
    "file-paths": { type: "string" },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const downloads = Number(values.downloads);
/** Sent with every request: the api's public rate limit skips it (RATE_LIMIT_TRUSTED_ORIGINS). */
const BENCH_ORIGIN = "http://bench.localhost";
let authorization: Record<string, string> = { origin: BENCH_ORIGIN };
const useKey = (key: string) => {
  authorization = { origin: BENCH_ORIGIN, authorization: `Bearer ${key}` };
};
if (process.env.BENCH_API_KEY !== undefined) useKey(process.env.BENCH_API_KEY);
const progress = (line: string) => process.stderr.write(`[download bench] ${line}\n`);
const MB = 1e6;

/** Bytes a slow client reads per tick, and the tick (milliseconds): about 2.6 MB/s. */
const SLOW_CHUNK_BYTES = 64 * 1024;
const SLOW_TICK_MS = 25;

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
        // The release files' cache (TPI_DATA_DIR/releases) in the run's scratch folder.
        TPI_DATA_DIR: dataDir,
      },
      startTimeoutMs: RELEASE_TIMEOUT_MS,
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
        const account = await createAccount(db, { name: "bench", plan: "full", trialEndsAt: null });
        const secret = generateApiKey();
        await insertApiKey(db, {
          accountId: account.id,
          name: "bench",
          displayPrefix: secret.displayPrefix,
          keyHash: secret.keyHash,
        });
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

type Downloaded = { files: number; bytes: number; checksumFailures: number };

/**
 * Downloads `path` once, hashing what arrives: whether its SHA-256 matches the Repr-Digest and
 * its length the Content-Length. `slow` reads a chunk per tick, as a client on a slow link.
 */
function downloadOnce(
  base: string,
  path: string,
  slow: boolean,
  stopping: AbortSignal,
): Promise<{ bytes: number; ok: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${path}`, {
      agent: false,
      headers: authorization,
      signal: stopping,
    });
    request.on("error", (error) =>
      stopping.aborted ? resolve({ bytes: 0, ok: true }) : reject(error),
    );
    request.on("response", (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`${path} answered ${response.statusCode}`));
        return;
      }
      const hash = createHash("sha256");
      let bytes = 0;
      response.on("data", (chunk: Buffer) => {
        hash.update(chunk);
        bytes += chunk.length;
        if (slow && bytes % SLOW_CHUNK_BYTES < chunk.length) {
          response.pause();
          setTimeout(() => response.resume(), SLOW_TICK_MS);
        }
      });
      response.on("error", () => resolve({ bytes, ok: stopping.aborted }));
      response.on("end", () => {
        const digest = `sha-256=:${hash.digest("base64")}:`;
        resolve({
          bytes,
          ok:
            digest === response.headers["repr-digest"] &&
            bytes === Number(response.headers["content-length"]),
        });
      });
    });
  });
}

/** `count` clients each downloading every file in turn until stopped, plus one slow client. */
function startDownloads(base: string, paths: readonly string[], count: number) {
  const stopper = new AbortController();
  const totals: Downloaded = { files: 0, bytes: 0, checksumFailures: 0 };
  const client = async (offset: number, slow: boolean) => {
    for (let i = offset; !stopper.signal.aborted; i++) {
      const path = paths[i % paths.length] ?? "";
      const { bytes, ok } = await downloadOnce(base, path, slow, stopper.signal);
      totals.bytes += bytes;
      if (stopper.signal.aborted) break;
      totals.files++;
      if (!ok) totals.checksumFailures++;
    }
  };
  const clients = [...Array.from({ length: count }, (_, i) => client(i, false)), client(0, true)];
  const started = performance.now();
  return {
    async stop(): Promise<Downloaded & { megabytesPerSecond: number }> {
      stopper.abort();
      await Promise.all(clients);
      return {
        ...totals,
        megabytesPerSecond: totals.bytes / MB / ((performance.now() - started) / 1000),
      };
    },
  };
}

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

/** The server's CPU seconds from now until `stop`: its share of one core over the run. */
async function serverCpu(pid: number) {
  const startCpu = await cpuSeconds(pid);
  const startMachine = await machineTicks();
  const started = performance.now();
  return {
    async stop(): Promise<CpuUse | undefined> {
      const endCpu = await cpuSeconds(pid);
      const endMachine = await machineTicks();
      if (startCpu === undefined || endCpu === undefined) return undefined;
      const seconds = endCpu - startCpu;
      const machineBusy =
        startMachine === undefined || endMachine === undefined
          ? undefined
          : (endMachine.busy - startMachine.busy) / (endMachine.total - startMachine.total);
      return { seconds, share: seconds / ((performance.now() - started) / 1000), machineBusy };
    },
  };
}
type CpuUse = { seconds: number; share: number; machineBusy: number | undefined };
const cpuText = (cpu: CpuUse | undefined, per?: string) =>
  cpu === undefined
    ? ""
    : `  server CPU ${(cpu.share * 100).toFixed(0)} % of a core${per ?? ""}` +
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
try {
  let server: Server;
  let filePaths: string[];
  let getPath = values["get-path"] ?? "/settled";
  const files: BulkFileToSend[] = [];
  let fileBytes: number[] = [];
  if (values.api) {
    const real = await startRealApi(join(scratch, "data"));
    server = real.server;
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
  const getUrl = `${server.url}${getPath}`;
  const loadHeaders = { origin: BENCH_ORIGIN };
  const results: string[] = [];
  try {
    const idle = sampleRss(server.pid);
    progress("warming up");
    await runLoad(getUrl, { connections, seconds: 2, headers: loadHeaders });
    const idleSamples = idle.stop();
    results.push(`server after warm-up: ${rss(idleSamples)}`);
    for (let round = 1; round <= rounds; round++) {
      progress(`round ${round}: settled GETs alone`);
      const alone = sampleRss(server.pid);
      const aloneCpu = await serverCpu(server.pid);
      const without = await runLoad(getUrl, { connections, seconds, headers: loadHeaders });
      const aloneSamples = alone.stop();
      const aloneCpuUsed = await aloneCpu.stop();

      progress(`round ${round}: settled GETs with ${downloads} + 1 slow downloading clients`);
      const during = sampleRss(server.pid);
      const duringCpu = await serverCpu(server.pid);
      // The downloading clients' own CPU (this process: reading sockets, hashing).
      const clientsCpuFrom = process.cpuUsage();
      const clientsFrom = performance.now();
      const downloading = startDownloads(server.url, filePaths, downloads);
      const withDownloads = await runLoad(getUrl, { connections, seconds, headers: loadHeaders });
      const downloaded = await downloading.stop();
      const duringSamples = during.stop();
      const duringCpuUsed = await duringCpu.stop();
      const clientsCpu = process.cpuUsage(clientsCpuFrom);
      const clientsShare =
        (clientsCpu.user + clientsCpu.system) / 1000 / (performance.now() - clientsFrom);

      results.push(
        row(`round ${round}: GETs alone`, without) +
          `  ${rss(aloneSamples)}` +
          cpuText(
            aloneCpuUsed,
            aloneCpuUsed === undefined
              ? ""
              : `, ${((aloneCpuUsed.seconds / without.totalRequests) * 1e6).toFixed(0)} µs per GET`,
          ),
        row(`round ${round}: GETs while downloading`, withDownloads) +
          `  ${rss(duringSamples)}` +
          cpuText(duringCpuUsed) +
          `, download clients ${(clientsShare * 100).toFixed(0)} %`,
        `  downloads: ${downloaded.files} files complete, ${(downloaded.bytes / MB).toFixed(0)} MB at ${downloaded.megabytesPerSecond.toFixed(0)} MB/s, checksum failures ${downloaded.checksumFailures}`,
      );
    }
    progress(`downloads alone for ${seconds} s`);
    const alone = sampleRss(server.pid);
    const aloneCpu = await serverCpu(server.pid);
    const downloading = startDownloads(server.url, filePaths, downloads);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const downloaded = await downloading.stop();
    const aloneCpuUsed = await aloneCpu.stop();
    results.push(
      `downloads alone: ${downloaded.files} files, ${(downloaded.bytes / MB).toFixed(0)} MB at ${downloaded.megabytesPerSecond.toFixed(0)} MB/s, checksum failures ${downloaded.checksumFailures}; ${rss(alone.stop())}` +
        cpuText(
          aloneCpuUsed,
          aloneCpuUsed === undefined
            ? ""
            : `, ${((aloneCpuUsed.seconds / (downloaded.bytes / MB)) * 1000).toFixed(1)} ms per MB`,
        ),
    );
  } finally {
    await server.stop();
  }
  const serverLabel = values.api
    ? `the api (dist/main.js, release 1 of every market's sample; GET ${getPath})`
    : values.url === undefined
      ? "stand-in server (sendBulkFile; GET /settled from memory)"
      : `${server.url} (GET ${getPath})`;
  console.log(
    `\n${serverLabel}; files: ${filePaths.length}${fileBytes.length > 0 ? `, ${(fileBytes.reduce((sum, bytes) => sum + bytes, 0) / MB).toFixed(0)} MB, largest ${(Math.max(...fileBytes) / MB).toFixed(0)} MB` : ""}; ` +
      `${connections} connections, ${seconds} s per run\n`,
  );
  for (const line of results) console.log(line);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
