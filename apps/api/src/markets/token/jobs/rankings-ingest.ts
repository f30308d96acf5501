import {
  choosePricingSnapshot,
  indexPriceList,
  shrinkRefusal,
  priceRankingsDay,
  type PriceIndex,
  type PriceListModel,
  type PriceSnapshotRef,
  type RankingsRow,
  type UtcDay,
} from "@tpi/domain";
import {
  priceListsOf,
  priceSnapshotsOf,
  sourceDayRemovals,
  writeSourceDays,
  type Db,
  type SourceDayInput,
  type SourceDayWrite,
} from "@tpi/db";

/**
 * Daily rankings into observations, the one path for every ranking source: OpenRouter's
 * rankings-daily and the generated sample (which takes the same shape). Each day is priced by
 * the stored snapshot the methodology's rule picks, checked whole, and written whole or not at all.
 */
export type RankingsDayInput = {
  date: UtcDay;
  /** The day's rows as the source answered; empty means the answer left the day out. */
  rows: readonly RankingsRow[];
  /** The source's as-of time for the answer that held the day (OpenRouter's `meta.as_of`). */
  asOf: Date;
};

export type IngestedDay =
  | {
      date: UtcDay;
      written: true;
      write: SourceDayWrite;
      priceBasis: "snapshot" | "backfilled";
      priceSnapshotId: number;
      trackedModels: number;
      unpricedModels: number;
      ignoredModels: number;
    }
  | { date: UtcDay; written: false; reason: string };

/** Why a day was not written when the load was asked to stop before its batch. */
export const STOPPED_REASON =
  "not written: stopped before this day's batch (the process is stopping)";

/** Days written per transaction: a crash loses at most one batch, never half a day. */
const DAYS_PER_TRANSACTION = 31;

export async function ingestRankingsDays(
  db: Db,
  input: {
    source: string;
    days: readonly RankingsDayInput[];
    /** Days on or after this may be priced by a snapshot taken more than 48 hours later (back-filled). */
    backfillFrom: UtcDay | null;
    syncedAt: Date;
    onProgress?: (done: number, total: number) => void;
    /** Once aborted, no further batch starts: the days left are reported not written (STOPPED_REASON). */
    signal?: AbortSignal;
    /**
     * A day's answer replaces the source's stored models of that day; one that would remove more
     * than the domain's share of them (a truncated answer) is not written unless this is set
     * (the operator's --allow-shrink; the generated sample, which no source truncates).
     */
    allowShrink: boolean;
  },
): Promise<IngestedDay[]> {
  const snapshots = await priceSnapshotsOf(db, input.source);
  // The lists of every snapshot the days will use, read at once; each distinct list indexed once.
  const chosen = input.days.map((day) =>
    choosePricingSnapshot(day.date, snapshots, input.backfillFrom),
  );
  const lists = await priceListsOf(
    db,
    chosen.flatMap((choice) => (choice.ok ? [choice.snapshot.id] : [])),
  );
  const priceIndexes = new Map<PriceListModel[], PriceIndex>();
  const priceIndexOf = (snapshot: PriceSnapshotRef): PriceIndex => {
    const list = lists.get(snapshot.id) ?? [];
    const cached = priceIndexes.get(list);
    if (cached) return cached;
    const index = indexPriceList(list);
    priceIndexes.set(list, index);
    return index;
  };

  const outcomes: IngestedDay[] = [];
  let done = 0;
  for (let start = 0; start < input.days.length; start += DAYS_PER_TRANSACTION) {
    const batch = input.days.slice(start, start + DAYS_PER_TRANSACTION);
    if (input.signal?.aborted) {
      outcomes.push(
        ...input.days
          .slice(start)
          .map(({ date }) => ({ date, written: false as const, reason: STOPPED_REASON })),
      );
      break;
    }
    const writes: SourceDayInput[] = [];
    const pending: Omit<Extract<IngestedDay, { written: true }>, "write">[] = [];
    for (const [offset, { date, rows, asOf }] of batch.entries()) {
      if (rows.length === 0) {
        outcomes.push({
          date,
          written: false,
          reason: `the answer holds no rows for ${date} (partial answer); nothing written for it`,
        });
        continue;
      }
      const pricing = chosen[start + offset] ?? { ok: false, reason: `no pricing for ${date}` };
      if (!pricing.ok) {
        outcomes.push({ date, written: false, reason: pricing.reason });
        continue;
      }
      const priced = priceRankingsDay(
        date,
        rows,
        priceIndexOf(pricing.snapshot),
        pricing,
        input.source,
      );
      if (!priced.ok) {
        outcomes.push({
          date,
          written: false,
          reason: `malformed answer for ${date}: ${priced.reason}; nothing written for it`,
        });
        continue;
      }
      writes.push({ day: priced.day, source: input.source, asOf, pricing });
      pending.push({
        date,
        written: true,
        priceBasis: pricing.basis,
        priceSnapshotId: pricing.snapshot.id,
        trackedModels: priced.day.observations.length,
        unpricedModels: priced.day.unpricedModels,
        ignoredModels: priced.day.ignoredModels,
      });
    }
    if (writes.length > 0) {
      const results = await db.$transaction(
        async (tx) => {
          const removals = await sourceDayRemovals(
            tx,
            writes.map(({ day, source }) => ({
              date: day.date,
              source,
              modelIds: day.observations.map((o) => o.modelId),
            })),
          );
          const kept: { write: SourceDayInput; day: (typeof pending)[number] }[] = [];
          writes.forEach((write, i) => {
            const day = pending[i];
            if (day === undefined) return;
            const removal = removals.get(write.day.date) ?? { stored: 0, removed: 0 };
            const refusal = shrinkRefusal({
              what: `${write.source} observations of ${write.day.date}`,
              ...removal,
              allowShrink: input.allowShrink,
              run: "sync",
            });
            if (refusal === undefined) kept.push({ write, day });
            else outcomes.push({ date: day.date, written: false, reason: refusal });
          });
          const written = await writeSourceDays(
            tx,
            kept.map(({ write }) => write),
            input.syncedAt,
          );
          return written.map((write, i) => ({ write, day: kept[i]?.day }));
        },
        { timeout: 120_000, maxWait: 120_000 },
      );
      for (const { write, day } of results) if (day) outcomes.push({ ...day, write });
    }
    done += batch.length;
    input.onProgress?.(done, input.days.length);
  }
  return outcomes.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
