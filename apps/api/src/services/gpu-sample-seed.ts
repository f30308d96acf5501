import {
  generateGpuSample,
  gpuSampleStartDay,
  insertGpuTradesIfAbsent,
  type Db,
  type GpuTradeInput,
} from "@tpi/db";
import type { UtcDay } from "@tpi/domain";

const BATCH = 10_000;
/** Batches written at once, each on its own pooled connection: PostgreSQL inserts on one core per connection. */
const PARALLEL_BATCHES = 2;

/**
 * Loads the deterministic sample GPU trades for the last 18 months up to `now` (about 550k rows)
 * with bulk inserts. Trade ids are deterministic, so seeding twice changes nothing.
 */
export async function seedGpuSample(
  db: Db,
  options: { now: Date; from?: UtcDay; onProgress?: (inserted: number) => void },
): Promise<{ generated: number; inserted: number; from: string }> {
  const from = options.from ?? gpuSampleStartDay(options.now);
  let generated = 0;
  let inserted = 0;
  let batch: GpuTradeInput[] = [];
  let inFlight: Array<Promise<void>> = [];
  const write = (rows: GpuTradeInput[]) =>
    insertGpuTradesIfAbsent(db, rows).then((count) => {
      inserted += count;
      options.onProgress?.(inserted);
    });
  for (const trades of generateGpuSample(options.now, from)) {
    batch.push(...trades);
    generated += trades.length;
    if (batch.length >= BATCH) {
      inFlight.push(write(batch));
      batch = [];
      if (inFlight.length >= PARALLEL_BATCHES) {
        await Promise.all(inFlight);
        inFlight = [];
      }
    }
  }
  if (batch.length > 0) inFlight.push(write(batch));
  await Promise.all(inFlight);
  await db.$executeRawUnsafe("analyze gpu_trade");
  return { generated, inserted, from };
}
