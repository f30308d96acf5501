import { NEOCLOUD_SYNC_SOURCE } from "@tpi/domain";
import type { ScheduledJob } from "../../../platform/core/market";
import {
  dailySyncJob,
  logRunMessage,
  type SyncJobsInput,
} from "../../../platform/ingest/daily-sync";
import { importSites } from "./epoch-import";
import type { NeocloudSettings } from "./settings";

/**
 * The daily Epoch AI import as a scheduled job (unless NEOCLOUD_SYNC_ENABLED is false): it checks
 * once a minute whether the import is due (never run: at once, so the first start imports in the
 * background; then daily after the sync hour; a failed run retried an hour later) and runs it.
 */
export function neocloudJobs(
  input: SyncJobsInput & { settings: NeocloudSettings },
): ScheduledJob[] {
  const { db, settings, clock, log, afterWrite } = input;
  if (!settings.syncEnabled) return [];
  return [
    dailySyncJob({
      name: "epoch-neocloud-import",
      failureMessage: "scheduled Epoch AI neocloud import failed; will retry",
      db,
      source: NEOCLOUD_SYNC_SOURCE,
      syncHourUtc: settings.syncHourUtc,
      clock,
      sync: async (now, stopping, last) => {
        const report = await importSites(db, settings.files, {
          trigger: last === null ? "startup" : "schedule",
          now,
          fetchTimeoutMs: settings.fetchTimeoutMs,
          signal: stopping,
        });
        if (!report.ran) return;
        logRunMessage(log, report);
        if (report.outcome === "ok") await afterWrite?.();
      },
    }),
  ];
}
