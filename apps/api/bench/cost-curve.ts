/**
 * The cost curve (not a timed test): the same routes on the sample and on larger data, one axis
 * at a time (see bench/scale/scales.ts): 10 years x 11 labs of token history, 10x GPU trades,
 * and 100 labs' published series. For each scale it prepares a scratch database, times the
 * settlement (token days; GPU prints and daily values, as a first start does), starts the
 * compiled api as its own process on it and records start-up time (spawn to healthy), RSS after
 * warm-up and after load, then each route's req/s and latency under load from another process.
 * In this process it also measures the published read models (heap, load time) and the cost of
 * an all-labs answer from them, which is how the 100-lab row is served (the catalog has 11 labs).
 *
 *   pnpm --filter @tpi/api bench:cost                          (every scale, embedded PostgreSQL)
 *   pnpm --filter @tpi/api bench:cost --scales 1x,10y --seconds 5 --connections 50
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test pnpm --filter @tpi/api bench:cost
 *
 * Prints a table and writes everything to apps/api/bench-results/cost-curve-<time>.json.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import vm from "node:vm";
import { DEFAULT_METHODOLOGY_RULES, addDays, type LabId, type UtcDay } from "@tpi/domain";
import { createDb, createTestDatabase, startTestPostgres, type Db } from "@tpi/db";
import { MARKETS } from "../src/markets";
import { readEnv } from "../src/platform/runtime/env";
import { gpuEnvOf, gpuSettingsFrom } from "../src/markets/gpu/jobs/settings";
import { seedGpuSample } from "../src/markets/gpu/jobs/sample-seed";
import { settleGpuIndex } from "../src/markets/gpu/jobs/settlement";
import { seedTokenSample } from "../src/markets/token/jobs/sample-seed";
import { settleDueDays } from "../src/markets/token/jobs/settlement";
import { GpuPublishedIndex } from "../src/markets/gpu/read-model/published-index";
import { PublishedIndex } from "../src/markets/token/read-model/published-index";
import { API_DIR, ensureApiBuilt, startApiProcess } from "./lib/api-process";
import { fullPlanKey } from "./lib/bench-key";
import { runLoad, type LoadFigures } from "./lib/load";
import { SCALES, type Scale } from "./scale/scales";
import { addSyntheticLabSeries } from "./scale/synthetic-labs";
import { seedTokenHistory } from "./scale/token-history";

const { values: args } = parseArgs({
  options: {
    scales: { type: "string", default: SCALES.map((s) => s.id).join(",") },
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    rounds: { type: "string", default: "2" },
  },
});
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const ROUNDS = Number(args.rounds);
const chosen = args.scales.split(",").map((id) => {
  const scale = SCALES.find((s) => s.id === id.trim());
  if (!scale) throw new Error(`unknown scale ${id}; one of ${SCALES.map((s) => s.id).join(", ")}`);
  return scale;
});

/** Every request comes from one IP: as a trusted origin it passes the per-IP limiter's skip check instead of drawing 429s. */
const BENCH_ORIGIN = "http://bench.localhost";
/** Requests per route before the "after warm-up" RSS reading: fills caches, compiles the hot code. */
const WARM_UP_REQUESTS = 50;
/** Repetitions of each in-process answer measurement (the mean is reported). */
const ANSWER_REPEATS = 20;
const MB = 1024 * 1024;

v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

/** A route's figures from its median round (by req/s), and every round's. */
type RouteFigures = { name: string; path: string; rounds: LoadFigures[] } & LoadFigures;

type ReadModelFigures = {
  /** Series (labs) in the published token read model. */
  series: number;
  rows: number;
  loadMs: number;
  heapBytes: number;
  heapBytesPerRow: number;
  /** Every series over the last 365 days: rowsBetween, then JSON.stringify of the rows. */
  yearAllSeries: { rows: number; ms: number; jsonBytes: number };
  /** Every series over the whole history. */
  historyAllSeries: { rows: number; ms: number; jsonBytes: number };
  gpuPrints: number;
  gpuLoadMs: number;
  gpuHeapBytes: number;
};

type ScaleFigures = {
  scale: string;
  label: string;
  data: {
    tokenDays: number;
    firstDay: UtcDay;
    lastDay: UtcDay;
    observations: number;
    indexValues: number;
    gpuTrades: number;
    gpuPrints: number;
    gpuDailyValues: number;
    databaseBytes: number;
  };
  timings: {
    tokenSeedMs: number;
    tokenSettleMs: number;
    settledDays: number;
    gpuSeedMs: number;
    gpuSettleMs: number;
    /** The faster of two starts (spawn to healthy); both in startupSamplesMs. */
    startupMs: number;
    startupSamplesMs: number[];
  };
  rssBytes: { afterStart: number; afterWarmUp: number; afterLoad: number };
  readModel: ReadModelFigures;
  routes: RouteFigures[];
  /** Times the api had exited while idle and was started again (then RSS is the new process's). */
  apiRestarts: number;
};

function log(line: string): void {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function count(db: Db, sql: string): Promise<number> {
  const [row] = await db.$queryRawUnsafe<{ n: bigint | number }[]>(sql);
  return Number(row?.n ?? 0);
}

/** The mean time of `ANSWER_REPEATS` all-series answers between two days, and one answer's size. */
function measureAnswer(
  index: PublishedIndex,
  start: UtcDay,
  end: UtcDay,
  labs: readonly LabId[],
): { rows: number; ms: number; jsonBytes: number } {
  let rows = 0;
  let jsonBytes = 0;
  const started = performance.now();
  for (let i = 0; i < ANSWER_REPEATS; i++) {
    const answer = index.rowsBetween(start, end, labs);
    rows = answer.length;
    jsonBytes = Buffer.byteLength(JSON.stringify({ data: answer }));
  }
  return { rows, ms: (performance.now() - started) / ANSWER_REPEATS, jsonBytes };
}

/** The published read models as the api holds them, built here on the scale's database. */
async function measureReadModels(db: Db, lastDay: UtcDay): Promise<ReadModelFigures> {
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const index = new PublishedIndex(db);
  const load = await timed(() => index.refresh());
  collectGarbage();
  const heapBytes = process.memoryUsage().heapUsed - heapBefore;

  const gpuIndex = new GpuPublishedIndex(db);
  const gpuLoad = await timed(() => gpuIndex.refresh());
  collectGarbage();
  const gpuHeapBytes = process.memoryUsage().heapUsed - heapBefore - heapBytes;

  // Every series stored, the synthetic ones included: the routes accept catalog labs only.
  const labs = (
    await db.$queryRawUnsafe<{ lab: string }[]>("select distinct lab from index_value order by lab")
  ).map((row) => row.lab as LabId);
  const figures: ReadModelFigures = {
    series: labs.length,
    rows: index.size,
    loadMs: load.ms,
    heapBytes,
    heapBytesPerRow: index.size === 0 ? 0 : heapBytes / index.size,
    yearAllSeries: measureAnswer(index, addDays(lastDay, -364), lastDay, labs),
    historyAllSeries: measureAnswer(index, "2000-01-01", lastDay, labs),
    gpuPrints: gpuIndex.printCount,
    gpuLoadMs: gpuLoad.ms,
    gpuHeapBytes,
  };
  return figures;
}

async function prepareDatabase(
  scale: Scale,
  db: Db,
  url: string,
  now: Date,
): Promise<{
  timings: Omit<ScaleFigures["timings"], "startupMs" | "startupSamplesMs">;
  key: string;
}> {
  log(`${scale.id}: seeding token observations`);
  const tokenSeed = await timed(async () => {
    if (scale.tokenYears === undefined) {
      const seeded = await seedTokenSample(db, { now });
      return seeded.inserted;
    }
    const seeded = await seedTokenHistory(db, {
      now,
      years: scale.tokenYears,
      onProgress: (days) => log(`${scale.id}:   ${days} days stored`),
    });
    return seeded.inserted;
  });
  log(
    `${scale.id}: ${tokenSeed.value.toLocaleString("en-US")} observations in ${(tokenSeed.ms / 1000).toFixed(1)} s; settling`,
  );
  const tokenSettle = await timed(() =>
    settleDueDays(db, { now, rules: DEFAULT_METHODOLOGY_RULES }),
  );
  log(
    `${scale.id}: settled ${tokenSettle.value.settledDays.length} days in ${(tokenSettle.ms / 1000).toFixed(1)} s; seeding GPU trades (${scale.gpuTradesPerDay}/day)`,
  );
  const added = await addSyntheticLabSeries(db, scale.syntheticLabs);
  if (added > 0) log(`${scale.id}: added ${added.toLocaleString("en-US")} synthetic index values`);

  const gpuSeed = await timed(() =>
    seedGpuSample({ db, url }, { now, tradesPerDay: scale.gpuTradesPerDay }),
  );
  log(
    `${scale.id}: ${gpuSeed.value.inserted.toLocaleString("en-US")} GPU trades in ${(gpuSeed.ms / 1000).toFixed(1)} s; publishing prints`,
  );
  const { rules } = gpuSettingsFrom(gpuEnvOf(readEnv(MARKETS, { DATABASE_URL: url })));
  const gpuSettle = await timed(() => settleGpuIndex(db, { now, rules }));
  log(
    `${scale.id}: ${gpuSettle.value.prints.toLocaleString("en-US")} prints, ${gpuSettle.value.dailyValues} daily values in ${(gpuSettle.ms / 1000).toFixed(1)} s`,
  );

  const secret = await fullPlanKey(db);
  return {
    timings: {
      tokenSeedMs: tokenSeed.ms,
      tokenSettleMs: tokenSettle.ms,
      settledDays: tokenSettle.value.settledDays.length,
      gpuSeedMs: gpuSeed.ms,
      gpuSettleMs: gpuSettle.ms,
    },
    key: secret.key,
  };
}

type Route = { name: string; path: string; headers: Record<string, string> };

/** A scale whose database is ready and whose api runs. */
type Running = {
  scale: Scale;
  drop(): Promise<void>;
  figures: Omit<ScaleFigures, "routes" | "rssBytes" | "apiRestarts"> & {
    rssBytes: Omit<ScaleFigures["rssBytes"], "afterLoad">;
  };
  api: Awaited<ReturnType<typeof startApiProcess>>;
  /** Starts the scale's api again (when it exited while idle). */
  restart(): Promise<Awaited<ReturnType<typeof startApiProcess>>>;
  /** Times the api was found gone and restarted before a load. */
  restarts: number;
  routes: Route[];
  rounds: Map<string, LoadFigures[]>;
};

/** Seeds and settles the scale's database and measures its read models (this process). */
async function prepareScale(
  scale: Scale,
  adminUrl: string,
): Promise<{
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  now: Date;
  key: string;
  figures: Omit<ScaleFigures, "routes" | "rssBytes" | "timings" | "apiRestarts"> & {
    timings: Omit<ScaleFigures["timings"], "startupMs" | "startupSamplesMs">;
  };
}> {
  // One instant for the whole scale: the seeding, the settlement and the api's pinned clock.
  const now = new Date();
  const database = await createTestDatabase(adminUrl);
  const db = createDb(database.url);
  try {
    const prepared = await prepareDatabase(scale, db, database.url, now);
    const [span] = await db.$queryRawUnsafe<{ first: Date; last: Date; days: bigint }[]>(
      "select min(date) as first, max(date) as last, count(distinct date) as days from index_value",
    );
    const firstDay = span?.first.toISOString().slice(0, 10) ?? "";
    const lastDay = span?.last.toISOString().slice(0, 10) ?? "";
    const data: ScaleFigures["data"] = {
      tokenDays: Number(span?.days ?? 0),
      firstDay,
      lastDay,
      observations: await count(db, "select count(*) as n from observation"),
      indexValues: await count(db, "select count(*) as n from index_value"),
      gpuTrades: await count(db, "select count(*) as n from gpu_trade"),
      gpuPrints: await count(db, "select count(*) as n from gpu_hourly_print"),
      gpuDailyValues: await count(db, "select count(*) as n from gpu_daily_value"),
      databaseBytes: await count(db, "select pg_database_size(current_database()) as n"),
    };
    log(`${scale.id}: measuring the read models in-process`);
    const readModel = await measureReadModels(db, lastDay);
    return {
      database,
      now,
      key: prepared.key,
      figures: { scale: scale.id, label: scale.label, data, timings: prepared.timings, readModel },
    };
  } finally {
    await db.$disconnect();
  }
}

/** Starts the compiled api on the scale's database: twice (a restart is timed too), keeping the second. */
function startOnce(scale: Scale, databaseUrl: string, now: Date) {
  return startApiProcess({
    label: `api ${scale.id}`,
    env: {
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
      SETTLEMENT_INTERVAL_SECONDS: "0",
      // No outside source synced in the background of a timed run (nor a remote host in its figures).
      OUTSIDE_SOURCES_ENABLED: "false",
      RATE_LIMIT_TRUSTED_ORIGINS: BENCH_ORIGIN,
      // The bench's instant: the api finds everything due already settled and published.
      TPI_TEST_CLOCK: now.toISOString(),
    },
  });
}

async function startScaleApi(
  scale: Scale,
  databaseUrl: string,
  now: Date,
): Promise<{ api: Awaited<ReturnType<typeof startApiProcess>>; startupMs: number[] }> {
  const start = () => startOnce(scale, databaseUrl, now);
  const first = await start();
  await first.stop();
  const api = await start();
  log(
    `${scale.id}: api healthy after ${first.startupMs.toFixed(0)} ms, restarted in ${api.startupMs.toFixed(0)} ms`,
  );
  return { api, startupMs: [first.startupMs, api.startupMs] };
}

function routesOf(data: ScaleFigures["data"], key: string): Route[] {
  const keyed = { Authorization: `Bearer ${key}` };
  return [
    { name: "GET /api/otpi (default, keyless)", path: "/api/otpi", headers: {} },
    {
      name: "GET /api/otpi one year, keyed, all labs",
      path: `/api/otpi?startDate=${addDays(data.lastDay, -364)}&endDate=${data.lastDay}`,
      headers: keyed,
    },
    {
      name: "GET /api/otpi whole history, keyed",
      path: `/api/otpi?startDate=${data.firstDay}&endDate=${data.lastDay}`,
      headers: keyed,
    },
    { name: "GET /api/gpu/H100%20SXM", path: "/api/gpu/H100%20SXM", headers: {} },
    { name: "GET /api/daily-index/all", path: "/api/daily-index/all", headers: {} },
  ];
}

async function warmUp(running: Running): Promise<void> {
  for (const route of running.routes) {
    for (let i = 0; i < WARM_UP_REQUESTS; i++) {
      const response = await fetch(`${running.api.url}${route.path}`, {
        headers: { Origin: BENCH_ORIGIN, ...route.headers },
      });
      await response.arrayBuffer();
      if (response.status !== 200)
        throw new Error(`${running.scale.id} ${route.path} answered ${response.status} in warm-up`);
    }
  }
}

async function answersHealth(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

/** The figure of the round with the median req/s (the middle one; the lower middle for an even count). */
function medianRound(rounds: readonly LoadFigures[]): LoadFigures {
  const sorted = [...rounds].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor((sorted.length - 1) / 2)] as LoadFigures;
}

function printTable(results: readonly ScaleFigures[]): void {
  const columns = results.map((r) => r.scale);
  const row = (name: string, cell: (r: ScaleFigures) => string) =>
    console.log(`${name.padEnd(46)} ${results.map((r) => cell(r).padStart(14)).join(" ")}`);
  const n = (value: number) => value.toLocaleString("en-US");
  const s = (ms: number) => (ms / 1000).toFixed(1);
  console.log(`\n${"".padEnd(46)} ${columns.map((c) => c.padStart(14)).join(" ")}`);
  row("token days", (r) => n(r.data.tokenDays));
  row("observations", (r) => n(r.data.observations));
  row("published series (labs)", (r) => n(r.readModel.series));
  row("published index values", (r) => n(r.data.indexValues));
  row("GPU trades", (r) => n(r.data.gpuTrades));
  row("GPU hourly prints", (r) => n(r.data.gpuPrints));
  row("database size (MB)", (r) => (r.data.databaseBytes / MB).toFixed(0));
  row("token settlement, all days (s)", (r) => s(r.timings.tokenSettleMs));
  row("GPU seed, COPY (s)", (r) => s(r.timings.gpuSeedMs));
  row("GPU settlement, prints + daily (s)", (r) => s(r.timings.gpuSettleMs));
  row("api start-up, spawn to healthy (s)", (r) => s(r.timings.startupMs));
  row("api RSS after start (MB)", (r) => (r.rssBytes.afterStart / MB).toFixed(0));
  row("api RSS after warm-up (MB)", (r) => (r.rssBytes.afterWarmUp / MB).toFixed(0));
  row("api RSS after load (MB)", (r) => (r.rssBytes.afterLoad / MB).toFixed(0));
  row("api restarts (exited while idle)", (r) => String(r.apiRestarts));
  row("token read model heap (MB)", (r) => (r.readModel.heapBytes / MB).toFixed(1));
  row("token read model bytes per value", (r) => r.readModel.heapBytesPerRow.toFixed(0));
  row("token read model load (ms)", (r) => r.readModel.loadMs.toFixed(0));
  row("GPU read model heap (MB)", (r) => (r.readModel.gpuHeapBytes / MB).toFixed(1));
  row(
    "all series, 1 year: rows / ms",
    (r) => `${n(r.readModel.yearAllSeries.rows)} / ${r.readModel.yearAllSeries.ms.toFixed(1)}`,
  );
  row(
    "all series, history: rows / ms",
    (r) =>
      `${n(r.readModel.historyAllSeries.rows)} / ${r.readModel.historyAllSeries.ms.toFixed(1)}`,
  );
  const routeNames = results[0]?.routes.map((route) => route.name) ?? [];
  for (const name of routeNames) {
    const of = (r: ScaleFigures) => r.routes.find((route) => route.name === name);
    const range = (r: ScaleFigures, pick: (f: LoadFigures) => number) => {
      const values = (of(r)?.rounds ?? []).map(pick);
      return `${Math.min(...values).toFixed(0)}-${Math.max(...values).toFixed(0)}`;
    };
    row(`${name}: p99 ms`, (r) => range(r, (f) => f.p99Ms));
    row(`  req/s`, (r) => range(r, (f) => f.requestsPerSecond));
    row(`  KB/answer`, (r) => ((of(r)?.bytesPerResponse ?? 0) / 1024).toFixed(1));
    row(`  errors + non-2xx`, (r) => String((of(r)?.errors ?? 0) + (of(r)?.non2xx ?? 0)));
  }
}

const built = ensureApiBuilt();
if (built.built) log("built apps/api/dist");
const postgres = await startTestPostgres();
const runningScales: Running[] = [];
const results: ScaleFigures[] = [];
const startedAt = new Date();
try {
  // Every scale's api runs at once, idle but for its load: each round loads every route on every
  // scale back to back, so a change in the machine's load (2 shared cores) hits all scales alike.
  for (const scale of chosen) {
    log(`=== ${scale.label}`);
    const prepared = await prepareScale(scale, postgres.adminUrl);
    try {
      const { api, startupMs } = await startScaleApi(scale, prepared.database.url, prepared.now);
      const running: Running = {
        scale,
        drop: () => prepared.database.drop(),
        figures: {
          ...prepared.figures,
          timings: {
            ...prepared.figures.timings,
            startupMs: Math.min(...startupMs),
            startupSamplesMs: startupMs,
          },
          rssBytes: { afterStart: await api.rssBytes(), afterWarmUp: 0 },
        },
        api,
        restart: () => startOnce(scale, prepared.database.url, prepared.now),
        restarts: 0,
        routes: routesOf(prepared.figures.data, prepared.key),
        rounds: new Map(),
      };
      runningScales.push(running);
      await warmUp(running);
      running.figures.rssBytes.afterWarmUp = await api.rssBytes();
    } catch (error) {
      await prepared.database.drop();
      throw error;
    }
  }
  for (let round = 1; round <= ROUNDS; round++) {
    for (let r = 0; r < (runningScales[0]?.routes.length ?? 0); r++) {
      for (const running of runningScales) {
        const route = running.routes[r] as Route;
        if (!(await answersHealth(running.api.url))) {
          // Seen on the shared machine: an idle api gone without a word at LOG_LEVEL=warn (a
          // signal from outside); its figures so far stand, a new process serves the rest.
          log(
            `${running.scale.id}: the api no longer answers; restarting it. Its last output:\n${running.api.output().slice(-2000)}`,
          );
          running.api = await running.restart();
          running.restarts += 1;
          await warmUp(running);
        }
        const load = await runLoad(`${running.api.url}${route.path}`, {
          connections: CONNECTIONS,
          seconds: SECONDS,
          headers: { Origin: BENCH_ORIGIN, ...route.headers },
        });
        log(
          `round ${round} ${running.scale.id}: ${route.name}: ${load.requestsPerSecond.toFixed(0)} req/s, p99 ${load.p99Ms} ms, ${load.bytesPerResponse.toFixed(0)} B/answer, ${load.errors + load.non2xx} errors/non-2xx`,
        );
        if (load.errors > 0)
          log(`connection errors; the api's last output:\n${running.api.output().slice(-4000)}`);
        running.rounds.set(route.name, [...(running.rounds.get(route.name) ?? []), load]);
      }
    }
  }
  for (const running of runningScales) {
    results.push({
      ...running.figures,
      apiRestarts: running.restarts,
      rssBytes: { ...running.figures.rssBytes, afterLoad: await running.api.rssBytes() },
      routes: running.routes.map((route) => {
        const rounds = running.rounds.get(route.name) ?? [];
        return { name: route.name, path: route.path, ...medianRound(rounds), rounds };
      }),
    });
  }
} finally {
  for (const running of runningScales) {
    await running.api.stop();
    await running.drop();
  }
  await postgres.stop();
}
printTable(results);
const folder = join(API_DIR, "bench-results");
mkdirSync(folder, { recursive: true });
const file = join(folder, `cost-curve-${startedAt.toISOString().replaceAll(":", "-")}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      startedAt: startedAt.toISOString(),
      node: process.version,
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      embeddedPostgres: postgres.embedded,
      results,
    },
    null,
    2,
  ),
);
console.log(
  `\nLoad: ${CONNECTIONS} connections, ${SECONDS} s per route and round, ${ROUNDS} round(s); route figures from the round with the median req/s. Written to ${file}`,
);
