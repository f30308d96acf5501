import { readEnv } from "./platform/runtime/env";
import { createLogger } from "./platform/observability/logger";
import { startServer, type RunningServer } from "./platform/server";
import { MARKETS } from "./markets";

/**
 * `pnpm start`: the api process. On SIGINT/SIGTERM it drains (see RunningServer.close) and exits
 * 0. These are the only signal handlers of the process: no library's handler decides the exit.
 */

/** After the grace, closing Redis, the pools and the embedded server gets this long (milliseconds) before the process gives up and exits 1. */
const CLOSE_BUDGET_MS = 10_000;

const env = readEnv(MARKETS);
const log = createLogger(env.LOG_LEVEL, undefined, env.LOG_FORMAT ?? "json");
let running: RunningServer | undefined;
let stopping = false;

function stop(signal: NodeJS.Signals): void {
  if (running === undefined) {
    // Nothing is served yet; the embedded server, if started, is stopped on exit (see embedded-postgres-server.ts).
    log.warn(`${signal} received during start-up: stopping`);
    process.exit(1);
  }
  if (stopping) {
    // A terminal's Ctrl-C reaches every process of the group and `npm start` forwards it as
    // well, so a second signal is expected: it must not cut the drain short.
    log.warn(`${signal} received again: already shutting down, in-flight requests still finishing`);
    return;
  }
  stopping = true;
  log.info(
    `${signal} received: no new connections; finishing in-flight requests and jobs (up to ${env.SHUTDOWN_GRACE_MS} ms), then stopping`,
  );
  setTimeout(() => {
    log.error(
      `shutdown did not finish within ${env.SHUTDOWN_GRACE_MS + CLOSE_BUDGET_MS} ms (SHUTDOWN_GRACE_MS plus ${CLOSE_BUDGET_MS} ms to close connections); exiting`,
    );
    process.exit(1);
  }, env.SHUTDOWN_GRACE_MS + CLOSE_BUDGET_MS).unref();
  running.close().then(
    () => {
      log.info("api stopped");
      process.exit(0);
    },
    (error: unknown) => {
      log.error("shutdown failed", { error: String(error) });
      process.exit(1);
    },
  );
}

process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
try {
  running = await startServer(env, log, MARKETS);
} catch (error) {
  log.error(
    `api failed to start: ${error instanceof Error ? error.message || error.name : JSON.stringify(error)}`,
  );
  process.exit(1);
}
