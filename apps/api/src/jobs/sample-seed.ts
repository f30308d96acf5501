import { utcDayOf } from "@tpi/domain";
import {
  generateTokenSample,
  insertObservationsIfAbsent,
  type Db,
  type ObservationInput,
} from "@tpi/db";

const BATCH = 5_000;

/**
 * Loads the deterministic sample observations from the start of the sample through today.
 * Rows that already exist are kept as they are, so seeding twice changes nothing.
 */
export async function seedTokenSample(
  db: Db,
  options: { now: Date; onProgress?: (generated: number, inserted: number) => void },
): Promise<{ generated: number; inserted: number; through: string }> {
  const through = utcDayOf(options.now);
  let generated = 0;
  let inserted = 0;
  let batch: ObservationInput[] = [];
  const flush = async () => {
    inserted += await insertObservationsIfAbsent(db, batch);
    batch = [];
    options.onProgress?.(generated, inserted);
  };
  for (const observation of generateTokenSample(through)) {
    batch.push(observation);
    generated += 1;
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return { generated, inserted, through };
}
