import { SAMPLE_SOURCE, addDays, daysBetween, utcDayOf, type UtcDay } from "@tpi/domain";
import {
  SAMPLE_START_DAY,
  samplePriceList,
  sampleRankingsOn,
  sampleSnapshotTime,
  storePriceSnapshots,
  type Db,
  type SampleDay,
} from "@tpi/db";
import { ingestRankingsDays } from "../../src/markets/token/jobs/rankings-ingest";

/**
 * A longer token history for benchmarks: `years` of days ending where the sample ends. The
 * sample's models only exist from SAMPLE_START_DAY on, so the days before it replay the sample's
 * own days in a cycle (day `d` takes the rows and price list of the sample day at the same
 * position modulo the sample's length), dated `d` and priced by a snapshot taken after `d`: the
 * same number of models and rows per day as the sample, deterministic, entering through the
 * same ingest path. The days from SAMPLE_START_DAY on are the sample itself. SAMPLE data.
 */
export function* generateTokenHistory(through: UtcDay, years: number): Generator<SampleDay> {
  const first = addDays(through, -Math.round(years * 365.25) + 1);
  const cycle = daysBetween(SAMPLE_START_DAY, through) + 1;
  for (let date = first; date <= through; date = addDays(date, 1)) {
    const offset = daysBetween(SAMPLE_START_DAY, date);
    const replayed =
      offset >= 0 ? date : addDays(SAMPLE_START_DAY, ((offset % cycle) + cycle) % cycle);
    yield {
      date,
      rows: sampleRankingsOn(replayed).map((row) => ({ ...row, date })),
      priceList: samplePriceList(replayed),
      snapshotAt: sampleSnapshotTime(date),
    };
  }
}

/** The last day the sample seeds at `now` (its snapshot, two hours after the day, has been taken). */
export function sampleThrough(now: Date): UtcDay {
  const yesterday = addDays(utcDayOf(now), -1);
  return sampleSnapshotTime(yesterday) <= now ? yesterday : addDays(yesterday, -1);
}

/** Days stored per round (snapshots, then rankings): bounds the generator's memory on long spans. */
const DAYS_PER_ROUND = 366;

/**
 * Stores `years` of token history ending at the sample's last day through the api's ingest path
 * (price snapshots first, then the days' rankings), as seedTokenSample does for the sample.
 * Returns the observations written and the span.
 */
export async function seedTokenHistory(
  db: Db,
  options: { now: Date; years: number; onProgress?: (doneDays: number) => void },
): Promise<{ days: number; inserted: number; from: UtcDay; through: UtcDay }> {
  const through = sampleThrough(options.now);
  let round: SampleDay[] = [];
  let days = 0;
  let inserted = 0;
  let from: UtcDay = through;
  const flush = async (): Promise<void> => {
    if (round.length === 0) return;
    await storePriceSnapshots(
      db,
      round.map((day) => ({
        source: SAMPLE_SOURCE,
        fetchedAt: day.snapshotAt,
        models: day.priceList,
      })),
    );
    const outcomes = await ingestRankingsDays(db, {
      source: SAMPLE_SOURCE,
      days: round.map((day) => ({ date: day.date, rows: day.rows, asOf: day.snapshotAt })),
      backfillFrom: null,
      syncedAt: options.now,
      allowShrink: true,
    });
    for (const outcome of outcomes) {
      if (!outcome.written) throw new Error(`history day not written: ${outcome.reason}`);
      inserted += outcome.write.inserted;
    }
    days += round.length;
    options.onProgress?.(days);
    round = [];
  };
  for (const day of generateTokenHistory(through, options.years)) {
    if (days === 0 && round.length === 0) from = day.date;
    round.push(day);
    if (round.length === DAYS_PER_ROUND) await flush();
  }
  await flush();
  return { days, inserted, from, through };
}
