import { withSourceSyncLock, settleMemoryNow, type Db, type MemorySettlementReport } from "@tpi/db";

/** The lock imports and settlements share: one writer of memory data at a time, across instances. */
export const MEMORY_WRITE_LOCK = "memory";
/** How long a settlement or an import may hold the lock. */
export const MEMORY_LOCK_MS = 10 * 60_000;
/** How often the settlement job checks for a trading day whose 4 PM has passed. */
export const MEMORY_SETTLEMENT_CHECK_MS = 60_000;

/** The revision reason of a settlement the job makes (a day's inputs changed without an import's reason). */
export const SCHEDULED_SETTLEMENT_REASON =
  "scheduled settlement: the day's stored observations changed";

/** One settlement run under the memory lock; `undefined` when another instance holds it. */
export async function settleMemoryLocked(
  db: Db,
  now: Date,
  reason = SCHEDULED_SETTLEMENT_REASON,
): Promise<MemorySettlementReport | undefined> {
  const locked = await withSourceSyncLock(
    db,
    () => settleMemoryNow(db, now, reason),
    MEMORY_LOCK_MS,
    MEMORY_WRITE_LOCK,
  );
  return locked.locked ? locked.result : undefined;
}

/** What a settlement did, in one line. */
export function describeSettlement(report: MemorySettlementReport): string {
  return `settled through ${report.throughDay}: ${report.settled} new type-day(s), ${report.resettled} re-settled with a revision, ${report.withdrawn} withdrawn, ${report.rederived} with re-derived change or weekly high/low; ${report.events} value event(s)`;
}
