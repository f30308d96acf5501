import { hostname } from "node:os";
import {
  beginDataLoadAttempt,
  endDataLoad,
  findDataLoad,
  isPendingLoad,
  recordDataLoadProgress,
  tryLockDataLoad,
  type DataLoad,
} from "@tpi/db";
import { maxDay, type UtcDay } from "@tpi/domain";
import type { MarketJobContext, ScheduledJob } from "../core/market";
import type { Logger } from "../observability/logger";

/**
 * A market's first-start load that survives being stopped. The load is recorded in `data_load`
 * before anything is written (`planDataLoad`); each attempt holds the row's advisory lock, says
 * what it is doing in the row (its heartbeat), and ends it `complete`, `interrupted` (stopped:
 * resumed at once) or `failed` (resumed by the next start, or an hour later by a serving
 * instance). Loaders write only what is missing and commit whole batches, so an attempt can stop
 * (or die) anywhere and the next one finishes the job.
 */

/** A failed attempt (a source refused, a network down) is tried again by a serving instance after this long. */
export const FAILED_LOAD_RETRY_MS = 3_600_000;
/** How often a serving instance looks for a load to resume (another instance's died, a failed one is due). */
export const FIRST_LOAD_CHECK_MS = 60_000;
/** Least time between two heartbeats of an attempt in `data_load` (milliseconds). */
const HEARTBEAT_MIN_INTERVAL_MS = 2_000;

/** Who is loading: written in the row, for the operator who finds a load interrupted. */
export const LOAD_OWNER = `${hostname()}:${process.pid}`;

export type LoadRange = { firstDay: UtcDay; lastDay: UtcDay };

/** What one attempt of a loader did. */
export type LoadAttempt = {
  /** Every day of the range is stored (nothing is left to resume). */
  complete: boolean;
  /** One line for the log and the load's row. */
  message: string;
  /**
   * Not complete for a passing reason (another process held what it needed): recorded
   * `interrupted`, so the next check tries again at once instead of an hour later.
   */
  retrySoon?: boolean;
};

/** One market's load from one source, as `runFirstLoad` drives it. */
export type FirstLoadSpec = {
  /** Names it in log lines ("the token sample"). */
  label: string;
  /**
   * The range this attempt covers, from the recorded one: a resumed load keeps its first day and
   * may extend its last to the days that ended since it was planned.
   */
  range(recorded: DataLoad): LoadRange;
  /**
   * Loads what is missing of `range`, stopping between batches once `signal` is aborted, and
   * says whether the whole range is now stored. `heartbeat` records its progress.
   */
  load(
    range: LoadRange,
    control: { signal: AbortSignal | undefined; heartbeat: (message: string) => void },
  ): Promise<LoadAttempt>;
};

export type FirstLoadOutcome =
  | {
      ran: false;
      /** `complete`: nothing to do; `busy`: another process is loading it; `not-due`: it failed less than an hour ago. */
      why: "complete" | "busy" | "not-due";
    }
  | { ran: true; status: "complete" | "interrupted" | "failed"; message: string };

/**
 * The range of a load that reaches to a day which moves with the clock (today, yesterday, the
 * sample's last day): a resumed load keeps its first day and takes in the days that ended since.
 */
export function rangeReaching(lastDay: () => UtcDay): FirstLoadSpec["range"] {
  return (recorded) => ({
    firstDay: recorded.firstDay,
    lastDay: maxDay(recorded.lastDay, lastDay()),
  });
}

/**
 * Runs one attempt of `load` unless another process holds it (`busy`) or it is done. `scheduled`
 * (a serving instance's check) waits FAILED_LOAD_RETRY_MS after a failed attempt; a start-up
 * attempt always runs. An error (the database) ends the attempt `failed` and is raised.
 */
export async function runFirstLoad(
  context: MarketJobContext,
  load: DataLoad,
  spec: FirstLoadSpec,
  options: { signal?: AbortSignal; scheduled?: boolean } = {},
): Promise<FirstLoadOutcome> {
  const { db, log } = context;
  const lock = await tryLockDataLoad(context.database.url, load.id);
  if (lock === null) return { ran: false, why: "busy" };
  try {
    // Read again under the lock: another process may have finished it meanwhile.
    const recorded = (await findDataLoad(db, load.id)) ?? load;
    if (!isPendingLoad(recorded)) return { ran: false, why: "complete" };
    const now = context.clock();
    if (
      options.scheduled &&
      recorded.status === "failed" &&
      now.getTime() - recorded.updatedAt.getTime() < FAILED_LOAD_RETRY_MS
    )
      return { ran: false, why: "not-due" };
    if (recorded.status === "running")
      log.warn(
        `${spec.label}: the previous attempt (${recorded.owner ?? "unknown process"}, attempt ${recorded.attempts}) was interrupted: its process stopped at about ${recorded.updatedAt.toISOString()} without finishing (${recorded.message}); resuming it`,
      );
    else if (recorded.attempts > 0)
      log.info(
        `${spec.label}: resuming the first-start load (${recorded.firstDay} to ${recorded.lastDay}, attempt ${recorded.attempts + 1}; last attempt ${recorded.status}: ${recorded.message})`,
      );
    const range = spec.range(recorded);
    await beginDataLoadAttempt(db, load.id, { owner: LOAD_OWNER, ...range, now });

    const heartbeat = heartbeatOf(context, load.id);
    let attempt: LoadAttempt;
    try {
      attempt = await spec.load(range, { signal: options.signal, heartbeat: heartbeat.beat });
    } catch (error) {
      await heartbeat.settled();
      const message = `stopped by an error: ${error instanceof Error ? error.message : String(error)}`;
      await endDataLoad(db, load.id, { status: "failed", message, now: context.clock() }).catch(
        () => undefined,
      );
      throw error;
    }
    await heartbeat.settled();
    const status = attempt.complete
      ? "complete"
      : options.signal?.aborted || attempt.retrySoon
        ? "interrupted"
        : "failed";
    const message = options.signal?.aborted
      ? `${attempt.message}; stopped before it finished (the process is stopping): the next start resumes it`
      : attempt.message;
    await endDataLoad(db, load.id, { status, message, now: context.clock() });
    return { ran: true, status, message };
  } finally {
    await lock.release();
  }
}

/**
 * The attempt's progress written to its row at most every HEARTBEAT_MIN_INTERVAL_MS, without
 * holding up the loader; `settled` waits for the last write (so it cannot land after the end).
 */
function heartbeatOf(
  context: MarketJobContext,
  id: number,
): { beat: (message: string) => void; settled: () => Promise<void> } {
  let lastAt = Number.NEGATIVE_INFINITY;
  let writing: Promise<void> = Promise.resolve();
  return {
    beat: (message) => {
      const at = performance.now();
      if (at - lastAt < HEARTBEAT_MIN_INTERVAL_MS) return;
      lastAt = at;
      writing = writing
        .then(() => recordDataLoadProgress(context.db, id, { message, now: context.clock() }))
        .catch(() => undefined); // a missed heartbeat is only a staler message
    },
    settled: () => writing,
  };
}

/** The log line of an attempt's outcome, or null when there is nothing to say. */
export function describeFirstLoad(label: string, outcome: FirstLoadOutcome): string | null {
  if (!outcome.ran)
    return outcome.why === "busy"
      ? `${label}: another instance is loading it now; its data routes answer 503 "Loading" meanwhile (/health says "loading")`
      : null;
  return `${label}: ${outcome.status === "complete" ? "complete" : outcome.status}: ${outcome.message}`;
}

/** The attempt's line in the log: a warning when it ran and did not complete, else information. */
export function logFirstLoad(log: Logger, label: string, outcome: FirstLoadOutcome): void {
  const line = describeFirstLoad(label, outcome);
  if (line === null) return;
  if (outcome.ran && outcome.status !== "complete") log.warn(line);
  else log.info(line);
}

/**
 * A pending load of a source the configuration no longer asks for, closed as superseded; the
 * operator is told which load and why (`market` names it: "token first-start load from …").
 */
export async function supersedeLoad(
  context: MarketJobContext,
  market: string,
  load: DataLoad,
  message: string,
): Promise<void> {
  await endDataLoad(context.db, load.id, { status: "superseded", message, now: context.clock() });
  context.log.warn(
    `${market} first-start load from '${load.source}' (${load.message}): ${message}`,
  );
}

/**
 * The serving instance's check for the market's first-start load: one left unfinished by another
 * instance (stopped, or its process died) or failed an hour ago is taken over without waiting
 * for a restart. `resume` runs the load as a scheduled attempt and publishes what it wrote.
 */
export function firstLoadJob(
  market: string,
  resume: (stopping: AbortSignal) => Promise<void>,
): ScheduledJob {
  return {
    name: `${market} first-start load`,
    intervalMs: FIRST_LOAD_CHECK_MS,
    failureMessage: `resuming the ${market} first-start load failed; will retry`,
    run: resume,
  };
}

/**
 * A loader's progress over counted steps, told both ways: the operator's progress line, and the
 * attempt's heartbeat in its row ("12 of 90 ledger files fetched").
 */
export function stepProgress(
  context: MarketJobContext,
  label: string,
  heartbeat: (message: string) => void,
  steps: string,
): { update: (done: number, total: number) => void; finish: (summary: string) => void } {
  const progress = context.progress(label);
  return {
    update: (done, total) => {
      progress.update(done, total);
      heartbeat(`${done} of ${total} ${steps}`);
    },
    finish: (summary) => progress.finish(summary),
  };
}
