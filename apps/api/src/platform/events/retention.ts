import { pruneEvents, pruneMcpSubscriptions, type Db } from "@tpi/db";
import type { LiveEvents } from "./live-events";

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
  db: Db,
  retentionMs: number,
  stopping?: AbortSignal,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await pruneEvents(db, retentionMs, EVENT_PRUNE_BATCH);
    deleted += batch;
    if (batch < EVENT_PRUNE_BATCH || stopping?.aborted === true) return deleted;
  }
}

/**
 * An MCP subscription not renewed this long is dropped (milliseconds): each instance renews the
 * subscriptions of the sessions whose streams it holds at every run, so this is three missed runs.
 */
export const MCP_SUBSCRIPTION_STALE_MS = 3 * EVENT_RETENTION_INTERVAL_MS;

/** One retention run: MCP subscriptions renewed and pruned, then the outbox pruned. */
export async function runEventRetention(
  db: Db,
  live: LiveEvents,
  stopping?: AbortSignal,
): Promise<number> {
  await pruneMcpSubscriptions(db, [...live.openMcpSessions], MCP_SUBSCRIPTION_STALE_MS);
  return pruneEventOutbox(db, live.settings.retentionMs, stopping);
}
