import {
  GPU_LEDGER_CITATION,
  GPU_LEDGER_LICENCE,
  QUOTE_EXCLUSIONS,
  SAMPLE_NOTICE,
} from "@tpi/domain";
import { insertGpuTradesIfAbsent, type GpuTradeInput } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETS } from "../..";
import { appRouter } from "../../../app-router";
import { routesOf } from "../../../platform/routes";
import { GPU_TEST_NOW, TEST_TRADES_PROVENANCE, hourlyTrades } from "../../../testing/gpu-trades";
import {
  LEDGER_GPU_RULES,
  dailyLedgerSnapshots,
  type TestQuote,
} from "../../../testing/gpu-quotes";
import { bearer, startTestApi, type TestApi } from "../../../testing/test-api";
import { expectAnswer, expectEveryAnswer, expectSuccess } from "../../../testing/answers";

/**
 * "Now" is 2026-03-10 12:30 UTC (see gpu-trades.ts). H100 SXM prints from market trades, B200
 * from the generated sample; H200 from the ledger's daily snapshots (06:00 UTC, 03-05 to 03-10):
 * two on-demand providers count, a community price and a stale one do not. A100 SXM4 prints from
 * the ledger too, except two hours of 03-07 with market trades of the desk `desk`: a mixed day.
 */
const H200_QUOTES: TestQuote[] = [
  { gpuName: "H200", provider: "lambda", price: 3.0 },
  { gpuName: "H200", provider: "verda", price: 3.2 },
  { gpuName: "H200", provider: "runpod", tier: "community", price: 2.5 },
  { gpuName: "H200", provider: "vultr", price: 2.99, stale: true },
];
const A100_QUOTES: TestQuote[] = [
  { gpuName: "A100 SXM4", provider: "lambda", price: 1.8 },
  { gpuName: "A100 SXM4", provider: "jarvislabs", price: 1.2 },
];
const deskTrade = (
  tradeId: string,
  at: string,
  price: number,
  gpuHours: number,
  provider: string,
): GpuTradeInput => ({
  tradeId,
  gpuName: "A100 SXM4",
  executedAt: new Date(at),
  priceUsdPerGpuHour: price,
  gpuHours,
  provider,
  source: "desk",
});
const DESK_TRADES = [
  deskTrade("d1", "2026-03-07T10:30:00Z", 1.6, 8, "p1"),
  deskTrade("d2", "2026-03-07T10:45:00Z", 1.7, 2, "p2"),
  deskTrade("d3", "2026-03-07T11:30:00Z", 1.9, 8, "p1"),
];

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi({ now: GPU_TEST_NOW, gpuRules: LEDGER_GPU_RULES });
  // Trades and quotes are stored before anything settles: a print, once published, is final.
  await insertGpuTradesIfAbsent(api.db, [
    ...hourlyTrades("H100 SXM", 2),
    ...hourlyTrades("B200", 5).map((trade) => ({ ...trade, source: "sample" })),
    ...DESK_TRADES,
  ]);
  await api.loadGpuQuotes(
    dailyLedgerSnapshots("2026-03-05", "2026-03-10", [...H200_QUOTES, ...A100_QUOTES]),
  );
  key = (await api.createKey()).key;
});
afterAll(async () => api.close());

const caller = () => appRouter.createCaller({ deps: api.deps, routes: routesOf(MARKETS) });
const constituents = (gpu: string, query: string, headers?: Record<string, string>) =>
  api.get(`/api/gpu/${gpu}/constituents${query}`, headers);

const LEDGER_PROVENANCE = {
  source: "gpurentalprices",
  sample: false,
  asOf: "2026-03-10T06:00:00.000Z",
  citation: GPU_LEDGER_CITATION,
  licence: GPU_LEDGER_LICENCE,
};

type Body = { data: Record<string, unknown>[] } & Record<string, unknown>;

describe("GET /api/gpu/{gpuName}/constituents", () => {
  it("lists a quote day's posted prices, each counted or excluded with the reason, with the day's provenance", async () => {
    // 03-06 settles at 21:00 UTC (before daylight saving time): prints 03-05 22:00 to 03-06 21:00.
    const res = await expectAnswer(constituents("H200", "?date=2026-03-06"), {
      status: 200,
      bodyMatching: {
        success: true,
        access: "public-3mo",
        gpuName: "H200",
        date: "2026-03-06",
        settledAt: "2026-03-06T21:00:00.000Z",
        published: true,
        indexValue: expect.closeTo(3.1, 10),
        methodologyVersion: "2.0",
        basis: "quotes",
        backfilled: true,
        printCount: 24,
        providerCount: 2,
        offerCount: 48,
        tradeCount: 0,
        provenance: { sample: false, sources: [LEDGER_PROVENANCE] },
        count: 8,
      },
    });
    const body = res.body as Body;
    const rows = body.data.map((row) => [
      row.kind,
      row.source,
      row.snapshotAsOf,
      row.provider,
      row.tier,
      row.priceUsdPerGpuHour,
      row.prints,
      row.included,
      row.exclusionReason,
    ]);
    // The 03-05 snapshot serves the prints through 03-06 06:00 (9), the 03-06 one the next 15.
    const of = (asOf: string, prints: number) => [
      ["quote", "gpurentalprices", asOf, "lambda", "on-demand", 3, prints, true, null],
      ["quote", "gpurentalprices", asOf, "runpod", "community", 2.5, prints, false, "tier"],
      ["quote", "gpurentalprices", asOf, "verda", "on-demand", 3.2, prints, true, null],
      ["quote", "gpurentalprices", asOf, "vultr", "on-demand", 2.99, prints, false, "stale"],
    ];
    expect(rows).toEqual([
      ...of("2026-03-05T06:00:00.000Z", 9),
      ...of("2026-03-06T06:00:00.000Z", 15),
    ]);
    expect(body.data[1]).toMatchObject({
      offer: "",
      snapshotId: expect.any(Number),
      exclusionDescription: QUOTE_EXCLUSIONS.tier,
    });
    expect(body.data[3]?.exclusionDescription).toBe(QUOTE_EXCLUSIONS.stale);
    expect(body.data[0]?.exclusionDescription).toBeNull();
  });

  it("aggregates a trade day's trades per source and provider", async () => {
    const res = await constituents("H100%20SXM", "?date=2026-03-06");
    expect(res.status).toBe(200);
    // Trades i = 21 (03-05 21:30) to 44 (03-06 20:30), price 2 + i * 0.001, 8 GPU-hours each.
    expect(res.body).toMatchObject({
      basis: "trades",
      tradeCount: 24,
      offerCount: 0,
      providerCount: 1,
      provenance: TEST_TRADES_PROVENANCE,
      count: 1,
      data: [
        {
          kind: "trades",
          source: "test",
          provider: "p1",
          tradeCount: 24,
          gpuHours: 192,
          averagePriceUsdPerGpuHour: expect.closeTo(2.0325, 10),
        },
      ],
    });
  });

  it("shows a mixed day's quotes and the trades of its trade prints only", async () => {
    const res = await constituents("A100%20SXM4", "?date=2026-03-07");
    expect(res.status).toBe(200);
    const body = res.body as Body;
    expect(body).toMatchObject({
      basis: "mixed",
      printCount: 24,
      tradeCount: 3,
      provenance: {
        sample: false,
        sources: [
          {
            source: "desk",
            sample: false,
            asOf: "2026-03-07T11:30:00.000Z",
            citation: null,
            licence: null,
          },
          LEDGER_PROVENANCE,
        ],
      },
    });
    expect(body.data.filter((row) => row.kind === "trades")).toEqual([
      {
        kind: "trades",
        source: "desk",
        provider: "p1",
        tradeCount: 2,
        gpuHours: 16,
        averagePriceUsdPerGpuHour: expect.closeTo(1.75, 10),
      },
      {
        kind: "trades",
        source: "desk",
        provider: "p2",
        tradeCount: 1,
        gpuHours: 2,
        averagePriceUsdPerGpuHour: expect.closeTo(1.7, 10),
      },
    ]);
    // The 11:00 and 12:00 prints are from trades: they read no snapshot.
    expect(
      body.data.filter((row) => row.kind === "quote").map((row) => [row.provider, row.prints]),
    ).toEqual([
      ["jarvislabs", 9],
      ["lambda", 9],
      ["jarvislabs", 13],
      ["lambda", 13],
    ]);
  });

  it("is 404 for a day not settled, 400 for a bad GPU or date, 401 outside the keyless rules", async () => {
    const unsettled = await constituents("H200", "?date=2026-03-10");
    expect(unsettled.status).toBe(404);
    expect(unsettled.body).toMatchObject({ error: "No data available" });
    expect((await constituents("H200", "?date=2026-02-01")).status).toBe(404);

    await expectEveryAnswer(
      (query) => constituents("H200", query),
      ["", "?date=2026-02-30", "?date=2026-03-06&x=1", "?date=06-03-2026"],
      { status: 400, bodyMatching: { error: "Bad request", message: expect.any(String) } },
    );
    const badGpu = await constituents("H300", "?date=2026-03-06");
    expect(badGpu.status).toBe(400);
    expect(badGpu.body).toEqual({
      error: "Bad request",
      message:
        "Invalid GPU type. Allowed: H100 SXM, H200, A100 SXM4, RTX 5090, B200, RTX PRO 6000 WS",
    });

    // The keyed GPU and days before the free window need a key, as the daily series does.
    expect((await constituents("RTX%20PRO%206000%20WS", "?date=2026-03-06")).status).toBe(401);
    const early = await constituents("H200", "?date=2025-11-01");
    expect(early.status).toBe(401);
    expect((early.body as { message: string }).message).toContain("before 2025-12-10");
    expect((await constituents("H200", "?date=2025-11-01", bearer(key))).status).toBe(404);
    const keyed = await constituents("H200", "?date=2026-03-06", bearer(key));
    expect(keyed.status).toBe(200);
    expect(keyed.body).toMatchObject({ access: "full" });
  });

  it("serves the website the keyless answer through tRPC, null for a day not settled", async () => {
    const rest = await constituents("H200", "?date=2026-03-06");
    expect(await caller().gpu.constituents({ gpu: "H200", date: "2026-03-06" })).toEqual(rest.body);
    expect(await caller().gpu.constituents({ gpu: "H200", date: "2026-03-10" })).toBeNull();
  });
});

describe("provenance on every answer carrying GPU values", () => {
  it("names the basis, sources and counts of a quote print, with the ledger's citation and licence", async () => {
    await expectSuccess(api.get("/api/gpu/H200"), {
      data: {
        gpu_name: "H200",
        region: "global",
        index_value: expect.closeTo(3.1, 10),
        last_updated: "2026-03-10T12:00:00.000Z",
        is_carried: false,
        basis: "quotes",
        sources: ["gpurentalprices"],
        providerCount: 2,
        offerCount: 2,
        // Computed at 12:30 for 12:00: on time.
        backfilled: false,
      },
      provenance: { sample: false, sources: [LEDGER_PROVENANCE] },
      dataSources: { sample: false, notice: null, sources: [LEDGER_PROVENANCE] },
    });

    const history = await api.get(
      "/api/gpu/H200/history?datetime=2026-03-08%2012:00:00",
      bearer(key),
    );
    expect(history.status).toBe(200);
    expect(history.body).toMatchObject({
      data: {
        timestamp: "2026-03-08T12:00:00.000Z",
        basis: "quotes",
        sources: ["gpurentalprices"],
        backfilled: true,
      },
      provenance: { sample: false, sources: [LEDGER_PROVENANCE] },
    });
  });

  it("marks a daily series row by row, and the answer by the union of its sources", async () => {
    const res = await api.get(
      "/api/gpu/A100%20SXM4/index-history?startDate=2026-03-06&endDate=2026-03-08",
    );
    expect(res.status).toBe(200);
    const body = res.body as Body;
    expect(body.data.map((row) => [row.basis, row.sources, row.backfilled])).toEqual([
      ["quotes", ["gpurentalprices"], true],
      ["mixed", ["desk", "gpurentalprices"], true],
      ["quotes", ["gpurentalprices"], true],
    ]);
    expect(body.data[1]).toMatchObject({ providerCount: 4, offerCount: 44 });
    expect(
      (body.provenance as { sources: { source: string }[] }).sources.map((s) => s.source),
    ).toEqual(["desk", "gpurentalprices"]);
  });

  it("says sample, with the sample notice, for values from the generated sample", async () => {
    const res = await api.get("/api/gpu/B200");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      data: { basis: "trades", sources: ["sample"], offerCount: 0 },
      provenance: {
        sample: true,
        sources: [
          {
            source: "sample",
            sample: true,
            asOf: "2026-03-10T11:30:00.000Z",
            citation: SAMPLE_NOTICE,
            licence: null,
          },
        ],
      },
    });
    // The same, in the shape /api/otpi answers with: the notice to quote with the numbers.
    expect(res.body).toMatchObject({
      dataSources: {
        sample: true,
        notice: SAMPLE_NOTICE,
        sources: [{ source: "sample", sample: true, citation: SAMPLE_NOTICE, licence: null }],
      },
    });
    const all = (await api.get("/api/daily-index/all")).body as Body;
    expect(all.provenance).toMatchObject({ sample: true });
    expect(all.dataSources).toMatchObject({ sample: true, notice: SAMPLE_NOTICE });
    expect(
      (all.provenance as { sources: { source: string }[] }).sources.map((s) => s.source),
    ).toEqual(["gpurentalprices", "sample", "test"]);
  });
});
