import { utcDayOf, type SessionCostWindow } from "@tpi/domain";
import {
  closeInterruptedSourceSyncs,
  finishSourceSync,
  recordSourceSyncRequests,
  replaceSessionCostWeek,
  startSourceSync,
  withSourceSyncLock,
  type Db,
  type SourceSyncEnd,
} from "@tpi/db";
import {
  OpenRouterDataApiClient,
  OpenRouterDataApiError,
  SESSION_COST_SOURCE,
  openRouterRequestsToday,
  type OpenRouterDataApiConfig,
} from "../../../platform/ingest/openrouter-data-api";
import { fetchSessionCostWeek } from "../sources/session-cost";

/**
 * OpenRouter's current session-cost snapshot into `session_cost_cell`: every page read first,
 * then the week (named by its `window_end_date`) replaced whole in one transaction. The dataset
 * serves only its latest week, so a week is kept only if a sync ran while it was current: the
 * schedule runs it daily (a refreshed week replaces the stored one of the same end date). Runs
 * under the one OpenRouter sync lock and daily budget.
 */

const MAX_SYNC_RUN_MS = 3_600_000;

export type SessionCostSyncReport =
  | { ran: false; reason: string }
  | {
      ran: true;
      syncId: number;
      written: boolean;
      window: SessionCostWindow | null;
      cells: number;
      requests: number;
      outcome: SourceSyncEnd["outcome"];
      message: string;
    };

export async function syncSessionCost(
  db: Db,
  config: OpenRouterDataApiConfig,
  options: {
    trigger: "manual" | "schedule" | "startup";
    now: Date;
    signal?: AbortSignal;
    log?: (line: string) => void;
  },
): Promise<SessionCostSyncReport> {
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
  options: Parameters<typeof syncSessionCost>[2],
): Promise<SessionCostSyncReport> {
  const { now, log = () => undefined } = options;
  await closeInterruptedSourceSyncs(db, SESSION_COST_SOURCE, now);
  // The window is known only from the answer: the log names the day the sync ran.
  const today = utcDayOf(now);
  const syncId = await startSourceSync(db, {
    source: SESSION_COST_SOURCE,
    trigger: options.trigger,
    firstDay: today,
    lastDay: today,
    startedAt: now,
  });
  const client = new OpenRouterDataApiClient(
    config,
    await openRouterRequestsToday(db, now),
    (requests) => recordSourceSyncRequests(db, syncId, requests),
    options.signal,
  );
  const finish = (
    outcome: SourceSyncEnd["outcome"],
    message: string,
    window: SessionCostWindow | null,
  ) =>
    finishSourceSync(db, syncId, {
      finishedAt: new Date(Math.max(Date.now(), now.getTime())),
      asOf: window === null ? null : new Date(window.asOf),
      priceSnapshotId: null,
      requests: client.requests,
      daysWritten: outcome === "ok" ? 1 : 0,
      daysFailed: outcome === "ok" ? 0 : 1,
      outcome,
      message,
    });
  try {
    const week = await fetchSessionCostWeek(client);
    const { deleted } = await replaceSessionCostWeek(db, { ...week, syncedAt: now });
    const message = `session-cost week ending ${week.window.windowEndDate} (${week.window.windowDays} days, as of ${week.window.asOf}) written: ${week.cells.length} cell(s)${deleted > 0 ? `, replacing ${deleted} stored` : ""}; ${client.requests} request(s)`;
    log(message);
    await finish("ok", message, week.window);
    return {
      ran: true,
      syncId,
      written: true,
      window: week.window,
      cells: week.cells.length,
      requests: client.requests,
      outcome: "ok",
      message,
    };
  } catch (error) {
    if (!(error instanceof OpenRouterDataApiError)) {
      const cause = error instanceof Error ? error.message : String(error);
      await finish("failed", `stopped by an error: ${cause}`, null).catch(() => undefined);
      throw error;
    }
    const outcome = error.problem === "stopped" ? "interrupted" : "failed";
    const message = `session cost not written: ${error.message}; the stored weeks are unchanged`;
    log(message);
    await finish(outcome, message, null);
    return {
      ran: true,
      syncId,
      written: false,
      window: null,
      cells: 0,
      requests: client.requests,
      outcome,
      message,
    };
  }
}
