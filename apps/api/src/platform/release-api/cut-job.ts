import type { Logger } from "../observability/logger";
import type { PeriodicJob } from "../jobs/scheduler";
import {
  cutDueRelease,
  pruneOldReleases,
  skippedDatasetText,
  type ReleaseContext,
} from "./releases";

/** How often an instance checks whether the due day's release is cut (cheap when it is). */
export const RELEASE_CUT_INTERVAL_MS = 10 * 60_000;

export type ReleaseSettings = { cutDelayMinutes: number; retentionDays: number };

/**
 * The release job: cuts the due day's release when missing (one instance cuts; the others find
 * it cut), then applies retention. Woken once at start, so that a release a stopped cut left
 * undone is completed then.
 */
export function releaseCutJob(
  context: ReleaseContext,
  settings: ReleaseSettings,
  log: Logger,
): PeriodicJob {
  return {
    name: "release cut",
    intervalMs: RELEASE_CUT_INTERVAL_MS,
    failureMessage: "could not cut the due release; will retry",
    run: async (stopping) => {
      const cutting = cutDueRelease(context, settings.cutDelayMinutes, stopping);
      // A stop ends the job at once, even while a statement waits on a database that no longer
      // answers: a cut is all or nothing, so there is nothing to finish. The transaction left
      // behind is rolled back when the shutdown ends its connection, and cut again at the next
      // start; its failure then is the stop's.
      cutting.catch(() => undefined);
      let outcome: Awaited<typeof cutting> | "stopped";
      try {
        outcome = await Promise.race([cutting, stoppedBy(stopping)]);
      } catch (error) {
        if (stopping.aborted) return;
        throw error;
      }
      if (outcome === "stopped") return;
      if (outcome.cut) {
        log.info(
          `release ${outcome.release} (${outcome.day}) cut: ${outcome.opened} row(s) new or restated, ${outcome.closed} closed, ${outcome.files} file(s)`,
        );
        for (const bad of outcome.skipped)
          log.error(
            `release ${outcome.release} (${outcome.day}): dataset ${skippedDatasetText(bad)}`,
          );
      }
      const pruned = await pruneOldReleases(context, settings.retentionDays);
      if (pruned.releases.length > 0 || pruned.files.length > 0)
        log.info(
          `releases past retention removed: ${pruned.releases.join(", ") || "none"} (${pruned.vintageRows} vintage row(s), ${pruned.files.length} cached file(s))`,
        );
    },
  };
}

/** Settles with "stopped" once `signal` aborts. */
function stoppedBy(signal: AbortSignal): Promise<"stopped"> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve("stopped");
    else signal.addEventListener("abort", () => resolve("stopped"), { once: true });
  });
}
