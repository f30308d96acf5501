import type { ScheduledJob } from "../../../platform/core/market";
import {
  dailySyncJob,
  logRunMessage,
  type SyncJobsInput,
} from "../../../platform/ingest/daily-sync";
import {
  SESSION_COST_SOURCE,
  type OpenRouterDataApiConfig,
} from "../../../platform/ingest/openrouter-data-api";
import { syncSessionCost } from "./session-cost-sync";

/**
 * The daily session-cost sync as a scheduled job (only with an OpenRouter key): it checks once a
 * minute whether the sync is due and runs it in the background. The dataset refreshes weekly and
 * serves only its latest week; syncing daily keeps every week it publishes.
 */
export function workloadJobs(
  input: SyncJobsInput & { openRouter: OpenRouterDataApiConfig | undefined; syncHourUtc: number },
): ScheduledJob[] {
  const { db, openRouter, syncHourUtc, clock, log, afterWrite } = input;
  if (openRouter === undefined) return [];
  return [
    dailySyncJob({
      name: "openrouter-session-cost-sync",
      failureMessage: "scheduled OpenRouter session-cost sync failed; will retry",
      db,
      source: SESSION_COST_SOURCE,
      syncHourUtc,
      clock,
      sync: async (now, stopping) => {
        const report = await syncSessionCost(db, openRouter, {
          trigger: "schedule",
          now,
          signal: stopping,
        });
        if (!report.ran) return;
        logRunMessage(log, report);
        if (report.written) await afterWrite?.();
      },
    }),
  ];
}
