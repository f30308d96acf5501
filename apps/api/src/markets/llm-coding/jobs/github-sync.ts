import { addDays, eachUtcDay, searchesForDay, utcDayOf, type UtcDay } from "@tpi/domain";
import {
  readCodingCounts,
  writeCodingCountsOfDay,
  type CodingCountObservation,
  type CodingDayWrite,
  type Db,
} from "@tpi/db";
import { runSourceSync } from "../../../platform/jobs/source-sync";
import type {
  SourceSyncOptions,
  SourceSyncReport,
  SourceSyncRun,
} from "../../../platform/jobs/source-sync";
import {
  GITHUB_SEARCH_SOURCE,
  GITHUB_STOPPED_MESSAGE,
  GithubSearchClient,
  GithubSearchError,
  type GithubSearchConfig,
} from "../sources/github-search";
import { LLM_CODING } from "../read-model/state";

/**
 * GitHub search counts into `coding_count`: for each UTC day asked for, every search the products
 * need (`searchesForDay`), then the day's counts written together in one transaction by the
 * maturation rule. A day with any failed search (incomplete results, a refused query, GitHub down)
 * writes nothing: a merge rate never mixes a fresh count with a stale one, and a failed count is
 * never stored as a value. One instance syncs at a time (a database lock per source); every run is
 * logged in `source_sync`.
 */

export { GITHUB_SEARCH_SOURCE } from "../sources/github-search";

/** Longest a run may hold the sync lock: a 30-day back-fill without a token takes about 35 minutes. */
const MAX_SYNC_RUN_MS = 6 * 3_600_000;

export type GithubSyncedDay =
  | { day: UtcDay; written: true; requests: number; write: CodingDayWrite }
  | { day: UtcDay; written: false; reason: string };

export type GithubSyncReport = SourceSyncReport<{
  days: GithubSyncedDay[];
  rateLimitWaitMs: number;
  revisions: number;
  closedInterrupted: number[];
}>;

export class GithubSyncRangeError extends Error {}

/**
 * Syncs `days` (sorted, each ended before `now`, UTC). Problems with GitHub fail days, with their
 * reason in the report; they do not throw. A problem that makes further searches pointless (the
 * token refused, a rate limit longer than a run waits, a stop) fails the remaining days unsearched.
 */
export async function syncGithubCounts(
  db: Db,
  config: GithubSearchConfig,
  /** `log`: one line per day and per rate-limit wait. */
  options: SourceSyncOptions & { days: readonly UtcDay[] },
): Promise<GithubSyncReport> {
  const today = utcDayOf(options.now);
  const notOver = options.days.find((day) => day >= today);
  if (notOver !== undefined)
    throw new GithubSyncRangeError(
      `cannot sync ${notOver}: the UTC day has not ended (the latest day that can be counted is ${addDays(today, -1)})`,
    );
  if (options.days.length === 0) throw new GithubSyncRangeError("cannot sync: no days asked for");
  const days = [...options.days].sort();
  return runSourceSync(
    db,
    {
      ...options,
      market: LLM_CODING.name,
      source: GITHUB_SEARCH_SOURCE,
      firstDay: days[0] as UtcDay,
      lastDay: days.at(-1) as UtcDay,
      maxRunMs: MAX_SYNC_RUN_MS,
      busyWith: "syncing GitHub search counts",
    },
    (run) => searchDays(db, config, days, run, options),
  );
}

async function searchDays(
  db: Db,
  config: GithubSearchConfig,
  days: readonly UtcDay[],
  run: SourceSyncRun,
  options: Parameters<typeof syncGithubCounts>[2],
): Promise<GithubSyncReport> {
  const { now, log = () => undefined } = options;
  const client = new GithubSearchClient(config, options.signal, (waitMs, why) =>
    log(`GitHub asked to slow down (${why}): waiting ${Math.ceil(waitMs / 1000)} s`),
  );
  const synced: GithubSyncedDay[] = [];
  let stopReason: string | null = null;
  const push = (day: GithubSyncedDay) => {
    synced.push(day);
    if (day.written) run.wroteDay();
    else run.missedDay(day.day, day.reason);
  };
  for (const day of days) {
    if (stopReason === null && options.signal?.aborted) stopReason = GITHUB_STOPPED_MESSAGE;
    if (stopReason !== null) {
      push({ day, written: false, reason: `not searched: ${stopReason}` });
      continue;
    }
    const before = client.requests;
    const observations: CodingCountObservation[] = [];
    let failure: string | null = null;
    for (const request of searchesForDay(day)) {
      try {
        const count = await client.count(request);
        if (!count.ok) {
          failure = `${request.agent} ${request.metric}: ${count.error.message}`;
          break;
        }
        observations.push({
          agent: request.agent,
          metric: request.metric,
          endpoint: request.endpoint,
          query: request.q,
          count: count.value,
        });
      } catch (error) {
        if (!(error instanceof GithubSearchError)) throw error;
        failure = `${request.agent} ${request.metric}: ${error.message}`;
        if (error.stopsRun) stopReason = error.message;
        break;
      }
    }
    await run.recordRequests(client.requests);
    if (failure !== null) {
      const reason = `${failure}; nothing of the day was written`;
      push({ day, written: false, reason });
      log(`${day}  not written: ${reason}`);
      continue;
    }
    // The run's clock (`now`, the time it started) decides provisional or settled, so that
    // every day of one run is judged on the same UTC day.
    const write = await writeCodingCountsOfDay(db, {
      day,
      observations,
      observedAt: now,
      observedOn: utcDayOf(now),
      syncId: run.syncId,
    });
    push({ day, written: true, requests: client.requests - before, write });
    log(describeGithubDay(synced.at(-1) as GithubSyncedDay));
  }
  const outcome = run.outcome(days.length, options.signal?.aborted === true);
  const revisions = synced.reduce((sum, d) => sum + (d.written ? d.write.revised : 0), 0);
  const events = synced.reduce((sum, d) => sum + (d.written ? d.write.events : 0), 0);
  const message = `${run.daysWritten} of ${days.length} day(s) written, ${client.requests} request(s), ${revisions} revision(s) of settled counts, ${events} value event(s)${client.rateLimitWaitMs > 0 ? `, ${Math.ceil(client.rateLimitWaitMs / 1000)} s waited for rate limits` : ""}${run.firstFailureText}`;
  await run.finish(outcome, message);
  return {
    ran: true,
    syncId: run.syncId,
    days: synced,
    requests: client.requests,
    rateLimitWaitMs: client.rateLimitWaitMs,
    revisions,
    closedInterrupted: [...run.closedInterrupted],
    outcome,
    message,
  };
}

/** One line per day: what was written, or why not. */
export function describeGithubDay(day: GithubSyncedDay): string {
  if (!day.written) return `${day.day}  not written: ${day.reason}`;
  const w = day.write;
  return `${day.day}  written: ${w.inserted} new, ${w.updated} updated, ${w.unchanged} unchanged, ${w.revised} revised (settled count changed); ${day.requests} request(s)`;
}

/**
 * The days a sync searches now: yesterday and the `recheckDays - 1` days before it (provisional
 * counts move until they settle, and a settled count is watched for late changes as long as it is
 * in this window), plus the days of the last `backfillDays` not stored at all. Oldest first.
 */
export function githubDaysToSync(input: {
  now: Date;
  backfillDays: number;
  recheckDays: number;
  /** Days with counts stored (any status). */
  storedDays: ReadonlySet<UtcDay>;
}): UtcDay[] {
  const yesterday = addDays(utcDayOf(input.now), -1);
  const recheckFrom = addDays(yesterday, -(Math.max(1, input.recheckDays) - 1));
  const backfillFrom = addDays(yesterday, -(Math.max(1, input.backfillDays) - 1));
  const days = new Set<UtcDay>(eachUtcDay(recheckFrom, yesterday));
  for (const day of eachUtcDay(backfillFrom, yesterday))
    if (!input.storedDays.has(day)) days.add(day);
  return [...days].sort();
}

/**
 * The daily sync (and the first one, which back-fills): the days `githubDaysToSync` names, with
 * the days already stored read from the database.
 */
export async function runGithubSync(
  db: Db,
  config: GithubSearchConfig,
  options: {
    now: Date;
    backfillDays: number;
    recheckDays: number;
  } & SourceSyncOptions,
): Promise<GithubSyncReport> {
  const yesterday = addDays(utcDayOf(options.now), -1);
  const from = addDays(yesterday, -(Math.max(options.backfillDays, options.recheckDays) - 1));
  const stored = await readCodingCounts(db, { from, to: yesterday });
  const days = githubDaysToSync({
    now: options.now,
    backfillDays: options.backfillDays,
    recheckDays: options.recheckDays,
    storedDays: new Set(stored.map((count) => count.day)),
  });
  return syncGithubCounts(db, config, { ...options, days });
}
