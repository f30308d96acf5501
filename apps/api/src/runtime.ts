import {
  SAMPLE_SOURCE,
  addDays,
  maxDay,
  minDay,
  utcDayOf,
  type MethodologyRules,
} from "@tpi/domain";
import {
  hasGpuTrades,
  hasObservations,
  openDatabase,
  summarizeSources,
  type OpenDatabase,
} from "@tpi/db";
import { ApiKeyAuthenticator } from "./platform/auth/api-key-authenticator";
import { DatabaseHealth } from "./platform/health/database-health";
import {
  clockFrom,
  databaseTimeoutsFrom,
  methodologyRulesFrom,
  openRouterConfigFrom,
  winsorBoundsFrom,
  type Env,
} from "./env";
import { RANKINGS_FIRST_DAY } from "./markets/token/sources/openrouter";
import {
  daysFailed,
  daysWritten,
  describeOpenRouterSync,
  syncOpenRouter,
} from "./markets/token/jobs/openrouter-sync";
import type { Logger } from "./platform/observability/logger";
import { createProgress } from "./platform/observability/progress";
import { seedGpuSample } from "./markets/gpu/jobs/sample-seed";
import { GpuPublishedIndex } from "./markets/gpu/read-model/published-index";
import { settleGpuIndex, type GpuSettlementReport } from "./markets/gpu/jobs/settlement";
import { seedTokenSample } from "./markets/token/jobs/sample-seed";
import { settleDueDays, type SettlementReport } from "./markets/token/jobs/settlement";
import { PublishedIndex } from "./markets/token/read-model/published-index";

/** Everything the server and the CLI share: configuration, the database and the services. */
export type Runtime = {
  env: Env;
  log: Logger;
  database: OpenDatabase;
  /** Whether the database answers, from what requests, jobs and its probe see. */
  databaseHealth: DatabaseHealth;
  rules: MethodologyRules;
  index: PublishedIndex;
  gpuIndex: GpuPublishedIndex;
  auth: ApiKeyAuthenticator;
  clock: () => Date;
  close(): Promise<void>;
};

export async function openRuntime(
  env: Env,
  log: Logger,
  clock: () => Date = clockFrom(env),
): Promise<Runtime> {
  if (env.TPI_TEST_CLOCK !== undefined)
    log.warn(`TPI_TEST_CLOCK is set: the clock is pinned to ${env.TPI_TEST_CLOCK} (tests only)`);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.TPI_DATA_DIR,
    embeddedPort: env.TPI_EMBEDDED_PG_PORT,
    timeouts: databaseTimeoutsFrom(env),
    log: (line) => log.info(line),
  });
  const databaseHealth = new DatabaseHealth(log, () => database.requestDb.$queryRaw`select 1`);
  const index = new PublishedIndex(database.db);
  const auth = new ApiKeyAuthenticator(database.requestDb, clock, {
    staleGraceMs: env.KEY_STALE_GRACE_SECONDS * 1000,
    databaseHealth,
  });
  const gpuIndex = new GpuPublishedIndex(database.db);
  return {
    env,
    log,
    database,
    databaseHealth,
    rules: methodologyRulesFrom(env),
    index,
    gpuIndex,
    auth,
    clock,
    async close() {
      databaseHealth.stop();
      await auth.stop();
      await database.close();
    },
  };
}

/**
 * The first start's token data. With OPENROUTER_API_KEY and an empty database: the last
 * OPENROUTER_STARTUP_DAYS days from OpenRouter (and from OPENROUTER_BACKFILL_FROM when set); an
 * operator's request, so days priced by a later snapshot are marked back-filled. No sample is
 * loaded while a key is set, even when the sync fails (the api then serves without token data
 * and says why). Without a key: the sample, said to be one.
 */
export async function loadTokenDataIfEmpty(runtime: Runtime): Promise<void> {
  const { env, log } = runtime;
  const openRouter = openRouterConfigFrom(env);
  const empty = !(await hasObservations(runtime.database.db));
  if (openRouter === undefined) {
    if (empty) await seedSampleIfEmpty(runtime);
    const sources = await summarizeSources(runtime.database.db);
    if (sources.some((summary) => summary.source === SAMPLE_SOURCE))
      log.info(
        "token index: serving sample data (SAMPLE: generated, not market data). For real data from OpenRouter set OPENROUTER_API_KEY (any OpenRouter key) and start on an empty database, or run 'pnpm tpi openrouter sync'",
      );
    return;
  }
  if (!empty) {
    log.info(
      `OPENROUTER_API_KEY is set: OpenRouter data is synced daily after ${String(env.OPENROUTER_SYNC_HOUR_UTC).padStart(2, "0")}:00 UTC`,
    );
    const sample = (await summarizeSources(runtime.database.db)).find(
      (summary) => summary.source === SAMPLE_SOURCE,
    );
    if (sample !== undefined)
      log.warn(
        `this database also holds sample data (${sample.days} days, ${sample.firstDay} to ${sample.lastDay}), marked as sample wherever shown: each OpenRouter sync replaces the sample on the days it writes (settled days change only through 'pnpm tpi restate'). For OpenRouter data only, start on an empty database`,
      );
    return;
  }
  const now = runtime.clock();
  const to = addDays(utcDayOf(now), -1);
  const recent = maxDay(addDays(to, -(env.OPENROUTER_STARTUP_DAYS - 1)), RANKINGS_FIRST_DAY);
  const from =
    env.OPENROUTER_BACKFILL_FROM === undefined
      ? recent
      : minDay(recent, env.OPENROUTER_BACKFILL_FROM);
  log.info(
    `empty database and OPENROUTER_API_KEY set: syncing ${from} to ${to} from OpenRouter (the sample is not loaded while a key is set)`,
  );
  const progress = createProgress("OpenRouter days");
  try {
    const report = await syncOpenRouter(runtime.database.db, openRouter, {
      from,
      to,
      backfillFrom: from,
      trigger: "startup",
      now,
      onProgress: (done, total) => progress.update(done, total),
    });
    progress.finish(describeOpenRouterSync(report));
    if (!report.ran || daysWritten(report) === 0)
      log.error(
        `start-up sync from OpenRouter wrote no day: ${report.ran ? report.message : report.reason}. Serving without token data (no sample is loaded while OPENROUTER_API_KEY is set); the daily sync tries again after ${String(env.OPENROUTER_SYNC_HOUR_UTC).padStart(2, "0")}:00 UTC, or run 'pnpm tpi openrouter sync'`,
      );
    else if (daysFailed(report) > 0)
      log.warn(`start-up sync from OpenRouter: some days were not written: ${report.message}`);
  } catch (error) {
    log.error(
      `start-up sync from OpenRouter failed: ${error instanceof Error ? error.message : String(error)}. Serving without token data (no sample is loaded while OPENROUTER_API_KEY is set)`,
    );
  }
}

/** Loads the sample when the database holds no observation at all (first start). */
export async function seedSampleIfEmpty(runtime: Runtime): Promise<boolean> {
  if (!runtime.env.SEED_SAMPLE_ON_EMPTY) return false;
  if (await hasObservations(runtime.database.db)) return false;
  runtime.log.info(
    "empty database: loading the sample observations (SAMPLE data, not market data)",
  );
  const progress = createProgress("sample days");
  const result = await seedTokenSample(runtime.database.db, {
    now: runtime.clock(),
    onProgress: (done, total) => progress.update(done, total),
  });
  progress.finish(
    `${result.inserted.toLocaleString("en-US")} sample observations over ${result.days.toLocaleString("en-US")} days through ${result.through}`,
  );
  return true;
}

export async function settleAndPublish(
  runtime: Runtime,
  through?: string,
  signal?: AbortSignal,
): Promise<SettlementReport> {
  const progress = createProgress("settling days");
  const report = await settleDueDays(runtime.database.db, {
    now: runtime.clock(),
    rules: runtime.rules,
    through,
    signal,
    onProgress: (done, total) => progress.update(done, total),
  });
  if (report.settledDays.length > 0) {
    progress.finish(describeSettlement(report));
  }
  await runtime.index.refresh();
  return report;
}

export function describeSettlement(report: SettlementReport): string {
  if (report.settledDays.length === 0)
    return `nothing to settle (settleable through ${report.settleableThrough})`;
  return `settled ${report.settledDays.length} day(s) from ${report.settledDays[0]} to ${report.settledDays.at(-1)}: ${report.publishedValues} values published, ${report.suppressedLabDays} lab-days without a value`;
}

/** Loads the GPU sample trades when the database holds no trade at all (first start). */
export async function seedGpuSampleIfEmpty(runtime: Runtime): Promise<boolean> {
  if (!runtime.env.SEED_SAMPLE_ON_EMPTY) return false;
  if (await hasGpuTrades(runtime.database.db)) return false;
  runtime.log.info("no GPU trades: loading the sample trades (SAMPLE data, not market data)");
  const progress = createProgress("sample GPU trades");
  const result = await seedGpuSample(runtime.database, {
    now: runtime.clock(),
    onProgress: (inserted) => progress.update(inserted),
  });
  progress.finish(`${result.inserted.toLocaleString("en-US")} inserted from ${result.from}`);
  return true;
}

/** Publishes due GPU prints and daily values, then reloads the in-memory set. Progress only when asked (startup, CLI), not on the minute timer. */
export async function settleGpuAndPublish(
  runtime: Runtime,
  options: { showProgress?: boolean; signal?: AbortSignal } = {},
): Promise<GpuSettlementReport> {
  const progress = options.showProgress ? createProgress("GPU prints") : undefined;
  const report = await settleGpuIndex(runtime.database.db, {
    now: runtime.clock(),
    bounds: winsorBoundsFrom(runtime.env),
    signal: options.signal,
    onProgress: (done, total) => progress?.update(done, total),
  });
  if (report.prints > 0) progress?.finish(describeGpuSettlement(report));
  await runtime.gpuIndex.refresh();
  return report;
}

export function describeGpuSettlement(report: GpuSettlementReport): string {
  return `published ${report.prints.toLocaleString("en-US")} hourly GPU print(s) (${report.carriedPrints.toLocaleString("en-US")} carried forward) and ${report.dailyValues.toLocaleString("en-US")} daily value(s)`;
}
