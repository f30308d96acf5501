/**
 * File import benchmark: generates a memory price file of BENCH_MEMORY_ROWS rows (default
 * 200,000, the per-import maximum) and Epoch AI files of BENCH_EPOCH_SITES GPU Clusters sites
 * (default 100,000), imports each with the operators' CLI as its own process (`node dist/cli.js
 * memory import --file F`, `node dist/cli.js neocloud import ...`) into a fresh database, and
 * prints the peak resident memory of that process (GNU time's maximum resident set size)
 * against the 300 MB target. Each file is imported twice: into the empty database, then again
 * (every row already stored); then `neocloud status`, which counts the stored sites in the
 * database (as the import command does last, to say what is served).
 *
 *   pnpm --filter @tpi/api bench:file-import                (embedded PostgreSQL, or DATABASE_URL)
 *   BENCH_ONLY=memory pnpm --filter @tpi/api bench:file-import
 *   BENCH_CLI=/tmp/before/dist/cli.js pnpm --filter @tpi/api bench:file-import   (another build)
 */
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { once } from "node:events";
import {
  DATA_CENTERS_COLUMNS,
  DATA_CENTER_TIMELINES_COLUMNS,
  GPU_CLUSTERS_COLUMNS,
  MEMORY_TYPES,
  MEMORY_PRICE_BOUNDS_USD,
} from "@tpi/domain";
import { createTestDatabase, startTestPostgres } from "@tpi/db";
import { apiProcess } from "../src/testing/api-process";
import { csvLine, neocloudImportArgs } from "../src/testing/neocloud-files";

const MEMORY_ROWS = Number(process.env.BENCH_MEMORY_ROWS ?? 200_000);
const EPOCH_SITES = Number(process.env.BENCH_EPOCH_SITES ?? 100_000);
const ONLY = process.env.BENCH_ONLY;
const TARGET_PEAK_RSS_MB = 300;
/** The CLI's clock: every generated observation is before this session's close. */
const NOW = new Date("2026-03-11T12:00:00.000Z");
const TIME = "/usr/bin/time";
/** A compiled CLI to measure instead of this checkout's (a build of another commit, to compare). */
const OTHER_CLI = process.env.BENCH_CLI;

/** Lines written through a stream in ~1 MB pieces, so the generator's own memory stays small. */
async function writeLines(path: string, lines: Iterable<string>): Promise<number> {
  const out = createWriteStream(path);
  let chunk = "";
  for (const line of lines) {
    chunk += `${line}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, "drain");
      chunk = "";
    }
  }
  out.end(chunk);
  await once(out, "finish");
  return statSync(path).size;
}

/** Hourly prints of every memory type, back from 2026-03-01, each within its category's bounds. */
function* memoryLines(rows: number): Iterable<string> {
  yield "type,price,observedAt,source,url,licence,citation";
  const end = Date.parse("2026-03-01T00:00:00Z");
  for (let i = 0; i < rows; i++) {
    const type = MEMORY_TYPES[i % MEMORY_TYPES.length];
    if (type === undefined) throw new Error("no memory types");
    const hour = Math.floor(i / MEMORY_TYPES.length);
    const observedAt = new Date(end - hour * 3_600_000).toISOString();
    const { min, max } = MEMORY_PRICE_BOUNDS_USD[type.category];
    const price = (min + ((i * 7919) % 1000) * ((Math.min(max, 100) - min) / 1000)).toFixed(4);
    yield `${type.id},${price},${observedAt},bench-feed,https://example.org/memory/${i},CC BY 4.0,"Bench feed, hourly print ${i}"`;
  }
}

/** GPU Clusters sites spread over a few chip types, owners and places, every column present. */
function* clusterLines(sites: number): Iterable<string> {
  yield GPU_CLUSTERS_COLUMNS.join(",");
  const chips = ["NVIDIA H100 SXM5 80GB", "NVIDIA GB200", "AMD MI300X", "Google TPU v5p"];
  const owners = ["CoreWeave", "Lambda Labs", "Microsoft", "Crusoe", "Meta"];
  const places = ["Abilene, TX", "Plano, TX", "Memphis, TN", "Dublin", "Frankfurt"];
  for (let i = 0; i < sites; i++)
    yield csvLine(GPU_CLUSTERS_COLUMNS, {
      Name: `Bench cluster ${i}`,
      Status: i % 3 === 0 ? "Planned" : "Existing",
      Certainty: i % 2 === 0 ? "Confirmed" : "Likely",
      "Single cluster?": "Yes",
      "H100 equivalents": String(1_000 + (i % 50_000)),
      "Chip type (primary)": chips[i % chips.length] ?? "",
      "Chip quantity (primary)": String(512 + (i % 4_096)),
      Country: "United States of America",
      Owner: owners[i % owners.length] ?? "",
      "First Operational Date": "2025-03-01",
      Note: `Bench site ${i}: a note of a sentence or two, as Epoch writes them, with a comma.`,
      "Power Capacity (MW)": String(5 + (i % 300)),
      Location: places[i % places.length] ?? "",
      Users: "Cloud",
      "Source 1": `https://example.org/cluster/${i}`,
    });
}

function* centerLines(): Iterable<string> {
  yield DATA_CENTERS_COLUMNS.join(",");
  yield csvLine(DATA_CENTERS_COLUMNS, {
    Handle: "Bench Hub Texas",
    Title: "Bench Hub",
    Project: "Bench",
    Address: "Abilene, TX",
    Owner: "Crusoe",
    Users: "OpenAI",
    "Current H100 equivalents": "1000",
    "Current power (MW)": "100",
  });
}

function* timelineLines(): Iterable<string> {
  yield DATA_CENTER_TIMELINES_COLUMNS.join(",");
  yield csvLine(DATA_CENTER_TIMELINES_COLUMNS, {
    Date: "2025-05-19",
    "Data center": "Bench Hub Texas",
    "Construction status": "Land clearing begins",
    "Power (MW)": "0.0",
  });
}

type CliResult = { status: number | null; peakRssMb: number; seconds: number; output: string };

/** One CLI run under GNU time: its exit status, peak RSS (MB) and wall time. */
async function runCli(args: string[], databaseUrl: string): Promise<CliResult> {
  const cli =
    OTHER_CLI === undefined
      ? apiProcess("cli", args)
      : { command: process.execPath, args: [OTHER_CLI, ...args], cwd: process.cwd() };
  const started = performance.now();
  const child = spawn(TIME, ["-f", "maxrss-kb=%M", cli.command, ...cli.args], {
    cwd: cli.cwd,
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      DATABASE_URL: databaseUrl,
      TPI_TEST_CLOCK: NOW.toISOString(),
    },
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const [status] = (await once(child, "close")) as [number | null];
  const kb = Number(/maxrss-kb=(\d+)/.exec(output)?.[1] ?? Number.NaN);
  return {
    status,
    peakRssMb: kb / 1024,
    seconds: (performance.now() - started) / 1000,
    output: output.replace(/maxrss-kb=\d+\n?/, "").trim(),
  };
}

function report(what: string, result: CliResult): boolean {
  const within = result.peakRssMb < TARGET_PEAK_RSS_MB;
  console.log(
    `${what}: exit ${result.status}, ${result.seconds.toFixed(1)} s, peak RSS ${result.peakRssMb.toFixed(0)} MB (target < ${TARGET_PEAK_RSS_MB} MB) ${within ? "OK" : "ABOVE TARGET"}`,
  );
  const last = result.output.split("\n").filter((line) => line.trim() !== "");
  for (const line of last.slice(result.status === 0 ? -3 : -12))
    console.log(`  ${line.slice(0, 300)}`);
  return result.status === 0 && within;
}

if (!existsSync(TIME)) throw new Error(`${TIME} (GNU time) is needed to measure the peak RSS`);
const scratch = mkdtempSync(join(tmpdir(), "tpi-file-import-bench-"));
const pg = await startTestPostgres();
let ok = true;
try {
  if (ONLY === undefined || ONLY === "memory") {
    const database = await createTestDatabase(pg.adminUrl);
    try {
      const path = join(scratch, "memory.csv");
      const bytes = await writeLines(path, memoryLines(MEMORY_ROWS));
      console.log(
        `memory file: ${MEMORY_ROWS.toLocaleString("en-US")} rows, ${(bytes / 1e6).toFixed(0)} MB`,
      );
      for (const run of ["first import", "re-import"])
        ok =
          report(
            `memory ${run}`,
            await runCli(["memory", "import", "--file", path], database.url),
          ) && ok;
    } finally {
      await database.drop();
    }
  }
  if (ONLY === undefined || ONLY === "neocloud") {
    const database = await createTestDatabase(pg.adminUrl);
    try {
      const paths = {
        clusters: join(scratch, "gpu_clusters.csv"),
        centers: join(scratch, "data_centers.csv"),
        timelines: join(scratch, "data_center_timelines.csv"),
      };
      const bytes = await writeLines(paths.clusters, clusterLines(EPOCH_SITES));
      await writeLines(paths.centers, centerLines());
      await writeLines(paths.timelines, timelineLines());
      console.log(
        `Epoch GPU Clusters file: ${EPOCH_SITES.toLocaleString("en-US")} sites, ${(bytes / 1e6).toFixed(0)} MB`,
      );
      const args = neocloudImportArgs(paths);
      for (const run of ["first import", "re-import"])
        ok = report(`neocloud ${run}`, await runCli(args, database.url)) && ok;
      // `neocloud status` counts the stored sites in the database, as the import command does
      // last to say what is served: its figure is the CLI's own with a few queries.
      report(
        "neocloud status (sites counted, no import)",
        await runCli(["neocloud", "status"], database.url),
      );
    } finally {
      await database.drop();
    }
  }
} finally {
  await pg.stop();
  rmSync(scratch, { recursive: true, force: true });
}
process.exitCode = ok ? 0 : 1;
