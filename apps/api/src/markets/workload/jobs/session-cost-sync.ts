import { ImportRefusedError, type SessionCostWindow } from "@tpi/domain";
import { replaceSessionCostWeek, type Db } from "@tpi/db";
import {
  OpenRouterDataApiError,
  SESSION_COST_SOURCE,
  type OpenRouterDataApiConfig,
} from "../../../platform/ingest/openrouter-data-api";
import {
  runOpenRouterDatasetSync,
  type DatasetSync,
} from "../../../platform/jobs/openrouter-dataset-sync";
import {
  dayOfRun,
  type SourceSyncOptions,
  type SourceSyncReport,
} from "../../../platform/jobs/source-sync";
import { fetchSessionCostWeek } from "../sources/session-cost";
import { WORKLOAD } from "../read-model/state";

/**
 * OpenRouter's current session-cost snapshot into `session_cost_cell`: every page read first,
 * then the week (named by its `window_end_date`) replaced whole in one transaction. The dataset
 * serves only its latest week, so a week is kept only if a sync ran while it was current: the
 * schedule runs it daily (a refreshed week replaces the stored one of the same end date). Runs
 * under the one OpenRouter sync lock and daily budget.
 */

export type SessionCostSyncReport = SourceSyncReport<{
  written: boolean;
  window: SessionCostWindow | null;
  cells: number;
}>;

/**
 * `allowShrink`: the operator's --allow-shrink, letting a refreshed week drop more than the
 * domain's share of the cells stored for it (otherwise refused, the stored week kept).
 */
export async function syncSessionCost(
  db: Db,
  config: OpenRouterDataApiConfig,
  options: SourceSyncOptions & { allowShrink?: boolean },
): Promise<SessionCostSyncReport> {
  // The week is known only from the answer.
  return runOpenRouterDatasetSync(
    db,
    config,
    { ...options, market: WORKLOAD.name, source: SESSION_COST_SOURCE, ...dayOfRun(options.now) },
    (sync) => syncWeek(db, sync, options),
  );
}

async function syncWeek(
  db: Db,
  { client, run }: DatasetSync,
  options: SourceSyncOptions & { allowShrink?: boolean },
): Promise<SessionCostSyncReport> {
  const { now, log = () => undefined } = options;
  // One week per run: written or not.
  run.daysFailed = 1;
  try {
    const week = await fetchSessionCostWeek(client);
    const { deleted, events } = await replaceSessionCostWeek(
      db,
      { ...week, syncedAt: now },
      { allowShrink: options.allowShrink === true },
    );
    const message = `session-cost week ending ${week.window.windowEndDate} (${week.window.windowDays} days, as of ${week.window.asOf}) written: ${week.cells.length} cell(s)${deleted > 0 ? `, replacing ${deleted} stored` : ""}, ${events} value event(s); ${client.requests} request(s)`;
    log(message);
    run.asOf = new Date(week.window.asOf);
    run.daysWritten = 1;
    run.daysFailed = 0;
    await run.finish("ok", message);
    return {
      ran: true,
      syncId: run.syncId,
      written: true,
      window: week.window,
      cells: week.cells.length,
      requests: client.requests,
      outcome: "ok",
      message,
    };
  } catch (error) {
    if (!(error instanceof OpenRouterDataApiError || error instanceof ImportRefusedError))
      throw error;
    const outcome =
      error instanceof OpenRouterDataApiError && error.problem === "stopped"
        ? "interrupted"
        : "failed";
    const message = `session cost not written: ${error.message}; the stored weeks are unchanged`;
    log(message);
    await run.finish(outcome, message);
    return {
      ran: true,
      syncId: run.syncId,
      written: false,
      window: null,
      cells: 0,
      requests: client.requests,
      outcome,
      message,
    };
  }
}
