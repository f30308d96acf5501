// @module-tag zone
import {
  FREE_TIER_GPU_NAMES,
  GPU_CATALOG,
  GPU_METHODOLOGY_VERSION,
  type BulkRow,
} from "@tpi/domain";
import { describe, expect, it } from "vitest";
import {
  collectRows,
  expectDatasetRows,
  fixedReleasesApiForFile,
  testSourceProvenance,
} from "../../../testing/bulk-rows";
import { GPU_TEST_NOW, GPU_TEST_TRADES } from "../../../testing/gpu-trades";
import { bearer } from "../../../testing/test-api";
import { GPU_INDEX_DAILY, GPU_PRINTS_HOURLY } from "./datasets";

/**
 * The GPU datasets equal what their history routes serve: every GPU's daily values
 * (index-history) and hourly prints (hourly) over the whole history, item by item with the same
 * JSON types (the item's `sources` is the row's `source`, joined by `;`), read in pages of 50
 * rows, GPU then time. And `release` on both routes answers through the ReleaseReader.
 */

const PAGE_ROWS = 50;
const GPUS = ["H100 SXM", "H200", "RTX PRO 6000 WS"];

const { api, releases } = await fixedReleasesApiForFile(GPU_TEST_NOW);
await api.loadGpuTrades(GPU_TEST_TRADES);

async function served(path: string): Promise<object[]> {
  const answer = await api.get(path, bearer(api.planKeys.full));
  expect(answer.status).toBe(200);
  return (answer.body as { data: object[] }).data;
}

const hourly = (gpu: string, query = "startDate=2026-03-01&endDate=2026-03-11") =>
  `/api/gpu/${encodeURIComponent(gpu)}/hourly?${query}`;

describe("GPU bulk datasets", () => {
  it("the daily rows are index-history's items of every GPU, GPU then time, with provenance", async () => {
    const rows = await collectRows(GPU_INDEX_DAILY.rows(api.db, undefined, 2));
    const expected: BulkRow[] = [];
    for (const gpu of GPUS) {
      const items = await served(`/api/gpu/${encodeURIComponent(gpu)}/index-history`);
      const ofGpu = rows.filter((row) => row.gpu_type === gpu);
      expectDatasetRows(GPU_INDEX_DAILY, ofGpu, { items, cited: false });
      expected.push(...ofGpu);
    }
    // Every row belongs to a GPU of the trades, in GPU then time order, more than one page.
    expect(rows).toEqual(expected);
    expect(rows.length).toBeGreaterThan(2);
    // The test's trade source asks for no citation.
    expectDatasetRows(GPU_INDEX_DAILY, rows, { cited: false });
    for (const row of rows)
      expect(row).toMatchObject(testSourceProvenance("trades", GPU_METHODOLOGY_VERSION));
  });

  it("the hourly rows are the hourly route's items of every GPU, in pages", async () => {
    const rows = await collectRows(GPU_PRINTS_HOURLY.rows(api.db, undefined, PAGE_ROWS));
    expect(rows.length).toBeGreaterThan(3 * PAGE_ROWS);
    let count = 0;
    for (const gpu of GPUS) {
      const items = await served(hourly(gpu));
      const ofGpu = rows.slice(count, count + items.length);
      expectDatasetRows(GPU_PRINTS_HOURLY, ofGpu, { items, cited: false });
      expect(ofGpu.every((row) => row.gpu_type === gpu)).toBe(true);
      count += items.length;
    }
    expect(count).toBe(rows.length);
    expectDatasetRows(GPU_PRINTS_HOURLY, rows, { cited: false });
    // Carried hours are rows too (H200 had no trades for four hours).
    expect(rows.filter((row) => row.is_carried === true).length).toBe(4);
  });

  it("free series: the free GPUs daily, none hourly (Full keys only)", () => {
    expect(GPU_INDEX_DAILY.freeSeries).toEqual(FREE_TIER_GPU_NAMES);
    expect(GPU_PRINTS_HOURLY.freeSeries).toEqual([]);
    expect(GPU_PRINTS_HOURLY.keyedAccess?.("premium").ok).toBe(false);
    expect(GPU_PRINTS_HOURLY.keyedAccess?.("full").ok).toBe(true);
  });
});

describe("release on the GPU history routes", () => {
  it("answers index-history and hourly from the release's rows, read through the reader", async () => {
    const daily = await collectRows(GPU_INDEX_DAILY.rows(api.db));
    const prints = await collectRows(GPU_PRINTS_HOURLY.rows(api.db));
    const restated = (rows: BulkRow[]) =>
      rows.map((row, i) => (i === 1 ? { ...row, index_value: 42.5 } : row));
    releases.hold(3, GPU_INDEX_DAILY, restated(daily));
    releases.hold(3, GPU_PRINTS_HOURLY, restated(prints));
    const gpu = daily[1]?.gpu_type as string;

    const asked = releases.asked;
    asked.length = 0;
    const path = `/api/gpu/${encodeURIComponent(gpu)}/index-history?startDate=2026-03-01`;
    const now = await served(path);
    const asOf = await served(`${path}&release=3`);
    expect(asked).toEqual([
      {
        market: "gpu",
        dataset: "index-daily",
        release: 3,
        series: [gpu],
        fromPeriod: "2026-03-01",
        toPeriod: "2026-03-10T23:59:59.999Z",
      },
    ]);
    expect(asOf).toStrictEqual(
      now.map((item, i) => (i === 1 ? { ...item, index_value: 42.5 } : item)),
    );

    const hourNow = await served(hourly(gpu));
    const hourAsOf = await served(hourly(gpu, "startDate=2026-03-01&endDate=2026-03-11&release=3"));
    expect(hourAsOf).toStrictEqual(
      hourNow.map((item, i) => (i === 1 ? { ...item, index_value: 42.5 } : item)),
    );
  });

  it("keeps the routes' access checks", async () => {
    const keyed = encodeURIComponent(
      GPU_CATALOG.find((entry) => !entry.freeTier)?.gpuName as string,
    );
    expect((await api.get(`/api/gpu/${keyed}/index-history?release=3`)).status).toBe(401);
    const premium = await api.get(hourly("H200", "release=3"), bearer(api.planKeys.premium));
    expect(premium.status).toBe(403);
    const unknown = await api.get(hourly("H200", "release=4"), bearer(api.planKeys.full));
    expect(unknown.status).toBe(404);
  });
});
