import { utcDayOf, type UtcDay } from "@tpi/domain";
import {
  closeInterruptedSourceSyncs,
  closeInterruptedSourceSyncsIfIdle,
  finishSourceSync,
  recentSourceSyncs,
  recordSourceSyncRequests,
  startSourceSync,
  withSourceSyncLock,
  type Db,
  type SourceSyncEnd,
} from "@tpi/db";
import type { MarketJobContext } from "../core/market";
import { recordSourceDegraded, recordSourceRecovered } from "./source-state";

/**
 * A source's sync or import as every market runs it: one instance at a time (the source's
 * database lock), each run logged in `source_sync` (opened before the first request, its
 * requests counted as they are sent, closed with its outcome and message), and runs a dead
 * process left `running` closed as interrupted first. A market states only its source calls and
 * its rows, in `work`.
 */

/** What started a run; the sync log records it. */
export type SourceSyncTrigger = "manual" | "schedule" | "startup";

export type SourceSyncOutcome = SourceSyncEnd["outcome"];

/** A run that did not start because another instance holds the source's lock. */
export type SourceSyncSkipped = { ran: false; reason: string };

/** What a run reports: skipped, or what it did (the market's `Fields`) with its log entry's end. */
export type SourceSyncReport<Fields> =
  | SourceSyncSkipped
  | ({
      ran: true;
      syncId: number;
      requests: number;
      outcome: SourceSyncOutcome;
      message: string;
    } & Fields);

/** How a caller starts a run: what started it, its clock, a stop signal and a progress log. */
export type SourceSyncOptions = {
  trigger: SourceSyncTrigger;
  now: Date;
  signal?: AbortSignal;
  /** One line per day or step: the run's progress. */
  log?: (line: string) => void;
};

/** A run's plan; a caller's `SourceSyncOptions` may be spread in (their trigger and clock). */
export type SourceSyncPlan = {
  /** The market the source feeds: its source events name it. */
  market: string;
  /** The source the log names the run by. */
  source: string;
  /** The lock the run takes: the source's own unless it shares one (OpenRouter's datasets do). */
  lock?: string;
  trigger: SourceSyncTrigger;
  /** The run's clock: when it started. */
  now: Date;
  /** The UTC days the run is about, as the log records them. */
  firstDay: UtcDay;
  lastDay: UtcDay;
  /** The longest the run may hold the lock, in milliseconds. */
  maxRunMs: number;
  /** What another instance is doing when the run is skipped, e.g. "syncing OpenRouter data". */
  busyWith: string;
  /** What a run is called in the skip reason: "sync" or "import". */
  runNoun?: string;
};

/**
 * One logged run: the work sets what it wrote (days, the as-of time, a price snapshot) as it
 * goes, and its requests are counted through `recordRequests`; `finish` closes the log entry.
 */
export class SourceSyncRun {
  requests = 0;
  /** The newest as-of time of what was written (the citation's time). */
  asOf: Date | null = null;
  priceSnapshotId: number | null = null;
  daysWritten = 0;
  daysFailed = 0;
  private firstUnwritten: { day: UtcDay; reason: string } | undefined;
  private finished = false;

  constructor(
    private readonly db: Db,
    /** The market and source the run syncs, as its source events name them. */
    private readonly key: { market: string; source: string },
    readonly syncId: number,
    /** Runs a dead process had left `running`, closed as interrupted by this one. */
    readonly closedInterrupted: readonly number[],
    private readonly startedAt: Date,
  ) {}

  /** Records the requests sent so far (the daily budgets read them from the log). */
  readonly recordRequests = async (requests: number): Promise<void> => {
    this.requests = requests;
    await recordSourceSyncRequests(this.db, this.syncId, requests);
  };

  /** Counts a day written. */
  wroteDay(): void {
    this.daysWritten++;
  }

  /** Counts a day not written; the first one's reason goes into the run's message. */
  missedDay(day: UtcDay, reason: string): void {
    this.daysFailed++;
    this.firstUnwritten ??= { day, reason };
  }

  /** "; first failure (day): reason" for the run's message; nothing when every day was written. */
  get firstFailureText(): string {
    const failure = this.firstUnwritten;
    return failure === undefined ? "" : `; first failure (${failure.day}): ${failure.reason}`;
  }

  /** The outcome by the days written of those asked for (see `syncOutcome`). */
  outcome(asked: number, stopped: boolean): SourceSyncOutcome {
    return syncOutcome(this.daysWritten, asked, stopped);
  }

  /**
   * Closes the log entry with what the run did, never earlier than it started, and tells a
   * change of the source's state in the same transaction (an interrupted run tells nothing: it
   * neither failed nor served).
   */
  async finish(outcome: SourceSyncOutcome, message: string): Promise<void> {
    this.finished = true;
    const finishedAt = new Date(Math.max(Date.now(), this.startedAt.getTime()));
    await this.db.$transaction(async (tx) => {
      await finishSourceSync(tx, this.syncId, {
        finishedAt,
        asOf: this.asOf,
        priceSnapshotId: this.priceSnapshotId,
        requests: this.requests,
        daysWritten: this.daysWritten,
        daysFailed: this.daysFailed,
        outcome,
        message,
      });
      if (outcome === "failed")
        await recordSourceDegraded(tx, this.key, {
          reason: "sync_failed",
          at: finishedAt,
          message,
        });
      else if (outcome === "ok" || outcome === "partial")
        await recordSourceRecovered(tx, this.key, { at: finishedAt, message });
    });
  }

  get isFinished(): boolean {
    return this.finished;
  }
}

/**
 * The days the log records for a run that reads what a source holds now (a poll, a dataset's
 * latest week, an import of current files): what it covers is known only from the answer, so the
 * log names the UTC day the run ran.
 */
export function dayOfRun(now: Date): { firstDay: UtcDay; lastDay: UtcDay } {
  const today = utcDayOf(now);
  return { firstDay: today, lastDay: today };
}

/**
 * Runs `work` under the source's lock as one logged run; skipped (not an error) while another
 * instance runs it. An error that escapes `work` (the database, a bug; not the source's, which
 * `work` reports) closes the run `failed` with its cause after `progress()`, then is raised.
 */
export async function runSourceSync<Report>(
  db: Db,
  plan: SourceSyncPlan,
  work: (run: SourceSyncRun) => Promise<Report>,
  progress: (run: SourceSyncRun) => string | null = () => null,
): Promise<Report | SourceSyncSkipped> {
  const locked = await withSourceSyncLock(
    db,
    async () => {
      // Under the lock no other run can be going on: a `running` row is one a dead process left.
      const closedInterrupted = await closeInterruptedSourceSyncs(db, plan.source, plan.now);
      const syncId = await startSourceSync(db, {
        source: plan.source,
        trigger: plan.trigger,
        firstDay: plan.firstDay,
        lastDay: plan.lastDay,
        startedAt: plan.now,
      });
      const key = { market: plan.market, source: plan.source };
      const run = new SourceSyncRun(db, key, syncId, closedInterrupted, plan.now);
      try {
        return await work(run);
      } catch (error) {
        if (!run.isFinished) {
          const cause = error instanceof Error ? error.message : String(error);
          const soFar = progress(run);
          const message = `${soFar === null ? "" : `${soFar}; `}stopped by an error: ${cause}`;
          await run.finish("failed", message).catch(() => undefined);
        }
        throw error;
      }
    },
    plan.maxRunMs,
    plan.lock ?? plan.source,
  );
  if (!locked.locked)
    return {
      ran: false,
      reason: `another instance is ${plan.busyWith} right now; this ${plan.runNoun ?? "sync"} was skipped`,
    };
  return locked.result;
}

/**
 * A run's outcome from what it wrote of what it was asked: all (`ok`), none (`failed`) or some
 * (`partial`); a run stopped by a shutdown before it wrote everything is `interrupted`, so that a
 * first load resumes it.
 */
export function syncOutcome(written: number, asked: number, stopped: boolean): SourceSyncOutcome {
  const outcome = written === asked ? "ok" : written === 0 ? "failed" : "partial";
  return stopped && outcome !== "ok" ? "interrupted" : outcome;
}

/** A run in one line for the operator: "sync #12 ok: …" (`runNoun` "import" for an import), or why it did not run. */
export function describeRun(
  report: SourceSyncSkipped | { ran: true; syncId: number; outcome: string; message: string },
  runNoun = "sync",
): string {
  if (!report.ran) return `not run: ${report.reason}`;
  return `${runNoun} #${report.syncId} ${report.outcome}: ${report.message}`;
}

/** Runs listed by the status commands: the latest few are what an operator checks. */
const RECENT_RUNS_LISTED = 5;

/**
 * The source's latest runs as the status commands list them, newest first, one line each:
 * "  sync #12 schedule 2026-11-17T06:00:00.000Z ok: …" (`runNoun` "import" for an import).
 */
export async function recentRunLines(db: Db, source: string, runNoun = "sync"): Promise<string[]> {
  const runs = await recentSourceSyncs(db, source, RECENT_RUNS_LISTED);
  return runs.map(
    (run) =>
      `  ${runNoun} #${run.id} ${run.trigger} ${run.startedAt.toISOString()} ${run.outcome}: ${run.message}`,
  );
}

/**
 * At start-up, before any run: the runs a dead process left `running` in the source's sync log
 * closed as interrupted (a run still logged `running` is never due again, so one killed half-way
 * would stop every later one), said once to the operator. Nothing is closed while another
 * instance's run holds the source's lock. `logName` names the log in that line.
 */
export async function closeRunsLeftRunning(
  context: Pick<MarketJobContext, "db" | "clock" | "log">,
  source: string,
  logName = `${source} sync log`,
  /** The lock the source's runs hold, when not the source's own. */
  lock: string = source,
): Promise<void> {
  const closed = await closeInterruptedSourceSyncsIfIdle(context.db, source, context.clock(), lock);
  if (closed !== null && closed.length > 0)
    context.log.warn(
      `${logName}: ${closed.length} run(s) left running by a process that stopped without finishing (${closed.map((id) => `#${id}`).join(", ")}) closed as interrupted`,
    );
}
