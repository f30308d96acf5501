import { createProgress } from "./observability/progress";
import type { AddressInfo } from "node:net";
import type { RequestListener, Server } from "node:http";
import { poolStats, pruneOAuthRecords } from "@tpi/db";
import { createApi, liveEventsRedisOf } from "./app";
import { DEFAULT_LIVE_EVENT_SETTINGS, LiveEvents } from "./events/live-events";
import { EVENT_RETENTION_INTERVAL_MS, runEventRetention } from "./events/retention";
import { createLimitedServer } from "./http/server-limits";
import { drainableServer, withinGrace } from "./http/drain";
import { KEY_USAGE_FLUSH_MS } from "./auth/api-key-authenticator";
import { GRANT_USAGE_FLUSH_MS, OAuthAccessTokens } from "./auth/oauth-tokens";

/** Milliseconds between removals of expired OAuth requests, codes and tokens. */
const OAUTH_PRUNE_INTERVAL_MS = 10 * 60 * 1000;
import {
  mailSettingsFrom,
  serverLimitsFrom,
  websiteAccountSettingsFrom,
  type MailSettings,
} from "./runtime/env";
import type { Env } from "./core/env";
import {
  OUTBOX_FLUSH_INTERVAL_MS,
  flushOutbox,
  logTransport,
  smtpTransport,
} from "./accounts/mailer";
import { type AppDeps, DEFAULT_RATE_LIMIT_SETTINGS } from "./core/deps";
import type { Market } from "./core/market";
import type { Logger } from "./observability/logger";
import { Metrics } from "./observability/metrics";
import { databaseAnswers } from "./health-route";
import { RedisConnection } from "./redis/redis-connection";
import { atEachUtcMidnight, notifyWebsiteOfNewData } from "./jobs/website-revalidation";
import { chatScope } from "./chat/answers";
import { createOpenAiCompatibleModel } from "./chat/model-backend";
import type { ChatModel } from "./core/chat";
import { jobContextOf, openRuntime, type Runtime } from "./runtime/runtime";
import { Scheduler, type ScheduledJob } from "./jobs/scheduler";
import { releaseCutJob } from "./release-api/cut-job";
import { releaseCacheDirOf } from "./release-api/releases";
import { fileSendBudget } from "./bulk/turn-budget";
import { createWebhookDispatcher } from "./webhooks/dispatcher";
import { webhookDispatchJob, webhookPolicyFrom } from "./jobs/webhook-dispatch";
import { createDeliveryGate } from "./webhooks/gate";
import { eventAccessOf } from "./webhooks/service";
import { MarketLoading } from "./publication/market-loading";

export type RunningServer = {
  runtime: Runtime;
  server: Server;
  url: string;
  /**
   * Graceful stop: refuses new connections at once, answers every request still arriving on an
   * open connection with `Connection: close`, closes connections that stay idle for
   * SHUTDOWN_IDLE_CLOSE_MS, lets in-flight requests and running jobs finish for up to
   * SHUTDOWN_GRACE_MS (then cuts what is left), closes Redis and the database pools, and stops
   * the embedded PostgreSQL server when this process started it.
   */
  close(): Promise<void>;
};

/**
 * Raised by `startServer` when its `stopping` signal was aborted before it served: the markets'
 * loads stopped between batches with what they did recorded (the next start resumes them), and
 * the database was closed.
 */
export class StartupStopped extends Error {
  constructor() {
    super("stopped during start-up");
    this.name = "StartupStopped";
  }
}

/**
 * Starts the api: database (embedded unless DATABASE_URL), migrations, each market's start (its
 * first loads, resumed until complete, and settlement of what is due), then HTTP. Every periodic
 * job (the markets' jobs, reloads of the published sets, key-usage writes, mail) then runs on one
 * scheduler, which `close()` stops and waits for. Once `options.stopping` is aborted (a signal
 * during start-up), the markets' start-up work stops at its next batch boundary, the database is
 * closed and StartupStopped is raised.
 */
export async function startServer(
  env: Env,
  log: Logger,
  marketList: readonly Market[],
  clock?: () => Date,
  options: { stopping?: AbortSignal } = {},
): Promise<RunningServer> {
  const { stopping } = options;
  // Before anything starts: refused in production with mail links going to the log.
  const mail = mailSettingsFrom(env);
  const runtime = await openRuntime(env, log, marketList, clock);
  const jobContext = jobContextOf(runtime);
  try {
    // Each market in list order: its first loads, then settlement and publication.
    for (const market of marketList) {
      if (stopping?.aborted) break;
      await market.start(runtime.markets.get(market.name), { ...jobContext, stopping });
    }
    if (stopping?.aborted) throw new StartupStopped();
  } catch (error) {
    await runtime.close().catch(() => undefined);
    throw error;
  }
  const metrics = new Metrics({ processMetrics: true });
  metrics.observeDatabasePool(() => poolStats(runtime.database.db));
  // Asked of the database when scraped (bounded like /health's probe).
  metrics.observeDatabaseUp(() => databaseAnswers(runtime.database.db));
  const scheduler = new Scheduler(log, runtime.databaseHealth, metrics);
  // Markets another instance is loading answer 503 `loading` from the first request on.
  const marketLoading = new MarketLoading(runtime.database.db, marketList, runtime.markets);
  await marketLoading.refresh();
  const mailOutbox = schedulePlatformJobs(scheduler, runtime, mail, marketLoading);
  // Webhook deliveries, on every instance. Woken at once when a subscription is resumed or an
  // event redelivered, and when a published set changes: a publication writes its events in its
  // own transaction, so once its values are read back their events are committed and due.
  const webhookPolicy = webhookPolicyFrom(env);
  const webhookDispatch = scheduler.every(
    webhookDispatchJob(
      createWebhookDispatcher({
        db: runtime.database.db,
        policy: webhookPolicy,
        now: runtime.clock,
        gate: createDeliveryGate({
          db: runtime.database.db,
          eventAccess: eventAccessOf(marketList),
        }),
      }),
      env.WEBHOOK_DISPATCH_INTERVAL_MS,
    ),
  );
  for (const publication of runtime.markets.publications)
    publication.onChange(webhookDispatch.wake);
  // With REDIS_URL, rate-limit counters are shared by every instance; the api starts and serves
  // even while Redis is unreachable (limits are then enforced per instance).
  const redis = env.REDIS_URL === undefined ? undefined : new RedisConnection(env.REDIS_URL, log);
  const appDeps = appDepsOf(runtime, metrics, redis);
  scheduler.every({
    name: "OAuth record pruning",
    intervalMs: OAUTH_PRUNE_INTERVAL_MS,
    failureMessage: "could not prune expired OAuth requests, codes and tokens; will retry",
    run: () => pruneOAuthRecords(runtime.database.db, runtime.clock()),
  });
  const oauthTokens = appDeps.oauthTokens;
  if (oauthTokens !== undefined)
    scheduler.every({
      name: "OAuth grant usage flush",
      intervalMs: GRANT_USAGE_FLUSH_MS,
      failureMessage: "could not record OAuth grants' last use",
      run: () => oauthTokens.flushLastUsed(),
    });
  // Streams wake on the outbox's notifications, heard on a connection of their own.
  const liveEvents = new LiveEvents(
    runtime.database.requestDb,
    {
      ...DEFAULT_LIVE_EVENT_SETTINGS,
      feed: { ...DEFAULT_LIVE_EVENT_SETTINGS.feed, listenUrl: runtime.database.url },
    },
    log,
    liveEventsRedisOf(appDeps.rateLimits),
  );
  scheduler.every({
    name: "event outbox retention",
    intervalMs: EVENT_RETENTION_INTERVAL_MS,
    failureMessage: "could not prune the event outbox; will retry",
    run: async (stopping) => {
      const deleted = await runEventRetention(runtime.database.db, liveEvents, stopping);
      if (deleted > 0)
        log.info(`event outbox: pruned ${deleted} event(s) older than the retention`);
    },
  });
  const api = createApi({
    ...appDeps,
    marketLoading,
    mailQueued: mailOutbox.wake,
    webhooks: { policy: webhookPolicy, wake: webhookDispatch.wake },
    liveEvents,
  });
  const server = await listen(api.listener, env);
  // Bulk files yield to the requests this server receives (settled GETs first while files go out).
  fileSendBudget.watch(server);
  const http = drainableServer(server);
  const stopMidnightNotices = notifyWebsiteOfChanges(runtime);
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const loaded = runtime.markets.all.map(([, state]) => state.describeLoaded()).join(", ");
  log.info(`api listening on ${url} (${loaded} loaded)`);
  for (const market of marketList)
    for (const job of market.jobs(runtime.markets.get(market.name), jobContext))
      scheduler.every(job);
  // The daily release: checked at once (a cut a stop left undone is completed now), then periodically.
  scheduler
    .every(
      releaseCutJob(
        {
          db: runtime.database.db,
          marketList,
          markets: runtime.markets,
          clock: runtime.clock,
          cacheDir: releaseCacheDirOf(env.TPI_DATA_DIR),
          publicUrl: env.TPI_PUBLIC_SITE_URL,
          progress: (label) => createProgress(label),
        },
        {
          cutDelayMinutes: env.RELEASE_CUT_DELAY_MINUTES,
          retentionDays: env.RELEASE_RETENTION_DAYS,
        },
        log,
      ),
    )
    .wake();

  return {
    runtime,
    server,
    url,
    async close() {
      const graceMs = env.SHUTDOWN_GRACE_MS;
      stopMidnightNotices();
      // Live streams never finish by themselves: they end first, and their clients reconnect
      // (to another instance) with Last-Event-ID.
      await liveEvents.close();
      const drained = http.drain({
        graceMs,
        idleCloseMs: Math.min(env.SHUTDOWN_IDLE_CLOSE_MS, graceMs),
      });
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

/**
 * The platform's periodic work: reloads of every published set (values other instances
 * published; this one reloads right after it settles), which markets are loading, key-usage
 * writes and the mail outbox. Returns the mail outbox's job, which a mail just queued wakes.
 */
function schedulePlatformJobs(
  scheduler: Scheduler,
  runtime: Runtime,
  mail: MailSettings,
  marketLoading: MarketLoading,
): ScheduledJob {
  const { env, log } = runtime;
  for (const publication of runtime.markets.publications)
    scheduler.every({
      name: `${publication.name} refresh`,
      intervalMs: env.INDEX_REFRESH_SECONDS * 1000,
      failureMessage: publication.refreshFailureMessage,
      run: () => publication.refresh(),
    });
  scheduler.every({
    name: "market loading check",
    intervalMs: env.INDEX_REFRESH_SECONDS * 1000,
    failureMessage: "could not read which markets are loading; keeping the last answer",
    run: () => marketLoading.refresh(),
  });
  scheduler.every({
    name: "key usage flush",
    intervalMs: KEY_USAGE_FLUSH_MS,
    failureMessage: "could not record key usage",
    run: () => runtime.auth.flushLastUsed(),
  });
  // Account mails: written to the outbox with what they announce, sent here (stopped with the scheduler).
  const mailTransport =
    mail.transport === "smtp" ? smtpTransport(mail.smtp) : logTransport(log, { links: mail.links });
  if (mail.transport === "log" && mail.links && env.NODE_ENV === "production")
    log.warn(
      "MAIL_LOG_LINKS=true: account mails are logged with their one-time links; whoever reads this log can take over accounts",
    );
  return scheduler.every({
    name: "mail outbox",
    intervalMs: OUTBOX_FLUSH_INTERVAL_MS,
    failureMessage: "could not send account mail; will retry",
    run: () => flushOutbox(runtime.database.db, mailTransport, log, runtime.clock),
  });
}

/** What the app's routes and routers read, from the runtime and the configuration. */
function appDepsOf(
  runtime: Runtime,
  metrics: Metrics,
  redis: RedisConnection | undefined,
): AppDeps {
  const { env, log, marketList } = runtime;
  return {
    db: runtime.database.requestDb,
    databaseHealth: runtime.databaseHealth,
    marketList,
    markets: runtime.markets,
    chatModel: chatModelFrom(env, marketList),
    auth: runtime.auth,
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
    oauthTokens: new OAuthAccessTokens(runtime.database.requestDb, runtime.clock),
    oauth: { allowLoopbackMetadataDocuments: env.OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK },
    releaseCacheDir: releaseCacheDirOf(env.TPI_DATA_DIR),
    ...(env.TPI_RELEASE_FILES_ACCEL_PREFIX === undefined
      ? {}
      : { releaseFilesAccelPrefix: env.TPI_RELEASE_FILES_ACCEL_PREFIX }),
  };
}

/** The HTTP server on PORT and HOST, with the configured timeouts and connection cap. */
function listen(listener: RequestListener, env: Env): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const listening = createLimitedServer(listener, serverLimitsFrom(env)).listen(
      env.PORT,
      env.HOST,
      () => resolve(listening),
    );
    listening.once("error", reject);
  });
}

/**
 * With TPI_WEB_URL and the internal token: the website hears of every newly published value and
 * of each UTC midnight (its free windows move). Returns the stop of the midnight timer.
 */
function notifyWebsiteOfChanges(runtime: Runtime): () => void {
  const { TPI_WEB_URL: websiteUrl, INTERNAL_API_TOKEN: internalToken } = runtime.env;
  if (websiteUrl === undefined || internalToken === undefined) return () => {};
  const notify = () => void notifyWebsiteOfNewData(websiteUrl, internalToken, runtime.log);
  for (const publication of runtime.markets.publications) publication.onChange(notify);
  // The machine's clock, not runtime.clock: a pinned test clock (TPI_TEST_CLOCK) never reaches
  // a midnight, and reading it would re-arm the timer on a fixed, meaningless period.
  return atEachUtcMidnight(notify);
}

/** The chat's optional model backend (only with CHAT_LLM_BASE_URL). */
function chatModelFrom(env: Env, markets: readonly Market[]): ChatModel | undefined {
  return env.CHAT_LLM_BASE_URL
    ? createOpenAiCompatibleModel({
        scope: chatScope(markets),
        baseUrl: env.CHAT_LLM_BASE_URL,
        model: env.CHAT_LLM_MODEL,
        apiKey: env.CHAT_LLM_API_KEY,
        timeoutMs: env.CHAT_LLM_TIMEOUT_MS,
      })
    : undefined;
}
