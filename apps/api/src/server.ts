import type { AddressInfo } from "node:net";
import type { Server, ServerResponse } from "node:http";
import { createApi } from "./app";
import { createLimitedServer } from "./platform/http/server-limits";
import { KEY_USAGE_FLUSH_MS } from "./platform/auth/api-key-authenticator";
import type { WinsorBounds } from "@tpi/domain";
import { poolStats } from "@tpi/db";
import {
  openRouterConfigFrom,
  serverLimitsFrom,
  smtpConfigFrom,
  websiteAccountSettingsFrom,
  winsorBoundsFrom,
  type Env,
} from "./env";
import {
  OUTBOX_FLUSH_INTERVAL_MS,
  flushOutbox,
  logTransport,
  smtpTransport,
} from "./platform/accounts/mailer";
import type { Logger } from "./platform/observability/logger";
import { Metrics } from "./platform/observability/metrics";
import { databaseAnswers } from "./platform/health/health-route";
import { DEFAULT_RATE_LIMIT_SETTINGS } from "./platform/rate-limit/limiters";
import { RedisConnection } from "./platform/rate-limit/redis-connection";
import { atEachUtcMidnight, notifyWebsiteOfNewData } from "./platform/jobs/website-revalidation";
import { createOpenAiCompatibleModel, type ChatModel } from "./platform/chat/model-backend";
import {
  describeGpuSettlement,
  describeSettlement,
  openRuntime,
  seedGpuSampleIfEmpty,
  loadTokenDataIfEmpty,
  settleAndPublish,
  settleGpuAndPublish,
  type Runtime,
} from "./runtime";
import {
  daysWritten,
  describeOpenRouterSync,
  runScheduledOpenRouterSync,
} from "./markets/token/jobs/openrouter-sync";
import { Scheduler } from "./platform/jobs/scheduler";

/** How often the api checks whether the daily OpenRouter sync is due. */
const OPENROUTER_SCHEDULE_CHECK_MS = 60_000;

export type RunningServer = {
  runtime: Runtime;
  server: Server;
  url: string;
  /**
   * Graceful stop: refuses new connections at once, lets in-flight requests and running jobs
   * finish for up to SHUTDOWN_GRACE_MS (then cuts what is left), closes Redis and the database
   * pools, and stops the embedded PostgreSQL server when this process started it.
   */
  close(): Promise<void>;
};

/**
 * Starts the api: database (embedded unless DATABASE_URL), migrations, on an empty database
 * OpenRouter's recent days (with OPENROUTER_API_KEY) or the sample (without), settlement of every settleable day, then HTTP. Every periodic job (settlement, GPU
 * prints, the OpenRouter sync, reloads of the published sets, key-usage writes) then runs on one
 * scheduler, which `close()` stops and waits for.
 */
export async function startServer(
  env: Env,
  log: Logger,
  clock?: () => Date,
): Promise<RunningServer> {
  const runtime = await openRuntime(env, log, clock);
  const metrics = new Metrics({ processMetrics: true });
  metrics.observeDatabasePool(() => poolStats(runtime.database.db));
  // Asked of the database when scraped (bounded like /health's probe).
  metrics.observeDatabaseUp(() => databaseAnswers(runtime.database.db));
  const scheduler = new Scheduler(log, runtime.databaseHealth, metrics);
  await loadTokenDataIfEmpty(runtime);
  const report = await settleAndPublish(runtime);
  log.info(describeSettlement(report));
  await runtime.index.refresh();
  // Reloads pick up what other instances published (this one reloads right after it settles).
  scheduler.every({
    name: "index refresh",
    intervalMs: env.INDEX_REFRESH_SECONDS * 1000,
    failureMessage: runtime.index.refreshFailureMessage,
    run: () => runtime.index.refresh(),
  });
  await seedGpuSampleIfEmpty(runtime);
  log.info(describeGpuSettlement(await settleGpuAndPublish(runtime, { showProgress: true })));
  scheduler.every({
    name: "GPU index refresh",
    intervalMs: env.INDEX_REFRESH_SECONDS * 1000,
    failureMessage: runtime.gpuIndex.refreshFailureMessage,
    run: () => runtime.gpuIndex.refresh(),
  });
  scheduler.every({
    name: "key usage flush",
    intervalMs: KEY_USAGE_FLUSH_MS,
    failureMessage: "could not record key usage",
    run: () => runtime.auth.flushLastUsed(),
  });
  // Account mails: written to the outbox with what they announce, sent here (stopped with the scheduler).
  const smtp = smtpConfigFrom(env);
  const mailTransport = smtp === undefined ? logTransport(log) : smtpTransport(smtp);
  scheduler.every({
    name: "mail outbox",
    intervalMs: OUTBOX_FLUSH_INTERVAL_MS,
    failureMessage: "could not send account mail; will retry",
    run: () => flushOutbox(runtime.database.db, mailTransport, log, runtime.clock),
  });

  // With REDIS_URL, rate-limit counters are shared by every instance; the api starts and serves
  // even while Redis is unreachable (limits are then enforced per instance).
  const redis = env.REDIS_URL === undefined ? undefined : new RedisConnection(env.REDIS_URL, log);
  const api = createApi({
    db: runtime.database.requestDb,
    databaseHealth: runtime.databaseHealth,
    index: runtime.index,
    gpuIndex: runtime.gpuIndex,
    chat: chatSettingsFrom(env),
    auth: runtime.auth,
    rules: runtime.rules,
    clock: runtime.clock,
    log,
    metrics,
    internalToken: env.INTERNAL_API_TOKEN,
    rateLimits: {
      ...DEFAULT_RATE_LIMIT_SETTINGS,
      trustedOrigins: env.RATE_LIMIT_TRUSTED_ORIGINS,
      redis,
      redisPrefix: env.RATE_LIMIT_REDIS_PREFIX,
    },
    trustProxy: env.TRUST_PROXY,
    corsOrigins: env.CORS_ORIGINS,
    maxKeysPerAccount: env.MAX_KEYS_PER_ACCOUNT,
    answerCacheMaxMb: env.ANSWER_CACHE_MAX_MB,
    fastLane: env.HTTP_FAST_LANE,
    websiteAccounts: websiteAccountSettingsFrom(env),
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = createLimitedServer(api.listener, serverLimitsFrom(env)).listen(
      env.PORT,
      env.HOST,
      () => resolve(listening),
    );
    listening.once("error", reject);
  });
  const inFlight = trackInFlight(server);
  const { TPI_WEB_URL: websiteUrl, INTERNAL_API_TOKEN: internalToken } = env;
  let stopMidnightNotices = () => {};
  if (websiteUrl !== undefined && internalToken !== undefined) {
    const notify = () => void notifyWebsiteOfNewData(websiteUrl, internalToken, log);
    runtime.index.onChange(notify);
    runtime.gpuIndex.onChange(notify);
    // The machine's clock, not runtime.clock: a pinned test clock (TPI_TEST_CLOCK) never reaches
    // a midnight, and reading it would re-arm the timer on a fixed, meaningless period.
    stopMidnightNotices = atEachUtcMidnight(notify);
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  log.info(`api listening on ${url} (${runtime.index.size} published values loaded)`);

  scheduler.every({
    name: "settlement",
    intervalMs: env.SETTLEMENT_INTERVAL_SECONDS * 1000,
    failureMessage: "scheduled settlement failed; will retry",
    run: async (stopping) => {
      const scheduled = await settleAndPublish(runtime, undefined, stopping);
      if (scheduled.settledDays.length > 0) log.info(describeSettlement(scheduled));
    },
  });
  // The daily OpenRouter sync: checked every minute, due after OPENROUTER_SYNC_HOUR_UTC while
  // yesterday is not stored; the sync log and the database lock keep restarts and other
  // instances from running it twice.
  const openRouter = openRouterConfigFrom(env);
  if (openRouter !== undefined)
    scheduler.every({
      name: "OpenRouter sync",
      intervalMs: OPENROUTER_SCHEDULE_CHECK_MS,
      failureMessage: "scheduled OpenRouter sync failed; will retry",
      run: async (stopping) => {
        const synced = await runScheduledOpenRouterSync(runtime.database.db, openRouter, {
          now: runtime.clock(),
          syncHourUtc: env.OPENROUTER_SYNC_HOUR_UTC,
        });
        if (synced === null) return;
        log.info(describeOpenRouterSync(synced));
        if (synced.ran && synced.outcome !== "ok") log.warn(`OpenRouter sync: ${synced.message}`);
        if (daysWritten(synced) > 0) {
          const settled = await settleAndPublish(runtime, undefined, stopping);
          if (settled.settledDays.length > 0) log.info(describeSettlement(settled));
        }
      },
    });
  // GPU prints are due on every hour; checking every minute publishes each within a minute.
  scheduler.every({
    name: "GPU prints",
    intervalMs: env.GPU_PRINT_INTERVAL_SECONDS * 1000,
    failureMessage: "scheduled GPU print failed; will retry",
    run: async (stopping) => {
      const printed = await settleGpuAndPublish(runtime, { signal: stopping });
      if (printed.prints > 0) log.info(describeGpuSettlement(printed));
    },
  });

  return {
    runtime,
    server,
    url,
    async close() {
      const graceMs = env.SHUTDOWN_GRACE_MS;
      stopMidnightNotices();
      const drained = drainHttp(server, inFlight, graceMs);
      const jobsStopped = withinGrace(scheduler.stop(), graceMs);
      const [requestsLeft, jobsFinished] = await Promise.all([drained, jobsStopped]);
      if (requestsLeft > 0)
        log.warn(
          `shutdown: ${requestsLeft} request(s) still running after ${graceMs} ms (SHUTDOWN_GRACE_MS); their connections were closed`,
        );
      // An unfinished job's open transaction is rolled back when its pool closes below: settlement
      // and prints are written a transaction at a time, so nothing half-written remains.
      if (!jobsFinished)
        log.warn(
          `shutdown: a scheduled job was still running after ${graceMs} ms (SHUTDOWN_GRACE_MS); its open transaction is abandoned`,
        );
      await redis?.close();
      await runtime.close();
    },
  };
}

/** The responses being written, so that a drain can mark them `Connection: close`. */
function trackInFlight(server: Server): Set<ServerResponse> {
  const responses = new Set<ServerResponse>();
  server.on("request", (_req, res: ServerResponse) => {
    responses.add(res);
    res.once("close", () => responses.delete(res));
  });
  return responses;
}

/**
 * Stops accepting connections, closes idle keep-alive connections at once, tells every in-flight
 * response to close its connection when done, and waits for the rest for up to `graceMs`, then
 * closes them. Resolves with the number of requests cut short.
 */
async function drainHttp(
  server: Server,
  inFlight: Set<ServerResponse>,
  graceMs: number,
): Promise<number> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  // A request that arrives on a busy keep-alive connection during the drain is answered, then its connection closes.
  server.prependListener("request", (_req, res: ServerResponse) =>
    res.setHeader("Connection", "close"),
  );
  server.closeIdleConnections();
  if (await withinGrace(closed, graceMs)) return 0;
  const left = inFlight.size;
  server.closeAllConnections();
  await closed;
  return left;
}

/** True when `work` settles within `ms`; false (and `work` left running) otherwise. */
async function withinGrace(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The chat's settings: the optional model backend (only with CHAT_LLM_BASE_URL) and the GPU method's bounds it explains. */
function chatSettingsFrom(env: Env): { model?: ChatModel; winsor: WinsorBounds } {
  const model = env.CHAT_LLM_BASE_URL
    ? createOpenAiCompatibleModel({
        baseUrl: env.CHAT_LLM_BASE_URL,
        model: env.CHAT_LLM_MODEL,
        apiKey: env.CHAT_LLM_API_KEY,
        timeoutMs: env.CHAT_LLM_TIMEOUT_MS,
      })
    : undefined;
  return { model, winsor: winsorBoundsFrom(env) };
}
