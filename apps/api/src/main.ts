import { readEnv } from "./env";
import { createLogger } from "./logger";
import { startServer } from "./server";

/** `pnpm start`: the api process. Stops cleanly on SIGINT/SIGTERM. */
const env = readEnv();
const log = createLogger(env.LOG_LEVEL, undefined, env.LOG_FORMAT ?? "json");
try {
  const running = await startServer(env, log);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received: shutting down`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error("shutdown failed", { error: String(error) });
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
} catch (error) {
  log.error(
    `api failed to start: ${error instanceof Error ? error.message || error.name : JSON.stringify(error)}`,
  );
  process.exit(1);
}
