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

/** What a dataset's sync works with: the paced, budgeted client and its logged run. */
export type DatasetSync = { client: OpenRouterDataApiClient; run: SourceSyncRun };

/** A dataset's sync reads a few pages a day: an hour under the lock is far more than it needs. */
const DATASET_SYNC_MAX_RUN_MS = 3_600_000;

/**
 * A sync of one of OpenRouter's Data API datasets (app rankings, session cost): a source sync
 * under the one OpenRouter lock, whose client counts its requests in the run's log against the
 * account's one daily budget, so that together the datasets never exceed the key's limits.
 */
export async function runOpenRouterDatasetSync<Report>(
  db: Db,
  config: OpenRouterDataApiConfig,
  plan: SourceSyncOptions & {
    market: string;
    source: string;
    firstDay: UtcDay;
    lastDay: UtcDay;
    /** The longest the run may hold the lock, in milliseconds (an hour unless given). */
    maxRunMs?: number;
  },
  work: (sync: DatasetSync) => Promise<Report>,
): Promise<Report | SourceSyncSkipped> {
  return runSourceSync(
    db,
    {
      ...plan,
      maxRunMs: plan.maxRunMs ?? DATASET_SYNC_MAX_RUN_MS,
      lock: OPENROUTER_SOURCE,
      busyWith: "syncing OpenRouter data",
    },
    async (run) => {
      const client = new OpenRouterDataApiClient(
        config,
        await openRouterRequestsToday(db, plan.now),
        run.recordRequests,
        plan.signal,
      );
      return work({ client, run });
    },
  );
}
