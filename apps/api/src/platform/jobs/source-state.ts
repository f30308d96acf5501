import { degradeSource, recoverSource, type SourceKey } from "@tpi/db";
import type { DegradationReason, EventFact } from "@tpi/domain";
import { publishEvents } from "../publication/events";

/**
 * A market's source degrades (its sync failed, or its data fell back to the sample) and
 * recovers (its next successful sync), told as source.degraded and source.recovered events in
 * the transaction that records what happened (the sync's log entry, the fallback's load). A
 * degradation is told once, when it begins (`since`, its first failure); its recovery carries
 * the same `since`. Source events concern the whole market: their `series` is null.
 */

type Transaction = Parameters<typeof degradeSource>[0];

/** The source degraded for `reason` at `at` (told unless that degradation goes on). */
export async function recordSourceDegraded(
  tx: Transaction,
  key: SourceKey,
  degradation: { reason: DegradationReason; at: Date; message: string },
): Promise<void> {
  const began = await degradeSource(tx, key, degradation.reason, degradation.at);
  if (began === null) return;
  const fact: EventFact = {
    type: "source.degraded",
    data: {
      market: key.market,
      series: null,
      source: key.source,
      reason: began.reason,
      since: began.since.toISOString(),
      message: degradation.message,
    },
  };
  await publishEvents(tx, [fact], degradation.at);
}

/** The source served again at `at`: every degradation going on ends, each told. */
export async function recordSourceRecovered(
  tx: Transaction,
  key: SourceKey,
  recovery: { at: Date; message: string },
): Promise<void> {
  const ended = await recoverSource(tx, key);
  const facts = ended.map(
    (degradation): EventFact => ({
      type: "source.recovered",
      data: {
        market: key.market,
        series: null,
        source: key.source,
        reason: degradation.reason,
        since: degradation.since.toISOString(),
        message: recovery.message,
      },
    }),
  );
  await publishEvents(tx, facts, recovery.at);
}
