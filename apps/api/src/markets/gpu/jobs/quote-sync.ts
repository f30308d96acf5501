import {
  addDays,
  maxDay,
  utcDayOf,
  type DroppedRows,
  type QuoteSnapshot,
  type QuoteSourceDescription,
  type UtcDay,
} from "@tpi/domain";
import { quoteSnapshotLabels, storeQuoteSnapshot, type Db } from "@tpi/db";
import {
  dayOfRun,
  runSourceSync,
  type SourceSyncOutcome,
  type SourceSyncRun,
  type SourceSyncTrigger,
} from "../../../platform/jobs/source-sync";
import { GpuLedgerClient, type GpuLedgerConfig } from "../sources/gpu-ledger";
import { QuoteSourceError } from "../sources/quote-source-error";
import { VastClient, type VastConfig } from "../sources/vast";
import { GPU } from "../read-model/state";

/**
 * GPU quote sources into stored snapshots: a run of one source fetches what it needs, stores each
 * snapshot whole or not at all (a snapshot and its quotes in one transaction; the same bytes at
 * the same as-of time are stored once), logs itself in `source_sync`, and holds the source's sync
 * lock so that one instance syncs a source at a time. Prints and daily values are published by
 * the settlement afterwards, from what is stored.
 */

/** Longest a run may hold its source's sync lock (a 90-day back-fill at one request a second). */
const MAX_QUOTE_SYNC_RUN_MS = 30 * 60_000;

/** The ledger's days kept on the Hugging Face mirror: a back-fill asks for at most this many. */
export const LEDGER_WINDOW_DAYS = 90;

/** One snapshot a run fetched: stored now, or already stored (the same bytes). */
export type SyncedSnapshot = {
  label: string;
  asOf: Date;
  id: number;
  inserted: boolean;
  quotes: number;
  dropped: DroppedRows;
  /** Optional parts of the file that differ from their documented shape, ignored. */
  ignoredParts: string[];
};

export type QuoteSyncReport =
  | { ran: false; source: string; reason: string }
  | {
      ran: true;
      source: string;
      syncId: number;
      requests: number;
      snapshots: SyncedSnapshot[];
      /** Days the source does not hold (a 404 for the day's file, or absent from its listing). */
      missing: UtcDay[];
      /** What could not be fetched or stored, with why. */
      failed: { label: string; reason: string }[];
      /** Things the operator should know that did not fail the run (an answer possibly cut off). */
      warnings: string[];
      /** Runs a dead process had left `running` in the sync log, closed as interrupted by this one. */
      closedInterrupted: number[];
      outcome: SourceSyncOutcome;
      message: string;
      /** Set when no request was answered (offline, refused): the reason of the first failure. */
      unreachable: string | null;
    };

/** Snapshots a run stored that were not stored before. */
export function snapshotsStored(report: QuoteSyncReport): number {
  return report.ran ? report.snapshots.filter((s) => s.inserted).length : 0;
}

/** What every quote source run needs besides its source's configuration. */
type RunOptions = {
  trigger: SourceSyncTrigger;
  now: Date;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
};

/** The attribution stored with each snapshot: its source's citation and licence. */
function attributionOf(description: QuoteSourceDescription) {
  return { citation: description.citation, licence: { ...description.licence } };
}

/**
 * Runs `work` for `source` as one logged source sync (days `firstDay` to `lastDay`, under the
 * source's lock: see platform/jobs/source-sync). `work` fills the report's lists; this ends the
 * log with the outcome.
 */
async function runLogged(
  db: Db,
  source: string,
  range: { firstDay: UtcDay; lastDay: UtcDay },
  options: RunOptions,
  work: (run: RunState) => Promise<void>,
): Promise<QuoteSyncReport> {
  let started: RunState | undefined;
  const result = await runSourceSync(
    db,
    {
      market: GPU.name,
      source,
      trigger: options.trigger,
      now: options.now,
      ...range,
      maxRunMs: MAX_QUOTE_SYNC_RUN_MS,
      busyWith: `syncing ${source}`,
    },
    async (logged): Promise<QuoteSyncReport> => {
      const run: RunState = {
        logged,
        snapshots: [],
        missing: [],
        failed: [],
        warnings: [],
        answered: false,
        firstProblem: null,
        stoppedEarly: false,
      };
      started = run;
      await work(run);
      run.missing.sort();
      const stored = run.snapshots.length;
      const stopped = options.signal?.aborted === true;
      let outcome: SourceSyncOutcome =
        run.failed.length === 0 ? "ok" : stored === 0 ? "failed" : "partial";
      // A run stopped between requests has no failure to show, but it did not fetch everything:
      // "ok" would make a first-start load look complete and it would never be resumed.
      if (run.stoppedEarly || (stopped && outcome !== "ok")) outcome = "interrupted";
      const message = logSoFar(run);
      await logged.finish(outcome, message);
      return {
        ran: true,
        source,
        syncId: logged.syncId,
        requests: logged.requests,
        snapshots: run.snapshots,
        missing: run.missing,
        failed: run.failed,
        warnings: run.warnings,
        closedInterrupted: [...logged.closedInterrupted],
        outcome,
        message,
        unreachable: run.answered ? null : run.firstProblem,
      };
    },
    // An error that escapes `work` closes the log with what was stored until then.
    () => (started === undefined ? null : logSoFar(started)),
  );
  return result.ran ? result : { ...result, source };
}

type RunState = {
  /** The run's entry in the sync log: its requests are counted there. */
  logged: SourceSyncRun;
  snapshots: SyncedSnapshot[];
  missing: UtcDay[];
  failed: { label: string; reason: string }[];
  warnings: string[];
  /** Whether any request got an answer from the source (even a refusal of one day). */
  answered: boolean;
  firstProblem: string | null;
  /** The stop signal ended the run before it had asked for everything it meant to. */
  stoppedEarly: boolean;
};

/** Sets what the log records of the run so far (its newest as-of time, snapshots stored, failures); returns its summary. */
function logSoFar(run: RunState): string {
  run.logged.asOf = run.snapshots.reduce<Date | null>(
    (at, s) => (at === null || s.asOf > at ? s.asOf : at),
    null,
  );
  run.logged.daysWritten = run.snapshots.filter((s) => s.inserted).length;
  run.logged.daysFailed = run.failed.length;
  return summaryOf(run);
}

/** Missing days a run's summary names; more are counted. */
const MISSING_DAYS_NAMED = 5;

function summaryOf(run: RunState): string {
  const inserted = run.snapshots.filter((s) => s.inserted).length;
  const parts = [
    `${inserted} snapshot(s) stored, ${run.snapshots.length - inserted} already stored`,
    `${run.logged.requests} request(s)`,
  ];
  if (run.missing.length > 0) {
    // Named, so that the sync log alone tells the operator which days have no file.
    const named = [...run.missing].sort().slice(0, MISSING_DAYS_NAMED);
    const more = run.missing.length - named.length;
    parts.push(
      `${run.missing.length} day(s) the source does not hold (${named.join(", ")}${more > 0 ? ` and ${more} more` : ""})`,
    );
  }
  if (run.failed.length > 0) {
    const [first] = run.failed;
    parts.push(`${run.failed.length} failed (first: ${first?.label}: ${first?.reason})`);
  }
  if (run.stoppedEarly) parts.push("stopped before it finished (the process is stopping)");
  return parts.join(", ");
}

async function store(
  db: Db,
  run: RunState,
  snapshot: QuoteSnapshot,
  description: QuoteSourceDescription,
  now: Date,
): Promise<void> {
  const ref = await storeQuoteSnapshot(db, snapshot, attributionOf(description), now);
  run.snapshots.push({
    label: snapshot.label,
    asOf: snapshot.asOf,
    id: ref.id,
    inserted: ref.inserted,
    quotes: snapshot.quotes.length,
    dropped: snapshot.dropped,
    ignoredParts: snapshot.ignoredParts ?? [],
  });
}

/** Records a source's refusal of one part of the run; true when the run must stop. */
function failed(run: RunState, label: string, error: unknown): boolean {
  if (!(error instanceof QuoteSourceError)) throw error;
  run.firstProblem ??= error.message;
  // A transport failure is the only kind that means the source never answered.
  if (error.problem !== "unavailable") run.answered = true;
  run.failed.push({ label, reason: error.message });
  return error.stopsRun;
}

// --- the daily ledger ---

/**
 * Syncs the ledger: the days of [from, to] its listing holds that are not stored yet (oldest
 * first), then `latest.json` (today's file, or the newest one; a same-day rewrite is a new
 * snapshot, the same bytes are not stored twice). Days in the range absent from the listing are
 * reported missing (the mirror keeps 90 days). Stops early on a refusal that makes further
 * requests pointless (auth, rate limit, a stop signal).
 */
export async function syncGpuLedger(
  db: Db,
  config: GpuLedgerConfig,
  description: QuoteSourceDescription,
  options: RunOptions & { from: UtcDay; to: UtcDay },
): Promise<QuoteSyncReport> {
  return runLogged(
    db,
    description.id,
    { firstDay: options.from, lastDay: options.to },
    options,
    async (run) => {
      const client = new GpuLedgerClient(config, {
        onRequest: run.logged.recordRequests,
        signal: options.signal,
      });
      let listed: UtcDay[];
      try {
        listed = await client.listDays();
        run.answered = true;
      } catch (error) {
        failed(run, "the list of days", error);
        return;
      }
      const stored = await quoteSnapshotLabels(db, description.id);
      const inRange = listed.filter((day) => day >= options.from && day <= options.to);
      const wanted = inRange.filter((day) => !stored.has(day));
      const listedSet = new Set(listed);
      for (let day = options.from; day <= options.to; day = addDays(day, 1))
        if (!listedSet.has(day) && !stored.has(day) && day < utcDayOf(options.now))
          run.missing.push(day);
      const total = wanted.length + 1;
      let done = 0;
      for (const day of wanted) {
        if (options.signal?.aborted) {
          run.stoppedEarly = true;
          return;
        }
        try {
          const snapshot = await client.day(day);
          if (snapshot === null) run.missing.push(day);
          else await store(db, run, snapshot, description, options.now);
        } catch (error) {
          if (failed(run, day, error)) return;
        }
        options.onProgress?.(++done, total);
      }
      if (options.signal?.aborted) {
        run.stoppedEarly = true;
        return;
      }
      try {
        await store(db, run, await client.latest(), description, options.now);
      } catch (error) {
        failed(run, "latest.json", error);
      }
      options.onProgress?.(total, total);
    },
  );
}

// --- the hourly marketplace ---

/** One poll of Vast.ai's offer search, stored as one snapshot. */
export async function pollVast(
  db: Db,
  config: VastConfig,
  description: QuoteSourceDescription,
  options: RunOptions,
): Promise<QuoteSyncReport> {
  return runLogged(db, description.id, dayOfRun(options.now), options, async (run) => {
    const client = new VastClient(config, {
      onRequest: run.logged.recordRequests,
      signal: options.signal,
      now: () => options.now,
    });
    try {
      const poll = await client.searchOffers();
      run.answered = true;
      if (poll.possiblyCutOff)
        run.warnings.push(
          `the answer held exactly ${config.limit} offers, the limit asked for: there may be more (raise VAST_OFFER_LIMIT)`,
        );
      await store(db, run, poll.snapshot, description, options.now);
    } catch (error) {
      failed(run, options.now.toISOString(), error);
    }
    options.onProgress?.(1, 1);
  });
}

// --- the schedules ---

/** UTC hour after which the ledger's file of the day is expected (its mirror runs at 06:40 UTC). */
export const LEDGER_SYNC_HOUR_UTC = 7;
/** A scheduled ledger run that did not get the day's file is tried again after this long. */
export const LEDGER_RETRY_MS = 3_600_000;

/**
 * The days a scheduled ledger run should ask for now, or null: once a day after 07:00 UTC (or at
 * once when more than the day's file is missing), from the day after the latest stored one (at
 * most 90 days back) to today, no more than once an hour.
 */
export function ledgerSyncRange(
  now: Date,
  latestLabel: UtcDay | null,
  lastAttemptAt: Date | null,
): { from: UtcDay; to: UtcDay } | null {
  const today = utcDayOf(now);
  if (latestLabel !== null && latestLabel >= today) return null;
  const behind = latestLabel === null || latestLabel < addDays(today, -1);
  if (!behind && now.getUTCHours() < LEDGER_SYNC_HOUR_UTC) return null;
  if (lastAttemptAt !== null && now.getTime() - lastAttemptAt.getTime() < LEDGER_RETRY_MS)
    return null;
  const earliest = addDays(today, -(LEDGER_WINDOW_DAYS - 1));
  const from = latestLabel === null ? earliest : maxDay(addDays(latestLabel, 1), earliest);
  return { from, to: today };
}

/** A marketplace poll is due an hour after the last snapshot; a failed poll is retried after this long. */
export const VAST_POLL_INTERVAL_MS = 3_600_000;
export const VAST_RETRY_MS = 10 * 60_000;

/** Whether a scheduled Vast poll is due: the last snapshot is an hour old and no attempt in the last ten minutes. */
export function vastPollDue(
  now: Date,
  latestAsOf: Date | null,
  lastAttemptAt: Date | null,
): boolean {
  if (latestAsOf !== null && now.getTime() - latestAsOf.getTime() < VAST_POLL_INTERVAL_MS)
    return false;
  return lastAttemptAt === null || now.getTime() - lastAttemptAt.getTime() >= VAST_RETRY_MS;
}

// --- reports for operators ---

/** The run in a few lines: what was stored, what the source does not hold, what failed and why. */
export function describeQuoteSync(report: QuoteSyncReport, citation?: string): string {
  if (!report.ran) return `${report.source} sync skipped: ${report.reason}`;
  const lines = [`${report.source} sync #${report.syncId} (${report.outcome}): ${report.message}`];
  for (const snapshot of report.snapshots) {
    const dropped = snapshot.dropped.reduce((total, d) => total + d.count, 0);
    lines.push(
      `  ${snapshot.label} (as of ${snapshot.asOf.toISOString()}): ${snapshot.inserted ? "stored" : "already stored"}, ${snapshot.quotes} quote(s) of the six GPUs, ${dropped} row(s) dropped${dropped > 0 ? ` (${snapshot.dropped.map((d) => `${d.reason} ${d.count}`).join(", ")})` : ""}${snapshot.ignoredParts.length > 0 ? `; ignored, not the documented shape: ${snapshot.ignoredParts.join("; ")}` : ""}`,
    );
  }
  if (report.missing.length > 0)
    lines.push(`  not held by the source: ${report.missing.join(", ")}`);
  for (const failure of report.failed) lines.push(`  failed: ${failure.label}: ${failure.reason}`);
  for (const warning of report.warnings) lines.push(`  warning: ${warning}`);
  if (report.closedInterrupted.length > 0)
    lines.push(
      `  closed ${report.closedInterrupted.length} earlier run(s) left running by a process that stopped without finishing (sync log ${report.closedInterrupted.map((id) => `#${id}`).join(", ")})`,
    );
  if (citation !== undefined && report.snapshots.length > 0) lines.push(citation);
  return lines.join("\n");
}
