// @module-tag zone
import {
  GPU_METHODOLOGY_VERSION,
  HOURLY_DEFAULT_HOURS,
  HOURLY_RANGE_MAX_PRINTS,
  LAB_IDS,
  MEMORY_TYPES,
  addDays,
  parseLlmCodingHistoryQuery,
  parseMemoryHistoryQuery,
  parseOtpiQuery,
  parseRangeBounds,
  rowOfItem,
  type AccessLevel,
  type BulkProvenance,
  type BulkRow,
  type DomainError,
  type RawQuery,
  type Result,
  type UtcDay,
} from "@tpi/domain";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gpuHourlyAsOf } from "../../markets/gpu/bulk/as-of-release";
import { GPU_HOURLY_COLUMNS, GPU_PRINTS_HOURLY } from "../../markets/gpu/bulk/datasets";
import { answerHourly } from "../../markets/gpu/services/series";
import { llmCodingHistoryAsOf } from "../../markets/llm-coding/bulk/as-of-release";
import {
  llmCodingProductDaily,
  productDailyRow,
} from "../../markets/llm-coding/bulk/product-daily";
import { memoryHistoryAsOf } from "../../markets/memory/bulk/as-of-release";
import { MEMORY_HISTORY_COLUMNS, MEMORY_PRICES_DAILY } from "../../markets/memory/bulk/datasets";
import { answerMemoryHistory } from "../../markets/memory/services/memory";
import { NEOCLOUD } from "../../markets/neocloud/read-model/state";
import { otpiRowsAsOf } from "../../markets/token/bulk/as-of-release";
import { LAB_INDEX_DAILY, labIndexRowOf } from "../../markets/token/bulk/datasets";
import { answerValidOtpiQuery } from "../../markets/token/services/otpi";
import { fixedReleaseReader, type ReleaseHolds } from "../../testing/bulk-rows";
import { importSites, importedSites } from "../../testing/neocloud-sites";
import { bearer, startTestApi, type TestApi } from "../../testing/test-api";
import { createLogger } from "../observability/logger";
import { releaseCutJob } from "../release-api/cut-job";
import { releaseContextOf } from "../release-api/routes";
import { databaseReleaseReader } from "../releases/database-release-reader";
import type { ReleaseReader } from "../releases/release-reader";

/**
 * A history route asked with `release` reads only the rows its answer can need (the latest
 * periods of its range, or its range checked first), never a series' whole history, and answers
 * byte for byte as it did reading everything: each answer is computed twice, through a reader
 * that counts the rows it returns and through the same reader asked for whole ranges. And a
 * release's Neo-Cloud sites serialize as the live answer's, field order included.
 */

/** A release the fixed reader holds (the database's releases are cut from 1). */
const FIXED = 900;
const NOW = new Date("2026-11-22T12:00:00.000Z");
const HOURS = 3_000;
const DAYS = 2_000;

const holds: ReleaseHolds = {};
const fixed = fixedReleaseReader(holds);
/** The rows each read returned, in order. */
const returned: number[] = [];
/** When set, the reader ignores `latestPeriods` (whole ranges, as reads were unbounded). */
let wholeRanges = false;

/** The fixed reader for FIXED, counting its rows; the database's releases otherwise. */
const reading = (database: ReleaseReader): ReleaseReader => ({
  async rowsAsOf(query) {
    if (query.release !== FIXED) return database.rowsAsOf(query);
    const { latestPeriods: _latestPeriods, ...whole } = query;
    const rows = await fixed.rowsAsOf(wholeRanges ? whole : query);
    if (rows.ok) returned.push(rows.value.length);
    return rows;
  },
});

let api: TestApi;
const cacheDir = mkdtempSync(join(tmpdir(), "tpi-release-reads-"));

beforeAll(async () => {
  api = await startTestApi({
    now: NOW,
    configure: (deps) => ({
      ...deps,
      releaseCacheDir: cacheDir,
      releases: reading(databaseReleaseReader(deps.db)),
    }),
  });
}, 120_000);
afterAll(async () => {
  await api?.close();
  rmSync(cacheDir, { recursive: true, force: true });
});

const provenance = (source: string, basis: string): BulkProvenance => ({
  source,
  asOf: null,
  sample: false,
  basis,
  methodologyVersion: GPU_METHODOLOGY_VERSION,
  citation: null,
});

const valueOf = <T>(result: Result<T, DomainError>): T => {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

/** An answer's JSON text; a refusal's code and message (an Error's message is not enumerable). */
const textOf = (answer: unknown): string =>
  JSON.stringify(
    answer instanceof Object && "ok" in answer && answer.ok === false && "error" in answer
      ? {
          ok: false,
          error: {
            code: (answer.error as DomainError).code,
            message: (answer.error as DomainError).message,
          },
        }
      : answer,
  );

/**
 * The answer's JSON text read bounded and read whole, and the rows the bounded read returned;
 * both reads happen, so a bound that changes the answer fails here.
 */
async function bothWays(
  answer: () => Promise<unknown>,
): Promise<{ bounded: string; whole: string; rows: number; wholeRows: number }> {
  returned.length = 0;
  wholeRanges = false;
  const bounded = textOf(await answer());
  const rows = returned.reduce((sum, n) => sum + n, 0);
  returned.length = 0;
  wholeRanges = true;
  const whole = textOf(await answer());
  wholeRanges = false;
  const wholeRows = returned.reduce((sum, n) => sum + n, 0);
  return { bounded, whole, rows, wholeRows };
}

describe("GPU hourly prints of a release", () => {
  const gpu = "H100 SXM";
  const first = Date.UTC(2026, 6, 1);
  const hourAt = (i: number) => new Date(first + i * 3_600_000).toISOString();
  beforeAll(() => {
    const rows: BulkRow[] = [];
    // Every fifth hour missing: the default span holds fewer than its 24 hours.
    for (let i = 0; i < HOURS; i += 1)
      if (i % 5 !== 3)
        rows.push(
          rowOfItem(
            { columns: GPU_HOURLY_COLUMNS },
            {
              gpu_type: gpu,
              timestamp: hourAt(i),
              index_value: 2 + i / 1_000,
              is_carried: false,
              providerCount: 3,
              offerCount: 0,
              backfilled: false,
            },
            provenance("test", "trades"),
          ),
        );
    holds[FIXED] = { ...holds[FIXED], "gpu/prints-hourly": { dataset: GPU_PRINTS_HOURLY, rows } };
  });

  const hourly = (raw: { startDate?: string; endDate?: string }) =>
    bothWays(async () => {
      const bounds = valueOf(parseRangeBounds(raw));
      const prints = await gpuHourlyAsOf(api.deps, FIXED, gpu, bounds);
      return prints.ok ? answerHourly(gpu, bounds, prints.value) : prints;
    });

  it("without dates reads the default span's prints, not the GPU's history", async () => {
    const read = await hourly({});
    expect(read.bounded).toBe(read.whole);
    expect(JSON.parse(read.bounded)).toMatchObject({ ok: true, value: { endDate: hourAt(2_999) } });
    expect(read.rows).toBe(HOURLY_DEFAULT_HOURS);
    expect(read.wholeRows).toBeGreaterThan(2_000);
  });

  it("with only an end reads the default span before it", async () => {
    const read = await hourly({ endDate: hourAt(1_000) });
    expect(read.bounded).toBe(read.whole);
    expect(read.rows).toBeLessThanOrEqual(HOURLY_DEFAULT_HOURS);
  });

  it("with a start and no end reads at most one print more than a range may hold", async () => {
    const near = await hourly({ startDate: hourAt(2_900) });
    expect(near.bounded).toBe(near.whole);
    expect(JSON.parse(near.bounded)).toMatchObject({ ok: true, value: { count: 80 } });
    // Months before the latest print: a range too long, refused whatever the prints.
    const far = await hourly({ startDate: hourAt(0) });
    expect(far.bounded).toBe(far.whole);
    expect(JSON.parse(far.bounded)).toMatchObject({ ok: false, error: { code: "bad_request" } });
    expect(far.rows).toBe(HOURLY_RANGE_MAX_PRINTS + 1);
    expect(far.wholeRows).toBeGreaterThan(2_000);
  });

  it("with both dates too far apart reads one print (whether the range has any)", async () => {
    const refused = await hourly({ startDate: hourAt(0), endDate: hourAt(2_000) });
    expect(refused.bounded).toBe(refused.whole);
    expect(JSON.parse(refused.bounded)).toMatchObject({ ok: false });
    expect(refused.rows).toBe(1);
    // No print in the range: the answer's 404, read from one row at most.
    const empty = await hourly({ startDate: "2020-01-01", endDate: "2020-06-01" });
    expect(empty.bounded).toBe(empty.whole);
    expect(empty.rows).toBe(0);
  });
});

describe("dated histories keeping the latest `limit` rows of their range", () => {
  const memory = MEMORY_TYPES[0];
  const dayAt = (i: number) => addDays("2020-01-01" as UtcDay, i);
  beforeAll(() => {
    if (memory === undefined) throw new Error("no memory type");
    const rows: BulkRow[] = [];
    for (let i = 0; i < DAYS; i += 1)
      rows.push(
        rowOfItem(
          { columns: MEMORY_HISTORY_COLUMNS },
          {
            id: memory.id,
            date: `${dayAt(i)}T00:00:00.000Z`,
            memoryType: memory.name,
            category: memory.category,
            price: 10 + i / 100,
            changePct: i === 0 ? null : 0.1,
            weeklyHigh: 11,
            weeklyLow: 9,
            sourceUpdatedAt: `${dayAt(i)}T14:00:00.000Z`,
            timestamp: `${dayAt(i)}T21:00:00.000Z`,
            updatedAt: `${dayAt(i)}T21:05:00.000Z`,
          },
          provenance("acme", "imported"),
        ),
      );
    const products: BulkRow[] = [];
    for (let i = 0; i < DAYS; i += 1)
      products.push(
        productDailyRow(
          "cc-prs",
          { date: dayAt(i), value: i, status: "final" } as never,
          new Date(`${dayAt(i + 1)}T02:00:00.000Z`),
        ),
      );
    holds[FIXED] = {
      ...holds[FIXED],
      "memory/prices-daily": { dataset: MEMORY_PRICES_DAILY, rows },
      "llm-coding/product-daily": { dataset: llmCodingProductDaily, rows: products },
    };
  });

  const memoryHistory = (raw: RawQuery) =>
    bothWays(async () => {
      const query = valueOf(parseMemoryHistoryQuery(raw));
      const values = await memoryHistoryAsOf(api.deps, FIXED, memory?.id ?? "", query);
      return values.ok ? answerMemoryHistory(memory?.id ?? "", query, values.value) : values;
    });

  it("memory: reads the latest `limit` days of the range, the default limit without one", async () => {
    const latest = await memoryHistory({});
    expect(latest.bounded).toBe(latest.whole);
    expect(latest.rows).toBe(1_000);
    expect(latest.wholeRows).toBe(DAYS);
    const few = await memoryHistory({ limit: "5", startDate: dayAt(100), endDate: dayAt(300) });
    expect(few.bounded).toBe(few.whole);
    expect(few.rows).toBe(5);
    expect(JSON.parse(few.bounded)).toMatchObject({ value: { count: 5 } });
  });

  it("LLM Coding history: reads every row of its range, its `dataSources` counting their days", async () => {
    const history = (raw: RawQuery) =>
      bothWays(async () =>
        llmCodingHistoryAsOf(api.deps, FIXED, valueOf(parseLlmCodingHistoryQuery(raw))),
      );
    const few = await history({ product: "cc-prs", limit: "7", endDate: dayAt(1_500) });
    expect(few.bounded).toBe(few.whole);
    expect(JSON.parse(few.bounded)).toMatchObject({
      value: { count: 7, dataSources: { sources: [{ days: 1_501 }] } },
    });
    expect(few.rows).toBe(1_501);
  });
});

describe("the latest OTPI day of a release", () => {
  const dayAt = (i: number) => addDays("2020-06-01" as UtcDay, i);
  beforeAll(() => {
    const rows: BulkRow[] = [];
    // Each lab's history ends on a different day: the latest day is one lab's.
    for (const [n, lab] of LAB_IDS.entries())
      for (let i = 0; i < DAYS - n * 3; i += 1)
        rows.push(
          labIndexRowOf(
            {
              date: dayAt(i),
              lab,
              indexPerMtok: 1 + i / 1_000,
              computedAt: `${dayAt(i + 1)}T01:00:00.000Z`,
            },
            provenance("test", "settled"),
          ),
        );
    holds[FIXED] = { ...holds[FIXED], "token/lab-index-daily": { dataset: LAB_INDEX_DAILY, rows } };
  });

  it("reads each lab's latest day, not every lab-day", async () => {
    for (const access of ["full", "public"] as AccessLevel[]) {
      const latest = await bothWays(async () => {
        const query = valueOf(parseOtpiQuery({}));
        const rows = await otpiRowsAsOf(api.deps, FIXED, query, access, NOW);
        return rows.ok ? answerValidOtpiQuery(query, access, NOW, rows.value) : rows;
      });
      expect(latest.bounded).toBe(latest.whole);
      expect(latest.rows).toBeLessThanOrEqual(LAB_IDS.length);
    }
    const full = await bothWays(async () => {
      const query = valueOf(parseOtpiQuery({}));
      const rows = await otpiRowsAsOf(api.deps, FIXED, query, "full", NOW);
      return rows.ok ? answerValidOtpiQuery(query, "full", NOW, rows.value) : rows;
    });
    expect(JSON.parse(full.bounded)).toMatchObject({ value: { date: dayAt(DAYS - 1), count: 1 } });
    expect(full.rows).toBe(LAB_IDS.length);
    expect(full.wholeRows).toBeGreaterThan(LAB_IDS.length * 1_000);
  });
});

describe("Neo-Cloud sites of a release", () => {
  it("serialize as the live answer's, field order included", async () => {
    const at = new Date("2026-11-21T03:00:00.000Z");
    const sites = importedSites(at);
    await importSites(api.db, sites, at);
    await NEOCLOUD.of(api.deps).sites.refresh();
    // The release of the 21st, cut the next night.
    api.clock.now = new Date("2026-11-22T02:00:00.000Z");
    await releaseCutJob(
      releaseContextOf(api.deps),
      { cutDelayMinutes: 60, retentionDays: 365 },
      createLogger("info", () => undefined, "json"),
    ).run(new AbortController().signal);
    const { key } = await api.createKey("full");
    const data = async (query: string) => {
      const res = await api.get(`/api/neocloud/sites?scope=all${query}`, bearer(key));
      expect(res.status, res.text).toBe(200);
      return JSON.stringify((JSON.parse(res.text) as { data: unknown }).data);
    };
    const live = await data("");
    expect(JSON.parse(live)).toHaveLength(sites.length);
    expect(await data("&release=1")).toBe(live);
  });
});
