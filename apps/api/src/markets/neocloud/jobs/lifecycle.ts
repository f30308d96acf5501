import { NEOCLOUD_SYNC_SOURCE } from "@tpi/domain";
import type { MarketJobContext, ScheduledJob } from "../../../platform/core/market";
import { storedStart } from "../../../platform/jobs/stored-start";
import type { NeocloudState } from "../read-model/state";
import { neocloudJobs } from "./schedule";
import type { NeocloudSettings } from "./settings";

/**
 * The Neo-Cloud Sites market's start-up: import runs a dead process left `running` closed, then
 * the sites loaded from what is stored (the sample while nothing is, when SEED_SAMPLE_ON_EMPTY
 * allows). No request leaves the process here: the import runs as a background job after start,
 * so an unreachable epoch.ai never delays serving.
 */
export const startNeocloudMarket = storedStart(
  (state: NeocloudState, settings: NeocloudSettings) => ({
    sources: [{ source: NEOCLOUD_SYNC_SOURCE, logName: "neocloud import log" }],
    published: state.sites,
    sampleNotice: settings.syncEnabled
      ? "neocloud sites: nothing imported yet: showing the generated SAMPLE until the Epoch AI import (in the background) writes the sites"
      : "neocloud sites: nothing imported and NEOCLOUD_SYNC_ENABLED is false: showing the generated SAMPLE (not market data)",
  }),
);

/** The daily import (unless disabled), the sites reloaded as soon as it wrote anything. */
export function neocloudMarketJobs(
  state: NeocloudState,
  settings: NeocloudSettings,
  context: MarketJobContext,
): readonly ScheduledJob[] {
  return neocloudJobs({ ...context, settings, afterWrite: () => state.sites.refresh() });
}
