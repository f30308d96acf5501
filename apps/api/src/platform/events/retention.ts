import { pruneEvents, pruneMcpSubscriptions } from "@tpi/db";
import type { LiveEvents } from "./live-events";
import type { Scheduler } from "../jobs/scheduler";
import type { Runtime } from "../runtime/runtime";

/** How often the outbox is pruned (milliseconds): hourly keeps each run small. */
export const EVENT_RETENTION_INTERVAL_MS = 3_600_000;

/** Events deleted per statement, so no run holds a long lock on the outbox. */
export const EVENT_PRUNE_BATCH = 1_000;

/**
 * Deletes the outbox's events older than `retentionMs` that no delivery waits on, a batch at a
 * time until none is left or the scheduler stops. Any instance may run it: a second run at the
 * same moment deletes what the first left, or nothing. Returns how many were deleted.
 */
export async function pruneEventOutbox(
  runtime: Pick<Runtime, "database">,
  retentionMs: number,
  stopping?: AbortSignal,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await pruneEvents(runtime.database.db, retentionMs, EVENT_PRUNE_BATCH);
    deleted += batch;
    if (batch < EVENT_PRUNE_BATCH || stopping?.aborted === true) return deleted;
  }
}

/**
 * An MCP subscription not renewed this long is dropped (milliseconds): each instance renews the
 * subscriptions of the sessions whose streams it holds at every run, so this is three missed runs.
 */
export const MCP_SUBSCRIPTION_STALE_MS = 3 * EVENT_RETENTION_INTERVAL_MS;

export function scheduleEventRetention(
  scheduler: Scheduler,
  runtime: Runtime,
  live: LiveEvents,
): void {
  const { retentionMs } = live.settings;
  scheduler.every({
    name: "event outbox retention",
    intervalMs: EVENT_RETENTION_INTERVAL_MS,
    failureMessage: "could not prune the event outbox; will retry",
    run: async (stopping) => {
      await pruneMcpSubscriptions(
        runtime.database.db,
        [...live.openMcpSessions],
        MCP_SUBSCRIPTION_STALE_MS,
      );
      const deleted = await pruneEventOutbox(runtime, retentionMs, stopping);
      if (deleted > 0)
        runtime.log.info(`event outbox: pruned ${deleted} event(s) older than the retention`);
    },
  });
}
