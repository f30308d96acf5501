import { addDays, utcDayOf } from "@tpi/domain";
import { describeOpenRouterSync } from "../cli/ingest-commands";
import { openRouterConfigFrom } from "../env";
import type { Runtime } from "../runtime";
import { syncOpenRouterDay } from "./openrouter-sync";

/**
 * Syncs yesterday's OpenRouter data every OPENROUTER_SYNC_INTERVAL_SECONDS (off at 0). Yesterday,
 * because a UTC day's volumes are complete only after it ends and it settles 36 hours later;
 * re-syncing an unchanged day writes nothing. Several instances may sync at once: the import is
 * an idempotent upsert. Returns the function that stops the schedule.
 */
export function startOpenRouterSchedule(runtime: Runtime): () => void {
  const seconds = runtime.env.OPENROUTER_SYNC_INTERVAL_SECONDS;
  if (seconds <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const date = addDays(utcDayOf(runtime.clock()), -1);
    syncOpenRouterDay(runtime.database.url, openRouterConfigFrom(runtime.env), date)
      .then((report) => runtime.log.info(describeOpenRouterSync(report)))
      .catch((error: unknown) =>
        runtime.log.warn("OpenRouter sync failed; will retry at the next interval", {
          error: String(error),
        }),
      )
      .finally(() => {
        running = false;
      });
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
