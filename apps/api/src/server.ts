import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { createApp } from "./app";
import type { Env } from "./env";
import type { Logger } from "./logger";
import { startOpenRouterSchedule } from "./openrouter-schedule";
import { describeSettlement, openRuntime, seedSampleIfEmpty, settleAndPublish, type Runtime } from "./runtime";

export type RunningServer = { runtime: Runtime; server: Server; url: string; close(): Promise<void> };

/**
 * Starts the api: database (embedded unless DATABASE_URL), migrations, the sample on an empty
 * database, settlement of every settleable day, then HTTP. Settlement then runs on a schedule.
 */
export async function startServer(env: Env, log: Logger, clock?: () => Date): Promise<RunningServer> {
  const runtime = await openRuntime(env, log, clock);
  await seedSampleIfEmpty(runtime);
  const report = await settleAndPublish(runtime);
  log.info(describeSettlement(report));
  await runtime.index.refresh();
  runtime.index.startAutoRefresh(env.INDEX_REFRESH_SECONDS * 1000);
  runtime.auth.startLastUsedFlush((error) => log.warn("could not record key usage", { error: String(error) }));

  const app = createApp({
    db: runtime.database.db,
    index: runtime.index,
    auth: runtime.auth,
    rules: runtime.rules,
    clock: runtime.clock,
    log,
    internalToken: env.INTERNAL_API_TOKEN,
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(env.PORT, env.HOST, () => resolve(listening));
    listening.once("error", reject);
  });
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
            .catch((error: unknown) => log.warn("scheduled settlement failed; will retry", { error: String(error) }))
            .finally(() => {
              settling = false;
            });
        }, env.SETTLEMENT_INTERVAL_SECONDS * 1000)
      : undefined;
  settleTimer?.unref();
  const stopOpenRouterSync = startOpenRouterSchedule(runtime);

  return {
    runtime,
    server,
    url,
    async close() {
      if (settleTimer) clearInterval(settleTimer);
      stopOpenRouterSync();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await runtime.close();
    },
  };
}
