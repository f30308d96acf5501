// @module-tag zone
import { DEFAULT_MEMORY_HISTORY_LIMIT, MEMORY_METHODOLOGY_VERSION } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectRows, expectDatasetRows, fixedReleases } from "../../../testing/bulk-rows";
import { bearer, startTestApi, type TestApi } from "../../../testing/test-api";
import { importMemoryFile } from "../jobs/import";
import { MEMORY } from "../read-model/state";
import { MEMORY_PRICES_DAILY } from "./datasets";

/**
 * The memory dataset equals what `GET /api/memory/{memoryType}/history` serves for every type
 * over the whole history, item by item with the same JSON types (`sources` is the row's `source`,
 * joined by `;`), read in pages of 2 rows, type then day. And `release` answers through the reader.
 */

const NOW = new Date("2026-03-11T12:00:00.000Z");
const DDR5 = "mem_ddr5_16gb";
const MODULE = "DDR4 UDIMM 16GB 3200";

const OBSERVATIONS = [
  { type: DDR5, price: 10, observedAt: "2026-03-04T15:00:00Z", source: "acme" },
  { type: DDR5, price: 12, observedAt: "2026-03-05T15:00:00Z", source: "beta" },
  { type: DDR5, price: 14, observedAt: "2026-03-05T16:00:00Z", source: "acme" },
  { type: DDR5, price: 11, observedAt: "2026-03-06T15:00:00Z", source: "acme" },
  { type: DDR5, price: 13, observedAt: "2026-03-09T15:00:00Z", source: "acme" },
  {
    type: MODULE,
    price: 40,
    observedAt: "2026-03-09T15:00:00Z",
    source: "modulefeed",
    sourceUpdatedAt: "2026-03-09T14:00:00Z",
    url: "https://example.com/modules",
    licence: "CC BY 4.0",
    citation: "Source: Example module feed.",
  },
  // The source's terms are its latest observation's (the citation the rows carry).
  {
    type: MODULE,
    price: 44,
    observedAt: "2026-03-10T15:00:00Z",
    source: "modulefeed",
    licence: "CC BY 4.0",
    citation: "Source: Example module feed.",
  },
];

const releases = fixedReleases();
let api: TestApi;
let key: string;

async function history(type: string, query = ""): Promise<object[]> {
  const answer = await api.get(
    `/api/memory/${encodeURIComponent(type)}/history${query}`,
    bearer(key),
  );
  expect(answer.status).toBe(200);
  return (answer.body as { data: object[] }).data;
}

beforeAll(async () => {
  api = await startTestApi({
    now: NOW,
    configure: releases.configure,
  });
  key = (await api.createKey("trial")).key;
  const outcome = await importMemoryFile(api.db, {
    path: "observations.json",
    content: JSON.stringify(OBSERVATIONS),
    now: NOW,
  });
  expect(outcome.kind).toBe("imported");
  await MEMORY.of(api.deps).index.refresh();
});
afterAll(() => api.close());

describe("memory bulk dataset", () => {
  it("its rows are the history's items of every type, type then day, with provenance", async () => {
    const rows = await collectRows(MEMORY_PRICES_DAILY.rows(api.db, undefined, 2));
    const ddr5 = await history(DDR5);
    const module = await history(MODULE);
    // DDR4 UDIMM's id sorts before DDR5's.
    const served = [...module, ...ddr5];
    expect(rows.length).toBe(6);
    // Only some of the test's sources ask for a citation.
    expectDatasetRows(MEMORY_PRICES_DAILY, rows, { items: served, cited: false });
    expect(rows[0]).toMatchObject({
      source: "modulefeed",
      asOf: "2026-03-09T14:00:00.000Z",
      sample: false,
      basis: "imported",
      methodologyVersion: MEMORY_METHODOLOGY_VERSION,
      citation: "Source: Example module feed.",
    });
    // Two sources in one session: both named, in the answer's order.
    expect(rows.find((row) => row.source === "acme;beta")).toMatchObject({
      date: "2026-03-05T00:00:00.000Z",
      citation: null,
    });
    expect(MEMORY_PRICES_DAILY.freeSeries).toEqual([]);
  });
});

describe("release on the memory history route", () => {
  it("answers from the release's rows, read through the reader, with the route's checks", async () => {
    const rows = await collectRows(MEMORY_PRICES_DAILY.rows(api.db));
    releases.hold(
      5,
      MEMORY_PRICES_DAILY,
      rows.map((row) => (row.date === "2026-03-06T00:00:00.000Z" ? { ...row, price: 9.5 } : row)),
    );
    const asked = releases.asked;
    asked.length = 0;
    const range = "?startDate=2026-03-05&endDate=2026-03-09";
    const now = await history(DDR5, range);
    const asOf = await history(DDR5, `${range}&release=5`);
    expect(asked).toEqual([
      {
        market: "memory",
        dataset: "prices-daily",
        release: 5,
        series: [DDR5],
        fromPeriod: "2026-03-05",
        toPeriod: "2026-03-09T23:59:59.999Z",
        // The answer keeps the latest `limit` rows of the range: no more are read.
        latestPeriods: DEFAULT_MEMORY_HISTORY_LIMIT,
      },
    ]);
    expect(asOf).toStrictEqual(
      now.map((item) =>
        (item as { date: string }).date === "2026-03-06T00:00:00.000Z"
          ? { ...item, price: 9.5 }
          : item,
      ),
    );
    expect((await api.get(`/api/memory/${DDR5}/history?release=5`)).status).toBe(401);
    expect((await api.get(`/api/memory/${DDR5}/history?release=6`, bearer(key))).status).toBe(404);
  });
});
