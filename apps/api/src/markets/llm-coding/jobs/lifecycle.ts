import type { MarketJobContext, ScheduledJob } from "../../../platform/core/market";
import { APP_RANKINGS_SOURCE } from "../../../platform/ingest/openrouter-data-api";
import { storedStart } from "../../../platform/jobs/stored-start";
import { GITHUB_SEARCH_SOURCE } from "./github-sync";
import type { LlmCodingState } from "../read-model/state";
import { codingWorkloadJobs } from "./schedule";
import type { LlmCodingSettings } from "./settings";

/** The sources whose sync log this market keeps (each run is one `source_sync` row). */
const LLM_CODING_SYNC_SOURCES = [{ source: GITHUB_SEARCH_SOURCE }, { source: APP_RANKINGS_SOURCE }];

/**
 * The LLM Coding market's start-up: runs a dead process left `running` in the sync log are
 * closed first (a run still logged `running` is never due again, so a sync killed half-way
 * would otherwise stop every later one); no outside host is asked here, so start returns as
 * soon as the stored counts are loaded. The sample is served while nothing is stored (with
 * SEED_SAMPLE_ON_EMPTY), the GitHub and app-rankings syncs run as scheduled jobs in the
 * background (the first run back-fills), and each run that writes reloads the counts.
 */
export const startLlmCodingMarket = storedStart(
  (state: LlmCodingState, settings: LlmCodingSettings, context: MarketJobContext) => {
    if (!settings.githubEnabled)
      context.log.info("LLM coding: GitHub search is off (GITHUB_SEARCH_ENABLED is false)");
    return {
      sources: LLM_CODING_SYNC_SOURCES,
      published: state.counts,
      sampleNotice:
        "LLM coding: no GitHub count is stored yet; serving the generated SAMPLE (not market data) until the first sync writes",
    };
  },
);

/** The daily GitHub search sync (and app rankings with an OpenRouter key), checked every minute. */
export function llmCodingJobs(
  state: LlmCodingState,
  settings: LlmCodingSettings,
  context: MarketJobContext,
): ScheduledJob[] {
  return codingWorkloadJobs({
    ...context,
    settings,
    openRouter: settings.openRouter,
    syncHourUtc: settings.syncHourUtc,
    afterWrite: () => state.counts.refresh(),
  });
}
