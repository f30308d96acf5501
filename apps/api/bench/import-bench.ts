/**
 * Import benchmark: writes a CSV of ROWS observation rows (default 1,000,000), imports it into a
 * fresh database through the same code path as `pnpm tpi import`, and prints rows/s and the peak
 * resident memory of this process. Targets: >= 50,000 rows/s, peak RSS < 400 MB.
 *
 *   pnpm --filter @tpi/api bench:import            (embedded PostgreSQL, or DATABASE_URL)
 *   BENCH_ROWS=5000000 pnpm --filter @tpi/api bench:import
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import { LAB_IDS, addDays } from "@tpi/domain";
import { createTestDatabase, startTestPostgres } from "@tpi/db";
import { readObservationFile } from "../src/markets/token/sources/observation-file";
import { importObservations } from "../src/markets/token/jobs/observation-import";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const MODELS_PER_DAY = 1_000;
const TARGET_ROWS_PER_SECOND = 50_000;
const TARGET_PEAK_RSS_MB = 400;

async function writeCsv(path: string, rows: number): Promise<void> {
  const out = createWriteStream(path);
  out.write(
    "date,model_id,lab,input_price_per_mtok,output_price_per_mtok,input_tokens,output_tokens,source,cache_read_price_per_mtok,cache_read_tokens\n",
  );
  let chunk = "";
  for (let i = 0; i < rows; i++) {
    const day = addDays("2020-01-01", Math.floor(i / MODELS_PER_DAY));
    const model = i % MODELS_PER_DAY;
    const lab = LAB_IDS[model % LAB_IDS.length] ?? "openai";
    const input = (0.1 + (model % 50) * 0.3).toFixed(4);
    chunk += `${day},${lab}/bench-model-${model},${lab},${input},${(Number(input) * 4).toFixed(4)},${1_000_000 + model * 37},${200_000 + model * 11},bench,${(Number(input) / 10).toFixed(4)},${model * 5}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
}

const scratch = mkdtempSync(join(tmpdir(), "tpi-import-bench-"));
const csvPath = join(scratch, "observations.csv");
const pg = await startTestPostgres();
const database = await createTestDatabase(pg.adminUrl);
try {
  process.stdout.write(`writing ${ROWS.toLocaleString("en-US")} rows... `);
  await writeCsv(csvPath, ROWS);
  console.log(`${(statSync(csvPath).size / 1e6).toFixed(0)} MB`);

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const report = await importObservations(
    database.url,
    () => readObservationFile(csvPath, "csv", new Date()),
    {
      skipInvalid: false,
    },
  );
  const seconds = (performance.now() - started) / 1000;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);

  if (!report.written || report.counts?.inserted !== ROWS)
    throw new Error(`import did not write every row: ${JSON.stringify(report)}`);
  const rowsPerSecond = ROWS / seconds;
  const peakMb = peakRss / 1024 / 1024;
  peakRss = process.memoryUsage().rss; // from here on: the re-import's peak
  const { stage, check, merge } = report.phasesMs;
  console.log(
    `imported ${ROWS.toLocaleString("en-US")} rows in ${seconds.toFixed(1)} s, ${report.method} path (read+validate+COPY ${(stage / 1000).toFixed(1)} s, duplicate check ${(check / 1000).toFixed(1)} s, merge+commit ${(merge / 1000).toFixed(1)} s)`,
  );
  console.log(
    `rows/s:   ${Math.round(rowsPerSecond).toLocaleString("en-US")} (target >= ${TARGET_ROWS_PER_SECOND.toLocaleString("en-US")}) ${rowsPerSecond >= TARGET_ROWS_PER_SECOND ? "OK" : "BELOW TARGET"}`,
  );
  console.log(
    `peak RSS: ${peakMb.toFixed(0)} MB (target < ${TARGET_PEAK_RSS_MB} MB) ${peakMb < TARGET_PEAK_RSS_MB ? "OK" : "ABOVE TARGET"}`,
  );

  // The same file again: every key exists, so it takes the staged path (stage, check, merge) and changes nothing.
  const again = performance.now();
  const reimport = await importObservations(
    database.url,
    () => readObservationFile(csvPath, "csv", new Date()),
    { skipInvalid: false },
  );
  const againSeconds = (performance.now() - again) / 1000;
  clearInterval(sampler);
  if (reimport.counts?.unchanged !== ROWS)
    throw new Error(`re-import changed rows: ${JSON.stringify(reimport.counts)}`);
  console.log(
    `re-import (${reimport.method} path, ${reimport.counts.unchanged.toLocaleString("en-US")} unchanged): ${againSeconds.toFixed(1)} s, ${Math.round(ROWS / againSeconds).toLocaleString("en-US")} rows/s, peak RSS ${(Math.max(peakRss, process.memoryUsage().rss) / 1024 / 1024).toFixed(0)} MB`,
  );
} finally {
  await database.drop();
  await pg.stop();
  rmSync(scratch, { recursive: true, force: true });
}
