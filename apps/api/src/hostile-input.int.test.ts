// @module-tag zone
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  DATA_CENTERS_COLUMNS,
  DATA_CENTER_TIMELINES_COLUMNS,
  GPU_CLUSTERS_COLUMNS,
} from "@tpi/domain";
import { beforeAll, describe, expect, it } from "vitest";
import { importGpuTradeFile } from "./markets/gpu/jobs/trade-import";
import { importMemoryFile } from "./markets/memory/jobs/import";
import { importSites } from "./markets/neocloud/jobs/epoch-import";
import { importObservations } from "./markets/token/jobs/observation-import";
import { readObservationFile } from "./markets/token/sources/observation-file";
import { RecordFileError } from "./platform/ingest/record-file";
import { closedAfterFile, tempDirForFile } from "./testing/file-fixtures";
import { CENTERS, CLUSTERS, csv, geocoder, TIMELINES } from "./testing/neocloud-files";
import { startTestApi } from "./testing/test-api";

/**
 * Every market's file import, run as its command runs it, against the files a hostile or broken
 * source hands over: each case is refused with its line and field (or neutralised, and said), and
 * what is stored and published is the same after as before.
 */

const NOW = new Date("2026-03-11T12:00:00.000Z");
const api = closedAfterFile(await startTestApi({ now: NOW }));
const dir = tempDirForFile("tpi-hostile-");

type Row = Record<string, string>;
type Format = "csv" | "json";

/**
 * One market's import: its file's columns and JSON form, valid rows, the columns the cases spoil,
 * how its command runs it and what must not change.
 */
type HostileImporter = {
  market: string;
  /** The file's header, in the import's order. */
  header: readonly string[];
  /** The import's JSON form: a line per row, one array, or none (it reads CSV only). */
  json: "lines" | "array" | undefined;
  /** Data rows of a valid file (the first, line 2, is the one each case spoils). */
  rows: readonly Row[];
  /** Columns the cases spoil: a bounded number, a date, a free text. */
  columns: { number: string; date: string; text: string };
  /** Whether a date may lie ahead of the import (a planned site's): then no case spoils it so. */
  futureDatesValid: boolean;
  /** The import as its command runs it: the refusal's messages, or `accepted: ...` when it wrote. */
  run: (bytes: Uint8Array, format: Format) => Promise<string[]>;
  /** What is stored and published (the cases must leave it as it was). */
  state: () => Promise<unknown>;
};

let fileCounter = 0;
function tempFile(bytes: Uint8Array, extension: string): string {
  const path = join(dir, `f${(fileCounter += 1)}.${extension}`);
  writeFileSync(path, bytes);
  return path;
}
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));
/** A JSON placeholder a case puts where the file must hold a raw number JSON cannot represent. */
const HUGE_JSON_NUMBER = "__1e999__";
const jsonValue = (value: string) => (value === HUGE_JSON_NUMBER ? "1e999" : JSON.stringify(value));
const jsonObject = (row: Row) =>
  `{${Object.entries(row)
    .map(([key, value]) => `${JSON.stringify(key)}:${jsonValue(value)}`)
    .join(",")}}`;

/** An importer's file of `rows` in `format`; undefined for JSON where it reads CSV only. */
function encode(importer: HostileImporter, rows: readonly Row[], format: Format) {
  if (format === "csv") return utf8(csv(importer.header, rows));
  if (importer.json === "lines") return utf8(rows.map((row) => `${jsonObject(row)}\n`).join(""));
  if (importer.json === "array") return utf8(`[${rows.map(jsonObject).join(",\n")}]\n`);
  return undefined;
}

/** Epoch's other two files stay as they are; the cases spoil GPU Clusters, whose first row is one line. */
function epochFiles(clusters: Uint8Array) {
  // The same paths every time: a site records where it was read from.
  const files = {
    gpuClusters: join(dir, "gpu_clusters.csv"),
    dataCenters: join(dir, "data_centers.csv"),
    timelines: join(dir, "data_center_timelines.csv"),
  };
  writeFileSync(files.gpuClusters, clusters);
  writeFileSync(files.dataCenters, csv(DATA_CENTERS_COLUMNS, CENTERS));
  writeFileSync(files.timelines, csv(DATA_CENTER_TIMELINES_COLUMNS, TIMELINES));
  return files;
}

const IMPORTERS: readonly HostileImporter[] = [
  {
    market: "token",
    header: [
      "date",
      "model_id",
      "lab",
      "input_price_per_mtok",
      "output_price_per_mtok",
      "input_tokens",
      "output_tokens",
      "source",
    ],
    json: "lines",
    rows: [
      {
        date: "2026-03-09",
        model_id: "anthropic/claude-a",
        lab: "anthropic",
        input_price_per_mtok: "3",
        output_price_per_mtok: "15",
        input_tokens: "800000",
        output_tokens: "200000",
        source: "vendor",
      },
      {
        date: "2026-03-09",
        model_id: "openai/gpt-a",
        lab: "openai",
        input_price_per_mtok: "1.25",
        output_price_per_mtok: "10",
        input_tokens: "500000",
        output_tokens: "100000",
        source: "vendor",
      },
    ],
    columns: { number: "input_price_per_mtok", date: "date", text: "source" },
    futureDatesValid: false,
    async run(bytes, format) {
      const recordFormat = format === "csv" ? "csv" : "jsonl";
      const path = tempFile(bytes, recordFormat);
      try {
        const report = await importObservations(
          api.databaseUrl,
          () => readObservationFile(path, recordFormat, NOW),
          { skipInvalid: false },
        );
        return report.written
          ? [`accepted: ${report.rowsRead} row(s)`]
          : report.issues.map((issue) => `line ${issue.line}: ${issue.reason}`);
      } catch (error) {
        if (error instanceof RecordFileError) return [error.message];
        throw error;
      }
    },
    state: () => api.db.observation.findMany({ orderBy: [{ date: "asc" }, { modelId: "asc" }] }),
  },
  {
    market: "gpu",
    header: ["gpu_name", "executed_at", "price_usd_per_gpu_hour", "gpu_hours", "provider"],
    json: "lines",
    rows: [
      {
        gpu_name: "H100 SXM",
        executed_at: "2026-03-10 10:15:00",
        price_usd_per_gpu_hour: "2.10",
        gpu_hours: "8",
        provider: "acme",
      },
      {
        gpu_name: "H200",
        executed_at: "2026-03-10 11:00:00",
        price_usd_per_gpu_hour: "3.40",
        gpu_hours: "16",
        provider: "acme",
      },
    ],
    columns: { number: "price_usd_per_gpu_hour", date: "executed_at", text: "provider" },
    futureDatesValid: false,
    async run(bytes, format) {
      const outcome = await importGpuTradeFile(api.db, bytes, format === "csv" ? "csv" : "jsonl", {
        now: NOW,
        source: "hostile",
      });
      return outcome.kind === "imported"
        ? [`accepted: ${outcome.report.inserted} new trade(s)`]
        : outcome.errors.map((error) => `line ${error.line}: ${error.message}`);
    },
    state: () => api.db.gpuTrade.findMany({ orderBy: [{ executedAt: "asc" }] }),
  },
  {
    market: "memory",
    header: ["type", "price", "observedAt", "source", "citation"],
    json: "array",
    rows: [
      {
        type: "mem_ddr5_16gb",
        price: "5.5",
        observedAt: "2026-03-09",
        source: "acme",
        citation: "Source: Acme",
      },
      {
        type: "mem_slc_1gb",
        price: "1.25",
        observedAt: "2026-03-10",
        source: "acme",
        citation: "Source: Acme",
      },
    ],
    columns: { number: "price", date: "observedAt", text: "citation" },
    futureDatesValid: false,
    async run(bytes, format) {
      const outcome = await importMemoryFile(api.db, {
        path: `hostile.${format}`,
        content: bytes,
        now: NOW,
        maxWaitMs: 0,
      });
      if (outcome.kind === "invalid") return outcome.errors;
      if (outcome.kind === "imported") return ["accepted"];
      throw new Error(`the memory import did not run: ${JSON.stringify(outcome)}`);
    },
    state: async () => ({
      observations: await api.db.memoryObservation.findMany({ orderBy: { id: "asc" } }),
      settlements: await api.db.memorySettlement.findMany({
        orderBy: [{ typeId: "asc" }, { day: "asc" }],
      }),
    }),
  },
  {
    market: "neocloud",
    header: GPU_CLUSTERS_COLUMNS,
    json: undefined,
    rows: CLUSTERS,
    columns: { number: "Power Capacity (MW)", date: "First Operational Date", text: "Note" },
    futureDatesValid: true,
    async run(bytes) {
      const report = await importSites(api.db, epochFiles(bytes), {
        trigger: "manual",
        now: NOW,
        fetchTimeoutMs: 5_000,
        geocoder,
      });
      if (!report.ran) throw new Error(`the Epoch import did not run: ${report.reason}`);
      return [report.outcome === "ok" ? `accepted: ${report.message}` : report.message];
    },
    state: () =>
      api.db.neocloudSite.findMany({
        orderBy: { id: "asc" },
        select: { id: true, contentHash: true, site: true },
      }),
  },
];
const FIFTY_MB = 50 * 1024 * 1024;

/** A hostile file: built from an importer's valid rows; undefined where the case cannot arise. */
type HostileCase = {
  name: string;
  file: (importer: HostileImporter) => { bytes: Uint8Array; format: Format } | undefined;
};

const spoiled = (importer: HostileImporter, column: string, value: string) => [
  { ...importer.rows[0], [column]: value } as Row,
  ...importer.rows.slice(1),
];
const csvFile = (importer: HostileImporter, rows: readonly Row[]) => ({
  bytes: encode(importer, rows, "csv") ?? new Uint8Array(),
  format: "csv" as const,
});
/** The valid file with its line `line` (1-based) rewritten as text. */
const withLine = (importer: HostileImporter, line: number, rewrite: (text: string) => string) => {
  const lines = Buffer.from(encode(importer, importer.rows, "csv") ?? [])
    .toString("utf8")
    .split("\n");
  lines[line - 1] = rewrite(lines[line - 1] ?? "");
  return { bytes: utf8(lines.join("\n")), format: "csv" as const };
};

const CASES: HostileCase[] = [
  {
    name: "a number far out of bounds (1e20)",
    file: (i) => csvFile(i, spoiled(i, i.columns.number, "1e20")),
  },
  {
    name: "a date in year 0001",
    file: (i) => csvFile(i, spoiled(i, i.columns.date, "0001-01-01")),
  },
  {
    name: "a date next year (2027), after the import",
    file: (i) =>
      i.futureDatesValid ? undefined : csvFile(i, spoiled(i, i.columns.date, "2027-01-04")),
  },
  {
    name: "a date in year 9999",
    file: (i) => csvFile(i, spoiled(i, i.columns.date, "9999-12-31")),
  },
  {
    name: "a 50 MB text field",
    file: (i) => csvFile(i, spoiled(i, i.columns.text, "x".repeat(FIFTY_MB))),
  },
  {
    name: "a Latin-1 byte in a UTF-8 file",
    file: (i) => {
      // U+0001 stands in for the byte: written as UTF-8 it is 0x01, then made a Latin-1 é.
      const bytes = csvFile(i, spoiled(i, i.columns.text, "Montr\u0001al")).bytes;
      return { bytes: bytes.map((byte) => (byte === 0x01 ? 0xe9 : byte)), format: "csv" };
    },
  },
  {
    name: "a row with one field too many",
    file: (i) => withLine(i, 2, (text) => `${text},extra`),
  },
  {
    name: "a row repeated whole",
    file: (i) => csvFile(i, [i.rows[0] as Row, ...i.rows]),
  },
  {
    name: "a file cut off in the middle of its first row",
    file: (i) => {
      const [header = "", first = ""] = Buffer.from(encode(i, i.rows, "csv") ?? [])
        .toString("utf8")
        .split("\n");
      return { bytes: utf8(`${header}\n${first.slice(0, first.length >> 1)}`), format: "csv" };
    },
  },
  {
    name: "a header-only file",
    file: (i) => csvFile(i, []),
  },
  {
    name: "a JSON number too large to be finite (1e999)",
    file: (i) => {
      const bytes = encode(i, spoiled(i, i.columns.number, HUGE_JSON_NUMBER), "json");
      return bytes === undefined ? undefined : { bytes, format: "json" };
    },
  },
];

/**
 * What each import says of each case (its first message), by market; "n/a" where the case
 * cannot arise: Epoch's files are CSV only, and a site's first operational date may lie ahead
 * (a planned site).
 */
const EXPECTED: Record<string, Record<string, RegExp | "n/a">> = {
  "a number far out of bounds (1e20)": {
    token: /^line 2: input_price_per_mtok is above 10,000 USD per million tokens/,
    gpu: /^line 2: price_usd_per_gpu_hour '1e20' must be a number above 0 and at most 1000/,
    memory: /^line 2, field 'price': /,
    neocloud: /line 2: field 'powerCapacity' is 100000000000000000000; a site's MW are from 0/,
  },
  "a date in year 0001": {
    token: /^line 2: date must be from 2020-01-01 to today \(2026-03-11, UTC\): '0001-01-01'/,
    gpu: /^line 2: executed_at .* is before 2010-01-01/,
    memory: /^line 2, field 'observedAt': must be from 2000-01-01/,
    neocloud: /line 2: field 'phase1LiveDate' is 0001-01-01; a site's dates are from 1990 to 2100/,
  },
  "a date next year (2027), after the import": {
    token: /^line 2: date must be from 2020-01-01 to today/,
    gpu: /^line 2: executed_at 2027-01-04T00:00:00.000Z is in the future/,
    memory: /^line 2, field 'observedAt': must be from 2000-01-01 to 2026-03-11T20:00:00.000Z/,
    neocloud: "n/a",
  },
  "a date in year 9999": {
    token: /^line 2: date must be from 2020-01-01 to today/,
    gpu: /^line 2: executed_at 9999-12-31T00:00:00.000Z is in the future/,
    memory: /^line 2, field 'observedAt': must be from 2000-01-01/,
    neocloud: /line 2: field 'phase1LiveDate' is 9999-12-31; a site's dates are from 1990 to 2100/,
  },
  "a 50 MB text field": {
    token: /^line 2: source must be 1 to 100 characters .*\(52,428,800 characters\)$/,
    gpu: /^line 2: provider is 52,428,800 characters; at most 200$/,
    memory: /^line 2, field 'citation': is 52,428,800 characters; at most 1,000$/,
    neocloud: /line 2: field 'sourceNotes' is 52,428,800 characters; at most 20,000/,
  },
  "a Latin-1 byte in a UTF-8 file": {
    token: /^line 2: the file is not valid UTF-8 \(byte 0xe9 at offset \d+\)/,
    gpu: /^line 2: the file is not valid UTF-8 \(byte 0xe9 at offset \d+\)/,
    memory: /^line 2: the file is not valid UTF-8 \(byte 0xe9 at offset \d+\)/,
    neocloud: /line 2: the file is not valid UTF-8 \(byte 0xe9 at offset \d+\)/,
  },
  "a row with one field too many": {
    token: /^line 2: expected 8 fields, got 9$/,
    gpu: /^line 2: expected 5 fields, got 6$/,
    memory: /^line 2: has 6 field\(s\); the header has 5$/,
    neocloud: new RegExp(
      `line 2: ${GPU_CLUSTERS_COLUMNS.length + 1} field\\(s\\) where the header has ${GPU_CLUSTERS_COLUMNS.length}`,
    ),
  },
  "a row repeated whole": {
    token:
      /^line 3: duplicate key \(date, model_id\) = \(2026-03-09, anthropic\/claude-a\): first seen on line 2$/,
    gpu: /^line 3: repeats the trade of line 2/,
    memory: /^line 3: repeats the type, observedAt and source of line 2/,
    neocloud:
      /^accepted: .*1 gpu-clusters row\(s\) repeating an earlier row whole, kept once \(line\(s\) 3\)/,
  },
  "a file cut off in the middle of its first row": {
    token: /^line 2: expected 8 fields, got \d$/,
    gpu: /^line 2: expected 5 fields, got \d$/,
    memory: /^line 2: has \d field\(s\); the header has 5$/,
    neocloud: /line 2: \d+ field\(s\) where the header has \d+/,
  },
  "a header-only file": {
    token: /^accepted: 0 row\(s\)$/,
    gpu: /^accepted: 0 new trade\(s\)$/,
    memory: /^line 1: the file holds no row$/,
    neocloud:
      /the import would remove 6 of the 6 stored gpu-clusters sites \(100%, all of them\).*--allow-shrink/,
  },
  "a JSON number too large to be finite (1e999)": {
    token: /^line 1: input_price_per_mtok is not a number: a number too large to be finite$/,
    gpu: /^line 1: price_usd_per_gpu_hour '1e999' must be a number above 0/,
    memory: /^row 1, field 'price': must be a finite number of USD greater than 0; got '1e999'$/,
    neocloud: "n/a",
  },
};

describe("every market's import against hostile files", () => {
  beforeAll(async () => {
    for (const importer of IMPORTERS) {
      const bytes = encode(importer, importer.rows, "csv") ?? new Uint8Array();
      expect(await importer.run(bytes, "csv"), importer.market).toEqual([
        expect.stringMatching(/^accepted/),
      ]);
    }
  }, 120_000);

  it.each(CASES.map((hostile) => [hostile.name, hostile] as const))(
    "%s: refused with line and field (or neutralised and said), nothing changed",
    async (name, hostile) => {
      const observed: Record<string, unknown> = {};
      const expected: Record<string, unknown> = {};
      for (const importer of IMPORTERS) {
        const want = EXPECTED[name]?.[importer.market];
        const file = hostile.file(importer);
        if (want === "n/a" || file === undefined) {
          observed[importer.market] = file === undefined ? "n/a" : "a file was built";
          expected[importer.market] = want;
          continue;
        }
        const before = await importer.state();
        const messages = await importer.run(file.bytes, file.format);
        const after = await importer.state();
        observed[importer.market] = {
          message: messages[0]?.slice(0, 2_000),
          unchanged: after,
          shortMessage: (messages[0]?.length ?? 0) < 4_000,
        };
        expected[importer.market] = {
          message: expect.stringMatching(want ?? /no expectation/),
          unchanged: before,
          shortMessage: true,
        };
      }
      expect(observed).toEqual(expected);
    },
    300_000,
  );
});
