import {
  OPENROUTER_SOURCE,
  addDays,
  daysBetween,
  eachUtcDay,
  maxDay,
  openRouterCitation,
  utcDayOf,
  type UtcDay,
} from "@tpi/domain";
import { storePriceSnapshots, type Db } from "@tpi/db";
import {
  OpenRouterClient,
  rankingsAnswerProblem,
  rankingsRangeProblem,
  rankingsRowsByDay,
  rankingsWindows,
  STOPPED_MESSAGE,
  type OpenRouterConfig,
} from "../sources/openrouter";
import {
  OpenRouterDataApiError,
  openRouterRequestsToday,
} from "../../../platform/ingest/openrouter-data-api";
import {
  runSourceSync,
  type SourceSyncOptions,
  type SourceSyncReport,
  type SourceSyncRun,
} from "../../../platform/jobs/source-sync";
import { ingestRankingsDays, type IngestedDay } from "./rankings-ingest";
import { TOKEN } from "../read-model/state";

/**
 * OpenRouter's rankings and model list into observations: one run fetches the model list (kept
 * as a price snapshot), then the rankings in windows of at most 31 days, and writes each day
 * whole or not at all through the one rankings path. One instance syncs at a time (a database
 * lock); every run is logged in `source_sync`.
 */

/** Longest a run may hold the sync lock (a back-fill waits out pacing and Retry-After). */
const MAX_SYNC_RUN_MS = 6 * 3_600_000;

export type OpenRouterSyncReport = SourceSyncReport<{
  from: UtcDay;
  to: UtcDay;
  /** The newest `meta.as_of` among the answers (the citation's time). */
  asOf: Date | null;
  priceSnapshotId: number | null;
  days: IngestedDay[];
  /** Settled days whose stored observations changed: candidates for `tpi restate`. */
  restate: UtcDay[];
  /** Runs a dead process had left `running` in the sync log, closed as interrupted by this one. */
  closedInterrupted: number[];
}>;

/** Days written by a run (0 when it did not run). */
export function daysWritten(report: OpenRouterSyncReport): number {
  return report.ran ? report.days.filter((day) => day.written).length : 0;
}

export function daysFailed(report: OpenRouterSyncReport): number {
  return report.ran ? report.days.filter((day) => !day.written).length : 0;
}

/**
 * Syncs [from, to] (only `days` of it when given: a resumed first start asks for the days it
 * misses). Days before 2025-01-01 or not yet ended are refused (OpenRouterDataApiError `range`) before
 * any request. Problems with OpenRouter fail days, with their reason in the report; they do not
 * throw. Once `signal` is aborted the request in flight is cut, no further window starts, and the
 * run is logged `interrupted` (the windows written stay written).
 */
export async function syncOpenRouter(
  db: Db,
  config: OpenRouterConfig,
  options: {
    from: UtcDay;
    to: UtcDay;
    /** Days on or after this may be priced by a snapshot taken more than 48 hours after they ended (back-filled). */
    backfillFrom: UtcDay | null;
    onProgress?: (done: number, total: number) => void;
    /** Only these days of [from, to] (sorted, no repeats); all of them when absent. */
    days?: readonly UtcDay[];
    /**
     * The operator's --allow-shrink: a day's answer may drop more than the domain's share of the
     * models stored for it (otherwise that day is not written, the stored one kept).
     */
    allowShrink?: boolean;
  } & SourceSyncOptions,
): Promise<OpenRouterSyncReport> {
  const problem = rankingsRangeProblem(options.from, options.to, options.now);
  if (problem !== null) throw new OpenRouterDataApiError("range", `cannot sync: ${problem}`);
  const outside = options.days?.find((day) => day < options.from || day > options.to);
  if (outside !== undefined)
    throw new OpenRouterDataApiError(
      "range",
      `cannot sync: ${outside} is outside ${options.from} to ${options.to}`,
    );
  const windows =
    options.days === undefined
      ? rankingsWindows(options.from, options.to)
      : consecutiveRuns(options.days).flatMap((run) => rankingsWindows(run.from, run.to));
  const total =
    options.days === undefined ? daysBetween(options.from, options.to) + 1 : options.days.length;
  const days: IngestedDay[] = [];
  return runSourceSync(
    db,
    {
      ...options,
      market: TOKEN.name,
      source: OPENROUTER_SOURCE,
      firstDay: options.from,
      lastDay: options.to,
      maxRunMs: MAX_SYNC_RUN_MS,
      busyWith: "syncing OpenRouter data",
    },
    (run) => syncWindows(db, config, { windows, total, days }, run, options),
    (run) => summaryOf(run, total),
  );
}

async function syncWindows(
  db: Db,
  config: OpenRouterConfig,
  plan: { windows: readonly { start: UtcDay; end: UtcDay }[]; total: number; days: IngestedDay[] },
  run: SourceSyncRun,
  options: Parameters<typeof syncOpenRouter>[2],
): Promise<OpenRouterSyncReport> {
  const { from, to, now } = options;
  const { windows, total, days } = plan;
  // The account's budget is shared with the other OpenRouter datasets' syncs.
  const requestsToday = await openRouterRequestsToday(db, now);
  const client = new OpenRouterClient(config, requestsToday, run.recordRequests, options.signal);
  const asked = () => windows.flatMap((window) => eachUtcDay(window.start, window.end));
  const record = (tried: readonly IngestedDay[]) => {
    days.push(...tried);
    for (const day of tried)
      if (day.written) run.wroteDay();
      else run.missedDay(day.date, day.reason);
  };
  const failAll = (dates: readonly UtcDay[], reason: string) =>
    record(dates.map((date) => ({ date, written: false as const, reason })));

  // The run needs the model list and one request per window; refuse before spending any.
  const needed = 1 + windows.length;
  if (client.budgetLeft < needed) {
    failAll(
      asked(),
      `the daily budget of ${config.dailyRequestBudget} OpenRouter requests (OPENROUTER_DAILY_REQUEST_BUDGET) has ${Math.max(0, client.budgetLeft)} left today (UTC) and this sync needs at least ${needed}; nothing was requested`,
    );
  } else {
    let stopReason: string | null = null;
    try {
      const models = await client.models();
      const [snapshot] = await storePriceSnapshots(db, [
        { source: OPENROUTER_SOURCE, fetchedAt: now, models },
      ]);
      run.priceSnapshotId = snapshot?.id ?? null;
    } catch (error) {
      if (!(error instanceof OpenRouterDataApiError)) throw error;
      stopReason =
        error.problem === "stopped"
          ? error.message
          : `the model list (prices) could not be read: ${error.message}`;
    }
    let done = 0;
    for (const window of windows) {
      const windowDays = eachUtcDay(window.start, window.end);
      if (stopReason === null && options.signal?.aborted) stopReason = STOPPED_MESSAGE;
      if (stopReason !== null) {
        failAll(windowDays, `not synced: ${stopReason}`);
      } else {
        try {
          const answer = await client.rankingsDaily(window.start, window.end);
          const mismatch = rankingsAnswerProblem(window, answer);
          if (mismatch !== null)
            throw new OpenRouterDataApiError(
              "malformed",
              `the rankings answer for ${window.start} to ${window.end} is unusable: ${mismatch}`,
            );
          if (run.asOf === null || answer.asOf > run.asOf) run.asOf = answer.asOf;
          const ingested = await ingestRankingsDays(db, {
            source: OPENROUTER_SOURCE,
            days: rankingsRowsByDay(window, answer.rows).map((day) => ({
              ...day,
              asOf: answer.asOf,
            })),
            backfillFrom: options.backfillFrom,
            syncedAt: now,
            allowShrink: options.allowShrink === true,
          });
          record(ingested);
        } catch (error) {
          if (!(error instanceof OpenRouterDataApiError)) throw error;
          failAll(windowDays, `${error.message}; nothing was written for it`);
          if (error.stopsRun) stopReason = error.message;
        }
      }
      done += windowDays.length;
      options.onProgress?.(done, total);
    }
  }
  run.requests = client.requests;
  const summary = summaryOf(run, total);
  // A run cut short by a shutdown is neither ok nor failed: its remaining days were never asked for.
  const outcome = run.outcome(total, options.signal?.aborted === true);
  const message = outcome === "interrupted" ? `${summary}; ${STOPPED_MESSAGE}` : summary;
  await run.finish(outcome, message);
  return {
    ran: true,
    syncId: run.syncId,
    from,
    to,
    requests: client.requests,
    asOf: run.asOf,
    priceSnapshotId: run.priceSnapshotId,
    days,
    restate: days
      .filter(
        (d) =>
          d.written && d.write.settled && d.write.inserted + d.write.updated + d.write.removed > 0,
      )
      .map((d) => d.date),
    closedInterrupted: [...run.closedInterrupted],
    outcome,
    message,
  };
}

/** Sorted days as runs of consecutive days (each run is asked for in windows). */
export function consecutiveRuns(days: readonly UtcDay[]): { from: UtcDay; to: UtcDay }[] {
  const runs: { from: UtcDay; to: UtcDay }[] = [];
  for (const day of days) {
    const last = runs.at(-1);
    if (last !== undefined && addDays(last.to, 1) === day) last.to = day;
    else runs.push({ from: day, to: day });
  }
  return runs;
}

/** Days written of those asked for, requests, and the first failure. */
function summaryOf(run: SourceSyncRun, total: number): string {
  return `${run.daysWritten} of ${total} day(s) written, ${run.requests} request(s)${run.firstFailureText}`;
}

// --- reports for operators ---

/** One line per day: what was written, or why not. */
export function describeSyncedDay(day: IngestedDay): string {
  if (!day.written) return `${day.date}  not written: ${day.reason}`;
  const w = day.write;
  const basis = day.priceBasis === "backfilled" ? "back-filled price" : "snapshot price";
  return `${day.date}  written: ${w.inserted} new, ${w.updated} updated, ${w.unchanged} unchanged, ${w.removed} removed; ${basis} (snapshot ${day.priceSnapshotId}); ${day.trackedModels} tracked model(s), ${day.unpricedModels} without a price, ${day.ignoredModels} of untracked authors ignored${w.settled ? "; day already settled: published values untouched" : ""}`;
}

/** The run in a few lines: range, requests, as-of time, days written and failed, what to restate. */
export function describeOpenRouterSync(report: OpenRouterSyncReport): string {
  if (!report.ran) return `OpenRouter sync skipped: ${report.reason}`;
  const lines = [
    `OpenRouter sync ${report.from}${report.to === report.from ? "" : ` to ${report.to}`}: ${daysWritten(report)} day(s) written, ${daysFailed(report)} not written, ${report.requests} request(s)${report.priceSnapshotId === null ? "" : `, price snapshot ${report.priceSnapshotId}`}`,
  ];
  if (report.closedInterrupted.length > 0)
    lines.push(
      `closed ${report.closedInterrupted.length} earlier sync run(s) left running by a process that stopped without finishing (sync log ${report.closedInterrupted.map((id) => `#${id}`).join(", ")}): logged as interrupted`,
    );
  if (report.outcome === "interrupted") lines.push(STOPPED_MESSAGE);
  if (report.restate.length > 0)
    lines.push(
      `already settled days whose observations changed (stored; published values unchanged until restated with 'pnpm tpi restate'): ${report.restate.join(", ")}`,
    );
  if (report.asOf !== null) lines.push(openRouterCitation(report.asOf.toISOString()));
  return lines.join("\n");
}

// --- the daily schedule ---

/** Most days a scheduled run catches up after a gap. */
export const SCHEDULED_SYNC_MAX_DAYS = 30;
/** A scheduled run that did not write yesterday is tried again after this long. */
export const SCHEDULED_SYNC_RETRY_MS = 3_600_000;

/**
 * What the daily schedule should sync now, or null: after `syncHourUtc` (OpenRouter's daily
 * snapshot is taken early in the UTC day), while yesterday is not stored yet and no attempt was
 * made in the last hour. The range runs from the day after the last stored day (at most 30 days
 * back) to yesterday.
 */
export function scheduledSyncRange(
  now: Date,
  syncHourUtc: number,
  lastStoredDay: UtcDay | null,
  lastAttemptAt: Date | null,
): { from: UtcDay; to: UtcDay } | null {
  if (now.getUTCHours() < syncHourUtc) return null;
  const yesterday = addDays(utcDayOf(now), -1);
  if (lastStoredDay !== null && lastStoredDay >= yesterday) return null;
  if (lastAttemptAt !== null && now.getTime() - lastAttemptAt.getTime() < SCHEDULED_SYNC_RETRY_MS)
    return null;
  const earliest = addDays(yesterday, -(SCHEDULED_SYNC_MAX_DAYS - 1));
  const from = lastStoredDay === null ? earliest : maxDay(addDays(lastStoredDay, 1), earliest);
  return { from, to: yesterday };
}

/** Runs the daily sync when it is due (see `scheduledSyncRange`); null when it was not. */
export async function runScheduledOpenRouterSync(
  db: Db,
  config: OpenRouterConfig,
  options: { now: Date; syncHourUtc: number; signal?: AbortSignal },
): Promise<OpenRouterSyncReport | null> {
  const [stored, attempt] = await Promise.all([
    db.sourceDay.aggregate({ where: { source: OPENROUTER_SOURCE }, _max: { date: true } }),
    db.sourceSync.findFirst({
      where: { source: OPENROUTER_SOURCE, trigger: "schedule" },
      orderBy: { startedAt: "desc" },
      select: { startedAt: true },
    }),
  ]);
  const lastStoredDay = stored._max.date ? utcDayOf(stored._max.date) : null;
  const range = scheduledSyncRange(
    options.now,
    options.syncHourUtc,
    lastStoredDay,
    attempt?.startedAt ?? null,
  );
  if (range === null) return null;
  return syncOpenRouter(db, config, {
    ...range,
    backfillFrom: null,
    trigger: "schedule",
    now: options.now,
    signal: options.signal,
  });
}
