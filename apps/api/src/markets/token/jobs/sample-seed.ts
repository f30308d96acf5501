import { SAMPLE_SOURCE, addDays, utcDayOf, type UtcDay } from "@tpi/domain";
import {
  SAMPLE_START_DAY,
  daysWithObservations,
  generateTokenSample,
  priceSnapshotsOf,
  readSourceDaysBetween,
  sampleSnapshotTime,
  storePriceSnapshots,
  type Db,
} from "@tpi/db";
import { STOPPED_REASON, ingestRankingsDays } from "./rankings-ingest";

export type SampleSeedReport = {
  /** Sample days in the range (each a day of ranking rows and its price snapshot). */
  days: number;
  /** Days written now; the others were already stored and are left as they are. */
  newDays: number;
  /** Observations (tracked-lab model-days) written now. */
  inserted: number;
  /** Last day seeded: the last one whose price snapshot has been taken by `now`. */
  through: UtcDay;
  /** Days skipped because other data (an import, a source) already held them (`keepOtherData`). */
  keptDays: number;
  /** Stopped by the signal before every day was written; the days written are whole. */
  stopped: boolean;
};

/** The last sample day `now` can hold: the last whose price snapshot (two hours after it ends) has been taken. */
export function sampleThrough(now: Date): UtcDay {
  const yesterday = addDays(utcDayOf(now), -1);
  return sampleSnapshotTime(yesterday) <= now ? yesterday : addDays(yesterday, -1);
}

/**
 * Loads the generated SAMPLE (not market data) through the same path as OpenRouter's data: the
 * price-list snapshots first, then the days' ranking rows via `ingestRankingsDays`. A day is
 * seeded once its snapshot (two hours after the day ends) has been taken by `now`. Days the
 * sample already holds are skipped (the sample is deterministic: they hold what it would write)
 * and stored snapshots are not stored again, so seeding twice changes nothing; a seed stopped
 * between batches (`signal`) or killed resumes where it stopped the next time.
 */
export async function seedTokenSample(
  db: Db,
  options: {
    now: Date;
    from?: UtcDay;
    onProgress?: (doneDays: number, totalDays: number) => void;
    /**
     * Leave days that hold observations of any source as they are (the first start's load: an
     * operator's import made while it was stopped is not overwritten by the sample).
     */
    keepOtherData?: boolean;
    /** Once aborted, no further batch (31 days, one transaction) starts. */
    signal?: AbortSignal;
  },
): Promise<SampleSeedReport> {
  const through = sampleThrough(options.now);
  const from = options.from ?? SAMPLE_START_DAY;
  const all = through < from ? [] : [...generateTokenSample(through, from)];
  const held = new Set(
    through < from
      ? []
      : (await readSourceDaysBetween(db, from, through))
          .filter((day) => day.source === SAMPLE_SOURCE)
          .map((day) => day.date),
  );
  const kept =
    options.keepOtherData && through >= from
      ? new Set((await daysWithObservations(db, from, through)).filter((date) => !held.has(date)))
      : new Set<UtcDay>();
  const days = all.filter((day) => !held.has(day.date) && !kept.has(day.date));

  const stored = new Set(
    (await priceSnapshotsOf(db, SAMPLE_SOURCE)).map((s) => s.fetchedAt.getTime()),
  );
  await storePriceSnapshots(
    db,
    days
      .filter((day) => !stored.has(day.snapshotAt.getTime()))
      .map((day) => ({ source: SAMPLE_SOURCE, fetchedAt: day.snapshotAt, models: day.priceList })),
  );

  const outcomes = await ingestRankingsDays(db, {
    source: SAMPLE_SOURCE,
    days: days.map((day) => ({ date: day.date, rows: day.rows, asOf: day.snapshotAt })),
    backfillFrom: null,
    syncedAt: options.now,
    onProgress: options.onProgress,
    signal: options.signal,
    // The generated sample is never truncated: a new sample version may list other models.
    allowShrink: true,
  });
  let inserted = 0;
  let newDays = 0;
  let stopped = false;
  for (const outcome of outcomes) {
    if (!outcome.written && outcome.reason === STOPPED_REASON) {
      stopped = true;
      continue;
    }
    // Every sample day has its own snapshot: a day not written is a defect of the sample.
    if (!outcome.written) throw new Error(`sample day not written: ${outcome.reason}`);
    inserted += outcome.write.inserted;
    newDays += 1;
  }
  return { days: all.length, newDays, inserted, through, keptDays: kept.size, stopped };
}
