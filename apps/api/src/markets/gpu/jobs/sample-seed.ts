import { copyGpuTradesIfAbsent, generateGpuSample, gpuSampleStartDay, type Db } from "@tpi/db";
import type { UtcDay } from "@tpi/domain";

/**
 * Loads the deterministic sample GPU trades for the last 18 months up to `now` (about 550k rows)
 * with COPY, in one transaction on a connection of its own (`databaseUrl`): a few seconds where
 * batched inserts took about twenty. Trade ids are deterministic, so seeding twice changes nothing.
 * One transaction on purpose: an hourly print is final once published (an hour without trades
 * carries the previous print), so trades must not appear in pieces while another instance
 * publishes prints; a load stopped (`signal`) or killed halfway leaves nothing, and runs again.
 */
export async function seedGpuSample(
  database: { db: Db; url: string },
  options: {
    now: Date;
    from?: UtcDay;
    /** Trades a day across all GPUs (default: the sample's); benchmarks seed denser markets. */
    tradesPerDay?: number;
    onProgress?: (copied: number) => void;
    /** Once aborted, the COPY is cancelled and rolled back, and the signal's reason raised. */
    signal?: AbortSignal;
  },
): Promise<{ generated: number; inserted: number; from: string }> {
  const from = options.from ?? gpuSampleStartDay(options.now);
  let generated = 0;
  const inserted = await copyGpuTradesIfAbsent(
    database.url,
    function* () {
      generated = 0; // counted afresh if the load runs again through the merge
      for (const trades of generateGpuSample(options.now, from, options.tradesPerDay)) {
        generated += trades.length;
        yield trades;
      }
    },
    options.onProgress,
    options.signal,
  );
  // Fresh statistics: the settlement's range reads plan on them right after the load.
  await database.db.$executeRawUnsafe("analyze gpu_trade");
  return { generated, inserted, from };
}
