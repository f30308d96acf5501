import { utcDayOf } from "@tpi/domain";
import { recentSourceSyncs, type Db } from "@tpi/db";
import type { ScheduledJob } from "../core/market";

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
export function dailySyncDue(now: Date, syncHourUtc: number, last: LastSyncRun | null): boolean {
  if (last === null) return true;
  if (last.outcome === "running") return false;
  const todaysHour = new Date(`${utcDayOf(now)}T${String(syncHourUtc).padStart(2, "0")}:00:00Z`);
  if (now >= todaysHour && last.startedAt < todaysHour) return true;
  return last.outcome !== "ok" && now.getTime() - last.startedAt.getTime() >= DAILY_SYNC_RETRY_MS;
}

/** A source's last run in the sync log: when it started and how it ended (or `running`). */
export type LastSyncRun = { startedAt: Date; outcome: string };

/** The last run of a source in the sync log; null when it never ran. */
export async function lastSyncRun(db: Db, source: string): Promise<LastSyncRun | null> {
  const [row] = await recentSourceSyncs(db, source, 1);
  return row === undefined ? null : { startedAt: row.startedAt, outcome: row.outcome };
}

/**
 * What a market's scheduled syncs use: the jobs' pool, the clock, the log, and what to call after
 * a run that wrote (the market reloads its published set).
 */
export type SyncJobsInput = {
  db: Db;
  clock: () => Date;
  log: { info(line: string): void; warn(line: string): void };
  afterWrite?: () => Promise<unknown>;
};

/**
 * A source's daily sync as a scheduled job: it checks every DAILY_SYNC_CHECK_MS whether the sync
 * is due (`dailySyncDue`, from the source's last run in the sync log) and then runs `sync` in the
 * background, so that start-up never waits on an outside host.
 */
export function dailySyncJob(job: {
  /** The job's name in the scheduler's log. */
  name: string;
  /** What the scheduler logs when a run throws. */
  failureMessage: string;
  db: Db;
  /** The source whose sync log says when it last ran. */
  source: string;
  syncHourUtc: number;
  clock: () => Date;
  /** The run, once due: `last` is the source's last run (null when it never ran). */
  sync(now: Date, stopping: AbortSignal, last: LastSyncRun | null): Promise<void>;
}): ScheduledJob {
  return {
    name: job.name,
    intervalMs: DAILY_SYNC_CHECK_MS,
    failureMessage: job.failureMessage,
    run: async (stopping) => {
      const now = job.clock();
      const last = await lastSyncRun(job.db, job.source);
      if (dailySyncDue(now, job.syncHourUtc, last)) await job.sync(now, stopping, last);
    },
  };
}

/** A run's message in the operator's log: information when it ended `ok`, a warning otherwise. */
export function logRunMessage(
  log: { info(line: string): void; warn(line: string): void },
  run: { outcome: string; message: string },
): void {
  if (run.outcome === "ok") log.info(run.message);
  else log.warn(run.message);
}
