// @module-tag zone
import {
  GPU_METHODOLOGY_VERSION,
  HOURLY_DEFAULT_HOURS,
  HOURLY_RANGE_TOO_LONG_MESSAGE,
  LAB_IDS,
  MEMORY_TYPES,
  addDays,
  nearestRecord,
  parseLlmCodingHistoryQuery,
  parseMemoryHistoryQuery,
  parseOtpiQuery,
  parseRangeBounds,
  parseRollingHistoryQuery,
  parseSeriesQuery,
  rowOfItem,
  type AccessLevel,
  type AccountPlan,
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
import {
  gpuHourlyAsOf,
  gpuNearestAsOf,
  gpuRollingAsOf,
  gpuSeriesAsOf,
} from "./markets/gpu/bulk/as-of-release";
import {
  GPU_DAILY_COLUMNS,
  GPU_HOURLY_COLUMNS,
  GPU_INDEX_DAILY,
  GPU_PRINTS_HOURLY,
  gpuValueOf,
} from "./markets/gpu/bulk/datasets";
import { GPU } from "./markets/gpu/read-model/state";
import { answerGpuHistory, type GpuNearestRows } from "./markets/gpu/services/prices";
import {
  answerHistoryRange,
  answerHistorySimple,
  answerHourly,
  answerRollingHistory,
  type GpuSeriesRows,
} from "./markets/gpu/services/series";
import { llmCodingHistoryAsOf } from "./markets/llm-coding/bulk/as-of-release";
import { llmCodingProductDaily, productDailyRow } from "./markets/llm-coding/bulk/product-daily";
import { memoryHistoryAsOf } from "./markets/memory/bulk/as-of-release";
import { MEMORY_HISTORY_COLUMNS, MEMORY_PRICES_DAILY } from "./markets/memory/bulk/datasets";
import { answerMemoryHistory } from "./markets/memory/services/memory";
import { NEOCLOUD } from "./markets/neocloud/read-model/state";
import { otpiRowsAsOf } from "./markets/token/bulk/as-of-release";
import { LAB_INDEX_DAILY, labIndexRowOf } from "./markets/token/bulk/datasets";
import { answerValidOtpiQuery } from "./markets/token/services/otpi";
import { fixedReleaseReader, type ReleaseHolds } from "./testing/bulk-rows";
import { importSites, importedSites } from "./testing/neocloud-sites";
import { bearer, startTestApi, type TestApi } from "./testing/test-api";
import { createLogger } from "./platform/observability/logger";
import { releaseCutJob } from "./platform/release-api/cut-job";
import { releaseContextOf } from "./platform/release-api/routes";
import { databaseReleaseReader } from "./platform/releases/database-release-reader";
import type { ReleaseReader } from "./platform/releases/release-reader";

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
/** When set, the reader ignores `latestPeriods` and `earliestPeriods` (whole ranges, as reads were unbounded). */
let wholeRanges = false;

/** The fixed reader for FIXED, counting its rows; the database's releases otherwise. */
const reading = (database: ReleaseReader): ReleaseReader => ({
  async rowsAsOf(query) {
    if (query.release !== FIXED) return database.rowsAsOf(query);
    const { latestPeriods: _latestPeriods, earliestPeriods: _earliestPeriods, ...whole } = query;
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

describe("GPU history of a release", () => {
  const gpu = "H100 SXM";
  const first = Date.UTC(2026, 6, 1);
  const hourAt = (i: number) => new Date(first + i * 3_600_000).toISOString();
  /** The hours without a print: every fifth, and a gap of GAP hours from GAP_START. */
  const GAP_START = 1_500;
  const GAP = 100;
  const printed = (i: number) => i % 5 !== 3 && (i < GAP_START || i >= GAP_START + GAP);
  /** Daily settlements (20:00 UTC) on SETTLED_DAYS days from day SETTLED_FROM only. */
  const SETTLED_FROM = 10;
  const SETTLED_DAYS = 11;
  const settledAt = (day: number) => hourAt(day * 24 + 20);
  beforeAll(() => {
    const columns = { columns: GPU_HOURLY_COLUMNS };
    const counts = { providerCount: 3, offerCount: 0, backfilled: false };
    const prints: BulkRow[] = [];
    for (let i = 0; i < HOURS; i += 1)
      if (printed(i))
        prints.push(
          rowOfItem(
            columns,
            {
              gpu_type: gpu,
              timestamp: hourAt(i),
              index_value: 2 + i / 1_000,
              is_carried: false,
              ...counts,
            },
            provenance("test", "trades"),
          ),
        );
    const daily: BulkRow[] = [];
    for (let day = SETTLED_FROM; day < SETTLED_FROM + SETTLED_DAYS; day += 1)
      daily.push(
        rowOfItem(
          { columns: GPU_DAILY_COLUMNS },
          { gpu_type: gpu, timestamp: settledAt(day), index_value: 3 + day / 100, ...counts },
          provenance("test", "trades"),
        ),
      );
    holds[FIXED] = {
      ...holds[FIXED],
      [`${GPU_PRINTS_HOURLY.market}/${GPU_PRINTS_HOURLY.name}`]: {
        dataset: GPU_PRINTS_HOURLY,
        rows: prints,
      },
      [`${GPU_INDEX_DAILY.market}/${GPU_INDEX_DAILY.name}`]: {
        dataset: GPU_INDEX_DAILY,
        rows: daily,
      },
    };
  });

  /** The release's whole history of the GPU, as the published set answers from its own. */
  async function releaseHistory(): Promise<GpuSeriesRows & GpuNearestRows> {
    const read = async (dataset: typeof GPU_PRINTS_HOURLY) =>
      valueOf(
        await fixed.rowsAsOf({
          market: dataset.market,
          dataset: dataset.name,
          release: FIXED,
          series: [gpu],
        }),
      ).map(gpuValueOf);
    const prints = await read(GPU_PRINTS_HOURLY);
    const daily = await read(GPU_INDEX_DAILY);
    return {
      dataSources: GPU.of(api.deps).index.dataSources,
      latestPrint: () => prints.at(-1),
      printsWithin: (_gpu, range) =>
        prints.filter((print) => print.hour >= range.start && print.hour <= range.end),
      dailyWithin: (_gpu, range) =>
        daily.filter((value) => value.settledAt >= range.start && value.settledAt <= range.end),
      nearestPrint: (_gpu, at) => nearestRecord(prints, at),
    };
  }

  /**
   * The answer's JSON text from the release's rows read bounded (and the rows read), and from its
   * whole history of the GPU by the same answer function: the unbounded answer.
   */
  async function againstHistory(
    bounded: () => Promise<Result<unknown, DomainError>>,
    whole: (history: GpuSeriesRows & GpuNearestRows) => Result<unknown, DomainError>,
  ): Promise<{ bounded: string; whole: string; rows: number }> {
    returned.length = 0;
    const text = textOf(await bounded());
    const rows = returned.reduce((sum, n) => sum + n, 0);
    return { bounded: text, whole: textOf(whole(await releaseHistory())), rows };
  }

  const hourly = (raw: { startDate?: string; endDate?: string }) => {
    const bounds = valueOf(parseRangeBounds(raw));
    return againstHistory(
      async () => {
        const prints = await gpuHourlyAsOf(api.deps, FIXED, gpu, bounds);
        return prints.ok ? answerHourly(gpu, bounds, prints.value) : prints;
      },
      (history) => answerHourly(gpu, bounds, history),
    );
  };

  it("hourly without dates reads the latest print and the default span's prints", async () => {
    const read = await hourly({});
    expect(read.bounded).toBe(read.whole);
    expect(JSON.parse(read.bounded)).toMatchObject({ ok: true, value: { endDate: hourAt(2_999) } });
    expect(read.rows).toBeLessThanOrEqual(1 + HOURLY_DEFAULT_HOURS);
  });

  it("hourly with only an end reads the default span before it", async () => {
    const read = await hourly({ endDate: hourAt(1_000) });
    expect(read.bounded).toBe(read.whole);
    expect(read.rows).toBeLessThanOrEqual(1 + HOURLY_DEFAULT_HOURS);
  });

  it("hourly with a start and no end reads the range up to the latest print, or one print when it is refused", async () => {
    const near = await hourly({ startDate: hourAt(2_900) });
    expect(near.bounded).toBe(near.whole);
    expect(JSON.parse(near.bounded)).toMatchObject({ ok: true, value: { count: 80 } });
    expect(near.rows).toBe(1 + 80);
    // Months before the latest print: a range too long, refused before its prints are read.
    const far = await hourly({ startDate: hourAt(0) });
    expect(far.bounded).toBe(far.whole);
    expect(JSON.parse(far.bounded)).toMatchObject({
      ok: false,
      error: { code: "bad_request", message: HOURLY_RANGE_TOO_LONG_MESSAGE },
    });
    expect(far.rows).toBe(1);
  });

  it("hourly refuses as the published answer does, whatever the range holds", async () => {
    const between = expect.stringMatching(/between/);
    const cases: [raw: { startDate?: string; endDate?: string }, code: string, message: unknown][] =
      [
        // After the release's latest print: the range would end before it starts.
        [{ startDate: hourAt(3_100) }, "bad_request", expect.any(String)],
        // Too long, and before the data: the span is refused first.
        [
          { startDate: "2020-01-01", endDate: "2020-06-01" },
          "bad_request",
          HOURLY_RANGE_TOO_LONG_MESSAGE,
        ],
        // Before the first print: the default span before the end holds none.
        [{ endDate: "2020-01-01" }, "no_data", between],
        [{ startDate: "2020-01-01", endDate: "2020-01-02" }, "no_data", between],
      ];
    for (const [raw, code, message] of cases) {
      const read = await hourly(raw);
      expect(read.bounded, JSON.stringify(raw)).toBe(read.whole);
      expect(JSON.parse(read.bounded)).toMatchObject({ ok: false, error: { code, message } });
      expect(read.rows).toBeLessThanOrEqual(1);
    }
  });

  it("history reads the print at or before the instant and the one after it, never the history", async () => {
    const nearest = (at: Date) =>
      againstHistory(
        async () => {
          const prints = await gpuNearestAsOf(api.deps, FIXED, gpu, at);
          return prints.ok ? answerGpuHistory(gpu, at, prints.value) : prints;
        },
        (history) => answerGpuHistory(gpu, at, history),
      );
    const gapMiddle = first + (GAP_START + GAP / 2) * 3_600_000;
    const cases: [at: Date, rows: number][] = [
      [new Date(hourAt(100)), 1],
      [new Date(Date.parse(hourAt(100)) + 20 * 60_000), 2],
      [new Date(Date.parse(hourAt(100)) + 40 * 60_000), 2],
      [new Date(gapMiddle), 2],
      [new Date(gapMiddle + 90 * 60_000), 2],
      [new Date("2000-01-01T00:00:00.000Z"), 1],
      [new Date("2100-01-01T00:00:00.000Z"), 1],
    ];
    for (const [at, rows] of cases) {
      const read = await nearest(at);
      expect(read.bounded, at.toISOString()).toBe(read.whole);
      expect(JSON.parse(read.bounded)).toMatchObject({ ok: true });
      expect(read.rows, at.toISOString()).toBe(rows);
    }
  });

  it("the rolling-average history refuses before reading, and reads daily windows only where settlements are", async () => {
    const rolling = (
      raw: { startDate: string; endDate: string; granularity?: string },
      plan: AccountPlan,
    ) => {
      const query = valueOf(parseRollingHistoryQuery(raw));
      return againstHistory(
        async () => {
          const rows = await gpuRollingAsOf(api.deps, FIXED, gpu, query, plan);
          return rows.ok ? answerRollingHistory(gpu, query, plan, rows.value) : rows;
        },
        (history) => answerRollingHistory(gpu, query, plan, history),
      );
    };
    const centuries = { startDate: "2000-01-01", endDate: "2100-01-01" };
    const refused = await rolling({ ...centuries, granularity: "hourly" }, "full");
    expect(refused.bounded).toBe(refused.whole);
    expect(JSON.parse(refused.bounded)).toMatchObject({
      ok: false,
      error: { code: "bad_request", message: HOURLY_RANGE_TOO_LONG_MESSAGE },
    });
    expect(refused.rows).toBe(0);
    // Daily: the settlements, then the prints of their windows (about a day's prints each).
    for (const [raw, plan] of [
      [centuries, "full"],
      [{ ...centuries, granularity: "hourly" }, "premium"],
    ] as const) {
      const daily = await rolling(raw, plan);
      expect(daily.bounded).toBe(daily.whole);
      expect(JSON.parse(daily.bounded)).toMatchObject({ ok: true, value: { count: SETTLED_DAYS } });
      expect(daily.rows).toBeLessThanOrEqual(SETTLED_DAYS + SETTLED_DAYS * 24);
    }
    const hours = await rolling(
      { startDate: hourAt(2_000), endDate: hourAt(2_048), granularity: "hourly" },
      "full",
    );
    expect(hours.bounded).toBe(hours.whole);
    expect(JSON.parse(hours.bounded)).toMatchObject({ ok: true, value: { granularity: "hourly" } });
    expect(hours.rows).toBeLessThanOrEqual(48 + 24);
  });

  it("history-simple and history-range read the end of their range they keep, one row more for has_more", async () => {
    const series = (
      raw: { startDate?: string; endDate?: string; granularity?: string; limit?: string },
      plan: AccountPlan,
      end: "latest" | "earliest",
    ) => {
      const query = valueOf(parseSeriesQuery(raw));
      const asked = end === "latest" ? query : { ...query, granularity: "auto" as const };
      const answer = (rows: GpuSeriesRows) =>
        end === "latest"
          ? answerHistorySimple(gpu, query, plan, rows)
          : answerHistoryRange(gpu, query, plan, rows);
      return againstHistory(async () => {
        const rows = await gpuSeriesAsOf(
          api.deps,
          FIXED,
          gpu,
          { ...asked, kept: { end, rows: query.limit } },
          plan,
        );
        return rows.ok ? answer(rows.value) : rows;
      }, answer);
    };
    const centuries = { startDate: "2000-01-01", endDate: "2100-01-01" };
    const cases = [
      [{ ...centuries, granularity: "hourly", limit: "10" }, "full", "latest", true],
      [{ ...centuries, granularity: "daily", limit: "5" }, "full", "latest", true],
      [
        { startDate: hourAt(2_000), endDate: hourAt(2_010), granularity: "hourly", limit: "1000" },
        "full",
        "latest",
        false,
      ],
      [{ startDate: hourAt(2_000), endDate: hourAt(2_200), limit: "10" }, "full", "earliest", true],
      [{ ...centuries, limit: "3" }, "premium", "earliest", true],
      [
        { ...centuries, granularity: "hourly", limit: "10", endDate: "2020-01-01" },
        "full",
        "latest",
        false,
      ],
    ] as const;
    for (const [raw, plan, end, hasMore] of cases) {
      const read = await series(raw, plan, end);
      const label = JSON.stringify({ raw, plan, end });
      expect(read.bounded, label).toBe(read.whole);
      if (hasMore)
        expect(JSON.parse(read.bounded), label).toMatchObject({
          ok: true,
          value: { has_more: true },
        });
      expect(read.rows, label).toBeLessThanOrEqual(1 + Number(raw.limit) + 1);
    }
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
