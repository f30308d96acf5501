/**
 * HTTP benchmark of the api's read paths (not a timed test: it asserts statuses, never times).
 * Prepares a scratch database with the token and GPU samples, starts the COMPILED api in its
 * own process once per server variant, and loads every target from a separate load-generator
 * process, next to two baselines that serve the target's exact bytes (bare Express, raw
 * node:http, each in its own process), round after round. Prints a table; writes JSON.
 *
 *   pnpm bench                          (embedded PostgreSQL in a temporary folder)
 *   DATABASE_URL=... pnpm bench         (a scratch database on that PostgreSQL server)
 *   pnpm bench --quick                  (CI smoke run: 1 round, 1 s per target, 10 connections,
 *                                        the default variant)
 *   pnpm bench --seconds 10 --connections 100 --rounds 3 --only gpu --json /tmp/out.json
 *
 * Exits non-zero when any answer had an unexpected status or a connection error, or when the
 * JSON could not be written back: the figures are not worth reading then.
 */
import { cpus, tmpdir, totalmem } from "node:os";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { DEFAULT_METHODOLOGY_RULES, addDays, type UtcDay } from "@tpi/domain";
import { createDb, createTestDatabase, startTestPostgres } from "@tpi/db";
import { readEnv } from "../src/platform/runtime/env";
import { createLogger } from "../src/platform/observability/logger";
import { seedTokenSample } from "../src/markets/token/jobs/sample-seed";
import { settleDueDays } from "../src/markets/token/jobs/settlement";
import { MARKETS } from "../src/markets";
import { loadGpuSample, settleGpuAndPublish } from "../src/markets/gpu/jobs/lifecycle";
import { GPU } from "../src/markets/gpu/read-model/state";
import { jobContextOf, openRuntime } from "../src/platform/runtime/runtime";
import {
  fullPlanKey,
  API_DIR,
  BASELINE_DESCRIPTIONS,
  cpuSeconds,
  ensureApiBuilt,
  recordResponse,
  runLoad,
  startApiProcess,
  startBaselineServer,
  type ApiProcess,
  type BaselineKind,
  type BaselineServer,
  formatStageShares,
  summarizeCpuProfile,
  type LoadFigures,
  type RecordedResponse,
  type StageShare,
} from "./lib";

/**
 * Every benchmark request comes from one IP, so the public limiter (60/min) would answer 429
 * after the first second; the load generator is a trusted origin instead, which still runs the
 * limiter middleware (its skip check) on every request.
 */
const BENCH_ORIGIN = "http://bench.localhost";

// ---------------------------------------------------------------------------------------------
// What is measured: the server variants and the targets (data, not code).

type ServerVariant = { name: string; label: string; env: Record<string, string> };

/** The api's request paths: the fast lane in front of Express (default), and Express alone. */
const SERVER_VARIANTS: readonly ServerVariant[] = [
  { name: "default", label: "api (default)", env: {} },
  { name: "express-only", label: "api, Express only", env: { HTTP_FAST_LANE: "false" } },
];

/** Facts of the prepared data the targets' URLs and headers depend on. */
type TargetContext = {
  latestDay: UtcDay;
  firstDay: UtcDay;
  apiKey: string;
  /** ETag of the default GET /api/otpi answer (undefined when the api sends none). */
  defaultOtpiEtag: string | undefined;
};

type Target = {
  name: string;
  pathAndQuery(context: TargetContext): string;
  headers?(context: TargetContext): Record<string, string>;
  /** Statuses that count as a correct answer; any other status fails the run. */
  expectedStatuses: readonly number[];
};

const keyed = (context: TargetContext) => ({ Authorization: `Bearer ${context.apiKey}` });
const wholeHistory = (context: TargetContext) =>
  `/api/otpi?startDate=${context.firstDay}&endDate=${context.latestDay}`;
const oneYearRange = (context: TargetContext) =>
  `/api/otpi?startDate=${addDays(context.latestDay, -364)}&endDate=${context.latestDay}`;

const TARGETS: readonly Target[] = [
  {
    name: "GET /api/otpi (default, keyless)",
    pathAndQuery: () => "/api/otpi",
    expectedStatuses: [200],
  },
  {
    name: "GET /api/otpi?date&lab (single day, keyless)",
    pathAndQuery: (context) => `/api/otpi?date=${context.latestDay}&lab=anthropic`,
    expectedStatuses: [200],
  },
  {
    name: "GET /api/gpu/H100 SXM (keyless)",
    pathAndQuery: () => "/api/gpu/H100%20SXM",
    expectedStatuses: [200],
  },
  {
    name: "GET /api/gpu/H100 SXM/history (keyed)",
    pathAndQuery: (context) =>
      `/api/gpu/H100%20SXM/history?datetime=${context.latestDay}%2012:00:00`,
    headers: keyed,
    expectedStatuses: [200],
  },
  {
    name: "GET /api/daily-index/all (keyless)",
    pathAndQuery: () => "/api/daily-index/all",
    expectedStatuses: [200],
  },
  {
    name: "GET /api/otpi one year, keyed (11 labs)",
    pathAndQuery: oneYearRange,
    headers: keyed,
    expectedStatuses: [200],
  },
  {
    name: "GET /api/otpi whole history, keyed (11 labs)",
    pathAndQuery: wholeHistory,
    headers: keyed,
    expectedStatuses: [200],
  },
  {
    // 304 once the api answers conditional requests; 200 (the full body) before.
    name: "GET /api/otpi (default) If-None-Match",
    pathAndQuery: () => "/api/otpi",
    headers: (context): Record<string, string> =>
      context.defaultOtpiEtag === undefined ? {} : { "If-None-Match": context.defaultOtpiEtag },
    expectedStatuses: [200, 304],
  },
  {
    name: "GET /api/otpi one year, keyed, gzip",
    pathAndQuery: oneYearRange,
    headers: (context) => ({ ...keyed(context), "Accept-Encoding": "gzip" }),
    expectedStatuses: [200],
  },
  {
    name: "GET /api/otpi one year, keyed, br",
    pathAndQuery: oneYearRange,
    headers: (context) => ({ ...keyed(context), "Accept-Encoding": "br" }),
    expectedStatuses: [200],
  },
  {
    name: "GET /api/otpi whole history, keyed, br",
    pathAndQuery: wholeHistory,
    headers: (context) => ({ ...keyed(context), "Accept-Encoding": "br" }),
    expectedStatuses: [200],
  },
];

const BASELINE_KINDS: readonly BaselineKind[] = ["express", "node-http"];
const BASELINE_LABELS: Record<BaselineKind, string> = {
  express: "bare Express (same bytes)",
  "node-http": "raw node:http (same bytes)",
};

// ---------------------------------------------------------------------------------------------
// Options.

type Options = {
  quick: boolean;
  seconds: number;
  connections: number;
  rounds: number;
  jsonPath: string;
  only: string | undefined;
  /** CPU-profile the api variants (node --cpu-prof) and summarise them by request stage. */
  profile: boolean;
  /**
   * The server variants to run (names of SERVER_VARIANTS): all by default; the default variant
   * (the one users get) alone in quick mode, where the run is a smoke test of statuses.
   */
  variants: readonly ServerVariant[];
};

function positiveInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} must be a positive whole number, got ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return value;
}

function readOptions(): Options {
  // `npm run bench -- --quick` and `pnpm bench --quick` may pass a bare `--` through.
  const args = process.argv.slice(2).filter((arg) => arg !== "--");
  const { values } = parseArgs({
    args,
    options: {
      quick: { type: "boolean", default: false },
      seconds: { type: "string" },
      connections: { type: "string" },
      rounds: { type: "string" },
      json: { type: "string" },
      only: { type: "string" },
      profile: { type: "boolean", default: false },
      variants: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(
      `usage: pnpm bench [--quick] [--seconds N] [--connections N] [--rounds N] [--json PATH] [--only SUBSTRING] [--variants NAME,...] [--profile]\n  --variants: the api variants to run (${SERVER_VARIANTS.map((variant) => variant.name).join(", ")}; default all, with --quick the first)\n  --profile: CPU-profile each api variant (node --cpu-prof) and print where its time went, by stage of the request path`,
    );
    process.exit(0);
  }
  const quick = values.quick;
  const variantNames = values.variants?.split(",").map((name) => name.trim()) ?? [];
  const unknown = variantNames.filter(
    (name) => !SERVER_VARIANTS.some((variant) => variant.name === name),
  );
  if (unknown.length > 0) {
    console.error(
      `--variants: no variant named ${unknown.join(", ")} (there are ${SERVER_VARIANTS.map((variant) => variant.name).join(", ")})`,
    );
    process.exit(2);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  return {
    quick,
    seconds: positiveInteger("seconds", values.seconds, quick ? 1 : 6),
    connections: positiveInteger("connections", values.connections, quick ? 10 : 50),
    rounds: positiveInteger("rounds", values.rounds, quick ? 1 : 2),
    jsonPath: resolve(values.json ?? join(API_DIR, "bench-results", `http-${stamp}.json`)),
    only: values.only,
    profile: values.profile,
    variants:
      variantNames.length > 0
        ? SERVER_VARIANTS.filter((variant) => variantNames.includes(variant.name))
        : quick
          ? SERVER_VARIANTS.slice(0, 1)
          : SERVER_VARIANTS,
  };
}

// ---------------------------------------------------------------------------------------------
// Helpers.

function progress(line: string): void {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${line}`);
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

/** Statuses answered that the target does not expect, as `"429 x 12"`. */
function unexpectedStatuses(figures: LoadFigures, expected: readonly number[]): string[] {
  return Object.entries(figures.statusCounts)
    .filter(([status, count]) => count > 0 && !expected.includes(Number(status)))
    .map(([status, count]) => `${status} x ${count}`);
}

/** Headers as written to the JSON: the API key never is. */
function publicHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      name.toLowerCase() === "authorization" ? "Bearer <bench key>" : value,
    ]),
  );
}

const range = (values: number[], digits: number): string => {
  const low = Math.min(...values).toFixed(digits);
  const high = Math.max(...values).toFixed(digits);
  return low === high ? low : `${low}-${high}`;
};

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

/** `0.62 (0.58-0.75)`: the median over rounds, then the range; one value alone when all agree. */
const medianAndRange = (values: number[], digits: number): string => {
  if (values.length === 0) return "";
  const spread = range(values, digits);
  return spread.includes("-") ? `${median(values).toFixed(digits)} (${spread})` : spread;
};

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// ---------------------------------------------------------------------------------------------
// The run.

type Measured = {
  server: string;
  figures: LoadFigures;
  /** The server process's CPU time (user and system) over the load, per answer; Linux only. */
  cpuMicrosecondsPerAnswer: number | undefined;
};
type RoundResult = { round: number; measured: Measured[] };
type TargetResult = {
  target: Target;
  url: string;
  headers: Record<string, string>;
  /** One answer per server variant before the load, as it came over the wire. */
  recorded: Record<string, RecordedResponse>;
  rounds: RoundResult[];
};

const options = readOptions();
const targets = TARGETS.filter(
  (target) =>
    options.only === undefined || target.name.toLowerCase().includes(options.only.toLowerCase()),
);
if (targets.length === 0) {
  console.error(`--only ${options.only}: no target name contains it`);
  process.exit(2);
}
const failures: string[] = [];
/** Where each variant's CPU profile is written (with --profile). */
const profileRoot = options.profile ? mkdtempSync(join(tmpdir(), "tpi-bench-profile-")) : "";
const profileDirectory = (variant: ServerVariant) => join(profileRoot, variant.name);

progress("building the api (apps/api/dist) if missing or stale");
const build = ensureApiBuilt();
progress(build.built ? "api built" : "api build is up to date");

progress(
  process.env.DATABASE_URL
    ? "creating a scratch database on DATABASE_URL's server"
    : "starting an embedded PostgreSQL in a temporary folder",
);
const postgres = await startTestPostgres();
const database = await createTestDatabase(postgres.adminUrl);
const running: { variant: ServerVariant; api: ApiProcess }[] = [];
const baselines: BaselineServer[] = [];
let cleaning: Promise<void> | undefined;
/** Stops every server and removes the scratch database; once, whether the run ends or is interrupted. */
function cleanUp(): Promise<void> {
  const ignore = () => undefined;
  cleaning ??= (async () => {
    for (const baseline of baselines) await baseline.stop().catch(ignore);
    for (const { api } of running) await api.stop().catch(ignore);
    await database.drop().catch(ignore);
    await postgres.stop().catch(ignore);
  })();
  return cleaning;
}
for (const [signal, exitCode] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const)
  process.once(signal, () => {
    progress(`${signal}: stopping the servers and removing the scratch database`);
    void cleanUp().finally(() => process.exit(exitCode));
  });
try {
  // 1. Data: the token sample, settled (timed, as on a first start), then the GPU sample.
  const now = new Date();
  const db = createDb(database.url);
  progress("seeding the token sample");
  const seeded = await timed(() => seedTokenSample(db, { now }));
  progress(`settling ${seeded.result.inserted.toLocaleString("en-US")} observations`);
  const settlement = await timed(() =>
    settleDueDays(db, { now, rules: DEFAULT_METHODOLOGY_RULES }),
  );
  const settledDays = [...settlement.result.settledDays].sort();
  const firstDay = settledDays[0];
  if (firstDay === undefined) throw new Error("the token sample settled no day");
  progress(`settled ${settledDays.length} days in ${settlement.ms.toFixed(0)} ms`);

  const secret = await fullPlanKey(db);
  await db.$disconnect();

  progress("seeding and publishing the GPU sample");
  const runtime = await openRuntime(
    readEnv(MARKETS, { DATABASE_URL: database.url, LOG_LEVEL: "warn" }),
    createLogger("warn"),
    MARKETS,
  );
  let gpuSeedMs: number;
  let gpuPublishMs: number;
  try {
    gpuSeedMs = (await timed(() => loadGpuSample(jobContextOf(runtime)))).ms;
    gpuPublishMs = (await timed(() => settleGpuAndPublish(GPU.of(runtime), jobContextOf(runtime))))
      .ms;
  } finally {
    await runtime.close();
  }
  progress(
    `GPU sample loaded in ${gpuSeedMs.toFixed(0)} ms, published in ${gpuPublishMs.toFixed(0)} ms`,
  );

  // 2. The api, once per variant, one after the other (start-up time without contention).
  for (const variant of options.variants) {
    progress(`starting the api (${variant.label})`);
    const api = await startApiProcess({
      label: variant.label,
      nodeArgs: options.profile
        ? ["--cpu-prof", `--cpu-prof-dir=${profileDirectory(variant)}`]
        : [],
      env: {
        DATABASE_URL: database.url,
        LOG_LEVEL: "warn",
        // 0: settle only at start, so no settlement runs during the load.
        SETTLEMENT_INTERVAL_SECONDS: "0",
        SEED_SAMPLE_ON_EMPTY: "false",
        // No outside source synced in the background of a timed run (nor a remote host in its figures).
        OUTSIDE_SOURCES_ENABLED: "false",
        RATE_LIMIT_TRUSTED_ORIGINS: BENCH_ORIGIN,
        ...variant.env,
      },
    });
    running.push({ variant, api });
    progress(`${variant.label}: healthy after ${api.startupMs.toFixed(0)} ms (pid ${api.pid})`);
  }
  const reference = running[0];
  if (reference === undefined) throw new Error("no server variant");

  // 3. The targets' URLs, and one recorded answer per target and variant.
  const latest = await fetch(`${reference.api.url}/api/otpi`, {
    headers: { Origin: BENCH_ORIGIN },
  });
  const latestDay = ((await latest.json()) as { date: UtcDay }).date;
  const context: TargetContext = {
    latestDay,
    firstDay,
    apiKey: secret.key,
    defaultOtpiEtag: latest.headers.get("etag") ?? undefined,
  };
  const results: TargetResult[] = [];
  for (const target of targets) {
    const headers = { Origin: BENCH_ORIGIN, ...(target.headers?.(context) ?? {}) };
    const recorded: Record<string, RecordedResponse> = {};
    for (const { variant, api } of running) {
      const answer = await recordResponse(`${api.url}${target.pathAndQuery(context)}`, headers);
      recorded[variant.name] = answer;
      if (!target.expectedStatuses.includes(answer.status))
        failures.push(`${target.name} (${variant.label}): answered ${answer.status}`);
    }
    results.push({
      target,
      url: target.pathAndQuery(context),
      headers,
      recorded,
      rounds: [],
    });
  }

  // 4. Baselines serving, at /<i>, the bytes the default variant answered to target i.
  const referenceAnswers = results.map((result) => {
    const answer = result.recorded[reference.variant.name];
    if (answer === undefined) throw new Error(`no recorded answer for ${result.target.name}`);
    return answer;
  });
  for (const kind of BASELINE_KINDS) {
    progress(`starting the ${BASELINE_LABELS[kind]} baseline`);
    baselines.push(await startBaselineServer(kind, referenceAnswers));
  }

  // 5. The rounds: per target the baselines, then every variant, so drift hits all alike.
  const perRound = results.length * (baselines.length + running.length);
  for (let round = 1; round <= options.rounds; round++) {
    let done = 0;
    for (const [index, result] of results.entries()) {
      const measured: Measured[] = [];
      const servers = [
        ...baselines.map((baseline) => ({
          server: baseline.kind,
          pid: baseline.pid,
          label: BASELINE_LABELS[baseline.kind],
          url: baseline.urlOf(index),
          // The target's own request (the baseline ignores it): the same bytes sent, and the
          // same load generator (compressed answers are loaded by the node:http client).
          headers: result.headers,
          // A baseline repeats the recorded status (a 304 stays a 304).
          expected: [referenceAnswers[index]?.status ?? 200],
          api: undefined,
        })),
        ...running.map(({ variant, api }) => ({
          server: variant.name,
          pid: api.pid,
          label: variant.label,
          url: `${api.url}${result.url}`,
          headers: result.headers,
          expected: result.target.expectedStatuses,
          api,
        })),
      ];
      for (const server of servers) {
        const cpuBefore = await cpuSeconds(server.pid);
        const figures = await runLoad(server.url, {
          connections: options.connections,
          seconds: options.seconds,
          headers: server.headers,
        });
        const cpuAfter =
          server.api?.exitStatus() === undefined ? await cpuSeconds(server.pid) : undefined;
        const cpuMicrosecondsPerAnswer =
          cpuBefore === undefined || cpuAfter === undefined || figures.totalRequests === 0
            ? undefined
            : ((cpuAfter - cpuBefore) * 1e6) / figures.totalRequests;
        // A server that ended (crashed, or killed from outside) makes every later figure zero.
        const ended = server.api?.exitStatus();
        if (ended !== undefined)
          throw new Error(
            `${server.label} ended (${ended}) during the run; its last output:\n${server.api?.output() ?? ""}`,
          );
        measured.push({ server: server.server, figures, cpuMicrosecondsPerAnswer });
        done += 1;
        const wrong = unexpectedStatuses(figures, server.expected);
        if (figures.errors > 0 || wrong.length > 0)
          failures.push(
            `round ${round}, ${result.target.name}, ${server.label}: ${figures.errors} connection error(s)${wrong.length > 0 ? `, unexpected ${wrong.join(", ")}` : ""}`,
          );
        progress(
          `round ${round}/${options.rounds} [${done}/${perRound}] ${result.target.name} / ${server.label}: ${figures.requestsPerSecond.toFixed(0)} req/s, p99 ${figures.p99Ms} ms${cpuMicrosecondsPerAnswer === undefined ? "" : `, ${cpuMicrosecondsPerAnswer.toFixed(1)} us CPU per answer`}`,
        );
      }
      result.rounds.push({ round, measured });
    }
  }

  // 6. Memory after the load, then the report.
  const variantsReport = [];
  for (const { variant, api } of running)
    variantsReport.push({
      name: variant.name,
      label: variant.label,
      env: variant.env,
      startupMs: Math.round(api.startupMs),
      rssBytesAfterRun: await api.rssBytes(),
    });
  const baselinesReport = [];
  for (const baseline of baselines)
    baselinesReport.push({
      kind: baseline.kind,
      description: BASELINE_DESCRIPTIONS[baseline.kind],
      rssBytesAfterRun: await baseline.rssBytes(),
    });

  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "unknown",
    totalMemoryBytes: totalmem(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
  const report = {
    finishedAt: new Date().toISOString(),
    machine,
    options: {
      quick: options.quick,
      seconds: options.seconds,
      connections: options.connections,
      rounds: options.rounds,
      only: options.only ?? null,
      variants: options.variants.map((variant) => variant.name),
    },
    database: postgres.embedded ? "embedded PostgreSQL" : "PostgreSQL server at DATABASE_URL",
    preparation: {
      tokenObservations: seeded.result.inserted,
      settledDays: settledDays.length,
      firstDay,
      latestDay,
      settlementMs: Math.round(settlement.ms),
      gpuSampleLoadMs: Math.round(gpuSeedMs),
      gpuPublishMs: Math.round(gpuPublishMs),
    },
    variants: variantsReport,
    baselines: baselinesReport,
    targets: results.map((result) => ({
      name: result.target.name,
      pathAndQuery: result.url,
      headers: publicHeaders(result.headers),
      expectedStatuses: result.target.expectedStatuses,
      recorded: Object.fromEntries(
        Object.entries(result.recorded).map(([variant, answer]) => [
          variant,
          {
            status: answer.status,
            contentEncoding: answer.headers["content-encoding"] ?? null,
            bodyBytes: answer.body.length,
          },
        ]),
      ),
      rounds: result.rounds.map((round) => ({
        round: round.round,
        figures: Object.fromEntries(
          round.measured.map((m) => [
            m.server,
            { ...m.figures, cpuMicrosecondsPerAnswer: m.cpuMicrosecondsPerAnswer ?? null },
          ]),
        ),
      })),
    })),
    failures,
  };
  // Profiles are written when the api exits: stop the variants first, then read them.
  const profiles: Record<string, StageShare[]> = {};
  if (options.profile) {
    for (const { variant, api } of running) {
      await api.stop();
      const directory = profileDirectory(variant);
      const file = readdirSync(directory).find((name) => name.endsWith(".cpuprofile"));
      if (file === undefined) failures.push(`${variant.label}: no CPU profile in ${directory}`);
      else profiles[variant.label] = summarizeCpuProfile(join(directory, file));
    }
  }
  mkdirSync(dirname(options.jsonPath), { recursive: true });
  writeFileSync(options.jsonPath, JSON.stringify({ ...report, profiles }, null, 2) + "\n");
  // Read back: the smoke run checks that the JSON exists and parses.
  const written = existsSync(options.jsonPath)
    ? (JSON.parse(readFileSync(options.jsonPath, "utf8")) as { targets?: unknown[] })
    : undefined;
  if (written?.targets?.length !== results.length)
    failures.push(`the JSON at ${options.jsonPath} was not written completely`);

  printTable(results, report);
  for (const [label, shares] of Object.entries(profiles))
    console.log(
      `\nWhere ${label}'s CPU time went (whole process, start-up included):\n${formatStageShares(shares)}`,
    );
  console.log(`\nJSON: ${options.jsonPath}`);
} finally {
  await cleanUp();
}

if (failures.length > 0) {
  console.error(`\nbench FAILED: ${failures.length} problem(s):`);
  for (const failure of failures) console.error(`  - ${failure}`);
  process.exit(1);
}
console.log("bench passed: every answer had an expected status, no connection errors");

// ---------------------------------------------------------------------------------------------
// The table.

function printTable(
  results: TargetResult[],
  report: {
    machine: { cpus: number; cpuModel: string; node: string };
    preparation: {
      tokenObservations: number;
      settledDays: number;
      settlementMs: number;
      gpuSampleLoadMs: number;
      gpuPublishMs: number;
    };
    variants: { label: string; startupMs: number; rssBytesAfterRun: number }[];
    baselines: { kind: BaselineKind; description: string; rssBytesAfterRun: number }[];
  },
): void {
  const { machine, preparation } = report;
  console.log(
    `\nMachine: ${machine.cpus} CPU(s), ${machine.cpuModel}, Node ${machine.node}. Load: autocannon in its own process, ${options.connections} connections, ${options.seconds} s per target, ${options.rounds} round(s) (ranges are over rounds).`,
  );
  console.log(
    `Settlement: ${preparation.settledDays} days x 11 labs (${preparation.tokenObservations.toLocaleString("en-US")} observations) in ${preparation.settlementMs} ms; GPU sample loaded in ${preparation.gpuSampleLoadMs} ms, published in ${preparation.gpuPublishMs} ms.`,
  );
  for (const variant of report.variants)
    console.log(
      `${variant.label}: start-up ${variant.startupMs} ms (spawn to first healthy /health), RSS after the run ${megabytes(variant.rssBytesAfterRun)}`,
    );
  for (const baseline of report.baselines)
    console.log(
      `Baseline ${BASELINE_LABELS[baseline.kind]}: ${baseline.description}; RSS ${megabytes(baseline.rssBytesAfterRun)}`,
    );

  const columns = [
    ["target / server", 44],
    ["req/s", 13],
    ["p50 ms", 7],
    ["p99 ms", 8],
    ["CPU us/ans", 17],
    ["x Express", 17],
    ["x node:http", 17],
    ["CPU x node:http", 17],
    ["unexpected", 10],
    ["statuses", 22],
    ["bytes/resp", 11],
  ] as const;
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => {
        const width = columns[index]?.[1] ?? 10;
        return index === 0 ? cell.padEnd(width) : cell.padStart(width);
      })
      .join(" ");
  console.log("");
  console.log(line(columns.map(([title]) => title)));
  for (const result of results) {
    console.log(result.target.name);
    const serverNames = [
      ...BASELINE_KINDS.map((kind) => ({ name: kind as string, label: BASELINE_LABELS[kind] })),
      ...options.variants.map((variant) => ({ name: variant.name, label: variant.label })),
    ];
    for (const { name, label } of serverNames) {
      const perRound = result.rounds.map((round) => ({
        measured: round.measured.find((m) => m.server === name),
        express: round.measured.find((m) => m.server === "express"),
        nodeHttp: round.measured.find((m) => m.server === "node-http"),
      }));
      const figures = perRound.flatMap((r) =>
        r.measured === undefined ? [] : [r.measured.figures],
      );
      if (figures.length === 0) continue;
      // Per round, the server's req/s over the baseline's (the median first, then the range).
      const ratio = (baseline: "express" | "nodeHttp") =>
        medianAndRange(
          perRound.flatMap((r) => {
            const base = r[baseline]?.figures.requestsPerSecond;
            return r.measured === undefined || !base
              ? []
              : [r.measured.figures.requestsPerSecond / base];
          }),
          2,
        );
      // Per round, raw node:http's CPU time per answer over the server's: 1 is as cheap as it.
      const cpuRatio = medianAndRange(
        perRound.flatMap((r) => {
          const own = r.measured?.cpuMicrosecondsPerAnswer;
          const base = r.nodeHttp?.cpuMicrosecondsPerAnswer;
          return own === undefined || base === undefined || own <= 0 ? [] : [base / own];
        }),
        2,
      );
      const cpuPerAnswer = perRound.flatMap((r) => {
        const own = r.measured?.cpuMicrosecondsPerAnswer;
        return own === undefined ? [] : [own];
      });
      const isBaseline = name === "express" || name === "node-http";
      const expected = isBaseline
        ? [result.recorded[options.variants[0]?.name ?? ""]?.status ?? 200]
        : result.target.expectedStatuses;
      const unexpected = figures.reduce(
        (sum, f) =>
          sum +
          f.errors +
          Object.entries(f.statusCounts)
            .filter(([status]) => !expected.includes(Number(status)))
            .reduce((count, [, n]) => count + n, 0),
        0,
      );
      const statuses = new Map<string, number>();
      for (const f of figures)
        for (const [status, count] of Object.entries(f.statusCounts))
          statuses.set(status, (statuses.get(status) ?? 0) + count);
      console.log(
        line([
          `  ${label}`,
          range(
            figures.map((f) => f.requestsPerSecond),
            0,
          ),
          range(
            figures.map((f) => f.p50Ms),
            0,
          ),
          range(
            figures.map((f) => f.p99Ms),
            0,
          ),
          medianAndRange(cpuPerAnswer, 1),
          isBaseline ? "" : ratio("express"),
          isBaseline ? "" : ratio("nodeHttp"),
          name === "node-http" ? "" : cpuRatio,
          String(unexpected),
          [...statuses].map(([status, count]) => `${status}:${count}`).join(" "),
          range(
            figures.map((f) => f.bytesPerResponse),
            0,
          ),
        ]),
      );
    }
  }
  console.log(
    "\nbytes/resp: status line, headers and body as read from the socket (compressed when the api compressed). x Express / x node:http: the api's req/s over the baseline's in the same round, the baseline serving the bytes the api answered (status, headers but date, connection and length, body); the median over rounds, then the range. CPU us/ans: the server process's CPU time (user and system) during the load over its answers (Linux); CPU x node:http: raw node:http's CPU time per answer over the server's in the same round, which other work on the machine disturbs less than req/s. Targets asking for compression are loaded by a node:http client (autocannon's parser slows down twentyfold on binary bodies); all others by autocannon.",
  );
}
