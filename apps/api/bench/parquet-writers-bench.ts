/**
 * Parquet writers measured on a synthetic year of every market (bench/lib/bulk-year.ts, ~260,000
 * rows over 7 datasets with date, timestamp, decimal, double, integer, boolean and string
 * columns): each candidate writes every dataset in a process of its own, twice (the two runs'
 * SHA-256 say whether its output is byte-deterministic), and prints wall time, the process's peak
 * RSS, the longest event-loop pause (what a server writing files would not answer meanwhile),
 * total bytes; DuckDB then reads each candidate's files back and checks the types it sees
 * and that every decimal is exact.
 *
 *   pnpm --filter @tpi/api exec tsx bench/parquet-writers-bench.ts
 *
 * hyparquet-writer (what writeBulkFile uses) and @duckdb/node-api are the api's own
 * dependencies. The other candidates are not installed in the repository: install them in a
 * scratch directory and point BENCH_PARQUET_MODULES at its node_modules, e.g.
 *   mkdir /tmp/pq && cd /tmp/pq && npm init -y && npm i @dsnp/parquetjs@1.8.9 parquet-wasm@0.8.0 apache-arrow@21.2.0
 *   BENCH_PARQUET_MODULES=/tmp/pq/node_modules pnpm --filter @tpi/api exec tsx bench/parquet-writers-bench.ts
 * A candidate that cannot be loaded is listed as skipped.
 */
/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return --
   the candidates that are not the api's dependencies are loaded untyped from a scratch directory */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import { once } from "node:events";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { DuckDBInstance } from "@duckdb/node-api";
import {
  BULK_DECIMAL_BYTES,
  decimalUnscaled,
  epochDay,
  epochMillis,
  type BulkColumn,
  type BulkRow,
} from "@tpi/domain";
import { PARQUET_ROW_GROUP_ROWS, writeBulkFile } from "../src/platform/bulk/write-file";
import { BULK_YEAR, BULK_YEAR_ROWS } from "./lib/bulk-year";

type Writer = (
  columns: readonly BulkColumn[],
  rows: AsyncIterable<BulkRow>,
  path: string,
) => Promise<void>;

const external = createRequire(
  join(
    process.env.BENCH_PARQUET_MODULES ?? fileURLToPath(new URL("../node_modules", import.meta.url)),
    "x.js",
  ),
);

/** Each candidate: how it writes, and what the bench observed of its streaming (see the docs). */
const CANDIDATES: Record<string, { streams: string; load(): Writer | Promise<Writer> }> = {
  "rows only (baseline)": {
    streams: "-",
    load: () => async (_columns, rows) => {
      for await (const row of rows) void row;
    },
  },
  "csv (writeBulkFile)": {
    streams: "yes: a 256 KB chunk at a time",
    load: () => async (columns, rows, path) => {
      await writeBulkFile("csv", columns, rows, path.replace(/\.parquet$/, ".csv"));
    },
  },
  "hyparquet-writer": {
    streams: `yes: a row group (${PARQUET_ROW_GROUP_ROWS.toLocaleString("en-US")} rows) at a time`,
    load: () => async (columns, rows, path) => {
      await writeBulkFile("parquet", columns, rows, path);
    },
  },
  "@dsnp/parquetjs": { streams: "yes: appendRow, rowGroupSize rows buffered", load: loadParquetjs },
  "parquet-wasm + apache-arrow": {
    streams: "yes: a stream of record batches (transformParquetStream)",
    load: loadParquetWasm,
  },
  "@duckdb/node-api (appender + COPY)": {
    streams: "no: rows go into a DuckDB table, then COPY writes the file",
    load: loadDuckDb,
  },
};

const BATCH_ROWS = PARQUET_ROW_GROUP_ROWS;

/** Big-endian two's complement in 16 bytes: a DECIMAL(38, s) FIXED_LEN_BYTE_ARRAY value. */
function decimalBytes(unscaled: bigint): Buffer {
  const bytes = Buffer.alloc(BULK_DECIMAL_BYTES);
  let value = BigInt.asUintN(128, unscaled);
  for (let i = BULK_DECIMAL_BYTES - 1; i >= 0; i--) {
    bytes[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return bytes;
}

function loadParquetjs(): Writer {
  const parquet = external("@dsnp/parquetjs");
  return async (columns, rows, path) => {
    const fields: Record<string, unknown> = {};
    for (const column of columns) {
      const optional = column.nullable;
      fields[column.name] =
        column.type === "decimal"
          ? { type: "DECIMAL", precision: 38, scale: column.scale, typeLength: 16, optional }
          : {
              type: {
                date: "DATE",
                timestamp: "TIMESTAMP_MILLIS",
                double: "DOUBLE",
                integer: "INT64",
                boolean: "BOOLEAN",
                string: "UTF8",
              }[column.type],
              optional,
            };
    }
    const writer = await parquet.ParquetWriter.openFile(new parquet.ParquetSchema(fields), path, {
      rowGroupSize: BATCH_ROWS,
    });
    for await (const row of rows) {
      const record: Record<string, unknown> = {};
      for (const column of columns) {
        const value = row[column.name];
        if (value === null || value === undefined) continue;
        record[column.name] =
          column.type === "decimal"
            ? decimalBytes(decimalUnscaled(value as string, column.scale ?? 0))
            : column.type === "date" || column.type === "timestamp"
              ? new Date(value as string)
              : column.type === "integer"
                ? BigInt(value as number)
                : value;
      }
      await writer.appendRow(record);
    }
    await writer.close();
  };
}

async function loadParquetWasm(): Promise<Writer> {
  const arrow = external("apache-arrow");
  const wasm = await import(external.resolve("parquet-wasm"));
  const arrowType = (column: BulkColumn) =>
    ({
      date: () => new arrow.DateDay(),
      timestamp: () => new arrow.TimestampMillisecond("UTC"),
      decimal: () => new arrow.Decimal(column.scale ?? 0, 38, 128),
      double: () => new arrow.Float64(),
      integer: () => new arrow.Int64(),
      boolean: () => new arrow.Bool(),
      string: () => new arrow.Utf8(),
    })[column.type]();
  /** One column of a batch as an Arrow vector: fixed-width types from their raw words. */
  function vector(column: BulkColumn, values: unknown[]) {
    const type = arrowType(column);
    if (column.type === "string" || column.type === "boolean" || column.type === "double")
      return arrow.vectorFromArray(values, type);
    const length = values.length;
    const nullBitmap = new Uint8Array(Math.ceil(length / 8));
    let nullCount = 0;
    const width = column.type === "decimal" ? 4 : 1;
    const data =
      column.type === "date"
        ? new Int32Array(length)
        : column.type === "decimal"
          ? new Uint32Array(length * 4)
          : new BigInt64Array(length);
    values.forEach((value, i) => {
      if (value === null || value === undefined) {
        nullCount++;
        return;
      }
      nullBitmap[i >> 3] = (nullBitmap[i >> 3] ?? 0) | (1 << (i & 7));
      if (column.type === "date") (data as Int32Array)[i] = epochDay(value as string);
      else if (column.type === "timestamp")
        (data as BigInt64Array)[i] = BigInt(epochMillis(value as string));
      else if (column.type === "integer") (data as BigInt64Array)[i] = BigInt(value as number);
      else {
        let unscaled = BigInt.asUintN(128, decimalUnscaled(value as string, column.scale ?? 0));
        for (let k = 0; k < width; k++) {
          (data as Uint32Array)[i * 4 + k] = Number(unscaled & 0xffffffffn);
          unscaled >>= 32n;
        }
      }
    });
    return arrow.makeVector(arrow.makeData({ type, length, nullCount, nullBitmap, data }));
  }
  return async (columns, rows, path) => {
    const iterator = rows[Symbol.asyncIterator]();
    const batches = new ReadableStream({
      async pull(controller) {
        const batch: BulkRow[] = [];
        while (batch.length < BATCH_ROWS) {
          const next = await iterator.next();
          if (next.done) break;
          batch.push(next.value);
        }
        if (batch.length === 0) return controller.close();
        const table = new arrow.Table(
          Object.fromEntries(
            columns.map((column) => [
              column.name,
              vector(
                column,
                batch.map((row) => row[column.name]),
              ),
            ]),
          ),
        );
        controller.enqueue(
          wasm.Table.fromIPCStream(arrow.tableToIPC(table, "stream")).recordBatch(0),
        );
      },
    });
    const properties = new wasm.WriterPropertiesBuilder()
      .setCompression(wasm.Compression.SNAPPY)
      .setCreatedBy("bench")
      .build();
    const out = createWriteStream(path);
    for await (const chunk of (await wasm.transformParquetStream(
      batches,
      properties,
    )) as AsyncIterable<Uint8Array>)
      if (!out.write(chunk)) await once(out, "drain");
    out.end();
    await once(out, "close");
  };
}

async function loadDuckDb(): Promise<Writer> {
  const duck = await (await DuckDBInstance.create(":memory:")).connect();
  const sqlType = (column: BulkColumn) =>
    ({
      date: "DATE",
      timestamp: "TIMESTAMPTZ",
      decimal: `DECIMAL(38, ${column.scale ?? 0})`,
      double: "DOUBLE",
      integer: "BIGINT",
      boolean: "BOOLEAN",
      string: "VARCHAR",
    })[column.type];
  return async (columns, rows, path) => {
    await duck.run("DROP TABLE IF EXISTS t");
    await duck.run(
      `CREATE TABLE t (${columns.map((c) => `"${c.name}" ${sqlType(c)}`).join(", ")})`,
    );
    const appender = await duck.createAppender("t");
    for await (const row of rows) {
      for (const column of columns) {
        const value = row[column.name];
        if (value === null || value === undefined) appender.appendNull();
        else if (column.type === "double") appender.appendDouble(value as number);
        else if (column.type === "integer") appender.appendBigInt(BigInt(value as number));
        else if (column.type === "boolean") appender.appendBoolean(value as boolean);
        else appender.appendVarchar(value as string);
      }
      appender.endRow();
    }
    appender.closeSync();
    await duck.run(
      `COPY t TO '${path}' (FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE ${BATCH_ROWS})`,
    );
  };
}

type RunResult =
  | { ms: number; peakRssMb: number; longestPauseMs: number; bytes: number; digest: string }
  | { skipped: string };

/** In a child process: write every dataset with one candidate, print the figures as JSON. */
async function child(name: string, dir: string): Promise<void> {
  let writer: Writer;
  try {
    const candidate = CANDIDATES[name];
    if (candidate === undefined) throw new Error(`no candidate ${name}`);
    writer = await candidate.load();
  } catch (error) {
    console.log(
      JSON.stringify({ skipped: `not loadable: ${(error as Error).message.split("\n")[0]}` }),
    );
    return;
  }
  await mkdir(dir, { recursive: true });
  // The longest the event loop waited: how long a server writing the files would answer nothing.
  const pauses = monitorEventLoopDelay({ resolution: 10 });
  pauses.enable();
  const started = performance.now();
  for (const dataset of BULK_YEAR)
    await writer(dataset.columns, dataset.rows(), join(dir, `${dataset.name}.parquet`));
  const ms = performance.now() - started;
  pauses.disable();
  const longestPauseMs = pauses.max / 1e6;
  const digest = createHash("sha256");
  let bytes = 0;
  for (const dataset of BULK_YEAR) {
    const path = join(dir, `${dataset.name}.${name.startsWith("csv") ? "csv" : "parquet"}`);
    const content = await readFile(path).catch(() => undefined);
    if (content === undefined) continue;
    bytes += content.length;
    digest.update(content);
  }
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(
    JSON.stringify({ ms, peakRssMb, longestPauseMs, bytes, digest: digest.digest("hex") }),
  );
}

function runChild(name: string, dir: string): RunResult {
  const output = execFileSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), "--child", name, dir],
    { encoding: "utf8", maxBuffer: 1 << 20 },
  );
  return JSON.parse(output.trim().split("\n").at(-1) ?? "") as RunResult;
}

/** What DuckDB sees in a candidate's files: the types of the gpu and token columns, decimals exact. */
async function inspect(dir: string): Promise<{ types: string; decimalsExact: boolean }> {
  const duck = await (await DuckDBInstance.create(":memory:")).connect();
  const types = new Set<string>();
  let decimalsExact = true;
  for (const dataset of BULK_YEAR) {
    const path = join(dir, `${dataset.name}.parquet`);
    const reader = await duck.runAndReadAll(`SELECT * FROM read_parquet('${path}') LIMIT 0`);
    reader.columnTypes().forEach((type) => types.add(String(type).replace(/\(.*\)/, "")));
    // Sum each decimal column as DuckDB reads it and as the text says, both exactly.
    for (const column of dataset.columns.filter((c) => c.type === "decimal")) {
      const read = await duck.runAndReadAll(
        `SELECT CAST(SUM(CAST("${column.name}" AS DECIMAL(38, ${column.scale}))) AS VARCHAR) FROM read_parquet('${path}')`,
      );
      let expected = 0n;
      for await (const row of dataset.rows()) {
        const value = row[column.name];
        if (typeof value === "string") expected += decimalUnscaled(value, column.scale ?? 0);
      }
      const got = decimalUnscaled(String(read.getRows()[0]?.[0]), column.scale ?? 0);
      if (got !== expected) decimalsExact = false;
    }
  }
  duck.closeSync();
  return { types: [...types].sort().join(" "), decimalsExact };
}

async function main(): Promise<void> {
  const scratch = await mkdtemp(join(tmpdir(), "tpi-parquet-bench-"));
  console.log(
    `${BULK_YEAR.length} datasets, ${BULK_YEAR_ROWS.toLocaleString("en-US")} rows; each candidate writes them twice, each time in a process of its own\n`,
  );
  const table: string[][] = [
    [
      "writer",
      "MB",
      "write s",
      "peak RSS MB",
      "longest pause ms",
      "deterministic",
      "streams",
      "types DuckDB reads",
      "decimals exact",
    ],
  ];
  try {
    for (const [name, candidate] of Object.entries(CANDIDATES)) {
      const first = runChild(name, join(scratch, `${table.length}-a`));
      if ("skipped" in first) {
        table.push([name, first.skipped]);
        continue;
      }
      const second = runChild(name, join(scratch, `${table.length}-b`));
      if ("skipped" in second) throw new Error(second.skipped);
      const parquet = !name.startsWith("csv") && !name.startsWith("rows");
      const seen = parquet ? await inspect(join(scratch, `${table.length}-a`)) : undefined;
      table.push([
        name,
        (first.bytes / 1e6).toFixed(1),
        (Math.min(first.ms, second.ms) / 1000).toFixed(1),
        Math.max(first.peakRssMb, second.peakRssMb).toFixed(0),
        Math.max(first.longestPauseMs, second.longestPauseMs).toFixed(0),
        name.startsWith("rows") ? "-" : first.digest === second.digest ? "yes" : "no",
        candidate.streams,
        seen?.types ?? "-",
        seen === undefined ? "-" : seen.decimalsExact ? "yes" : "no",
      ]);
      console.log(table.at(-1)?.join(" | "));
    }
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  const [header = [], ...rows] = table;
  console.log(`\n| ${header.join(" | ")} |\n|${header.map(() => " --- ").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
}

const childAt = process.argv.indexOf("--child");
if (childAt >= 0) await child(process.argv[childAt + 1] ?? "", process.argv[childAt + 2] ?? "");
else await main();
