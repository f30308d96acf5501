import type { MarketJobContext, ScheduledJob } from "../../../platform/core/market";
import { SESSION_COST_SOURCE } from "../../../platform/ingest/openrouter-data-api";
import { storedStart } from "../../../platform/jobs/stored-start";
import type { WorkloadState } from "../read-model/state";
import { workloadJobs } from "./schedule";
import type { WorkloadSettings } from "./settings";

/**
 * The Workload Cost market's start-up: its sync log's runs a dead process left `running` closed,
 * then the index loaded from what is stored (the sample while no real week is, when
 * SEED_SAMPLE_ON_EMPTY allows). No request leaves the process here: the session-cost sync runs
 * as a background job after start, so an unreachable OpenRouter never delays serving.
 */
export const startWorkloadMarket = storedStart(
  (state: WorkloadState, settings: WorkloadSettings) => ({
    sources: [{ source: SESSION_COST_SOURCE, logName: "session-cost sync log" }],
    published: state.index,
    sampleNotice:
      settings.openRouter === undefined
        ? "workload index: no session-cost week is stored and OPENROUTER_API_KEY is not set: showing the generated SAMPLE (not market data)"
        : "workload index: no session-cost week is stored yet: showing the generated SAMPLE until the session-cost sync writes one",
  }),
);

/** The daily session-cost sync (with a key), the index reloaded as soon as it wrote a week. */
export function workloadMarketJobs(
  state: WorkloadState,
  settings: WorkloadSettings,
  context: MarketJobContext,
): readonly ScheduledJob[] {
  return workloadJobs({
    ...context,
    openRouter: settings.openRouter,
    syncHourUtc: settings.syncHourUtc,
    afterWrite: () => state.index.refresh(),
  });
}
