import { readEnv } from "./platform/runtime/env";
import { createLogger } from "./platform/observability/logger";
import { StartupStopped, startServer, type RunningServer } from "./platform/server";
import { MARKETS } from "./markets";

/**
 * `pnpm start`: the api process. On SIGINT/SIGTERM it drains (see RunningServer.close) and exits
 * 0; during start-up, the first loads and settlement stop at their next batch boundary with what
 * they did recorded (the next start resumes them), the database is closed, and it exits 0. These
 * are the only signal handlers of the process: no library's handler decides the exit.
 */

/** After the grace, closing Redis, the pools and the embedded server gets this long (milliseconds) before the process gives up and exits 1. */
const CLOSE_BUDGET_MS = 10_000;

const env = readEnv(MARKETS);
const log = createLogger(env.LOG_LEVEL, undefined, env.LOG_FORMAT ?? "json");
let running: RunningServer | undefined;
let stopping = false;
/** Aborted by a signal that arrives before the api serves: start-up work stops between batches. */
const startup = new AbortController();
let startupSignal: NodeJS.Signals = "SIGTERM";

/** Exits 1 should stopping take longer than the grace and the close budget (a stuck step). */
function exitAfterBudget(): void {
  setTimeout(() => {
    log.error(
      `shutdown did not finish within ${env.SHUTDOWN_GRACE_MS + CLOSE_BUDGET_MS} ms (SHUTDOWN_GRACE_MS plus ${CLOSE_BUDGET_MS} ms to close connections); exiting`,
    );
    process.exit(1);
  }, env.SHUTDOWN_GRACE_MS + CLOSE_BUDGET_MS).unref();
}

function stop(signal: NodeJS.Signals): void {
  if (running === undefined) {
    if (startup.signal.aborted) {
      log.warn(`${signal} received again: already stopping the start-up`);
      return;
    }
    // Nothing is served yet. Loads commit in batches and record their progress: stopping at the
    // next batch boundary keeps what is done, and the next start resumes the rest.
    log.warn(
      `${signal} received during start-up: stopping after the current batch (what is loaded is kept; the next start resumes the rest)`,
    );
    startupSignal = signal;
    startup.abort();
    exitAfterBudget();
    return;
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
  exitAfterBudget();
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
  running = await startServer(env, log, MARKETS, undefined, { stopping: startup.signal });
  // A signal that came while the server was binding: stop the way a signal to a running api does.
  if (startup.signal.aborted) stop(startupSignal);
} catch (error) {
  if (error instanceof StartupStopped) {
    log.info(
      "api stopped during start-up; what was loaded is recorded and the next start resumes the rest",
    );
    process.exit(0);
  }
  log.error(
    `api failed to start: ${error instanceof Error ? error.message || error.name : JSON.stringify(error)}`,
  );
  process.exit(1);
}
