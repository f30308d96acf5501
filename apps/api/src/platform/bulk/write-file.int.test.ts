import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import type { BulkColumn, BulkRow } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  PARQUET_ROW_GROUP_ROWS,
  WORKER_BATCH_ROWS,
  writeBulkFile,
  writeBulkFileWith,
} from "./write-file";

/**
 * The files as a real consumer reads them: DuckDB gets back exactly the rows written, with the
 * column types the columns state, from the Parquet file and from the CSV read with those types.
 */
const COLUMNS: readonly BulkColumn[] = [
  { name: "series", type: "string", nullable: false, description: "series" },
  { name: "day", type: "date", nullable: false, description: "day" },
  { name: "asOf", type: "timestamp", nullable: true, description: "instant" },
  { name: "price", type: "decimal", scale: 6, nullable: true, description: "USD" },
  { name: "ratio", type: "double", nullable: true, description: "ratio" },
  { name: "count", type: "integer", nullable: true, description: "count" },
  { name: "sample", type: "boolean", nullable: true, description: "flag" },
];

const DUCKDB_TYPES = [
  "VARCHAR",
  "DATE",
  "TIMESTAMP WITH TIME ZONE",
  "DECIMAL(38,6)",
  "DOUBLE",
  "BIGINT",
  "BOOLEAN",
];

const HOSTILE = [
  'comma, and "quotes"',
  "line\nbreak",
  "carriage\r\nreturn",
  '=HYPERLINK("http://x")',
  "+1",
  "-1",
  "@SUM(A1)",
  "unicode: é ü 日本語 🚀",
  " leading and trailing spaces ",
  "",
  '"',
];

const ROWS: BulkRow[] = [
  ...HOSTILE.map((series, i) => ({
    series,
    day: `2026-01-${String(i + 1).padStart(2, "0")}`,
    asOf: `2026-01-0${(i % 9) + 1}T23:59:59.${String(i).padStart(3, "0")}Z`,
    price: `${i}.${String(i).padStart(6, "0")}`,
    ratio: i / 3,
    count: i * 1000,
    sample: i % 2 === 0,
  })),
  // Edges: 38-digit decimals, doubles whose shortest text is long or tiny, the largest safe integer.
  {
    series: "edges",
    day: "1970-01-01",
    asOf: "1970-01-01T00:00:00.000Z",
    price: "99999999999999999999999999999999.999999",
    ratio: 0.1 + 0.2,
    count: Number.MAX_SAFE_INTEGER,
    sample: true,
  },
  {
    series: "edges",
    day: "1969-12-31",
    asOf: "2026-06-30T12:00:00.001Z",
    price: "-0.000001",
    ratio: Number.MIN_VALUE,
    count: -Number.MAX_SAFE_INTEGER,
    sample: false,
  },
  {
    series: "edges",
    day: "2100-02-28",
    asOf: "2026-11-29T00:00:00.000+00:00",
    price: "-99999999999999999999999999999999.999999",
    ratio: Number.MAX_VALUE,
    count: 0,
    sample: false,
  },
  {
    series: "nulls",
    day: "2026-02-01",
    asOf: null,
    price: null,
    ratio: null,
    count: null,
    sample: null,
  },
];

/** A row as DuckDB should give it back: the written values, dates and instants in its text. */
function expected(row: BulkRow): Record<string, unknown> {
  return {
    ...row,
    asOf: row.asOf === null ? null : duckTimestamp(row.asOf as string),
    count: row.count === null ? null : BigInt(row.count as number),
  };
}

function duckTimestamp(iso: string): string {
  return new Date(iso).toISOString();
}

async function* stream(rows: readonly BulkRow[]): AsyncIterable<BulkRow> {
  yield* rows;
}

/**
 * Event loop turns a large Parquet file's writing must leave: a few when the encoding ran on the
 * api's thread (7 for three row groups, measured), some 300,000 with the worker.
 */
const EVENT_LOOP_TURNS = 1_000;

let dir: string;
let duck: DuckDBConnection;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tpi-bulk-"));
  duck = await (await DuckDBInstance.create(":memory:")).connect();
  await duck.run("SET TimeZone = 'UTC'");
});

afterAll(async () => {
  duck.closeSync();
  await rm(dir, { recursive: true, force: true });
});

async function read(sql: string): Promise<{ types: string[]; rows: Record<string, unknown>[] }> {
  const reader = await duck.runAndReadAll(sql);
  return {
    types: reader.columnTypes().map(String),
    rows: reader
      .getRowObjects()
      .map((row) =>
        Object.fromEntries(
          Object.entries(row).map(([name, value]) => [
            name,
            value !== null && typeof value === "object"
              ? "micros" in value && typeof value.micros === "bigint"
                ? new Date(Number(value.micros / 1000n)).toISOString()
                : value.toString()
              : value,
          ]),
        ),
      ),
  };
}

const CSV_TYPES = COLUMNS.map((column, i) => `'${column.name}': '${DUCKDB_TYPES[i]}'`).join(", ");

describe("writeBulkFile", () => {
  it("writes Parquet that DuckDB reads back exactly, with typed columns", async () => {
    const path = join(dir, "exact.parquet");
    const written = await writeBulkFile("parquet", COLUMNS, stream(ROWS), path);
    const bytes = await readFile(path);
    expect(written).toEqual({
      rows: ROWS.length,
      bytes: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
    const { types, rows } = await read(`SELECT * FROM read_parquet('${path}')`);
    expect(types).toEqual(DUCKDB_TYPES);
    expect(rows).toEqual(ROWS.map(expected));
    // Doubles come back bit-exact, not merely close.
    expect(rows.map((row) => row.ratio)).toStrictEqual(ROWS.map((row) => row.ratio));
  });

  it("writes an RFC 4180 CSV that DuckDB reads back exactly with the columns' types", async () => {
    const path = join(dir, "exact.csv");
    const written = await writeBulkFile("csv", COLUMNS, stream(ROWS), path);
    const text = await readFile(path, "utf8");
    expect(written.bytes).toBe(Buffer.byteLength(text));
    expect(text.startsWith("series,day,asOf,price,ratio,count,sample\r\n")).toBe(true);
    // Null is an empty field; the empty string is a quoted empty field only when it must be.
    expect(text.endsWith("nulls,2026-02-01,,,,,\r\n")).toBe(true);
    const { types, rows } = await read(
      `SELECT * FROM read_csv('${path}', header = true, quote = '"', escape = '"', allow_quoted_nulls = false, columns = {${CSV_TYPES}})`,
    );
    expect(types).toEqual(DUCKDB_TYPES);
    // The empty text is written `""`, which DuckDB tells from a null's empty field when asked.
    expect(rows).toEqual(ROWS.map(expected));
    expect(rows.map((row) => row.ratio)).toStrictEqual(ROWS.map((row) => row.ratio));
  });

  it("writes timestamps in CSV as ISO 8601 UTC with milliseconds, whatever offset they came with", async () => {
    const path = join(dir, "instants.csv");
    await writeBulkFile("csv", COLUMNS, stream(ROWS.slice(-2)), path);
    expect(await readFile(path, "utf8")).toContain(",2026-11-29T00:00:00.000Z,");
  });

  it("splits Parquet into row groups of bounded size", async () => {
    const columns = COLUMNS.slice(0, 2);
    const count = PARQUET_ROW_GROUP_ROWS * 2 + 1;
    async function* many(): AsyncIterable<BulkRow> {
      for (let i = 0; i < count; i++) yield { series: `s${i % 7}`, day: "2026-01-01" };
    }
    const path = join(dir, "groups.parquet");
    expect((await writeBulkFile("parquet", columns, many(), path)).rows).toBe(count);
    const { rows } = await read(
      `SELECT row_group_num_rows AS n FROM parquet_metadata('${path}') WHERE column_id = 0 ORDER BY row_group_id`,
    );
    expect(rows.map((row) => row.n)).toEqual([
      BigInt(PARQUET_ROW_GROUP_ROWS),
      BigInt(PARQUET_ROW_GROUP_ROWS),
      1n,
    ]);
  });

  it("writes a file with no rows that DuckDB reads as empty with its columns", async () => {
    for (const format of ["csv", "parquet"] as const) {
      const path = join(dir, `empty.${format}`);
      expect((await writeBulkFile(format, COLUMNS, stream([]), path)).rows).toBe(0);
      const source =
        format === "csv"
          ? `read_csv('${path}', header = true, columns = {${CSV_TYPES}})`
          : `read_parquet('${path}')`;
      const { types, rows } = await read(`SELECT * FROM ${source}`);
      expect([types, rows]).toEqual([DUCKDB_TYPES, []]);
    }
  });

  it("writes byte-identical files for equal rows", async () => {
    for (const format of ["csv", "parquet"] as const) {
      const first = await writeBulkFile(
        format,
        COLUMNS,
        stream(ROWS),
        join(dir, `first.${format}`),
      );
      const second = await writeBulkFile(
        format,
        COLUMNS,
        stream(ROWS),
        join(dir, `second.${format}`),
      );
      expect(second).toEqual(first);
      expect(await readFile(join(dir, `second.${format}`))).toEqual(
        await readFile(join(dir, `first.${format}`)),
      );
    }
  });

  it("leaves nothing under the final name, nor a partial file, when the rows fail midway", async () => {
    for (const format of ["csv", "parquet"] as const) {
      // After a row group has been written, and with a batch in the worker's hands.
      async function* failing(): AsyncIterable<BulkRow> {
        for (let i = 0; i < PARQUET_ROW_GROUP_ROWS + WORKER_BATCH_ROWS * 1.5; i++)
          yield ROWS[i % ROWS.length] ?? {};
        throw new Error("the database went away");
      }
      const path = join(dir, `failed.${format}`);
      await expect(writeBulkFile(format, COLUMNS, failing(), path)).rejects.toThrow(
        "the database went away",
      );
      expect([existsSync(path), existsSync(`${path}.partial`)]).toEqual([false, false]);
    }
  });

  it("refuses a value its column cannot hold exactly, and leaves nothing behind", async () => {
    const valid = ROWS.at(-1) ?? {};
    const cases: BulkRow[] = [
      { ...valid, price: "1.0000001" },
      { ...valid, price: "100000000000000000000000000000000.000000" },
      { ...valid, day: "2026-02-30" },
      { ...valid, asOf: "2026-01-01T00:00:00" },
      { ...valid, count: 1.5 },
      { ...valid, ratio: Number.NaN },
      { ...valid, series: null },
    ];
    for (const format of ["csv", "parquet"] as const)
      for (const [i, row] of cases.entries()) {
        const path = join(dir, `refused-${i}.${format}`);
        await expect(writeBulkFile(format, COLUMNS, stream([row]), path)).rejects.toThrow(
          RangeError,
        );
        expect([existsSync(path), existsSync(`${path}.partial`)]).toEqual([false, false]);
      }
  });

  it("keeps the event loop turning while a large Parquet file is encoded", async () => {
    // Three row groups of varied rows. The rows come without ever waiting, so the event loop turns
    // only while the writer waits: in the worker's encoding (many turns), not on the disk alone
    // (a few per row group when the encoding ran on this thread).
    const count = PARQUET_ROW_GROUP_ROWS * 3;
    async function* many(): AsyncIterable<BulkRow> {
      for (let i = 0; i < count; i++) {
        const row = ROWS[i % ROWS.length] ?? {};
        yield { ...row, series: `series ${i % 97}`, ratio: i / 7, count: i };
      }
    }
    let turns = 0;
    let turning = true;
    const turn = () => {
      turns++;
      if (turning) setImmediate(turn);
    };
    setImmediate(turn);
    const written = await writeBulkFile("parquet", COLUMNS, many(), join(dir, "large.parquet"));
    turning = false;
    expect(written.rows).toBe(count);
    expect(turns).toBeGreaterThan(EVENT_LOOP_TURNS);
  });

  it("leaves nothing under the final name, nor a partial file, when the worker dies", async () => {
    // Workers that have begun the partial file, then throw, or exit, at the first rows.
    const crashing = (onRows: string) =>
      new URL(
        `data:text/javascript,${encodeURIComponent(`
          import { writeFileSync } from "node:fs";
          import { parentPort, workerData } from "node:worker_threads";
          writeFileSync(workerData.path, "half a file");
          parentPort.on("message", () => { ${onRows} });`)}`,
      );
    const cases = [
      { onRows: 'throw new Error("the worker broke")', message: "the worker broke" },
      { onRows: "process.exit(3)", message: "exit code 3" },
    ];
    for (const [i, { onRows, message }] of cases.entries()) {
      const path = join(dir, `crashed-${i}.parquet`);
      await expect(
        writeBulkFileWith(crashing(onRows), "parquet", COLUMNS, stream(ROWS), path),
      ).rejects.toThrow(message);
      expect([existsSync(path), existsSync(`${path}.partial`)]).toEqual([false, false]);
    }
  });
});
