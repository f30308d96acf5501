import { utcDayOf } from "@tpi/domain";
import { recentSourceSyncs, type Db } from "@tpi/db";

/**
 * When a source's daily sync is due, from its last run in the sync log: shared by the markets
 * whose syncs run as scheduled background jobs.
 */

/** How often each job checks whether its sync is due. */
export const DAILY_SYNC_CHECK_MS = 60_000;
/** A run that did not end `ok` is tried again after this long. */
export const DAILY_SYNC_RETRY_MS = 3_600_000;

/**
 * Whether a daily sync is due at `now`: never synced; or its last run started before today's
 * sync hour (UTC) and the hour has come; or its last run did not end `ok` an hour or more ago.
 * A run still going (`running`) is never overlapped (the lock would skip it anyway).
 */
export function dailySyncDue(
  now: Date,
  syncHourUtc: number,
  last: { startedAt: Date; outcome: string } | null,
): boolean {
  if (last === null) return true;
  if (last.outcome === "running") return false;
  const todaysHour = new Date(`${utcDayOf(now)}T${String(syncHourUtc).padStart(2, "0")}:00:00Z`);
  if (now >= todaysHour && last.startedAt < todaysHour) return true;
  return last.outcome !== "ok" && now.getTime() - last.startedAt.getTime() >= DAILY_SYNC_RETRY_MS;
}

/** The last run of a source in the sync log: when it started and how it ended (or `running`). */
export async function lastSyncRun(
  db: Db,
  source: string,
): Promise<{ startedAt: Date; outcome: string } | null> {
  const [row] = await recentSourceSyncs(db, source, 1);
  return row === undefined ? null : { startedAt: row.startedAt, outcome: row.outcome };
}
