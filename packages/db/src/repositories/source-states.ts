import { DEGRADATION_REASONS, type DegradationReason } from "@tpi/domain";
import type { Tx } from "../client";

/**
 * The degradations of each market's sources going on now (`source_degradation`, one per reason):
 * the state behind the source.degraded and source.recovered events. Each change says whether it
 * was one (a degradation that began, degradations that ended), so that the caller writes the
 * events in the same transaction, exactly once per change.
 */

export type SourceKey = { market: string; source: string };

export type SourceDegradation = { reason: DegradationReason; since: Date };

/**
 * Records that the source degraded for `reason` at `at`, unless a degradation for that reason
 * goes on (its first failure is when it began). Returns the degradation when it began now.
 */
export async function degradeSource(
  tx: Tx,
  key: SourceKey,
  reason: DegradationReason,
  at: Date,
): Promise<SourceDegradation | null> {
  const began = await tx.$queryRaw<{ since: Date }[]>`
    insert into source_degradation (market, source, reason, since)
    values (${key.market}, ${key.source}, ${reason}, ${at})
    on conflict (market, source, reason) do nothing
    returning since`;
  const row = began[0];
  return row === undefined ? null : { reason, since: row.since };
}

/** Ends every degradation of the source; returns those it ended, oldest first. */
export async function recoverSource(tx: Tx, key: SourceKey): Promise<SourceDegradation[]> {
  const ended = await tx.$queryRaw<{ reason: string; since: Date }[]>`
    delete from source_degradation where market = ${key.market} and source = ${key.source}
    returning reason, since`;
  return ended
    .map((row) => ({ reason: storedReason(row.reason), since: row.since }))
    .sort((a, b) => a.since.getTime() - b.since.getTime());
}

function storedReason(value: string): DegradationReason {
  const reason = DEGRADATION_REASONS.find((known) => known === value);
  if (reason === undefined) throw new Error(`a stored degradation reason is unknown: ${value}`);
  return reason;
}
