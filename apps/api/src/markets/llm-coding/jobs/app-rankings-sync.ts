import { addDays, utcDayOf, type UtcDay } from "@tpi/domain";
import {
  closeInterruptedSourceSyncs,
  finishSourceSync,
  recordSourceSyncRequests,
  replaceAppRankingWindow,
  startSourceSync,
  withSourceSyncLock,
  type Db,
  type SourceSyncEnd,
} from "@tpi/db";
import {
  APP_RANKINGS_SOURCE,
  DATA_API_STOPPED_MESSAGE,
  OpenRouterDataApiClient,
  OpenRouterDataApiError,
  openRouterRequestsToday,
  type OpenRouterDataApiConfig,
} from "../../../platform/ingest/openrouter-data-api";
import { CODING_CATEGORY, fetchAppRankings } from "../sources/app-rankings";

/**
 * OpenRouter's coding app rankings into `app_ranking_token`, one window of one UTC day per
 * request set, each window replaced whole in one transaction. Every OpenRouter sync (rankings,
 * app rankings, session cost) runs under the one OpenRouter sync lock and counts against the one
 * daily request budget of the account, so together they never exceed the key's limits.
 */

const MAX_SYNC_RUN_MS = 3_600_000;

export type DatasetSyncTrigger = "manual" | "schedule" | "startup";

export type AppRankingsSyncReport =
  | { ran: false; reason: string }
  | {
      ran: true;
      syncId: number;
      days: (
        | { day: UtcDay; written: true; apps: number; asOf: Date }
        | { day: UtcDay; written: false; reason: string }
      )[];
      requests: number;
      outcome: SourceSyncEnd["outcome"];
      message: string;
    };

/** Syncs the coding category's rankings of each of `days` (each ended before `now`, UTC). */
export async function syncAppRankings(
  db: Db,
  config: OpenRouterDataApiConfig,
  options: {
    days: readonly UtcDay[];
    trigger: DatasetSyncTrigger;
    now: Date;
    signal?: AbortSignal;
    log?: (line: string) => void;
  },
): Promise<AppRankingsSyncReport> {
  const today = utcDayOf(options.now);
  const notOver = options.days.find((day) => day >= today);
  if (notOver !== undefined)
    throw new OpenRouterDataApiError(
      "range",
      `cannot sync app rankings of ${notOver}: the UTC day has not ended (the latest is ${addDays(today, -1)})`,
    );
  if (options.days.length === 0)
    throw new OpenRouterDataApiError("range", "cannot sync: no days asked for");
  const locked = await withSourceSyncLock(db, () => run(db, config, options), MAX_SYNC_RUN_MS);
  if (!locked.locked)
    return {
      ran: false,
      reason: "another instance is syncing OpenRouter data right now; this sync was skipped",
    };
  return locked.result;
}

async function run(
  db: Db,
  config: OpenRouterDataApiConfig,
  options: Parameters<typeof syncAppRankings>[2],
): Promise<AppRankingsSyncReport> {
  const { now, log = () => undefined } = options;
  const days = [...options.days].sort();
  await closeInterruptedSourceSyncs(db, APP_RANKINGS_SOURCE, now);
  const syncId = await startSourceSync(db, {
    source: APP_RANKINGS_SOURCE,
    trigger: options.trigger,
    firstDay: days[0] as UtcDay,
    lastDay: days.at(-1) as UtcDay,
    startedAt: now,
  });
  const client = new OpenRouterDataApiClient(
    config,
    await openRouterRequestsToday(db, now),
    (requests) => recordSourceSyncRequests(db, syncId, requests),
    options.signal,
  );
  const synced: Extract<AppRankingsSyncReport, { ran: true }>["days"] = [];
  let stopReason: string | null = null;
  let asOf: Date | null = null;
  const finish = (outcome: SourceSyncEnd["outcome"], message: string) =>
    finishSourceSync(db, syncId, {
      finishedAt: new Date(Math.max(Date.now(), now.getTime())),
      asOf,
      priceSnapshotId: null,
      requests: client.requests,
      daysWritten: synced.filter((d) => d.written).length,
      daysFailed: days.length - synced.filter((d) => d.written).length,
      outcome,
      message,
    });
  try {
    for (const day of days) {
      if (stopReason === null && options.signal?.aborted) stopReason = DATA_API_STOPPED_MESSAGE;
      if (stopReason !== null) {
        synced.push({ day, written: false, reason: `not synced: ${stopReason}` });
        continue;
      }
      try {
        const answer = await fetchAppRankings(client, {
          category: CODING_CATEGORY,
          start: day,
          end: day,
        });
        await replaceAppRankingWindow(db, {
          category: answer.category,
          windowStart: answer.windowStart,
          windowEnd: answer.windowEnd,
          asOf: answer.asOf,
          syncedAt: now,
          rows: answer.rows,
        });
        if (asOf === null || answer.asOf > asOf) asOf = answer.asOf;
        synced.push({ day, written: true, apps: answer.rows.length, asOf: answer.asOf });
        log(
          `${day}  app rankings written: ${answer.rows.length} app(s), as of ${answer.asOf.toISOString()}`,
        );
      } catch (error) {
        if (!(error instanceof OpenRouterDataApiError)) throw error;
        synced.push({
          day,
          written: false,
          reason: `${error.message}; nothing was written for it`,
        });
        log(`${day}  app rankings not written: ${error.message}`);
        if (error.stopsRun) stopReason = error.message;
      }
    }
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    await finish("failed", `stopped by an error: ${cause}`).catch(() => undefined);
    throw error;
  }
  const written = synced.filter((d) => d.written).length;
  const firstFailure = synced.find((d) => !d.written);
  const base = written === days.length ? "ok" : written === 0 ? "failed" : "partial";
  const outcome = options.signal?.aborted === true && base !== "ok" ? "interrupted" : base;
  const message = `${written} of ${days.length} day(s) of coding app rankings written, ${client.requests} request(s)${firstFailure && !firstFailure.written ? `; first failure (${firstFailure.day}): ${firstFailure.reason}` : ""}`;
  await finish(outcome, message);
  return { ran: true, syncId, days: synced, requests: client.requests, outcome, message };
}
