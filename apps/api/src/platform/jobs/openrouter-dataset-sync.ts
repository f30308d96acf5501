import { OPENROUTER_SOURCE, type UtcDay } from "@tpi/domain";
import type { Db } from "@tpi/db";
import {
  OpenRouterDataApiClient,
  openRouterRequestsToday,
  type OpenRouterDataApiConfig,
} from "../ingest/openrouter-data-api";
import {
  runSourceSync,
  type SourceSyncOptions,
  type SourceSyncRun,
  type SourceSyncSkipped,
} from "./source-sync";

/**
 * A sync of one of OpenRouter's Data API datasets (app rankings, session cost): a source sync
 * under the one OpenRouter lock, whose client counts its requests in the run's log against the
 * account's one daily budget, so that together the datasets never exceed the key's limits.
 */
export async function runOpenRouterDatasetSync<Report>(
  db: Db,
  config: OpenRouterDataApiConfig,
  plan: SourceSyncOptions & {
    source: string;
    firstDay: UtcDay;
    lastDay: UtcDay;
    /** The longest the run may hold the lock, in milliseconds. */
    maxRunMs: number;
  },
  work: (client: OpenRouterDataApiClient, run: SourceSyncRun) => Promise<Report>,
): Promise<Report | SourceSyncSkipped> {
  return runSourceSync(
    db,
    { ...plan, lock: OPENROUTER_SOURCE, busyWith: "syncing OpenRouter data" },
    async (run) => {
      const client = new OpenRouterDataApiClient(
        config,
        await openRouterRequestsToday(db, plan.now),
        run.recordRequests,
        plan.signal,
      );
      return work(client, run);
    },
  );
}
