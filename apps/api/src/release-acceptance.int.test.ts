// @module-tag zone
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DuckDBInstance,
  type DuckDBConnection,
  type DuckDBDateValue,
  type DuckDBDecimalValue,
} from "@duckdb/node-api";
import {
  GPU_NAMES,
  HOURLY_RANGE_MAX_DAYS,
  LLM_CODING_PRODUCTS,
  MEMORY_TYPES,
  NEOCLOUD_SITES_LIMIT_MAX,
  addDays,
  bulkColumnsOf,
  eachUtcDay,
  searchesForDay,
  utcDayOf,
  type BulkColumn,
  type BulkRow,
  type UtcDay,
} from "@tpi/domain";
import {
  copyGpuTradesIfAbsent,
  generateGpuSample,
  replaceAppRankingWindow,
  storePriceSnapshots,
  writeCodingCountsOfDay,
} from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETS } from "./markets";
import { tokensItemOfRow } from "./markets/llm-coding/bulk/agent-tokens-daily";
import { historyItemOfRow } from "./markets/llm-coding/bulk/product-daily";
import { LLM_CODING } from "./markets/llm-coding/read-model/state";
import { importMemoryFile } from "./markets/memory/jobs/import";
import { MEMORY } from "./markets/memory/read-model/state";
import { siteOfRow } from "./markets/neocloud/bulk/sites";
import { NEOCLOUD } from "./markets/neocloud/read-model/state";
import { otpiRowOf } from "./markets/token/bulk/datasets";
import { seedTokenSample } from "./markets/token/jobs/sample-seed";
import { workloadItemOfRow } from "./markets/workload/bulk/weekly-session-cost";
import { syncSessionCost } from "./markets/workload/jobs/session-cost-sync";
import { WORKLOAD } from "./markets/workload/read-model/state";
import type { MarketBulkDataset } from "./platform/bulk/dataset";
import { createLogger } from "./platform/observability/logger";
import { releaseCutJob } from "./platform/release-api/cut-job";
import { releaseFileCache } from "./platform/release-api/releases";
import { releaseContextOf } from "./platform/release-api/routes";
import { collectRows, expectSeriesThenPeriod } from "./testing/bulk-rows";
import { closeAll } from "./testing/close-all";
import { startJsonStub, type JsonStub } from "./testing/json-stub";
import { openRouterTestConfig } from "./testing/openrouter-stub";
import { importNeocloudSites, importedNeocloudSites } from "./testing/neocloud-sites";
import { bearer, startTestApi, type TestApi } from "./testing/test-api";

/**
 * Releases over the six real markets, end to end: each market's data stored through its own
 * import or sync (the token and GPU samples seeded and settled, memory observations imported,
 * GitHub counts and OpenRouter rankings written, Epoch's sites imported, OpenRouter's session
 * costs synced), a release cut by the release job, every file of its manifest downloaded over
 * HTTP, checked against the manifest and read with DuckDB, row by row and type by type, against
 * what the dataset's history route serves. Then a count revised after release 1 and release 2
 * cut the next day: release 1 reads (route and files) as before, release 2 and the live route
 * the new value. And the download access rules.
 */

const DELAY_MINUTES = 60;
/** The first release is of 2026-11-26; the second, of the 27th. */
const FIRST_CUT = new Date("2026-11-27T02:00:00.000Z");
const SECOND_CUT = new Date("2026-11-28T02:00:00.000Z");
const SAMPLE_NOW = new Date("2026-11-22T12:00:00.000Z");
const SAMPLE_FROM: UtcDay = "2026-08-01";
/** Whole history of every route: before any sample and after every cut. */
const FIRST_DAY: UtcDay = "2026-01-01";
const LAST_DAY: UtcDay = "2026-11-30";

// --- every market's data, stored as its own jobs store it ---------------------------------------

const CODING_DAYS = eachUtcDay("2026-11-12", "2026-11-23");
const REVISED_DAY: UtcDay = "2026-11-20";
/** A search's count of a day (`revised`: as the later search of that day found it). */
const countOf = (agent: string, metric: string, day: UtcDay, revised = false): number => {
  const dom = Number(day.slice(8));
  if (metric === "opened") return 40 + dom + agent.length + (revised ? 9 : 0);
  if (metric === "merged") return 10 + (dom % 7);
  return 500 + 3 * dom;
};
const writeCounts = (api: TestApi, day: UtcDay, observedAt: Date, revised = false) =>
  writeCodingCountsOfDay(api.db, {
    day,
    observations: searchesForDay(day).map((request) => ({
      agent: request.agent,
      metric: request.metric,
      endpoint: request.endpoint,
      query: request.q,
      count: countOf(request.agent, request.metric, day, revised),
    })),
    observedAt,
    observedOn: addDays(day, revised ? 5 : 2),
    syncId: null,
  });

const MEMORY_OBSERVATIONS = [
  { type: "mem_ddr5_16gb", price: 10, observedAt: "2026-11-02T15:00:00Z", source: "acme" },
  { type: "mem_ddr5_16gb", price: 12.25, observedAt: "2026-11-03T15:00:00Z", source: "beta" },
  { type: "mem_ddr5_16gb", price: 11, observedAt: "2026-11-04T15:00:00Z", source: "acme" },
  {
    type: "DDR4 UDIMM 16GB 3200",
    price: 40,
    observedAt: "2026-11-04T15:00:00Z",
    source: "modulefeed",
    sourceUpdatedAt: "2026-11-04T14:00:00Z",
    licence: "CC BY 4.0",
    citation: "Source: Example module feed.",
  },
];

const SONNET = "anthropic/claude-4.5-sonnet";
const GPT5 = "openai/gpt-5";
type Cell = [app: string, permaslug: string, turns: string, usd: number];
const SESSION_WEEKS: { end: string; cells: Cell[] }[] = [
  {
    end: "2026-11-15",
    cells: [
      ["cline", SONNET, "1-turn", 0.5],
      ["claude-code", SONNET, "2-9-turns", 2.4],
      ["cline", GPT5, "1-turn", 0.42],
    ],
  },
  {
    end: "2026-11-22",
    cells: [
      ["cline", SONNET, "1-turn", 0.55],
      ["claude-code", SONNET, "2-9-turns", 2.5],
      ["cline", GPT5, "1-turn", 0.4],
    ],
  },
];
const priceModel = (id: string, prompt: string, completion: string) => ({
  modelId: id,
  canonicalSlug: id,
  prompt,
  completion,
  inputCacheRead: null,
});

let api: TestApi;
let stub: JsonStub;
let week: (typeof SESSION_WEEKS)[number] | undefined;
const keys = { full: "", premium: "" };
const cacheDir = mkdtempSync(join(tmpdir(), "tpi-release-acceptance-"));
const scratch = mkdtempSync(join(tmpdir(), "tpi-release-downloads-"));
let duck: DuckDBConnection;

async function loadEveryMarket(): Promise<void> {
  // Token and GPU: the samples, settled and published at the sample's clock.
  await seedTokenSample(api.db, { now: SAMPLE_NOW, from: SAMPLE_FROM });
  await api.load([]);
  await copyGpuTradesIfAbsent(api.databaseUrl, () => generateGpuSample(SAMPLE_NOW, SAMPLE_FROM));
  await api.loadGpuTrades([]);
  // Memory: an import.
  const imported = await importMemoryFile(api.db, {
    path: "observations.json",
    content: JSON.stringify(MEMORY_OBSERVATIONS),
    now: SAMPLE_NOW,
  });
  expect(imported.kind).toBe("imported");
  // LLM Coding: each day's GitHub counts, two days of OpenRouter's coding rankings.
  for (const [i, day] of CODING_DAYS.entries())
    await writeCounts(api, day, new Date(SAMPLE_NOW.getTime() + i * 60_000));
  for (const day of ["2026-11-22", "2026-11-23"] as const)
    await replaceAppRankingWindow(api.db, {
      category: "coding",
      windowStart: day,
      windowEnd: day,
      asOf: new Date(`${addDays(day, 1)}T02:00:00.000Z`),
      syncedAt: SAMPLE_NOW,
      rows: [
        // Beyond 2^53: exact only as a decimal.
        {
          appId: 10,
          appName: "Claude Code",
          rank: 1,
          totalRequests: 90,
          totalTokens: 9007199254740993n,
        },
        { appId: 2, appName: "Cline", rank: 2, totalRequests: 50, totalTokens: 500n },
        { appId: 7, appName: "OpenAI Codex", rank: 3, totalRequests: 10, totalTokens: 300n },
      ],
    });
  // Neo-Cloud: one import of Epoch's two datasets.
  const at = new Date("2026-11-21T03:00:00.000Z");
  await importNeocloudSites(api.db, importedNeocloudSites(at), at);
  // Workload: two weeks of OpenRouter's session costs, priced by a stored model list.
  await storePriceSnapshots(api.db, [
    {
      source: "openrouter",
      fetchedAt: new Date("2026-11-01T06:00:00Z"),
      models: [
        priceModel(SONNET, "0.000003", "0.000015"),
        priceModel(GPT5, "0.000002", "0.000008"),
      ],
    },
  ]);
  const config = openRouterTestConfig(stub.url, { maxRetries: 0 });
  for (const next of SESSION_WEEKS) {
    week = next;
    const report = await syncSessionCost(api.db, config, {
      trigger: "manual",
      now: new Date(`${next.end}T23:45:00Z`),
    });
    expect(report).toMatchObject({ written: true, outcome: "ok" });
  }
  await MEMORY.of(api.deps).index.refresh();
  await LLM_CODING.of(api.deps).counts.refresh();
  await NEOCLOUD.of(api.deps).sites.refresh();
  await WORKLOAD.of(api.deps).index.refresh();
}

beforeAll(async () => {
  stub = await startJsonStub((request) =>
    request.path === "/api/v1/datasets/session-cost" && week !== undefined
      ? {
          body: {
            data: week.cells.map(([app, permaslug, turns, usd]) => ({
              app_name: app === "cline" ? "Cline" : "Claude Code",
              app_slug: app,
              median_session_cost_usd: usd,
              model_permaslug: permaslug,
              turn_range: turns,
            })),
            meta: {
              as_of: `${week.end}T23:30:00.000Z`,
              version: "v1",
              window_days: 7,
              window_end_date: week.end,
            },
          },
        }
      : { status: 404, body: {} },
  );
  api = await startTestApi({
    now: SAMPLE_NOW,
    configure: (deps) => ({ ...deps, releaseCacheDir: cacheDir }),
  });
  await loadEveryMarket();
  keys.full = (await api.createKey("full")).key;
  keys.premium = (await api.createKey("premium")).key;
  duck = await (await DuckDBInstance.create(":memory:")).connect();
  await duck.run("SET TimeZone = 'UTC'");
}, 300_000);
afterAll(async () => {
  duck?.closeSync();
  await closeAll(stub, api);
  rmSync(cacheDir, { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

// --- releases, manifests and downloads ------------------------------------------------------------

type FileEntry = {
  variant: "full" | "free";
  format: "csv" | "parquet";
  fileName: string;
  rows: number;
  bytes: number;
  sha256: string;
  url: string;
};
type Manifest = {
  release: number;
  day: string;
  cutAt: string;
  datasets: { market: string; name: string; files: FileEntry[] }[];
};

/** Cuts the due release through the release job at `at`, and says what it logged. */
async function cutAt(at: Date): Promise<string[]> {
  api.clock.now = at;
  const lines: string[] = [];
  const job = releaseCutJob(
    releaseContextOf(api.deps),
    { cutDelayMinutes: DELAY_MINUTES, retentionDays: 365 },
    createLogger("info", (line) => lines.push(line), "json"),
  );
  await job.run(new AbortController().signal);
  return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
}

async function manifestOf(release: number | "latest"): Promise<Manifest> {
  const res = await api.get(`/api/v1/releases/${release}`);
  expect(res.status, res.text).toBe(200);
  return res.body as Manifest;
}

/** A file's bytes over HTTP, and its status. */
async function download(url: string, key?: string): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(`${api.url}${url}`, { headers: key === undefined ? {} : bearer(key) });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Downloads a file (with a key; a free one keyless too) and checks it against its manifest entry. */
async function downloadChecked(file: FileEntry): Promise<Buffer> {
  const keyed = await download(file.url, keys.full);
  expect(keyed.status, file.fileName).toBe(200);
  expect(keyed.bytes.length, file.fileName).toBe(file.bytes);
  expect(sha256(keyed.bytes), file.fileName).toBe(file.sha256);
  if (file.variant === "free") {
    const keyless = await download(file.url);
    expect(keyless.status, file.fileName).toBe(200);
    expect(keyless.bytes.equals(keyed.bytes), file.fileName).toBe(true);
  }
  return keyed.bytes;
}

// --- a file read as a consumer reads it ----------------------------------------------------------

const DUCKDB_TYPE: Record<BulkColumn["type"], (column: BulkColumn) => string> = {
  date: () => "DATE",
  timestamp: () => "TIMESTAMP WITH TIME ZONE",
  decimal: (column) => `DECIMAL(38,${column.scale ?? 0})`,
  double: () => "DOUBLE",
  integer: () => "BIGINT",
  boolean: () => "BOOLEAN",
  string: () => "VARCHAR",
};

/** DuckDB's value as a row holds it: a day, an ISO instant, exact decimal text, a safe number. */
function rowValue(column: BulkColumn, value: unknown): unknown {
  if (value === null) return null;
  switch (column.type) {
    case "timestamp":
      return new Date(Number((value as { micros: bigint }).micros / 1000n)).toISOString();
    case "date":
    case "decimal":
      // DuckDB's DATE and DECIMAL values print as the day and the exact decimal text.
      return (value as DuckDBDateValue | DuckDBDecimalValue).toString();
    case "integer":
      expect(typeof value).toBe("bigint");
      return Number(value as bigint);
    default:
      return value;
  }
}

/** A downloaded file read with DuckDB: its column types checked, its rows as BulkRows. */
async function readFile(
  dataset: MarketBulkDataset,
  file: FileEntry,
  bytes: Buffer,
): Promise<BulkRow[]> {
  const path = join(scratch, file.fileName);
  writeFileSync(path, bytes);
  const columns = bulkColumnsOf(dataset);
  const types = columns.map((column) => DUCKDB_TYPE[column.type](column));
  const csvColumns = columns.map((column, i) => `'${column.name}': '${types[i]}'`).join(", ");
  const reader = await duck.runAndReadAll(
    file.format === "parquet"
      ? `SELECT * FROM read_parquet('${path}')`
      : `SELECT * FROM read_csv('${path}', header = true, quote = '"', escape = '"', allow_quoted_nulls = false, columns = {${csvColumns}})`,
  );
  expect(reader.columnNames(), file.fileName).toEqual(columns.map((column) => column.name));
  expect(reader.columnTypes().map(String), file.fileName).toEqual(types);
  const rows = reader
    .getRowObjects()
    .map(
      (raw) =>
        Object.fromEntries(
          columns.map((column) => [column.name, rowValue(column, raw[column.name])]),
        ) as BulkRow,
    );
  expect(rows.length, file.fileName).toBe(file.rows);
  return rows;
}

// --- what each dataset's history route serves ----------------------------------------------------

type Query = {
  key?: string;
  release?: number;
  from?: UtcDay;
  to?: UtcDay;
  series?: readonly string[];
};

async function served<T>(path: string, key: string | undefined): Promise<T> {
  const res = await api.get(path, key === undefined ? {} : bearer(key));
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return res.body as T;
}
const releaseQuery = (query: Query) =>
  query.release === undefined ? "" : `&release=${query.release}`;
const enc = encodeURIComponent;
const sourcesItem = (row: BulkRow, item: object) =>
  Object.fromEntries(
    Object.keys(item).map((name) => [
      name,
      name === "sources" ? String(row.source).split(";") : row[name],
    ]),
  );

/**
 * For each dataset: its history route's items for every series (or `series`) over a range, and a
 * file row as such an item (the dataset's own mapping where it has one). Items are compared as
 * sets, each row's key unique; the order of a file is checked apart (series then period).
 */
type RouteOf = {
  items(query: Query): Promise<object[]>;
  itemOf(row: BulkRow, like: object): object;
};

const ROUTES: Record<string, RouteOf> = {
  "token/lab-index-daily": {
    async items(q) {
      const body = await served<{ data: object[] }>(
        `/api/otpi?startDate=${q.from ?? FIRST_DAY}&endDate=${q.to ?? LAST_DAY}${releaseQuery(q)}`,
        q.key,
      );
      return body.data.filter(
        (item) => q.series === undefined || q.series.includes((item as { lab: string }).lab),
      );
    },
    itemOf: (row) => otpiRowOf(row),
  },
  "token/token-volume-daily": {
    async items(q) {
      return (
        await served<{ data: object[] }>(
          `/api/token-volume?startDate=${FIRST_DAY}&endDate=${LAST_DAY}&labs=all${releaseQuery(q)}`,
          q.key,
        )
      ).data;
    },
    itemOf: sourcesItem,
  },
  "gpu/index-daily": {
    async items(q) {
      const all: object[] = [];
      for (const gpu of q.series ?? GPU_NAMES) {
        const body = await served<{ data: object[] }>(
          `/api/gpu/${enc(gpu)}/index-history?startDate=${q.from ?? FIRST_DAY}&endDate=${q.to ?? LAST_DAY}${releaseQuery(q)}`,
          q.key,
        );
        all.push(...body.data.map((item) => ({ gpu_type: gpu, ...item })));
      }
      return all;
    },
    itemOf: (row, like) => ({ ...sourcesItem(row, like), gpu_type: row.gpu_type }),
  },
  "gpu/prints-hourly": {
    async items(q) {
      const all: object[] = [];
      for (const gpu of GPU_NAMES)
        for (
          let from = SAMPLE_FROM;
          from <= LAST_DAY;
          from = addDays(from, HOURLY_RANGE_MAX_DAYS)
        ) {
          const to = addDays(from, HOURLY_RANGE_MAX_DAYS - 1);
          const body = await served<{ data: object[] }>(
            `/api/gpu/${enc(gpu)}/hourly?startDate=${from}&endDate=${to}${releaseQuery(q)}`,
            q.key,
          );
          all.push(...body.data.map((item) => ({ gpu_type: gpu, ...item })));
        }
      return all;
    },
    itemOf: (row, like) => ({ ...sourcesItem(row, like), gpu_type: row.gpu_type }),
  },
  "memory/prices-daily": {
    async items(q) {
      const all: object[] = [];
      for (const type of MEMORY_TYPES)
        all.push(
          ...(
            await served<{ data: object[] }>(
              `/api/memory/${enc(type.id)}/history?startDate=${FIRST_DAY}&endDate=${LAST_DAY}${releaseQuery(q)}`,
              q.key,
            )
          ).data,
        );
      return all;
    },
    itemOf: sourcesItem,
  },
  "llm-coding/product-daily": {
    async items(q) {
      const all: object[] = [];
      for (const product of LLM_CODING_PRODUCTS)
        all.push(
          ...(
            await served<{ data: object[] }>(
              `/api/llm-coding/history?product=${product.id}&startDate=${FIRST_DAY}&endDate=${LAST_DAY}&limit=5000${releaseQuery(q)}`,
              q.key,
            )
          ).data,
        );
      return all;
    },
    itemOf: (row) => historyItemOfRow(row),
  },
  "llm-coding/agent-tokens-daily": {
    async items(q) {
      return (
        await served<{ data: object[] }>(
          `/api/llm-coding/tokens?startDate=${FIRST_DAY}&endDate=${LAST_DAY}${releaseQuery(q)}`,
          q.key,
        )
      ).data;
    },
    itemOf: (row) => tokensItemOfRow(row),
  },
  "neocloud/sites": {
    async items(q) {
      return (
        await served<{ data: object[] }>(
          `/api/neocloud/sites?scope=all&limit=${NEOCLOUD_SITES_LIMIT_MAX}${releaseQuery(q)}`,
          q.key,
        )
      ).data;
    },
    itemOf: (row) => siteOfRow(row),
  },
  "workload/weekly-session-cost": {
    async items(q) {
      return (await served<{ data: object[] }>(`/api/workload?cells=none${releaseQuery(q)}`, q.key))
        .data;
    },
    itemOf: (row) => workloadItemOfRow(row),
  },
};

/** JSON with every object's keys sorted: equal for equal values whatever their fields' order. */
const sortedJson = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
      : inner,
  );
/** Items in one canonical order, so that two lists compare as sets of equal items. */
const canonical = (items: readonly object[]) => items.map(sortedJson).sort();

const datasetOf = (market: string, name: string): MarketBulkDataset => {
  const found = MARKETS.flatMap((m) => m.bulkDatasets).find(
    (d) => d.market === market && d.name === name,
  );
  if (found === undefined) throw new Error(`no dataset ${market}/${name}`);
  return found;
};

/** The rows of every file of a release, by file name, each file checked against its manifest. */
async function filesOf(
  manifest: Manifest,
): Promise<Map<string, { rows: BulkRow[]; bytes: Buffer }>> {
  const files = new Map<string, { rows: BulkRow[]; bytes: Buffer }>();
  for (const entry of manifest.datasets)
    for (const file of entry.files) {
      const bytes = await downloadChecked(file);
      files.set(file.fileName, {
        bytes,
        rows: await readFile(datasetOf(entry.market, entry.name), file, bytes),
      });
    }
  return files;
}

/**
 * Every file of a release equals what the history routes serve (`release` given: as of it):
 * a full file every series over the whole history; a free file what a keyless caller is served,
 * the free series over the free window at the cut. CSV and Parquet hold the same rows.
 */
async function expectFilesAreTheRoutes(
  manifest: Manifest,
  files: Map<string, { rows: BulkRow[] }>,
  release?: number,
): Promise<void> {
  for (const entry of manifest.datasets) {
    const dataset = datasetOf(entry.market, entry.name);
    const route = ROUTES[`${entry.market}/${entry.name}`];
    expect(route, `${entry.market}/${entry.name} has a route check`).toBeDefined();
    if (route === undefined) continue;
    const formats = (variant: string) =>
      entry.files
        .filter((file) => file.variant === variant)
        .map((f) => files.get(f.fileName)?.rows ?? []);
    const [fullCsv, fullParquet] = formats("full");
    expect(fullCsv, `${entry.name}: CSV = Parquet`).toStrictEqual(fullParquet);
    const rows = fullCsv ?? [];
    expectSeriesThenPeriod(dataset, rows);
    const full = await route.items({
      key: keys.full,
      ...(release === undefined ? {} : { release }),
    });
    expect(rows.length, `${entry.market}/${entry.name} rows`).toBe(full.length);
    expect(rows.length, `${entry.market}/${entry.name} is not empty`).toBeGreaterThan(0);
    const like = full[0] ?? {};
    expect(
      canonical(rows.map((row) => route.itemOf(row, like))),
      `${entry.market}/${entry.name}`,
    ).toStrictEqual(canonical(full));
    const freeFiles = formats("free");
    expect(freeFiles.length, `${entry.name} free files`).toBe(
      dataset.freeSeries.length > 0 ? 2 : 0,
    );
    if (freeFiles.length === 0) continue;
    expect(freeFiles[0]).toStrictEqual(freeFiles[1]);
    const freeRows = freeFiles[0] ?? [];
    expect(
      freeRows.every((row) => dataset.freeSeries.includes(String(row[dataset.seriesColumn]))),
    ).toBe(true);
    // The free series over the free window at the cut: the full file's rows of them.
    const market = MARKETS.find((m) => m.name === entry.market);
    const window = market?.freeWindow(new Date(manifest.cutAt));
    expect(window).toBeTruthy();
    if (window === null || window === undefined) continue;
    const inWindow = (row: BulkRow) => {
      const day = String(row[dataset.periodColumn]).slice(0, 10);
      return (
        dataset.freeSeries.includes(String(row[dataset.seriesColumn])) &&
        day >= window.startDate &&
        day <= window.endDate
      );
    };
    expect(freeRows, `${entry.name} free rows`).toStrictEqual(rows.filter(inWindow));
    expect(freeRows.length).toBeGreaterThan(0);
    // While the release is the latest and its cut's day lasts: what a keyless caller is served.
    if (release !== undefined || utcDayOf(api.clock.now) !== utcDayOf(new Date(manifest.cutAt)))
      continue;
    const keyless = await route.items({
      series: dataset.freeSeries,
      from: window.startDate,
      to: window.endDate,
    });
    expect(canonical(freeRows.map((row) => route.itemOf(row, like)))).toStrictEqual(
      canonical(keyless),
    );
  }
}

// --- the acceptance ------------------------------------------------------------------------------

let first: Manifest;
let firstFiles: Map<string, { rows: BulkRow[]; bytes: Buffer }>;

describe("releases over every market", () => {
  it("the release job cuts release 1 with every market's datasets and says so", async () => {
    const said = await cutAt(FIRST_CUT);
    expect(said).toEqual([
      expect.stringMatching(
        /^release 1 \(2026-11-26\) cut: \d+ row\(s\) new or restated, 0 closed, \d+ file\(s\)$/,
      ),
    ]);
    first = await manifestOf("latest");
    expect(first).toMatchObject({ release: 1, day: "2026-11-26" });
    expect(first.datasets.map((d) => `${d.market}/${d.name}`).sort()).toEqual(
      Object.keys(ROUTES).sort(),
    );
  }, 120_000);

  it("every file downloads as its manifest states and holds what the history routes serve", async () => {
    firstFiles = await filesOf(first);
    await expectFilesAreTheRoutes(first, firstFiles);
    // The full files are the datasets' rows as the database gives them, provenance included.
    for (const entry of first.datasets) {
      const dataset = datasetOf(entry.market, entry.name);
      const full = entry.files.find((f) => f.variant === "full" && f.format === "parquet");
      expect(firstFiles.get(full?.fileName ?? "")?.rows, entry.name).toStrictEqual(
        await collectRows(dataset.rows(api.db)),
      );
    }
  }, 300_000);

  it("a count revised after release 1 reads old as of release 1 and new at release 2, files included", async () => {
    const product = "codex-prs";
    const path = `/api/llm-coding/history?product=${product}&startDate=${REVISED_DAY}&endDate=${REVISED_DAY}`;
    const valueOf = async (query: string) =>
      (await served<{ data: { value: number }[] }>(`${path}${query}`, keys.full)).data[0]?.value;
    const before = await valueOf("");
    expect(before).toBeDefined();
    // The day searched again later finds more pull requests: the sync's revision of the day.
    await writeCounts(api, REVISED_DAY, new Date("2026-11-27T06:00:00.000Z"), true);
    await LLM_CODING.of(api.deps).counts.refresh();
    const after = await valueOf("");
    expect(after).not.toBe(before);

    const said = await cutAt(SECOND_CUT);
    expect(said).toEqual([
      expect.stringMatching(
        /^release 2 \(2026-11-27\) cut: [1-9]\d* row\(s\) new or restated, [1-9]\d* closed, \d+ file\(s\)$/,
      ),
    ]);
    expect(await valueOf("&release=1")).toBe(before);
    expect(await valueOf("&release=2")).toBe(after);
    expect(await valueOf("")).toBe(after);

    // Release 1's files: the same bytes, also when this instance builds them again from the
    // vintage store; its manifest unchanged.
    expect(await manifestOf(1)).toStrictEqual(first);
    rmSync(cacheDir, { recursive: true, force: true });
    releaseFileCache(cacheDir).forget();
    for (const entry of first.datasets)
      for (const file of entry.files) {
        const again = await download(file.url, keys.full);
        expect(again.status).toBe(200);
        expect(
          again.bytes.equals(firstFiles.get(file.fileName)?.bytes ?? Buffer.alloc(0)),
          file.fileName,
        ).toBe(true);
      }
    // Release 1's files are the routes as of release 1; release 2's, the routes now.
    await expectFilesAreTheRoutes(first, firstFiles, 1);
    const second = await manifestOf(2);
    const secondFiles = await filesOf(second);
    await expectFilesAreTheRoutes(second, secondFiles);
    await expectFilesAreTheRoutes(second, secondFiles, 2);
    const revisedRow = (files: Map<string, { rows: BulkRow[] }>, release: number) =>
      files
        .get(`llm-coding-product-daily-r${release}-full.csv`)
        ?.rows.find((row) => row.product === product && row.date === REVISED_DAY)?.value;
    expect(revisedRow(firstFiles, 1)).toBe(before);
    expect(revisedRow(secondFiles, 2)).toBe(after);
  }, 600_000);

  it("refuses an old release's free file keyless, a full file keyless, a full file a plan may not read", async () => {
    const fileOf = (manifest: Manifest, market: string, name: string, variant: string) => {
      const file = manifest.datasets
        .find((d) => d.market === market && d.name === name)
        ?.files.find((f) => f.variant === variant && f.format === "csv");
      if (file === undefined) throw new Error(`no ${variant} file of ${market}/${name}`);
      return file.url;
    };
    const latest = await manifestOf("latest");
    expect(latest.release).toBe(2);
    const oldFree = await api.get(fileOf(first, "token", "lab-index-daily", "free"));
    expect(oldFree.status).toBe(401);
    expect((oldFree.body as { message: string }).message).toContain("latest release");
    expect((await download(fileOf(latest, "token", "lab-index-daily", "free"))).status).toBe(200);
    expect((await download(fileOf(latest, "token", "lab-index-daily", "full"))).status).toBe(401);
    for (const [market, name] of [
      ["gpu", "prints-hourly"],
      ["neocloud", "sites"],
    ] as const) {
      expect((await download(fileOf(latest, market, name, "full"))).status, name).toBe(401);
      const premium = await api.get(fileOf(latest, market, name, "full"), bearer(keys.premium));
      expect(premium.status, `${name}: ${premium.text}`).toBe(403);
      expect((await download(fileOf(latest, market, name, "full"), keys.full)).status).toBe(200);
    }
  });
});
