import { addDays, utcDayOf, type UtcDay } from "@tpi/domain";
import { replaceAppRankingWindow, type Db } from "@tpi/db";
import {
  APP_RANKINGS_SOURCE,
  DATA_API_STOPPED_MESSAGE,
  OpenRouterDataApiError,
  type OpenRouterDataApiConfig,
} from "../../../platform/ingest/openrouter-data-api";
import {
  runOpenRouterDatasetSync,
  type DatasetSync,
} from "../../../platform/jobs/openrouter-dataset-sync";
import type { SourceSyncOptions, SourceSyncReport } from "../../../platform/jobs/source-sync";
import { CODING_CATEGORY, fetchAppRankings } from "../sources/app-rankings";
import { LLM_CODING } from "../read-model/state";

/**
 * OpenRouter's coding app rankings into `app_ranking_token`, one window of one UTC day per
 * request set, each window replaced whole in one transaction. Every OpenRouter sync (rankings,
 * app rankings, session cost) runs under the one OpenRouter sync lock and counts against the one
 * daily request budget of the account, so together they never exceed the key's limits.
 */

export type AppRankingsSyncReport = SourceSyncReport<{
  days: (
    | { day: UtcDay; written: true; apps: number; asOf: Date }
    | { day: UtcDay; written: false; reason: string }
  )[];
}>;

/** Syncs the coding category's rankings of each of `days` (each ended before `now`, UTC). */
export async function syncAppRankings(
  db: Db,
  config: OpenRouterDataApiConfig,
  options: SourceSyncOptions & { days: readonly UtcDay[] },
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
  const days = [...options.days].sort();
  return runOpenRouterDatasetSync(
    db,
    config,
    {
      ...options,
      market: LLM_CODING.name,
      source: APP_RANKINGS_SOURCE,
      firstDay: days[0] as UtcDay,
      lastDay: days.at(-1) as UtcDay,
    },
    (sync) => syncDays(db, sync, days, options),
  );
}

async function syncDays(
  db: Db,
  { client, run }: DatasetSync,
  days: readonly UtcDay[],
  options: SourceSyncOptions,
): Promise<AppRankingsSyncReport> {
  const { now, log = () => undefined } = options;
  const synced: Extract<AppRankingsSyncReport, { ran: true }>["days"] = [];
  const missed = (day: UtcDay, reason: string) => {
    synced.push({ day, written: false, reason });
    run.missedDay(day, reason);
  };
  let stopReason: string | null = null;
  for (const day of days) {
    if (stopReason === null && options.signal?.aborted) stopReason = DATA_API_STOPPED_MESSAGE;
    if (stopReason !== null) {
      missed(day, `not synced: ${stopReason}`);
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
      if (run.asOf === null || answer.asOf > run.asOf) run.asOf = answer.asOf;
      synced.push({ day, written: true, apps: answer.rows.length, asOf: answer.asOf });
      run.wroteDay();
      log(
        `${day}  app rankings written: ${answer.rows.length} app(s), as of ${answer.asOf.toISOString()}`,
      );
    } catch (error) {
      if (!(error instanceof OpenRouterDataApiError)) throw error;
      missed(day, `${error.message}; nothing was written for it`);
      log(`${day}  app rankings not written: ${error.message}`);
      if (error.stopsRun) stopReason = error.message;
    }
  }
  const outcome = run.outcome(days.length, options.signal?.aborted === true);
  const message = `${run.daysWritten} of ${days.length} day(s) of coding app rankings written, ${client.requests} request(s)${run.firstFailureText}`;
  await run.finish(outcome, message);
  return {
    ran: true,
    syncId: run.syncId,
    days: synced,
    requests: client.requests,
    outcome,
    message,
  };
}
