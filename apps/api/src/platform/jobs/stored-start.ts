import type { MarketJobContext } from "../core/market";
import type { PublishedReadModel } from "../publication/published-read-model";
import { closeRunsLeftRunning } from "./source-sync";

/** A source whose sync log a market keeps, and how the start-up names that log. */
export type LoggedSource = { source: string; logName?: string };

/**
 * The start of a market served from what is stored: the runs a dead process left `running` in
 * its sources' sync logs closed, then its published set loaded (the generated sample while
 * nothing is stored, when SEED_SAMPLE_ON_EMPTY allows), with `sampleNotice` said while the sample
 * is shown. No request leaves the process here: its syncs and imports run as jobs after start, so
 * an unreachable source never delays serving.
 */
export async function startFromStored(
  context: MarketJobContext,
  start: {
    sources: readonly LoggedSource[];
    published: Pick<PublishedReadModel, "allowSample" | "refresh" | "isSample">;
    sampleNotice: string;
  },
): Promise<void> {
  for (const { source, logName } of start.sources)
    await closeRunsLeftRunning(context, source, logName);
  start.published.allowSample(context.seedSampleOnEmpty);
  await start.published.refresh();
  if (start.published.isSample) context.log.info(start.sampleNotice);
}
