import {
  generateGpuSample,
  gpuSampleStartDay,
  insertGpuTradesIfAbsent,
  type Db,
  type GpuTradeInput,
} from "@tpi/db";

const BATCH = 20_000;

/**
 * Loads the deterministic sample GPU trades for the last 18 months up to `now` with bulk inserts
 * (about 550k rows in a few seconds). Trade ids are deterministic, so seeding twice changes nothing.
 */
export async function seedGpuSample(
  db: Db,
  options: { now: Date; onProgress?: (inserted: number) => void },
): Promise<{ generated: number; inserted: number; from: string }> {
  const from = gpuSampleStartDay(options.now);
  let generated = 0;
  let inserted = 0;
  let batch: GpuTradeInput[] = [];
  const flush = async () => {
    inserted += await insertGpuTradesIfAbsent(db, batch);
    batch = [];
    options.onProgress?.(inserted);
  };
  for (const trades of generateGpuSample(options.now, from)) {
    batch.push(...trades);
    generated += trades.length;
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return { generated, inserted, from };
}
