import type { MarketJobContext, ScheduledJob } from "../../../platform/core/market";
import { storedStart } from "../../../platform/jobs/stored-start";
import { MEMORY_IMPORT_LOG_SOURCE } from "./import";
import type { MemoryState } from "../read-model/state";
import type { MemorySettings } from "./settings";
import {
  MEMORY_SETTLEMENT_CHECK_MS,
  MEMORY_WRITE_LOCK,
  describeSettlement,
  settleMemoryLocked,
} from "./settlement";

/**
 * The Memory market's start-up: the index loaded from what is stored (the sample while nothing
 * is imported, when SEED_SAMPLE_ON_EMPTY allows). No outside host is asked: data arrives by the
 * operator's imports, so start-up never waits on one. Settlement runs as a job after start.
 */
export const startMemoryMarket = storedStart((state: MemoryState, _settings: MemorySettings) => ({
  // Imports a process killed outright left `running` in the sync log (they hold the memory lock).
  sources: [
    { source: MEMORY_IMPORT_LOG_SOURCE, logName: "memory import log", lock: MEMORY_WRITE_LOCK },
  ],
  published: state.index,
  sampleNotice:
    "memory index: nothing is imported yet: showing the generated SAMPLE (not market data) until the first `tpi memory import`",
}));

/**
 * The settlement job: once a minute it settles every trading day whose 4 PM New York has passed
 * (a no-op when nothing changed), under the lock imports use, and reloads the index when it wrote.
 */
export function memoryMarketJobs(
  state: MemoryState,
  _settings: MemorySettings,
  context: MarketJobContext,
): readonly ScheduledJob[] {
  return [
    {
      name: "memory-settlement",
      intervalMs: MEMORY_SETTLEMENT_CHECK_MS,
      failureMessage: "scheduled memory settlement failed; will retry",
      run: async () => {
        const report = await settleMemoryLocked(context.db, context.clock());
        if (report === undefined) return;
        if (report.settled + report.resettled + report.withdrawn + report.rederived === 0) return;
        context.log.info(`memory index: ${describeSettlement(report)}`);
        await state.index.refresh();
      },
    },
  ];
}
