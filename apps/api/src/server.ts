import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { createApp } from "./app";
import type { Env } from "./env";
import type { Logger } from "./logger";
import { DEFAULT_RATE_LIMIT_SETTINGS } from "./rate-limit/limiters";
import { RedisConnection } from "./rate-limit/redis-connection";
import { notifyWebsiteOfNewData } from "./services/website-revalidation";
import { chatSettingsFrom } from "./chat/chat-settings";
import {
  describeGpuSettlement,
  describeSettlement,
  openRuntime,
  seedGpuSampleIfEmpty,
  seedSampleIfEmpty,
  settleAndPublish,
  settleGpuAndPublish,
  type Runtime,
} from "./runtime";
import { startOpenRouterSchedule } from "./openrouter-schedule";

export type RunningServer = {
  runtime: Runtime;
  server: Server;
  url: string;
  close(): Promise<void>;
};

/**
 * Starts the api: database (embedded unless DATABASE_URL), migrations, the sample on an empty
 * database, settlement of every settleable day, then HTTP. Settlement then runs on a schedule.
 */
export async function startServer(
  env: Env,
  log: Logger,
  clock?: () => Date,
): Promise<RunningServer> {
  const runtime = await openRuntime(env, log, clock);
  await seedSampleIfEmpty(runtime);
  const report = await settleAndPublish(runtime);
  log.info(describeSettlement(report));
  await runtime.index.refresh();
  runtime.index.startAutoRefresh(env.INDEX_REFRESH_SECONDS * 1000);
  await seedGpuSampleIfEmpty(runtime);
  log.info(describeGpuSettlement(await settleGpuAndPublish(runtime, { showProgress: true })));
  runtime.gpuIndex.startAutoRefresh(env.INDEX_REFRESH_SECONDS * 1000);
  runtime.auth.startLastUsedFlush((error) =>
    log.warn("could not record key usage", { error: String(error) }),
  );

  // With REDIS_URL, rate-limit counters are shared by every instance; the api starts and serves
  // even while Redis is unreachable (limits are then enforced per instance).
  const redis = env.REDIS_URL === undefined ? undefined : new RedisConnection(env.REDIS_URL, log);
  const app = createApp({
    db: runtime.database.db,
    index: runtime.index,
    gpuIndex: runtime.gpuIndex,
    chat: chatSettingsFrom(env),
    auth: runtime.auth,
    rules: runtime.rules,
    clock: runtime.clock,
    log,
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
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(env.PORT, env.HOST, () => resolve(listening));
    listening.once("error", reject);
  });
  const { TPI_WEB_URL: websiteUrl, INTERNAL_API_TOKEN: internalToken } = env;
  if (websiteUrl !== undefined && internalToken !== undefined) {
    const notify = () => void notifyWebsiteOfNewData(websiteUrl, internalToken, log);
    runtime.index.onChange(notify);
    runtime.gpuIndex.onChange(notify);
  }
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  log.info(`api listening on ${url} (${runtime.index.size} published values loaded)`);

  let settling = false;
  const settleTimer =
    env.SETTLEMENT_INTERVAL_SECONDS > 0
      ? setInterval(() => {
          if (settling) return;
          settling = true;
          settleAndPublish(runtime)
            .then((scheduled) => {
              if (scheduled.settledDays.length > 0) log.info(describeSettlement(scheduled));
            })
            .catch((error: unknown) =>
              log.warn("scheduled settlement failed; will retry", { error: String(error) }),
            )
            .finally(() => {
              settling = false;
            });
        }, env.SETTLEMENT_INTERVAL_SECONDS * 1000)
      : undefined;
  settleTimer?.unref();
  const stopOpenRouterSync = startOpenRouterSchedule(runtime);

  // GPU prints are due on every hour; checking every minute publishes each within a minute.
  let printing = false;
  const gpuTimer =
    env.GPU_PRINT_INTERVAL_SECONDS > 0
      ? setInterval(() => {
          if (printing) return;
          printing = true;
          settleGpuAndPublish(runtime)
            .then((report) => {
              if (report.prints > 0) log.info(describeGpuSettlement(report));
            })
            .catch((error: unknown) =>
              log.warn("scheduled GPU print failed; will retry", { error: String(error) }),
            )
            .finally(() => {
              printing = false;
            });
        }, env.GPU_PRINT_INTERVAL_SECONDS * 1000)
      : undefined;
  gpuTimer?.unref();

  return {
    runtime,
    server,
    url,
    async close() {
      if (settleTimer) clearInterval(settleTimer);
      if (gpuTimer) clearInterval(gpuTimer);
      stopOpenRouterSync();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await redis?.close();
      await runtime.close();
    },
  };
}
