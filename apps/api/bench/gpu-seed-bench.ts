/**
 * First-start GPU benchmark: opens a runtime on an empty data directory, then times loading the
 * GPU sample and publishing its prints and daily values (what the api does on first start), and
 * writes a digest of everything published so two runs on the same UTC day can be compared.
 *
 *   TPI_DATA_DIR=/tmp/gpuspeed-data TPI_EMBEDDED_PG_PORT=54800 BENCH_DUMP=/tmp/gpu-values.txt \
 *     pnpm --filter @tpi/api exec tsx bench/gpu-seed-bench.ts
 */
import { writeFileSync } from "node:fs";
import { readEnv } from "../src/platform/runtime/env";
import { createLogger } from "../src/platform/observability/logger";
import { MARKETS } from "../src/markets";
import { loadGpuSample, settleGpuAndPublish } from "../src/markets/gpu/jobs/lifecycle";
import { GPU } from "../src/markets/gpu/read-model/state";
import { jobContextOf, openRuntime } from "../src/platform/runtime/runtime";

const log = createLogger("warn");
const env = readEnv(MARKETS);
// A fixed clock (BENCH_NOW, default noon UTC today): the sample ends at "now", so comparable runs need the same instant.
const nowText = process.env.BENCH_NOW ?? `${new Date().toISOString().slice(0, 10)}T12:00:00.000Z`;
const now = new Date(nowText);
const runtime = await openRuntime(env, log, MARKETS, () => now);
try {
  const t0 = performance.now();
  await loadGpuSample(jobContextOf(runtime));
  const t1 = performance.now();
  const report = await settleGpuAndPublish(GPU.of(runtime), jobContextOf(runtime));
  const t2 = performance.now();
  console.log(
    `load ${((t1 - t0) / 1000).toFixed(2)} s, publish ${((t2 - t1) / 1000).toFixed(2)} s (${report.prints} prints, ${report.dailyValues} daily values), total ${((t2 - t0) / 1000).toFixed(2)} s`,
  );
  const dump = process.env.BENCH_DUMP;
  if (dump) {
    const db = runtime.database.db;
    // Values as exact text (float8 shortest round-trip), so a one-ulp difference shows.
    const daily = await db.$queryRawUnsafe<{ line: string }[]>(
      "select concat_ws(' ', gpu_name, day::text, settled_at::text, index_value::text, print_count::text) as line from gpu_daily_value order by gpu_name, day",
    );
    const prints = await db.$queryRawUnsafe<{ line: string }[]>(
      "select concat_ws(' ', gpu_name, hour::text, index_value::text, carried::text, trade_count::text, gpu_hours::text) as line from gpu_hourly_print order by gpu_name, hour",
    );
    const trades = await db.$queryRawUnsafe<{ line: string }[]>(
      "select concat_ws(' ', count(*)::text, md5(string_agg(concat_ws(' ', gpu_name, executed_at::text, trade_id, price_usd_per_gpu_hour::text, gpu_hours::text, provider, source), ',' order by gpu_name, executed_at, trade_id))) as line from gpu_trade",
    );
    writeFileSync(dump, [...trades, ...daily, ...prints].map((r) => r.line).join("\n") + "\n");
  }
} finally {
  await runtime.close();
}
