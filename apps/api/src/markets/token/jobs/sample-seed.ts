import { SAMPLE_SOURCE, addDays, utcDayOf, type UtcDay } from "@tpi/domain";
import {
  SAMPLE_START_DAY,
  generateTokenSample,
  priceSnapshotsOf,
  readSourceDaysBetween,
  sampleSnapshotTime,
  storePriceSnapshots,
  type Db,
} from "@tpi/db";
import { ingestRankingsDays } from "./rankings-ingest";

export type SampleSeedReport = {
  /** Sample days in the range (each a day of ranking rows and its price snapshot). */
  days: number;
  /** Days written now; the others were already stored and are left as they are. */
  newDays: number;
  /** Observations (tracked-lab model-days) written now. */
  inserted: number;
  /** Last day seeded: the last one whose price snapshot has been taken by `now`. */
  through: UtcDay;
};

/**
 * Loads the generated SAMPLE (not market data) through the same path as OpenRouter's data: the
 * price-list snapshots first, then the days' ranking rows via `ingestRankingsDays`. A day is
 * seeded once its snapshot (two hours after the day ends) has been taken by `now`. Days the
 * sample already holds are skipped (the sample is deterministic: they hold what it would write)
 * and stored snapshots are not stored again, so seeding twice changes nothing.
 */
export async function seedTokenSample(
  db: Db,
  options: {
    now: Date;
    from?: UtcDay;
    onProgress?: (doneDays: number, totalDays: number) => void;
  },
): Promise<SampleSeedReport> {
  const today = utcDayOf(options.now);
  const through =
    sampleSnapshotTime(addDays(today, -1)) <= options.now ? addDays(today, -1) : addDays(today, -2);
  const from = options.from ?? SAMPLE_START_DAY;
  const all = through < from ? [] : [...generateTokenSample(through, from)];
  const held = new Set(
    through < from
      ? []
      : (await readSourceDaysBetween(db, from, through))
          .filter((day) => day.source === SAMPLE_SOURCE)
          .map((day) => day.date),
  );
  const days = all.filter((day) => !held.has(day.date));

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
  });
  let inserted = 0;
  for (const outcome of outcomes) {
    // Every sample day has its own snapshot: a day not written is a defect of the sample.
    if (!outcome.written) throw new Error(`sample day not written: ${outcome.reason}`);
    inserted += outcome.write.inserted;
  }
  return { days: all.length, newDays: days.length, inserted, through };
}
