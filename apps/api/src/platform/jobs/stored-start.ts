import type { MarketJobContext } from "../core/market";
import type { PublishedReadModel } from "../publication/published-read-model";
import { closeRunsLeftRunning } from "./source-sync";

/**
 * A source whose sync log a market keeps, how the start-up names that log, and the lock its runs
 * hold when it is not the source's own (memory imports hold the memory lock).
 */
export type LoggedSource = { source: string; logName?: string; lock?: string };

/** What a start from the stored data needs: the logged sources, the published set, the notice. */
export type StoredStart = {
  sources: readonly LoggedSource[];
  published: Pick<PublishedReadModel, "allowSample" | "refresh" | "isSample">;
  sampleNotice: string;
};

/**
 * A market's `start` that is a start from the stored data (`startFromStored`): the market states
 * only what to start from, given its state and settings.
 */
export function storedStart<State, Settings>(
  startOf: (state: State, settings: Settings, context: MarketJobContext) => StoredStart,
): (state: State, settings: Settings, context: MarketJobContext) => Promise<void> {
  return (state, settings, context) => startFromStored(context, startOf(state, settings, context));
}

/**
 * The start of a market served from what is stored: the runs a dead process left `running` in
 * its sources' sync logs closed, then its published set loaded (the generated sample while
 * nothing is stored, when SEED_SAMPLE_ON_EMPTY allows), with `sampleNotice` said while the sample
 * is shown. No request leaves the process here: its syncs and imports run as jobs after start, so
 * an unreachable source never delays serving.
 */
export async function startFromStored(
  context: MarketJobContext,
  start: StoredStart,
): Promise<void> {
  for (const { source, logName, lock } of start.sources)
    await closeRunsLeftRunning(context, source, logName, lock);
  start.published.allowSample(context.seedSampleOnEmpty);
  await start.published.refresh();
  if (start.published.isSample) context.log.info(start.sampleNotice);
}
