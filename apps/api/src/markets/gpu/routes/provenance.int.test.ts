import { MARKETS } from "../..";
import { routesOf } from "../../../platform/routes";
import { GPU_LEDGER_CITATION, GPU_LEDGER_LICENCE, SAMPLE_NOTICE } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../../../app-router";
import { GPU_TEST_NOW, hourlyTrades } from "../../../testing/gpu-trades";
import { closedAfterFile } from "../../../testing/file-fixtures";
import { startTestApi, type TestApi } from "../../../testing/test-api";
import { LEDGER_GPU_RULES, dailyLedgerSnapshots, quoteSnapshot } from "../../../testing/gpu-quotes";

const api = closedAfterFile(await startTestApi({ now: GPU_TEST_NOW }));

const caller = () => appRouter.createCaller({ deps: api.deps, routes: routesOf(MARKETS) });

/**
 * A reader can tell the GPU index's market trades from the generated sample: the website's banner,
 * the GPU methodology and every MCP GPU result carry the trades' sources, counted by the database.
 */
describe("the sources behind the GPU index", () => {
  it("names each source, and says 'sample' as soon as any published value rests on sample trades", async () => {
    expect(await caller().gpu.dataProvenance()).toEqual({
      sample: false,
      notice: null,
      sources: [],
    });

    const market = hourlyTrades("H100 SXM", 2).map((trade) => ({
      ...trade,
      source: "acme-exchange",
    }));
    await api.loadGpuTrades(market);
    const real = await caller().gpu.dataProvenance();
    expect(real).toMatchObject({ sample: false, notice: null });
    expect(real.sources).toEqual([
      {
        source: "acme-exchange",
        sample: false,
        firstDay: market[0]?.executedAt.toISOString().slice(0, 10),
        lastDay: market.at(-1)?.executedAt.toISOString().slice(0, 10),
        days: expect.any(Number),
        latestAsOf: market.at(-1)?.executedAt.toISOString(),
        citation: null,
        licence: null,
      },
    ]);

    // Sample trades for another GPU: the published set now rests partly on the sample.
    await api.loadGpuTrades(
      hourlyTrades("B200", 5).map((trade) => ({ ...trade, source: "sample" })),
    );
    const mixed = await caller().gpu.dataProvenance();
    expect(mixed.sample).toBe(true);
    expect(mixed.notice).toBe(SAMPLE_NOTICE);
    expect(mixed.sources.map((source) => [source.source, source.sample])).toEqual([
      ["acme-exchange", false],
      ["sample", true],
    ]);
    expect((await caller().gpu.methodology()).dataSources).toEqual(mixed);
    // REST readers see the same, without a key.
    const rest = await api.get("/api/gpu-methodology");
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual(await caller().gpu.methodology());
    expect((rest.body as { dataSources: unknown }).dataSources).toEqual(mixed);

    // A trade stored late, in an hour already printed, publishes nothing new: its source is
    // still named at once, in tRPC and in the REST answer (whose cached bytes move with it).
    const first = market[0];
    if (first === undefined) throw new Error("the market trades are empty");
    const late = { ...first, tradeId: "late-1", source: "late-desk" };
    await api.loadGpuTrades([late]);
    expect((await caller().gpu.dataProvenance()).sources.map((source) => source.source)).toEqual([
      "acme-exchange",
      "late-desk",
      "sample",
    ]);
    const after = (await api.get("/api/gpu-methodology")).body as {
      dataSources: { sources: { source: string }[] };
    };
    expect(after.dataSources.sources.map((source) => source.source)).toContain("late-desk");
  });
});

describe("the quote sources behind the GPU index", () => {
  let quoted: TestApi;
  beforeAll(async () => {
    quoted = await startTestApi({ now: GPU_TEST_NOW, gpuRules: LEDGER_GPU_RULES });
  });
  afterAll(async () => quoted.close());
  const quotedCaller = () =>
    appRouter.createCaller({ deps: quoted.deps, routes: routesOf(MARKETS) });

  it("lists each quote source published values rest on, with the citation and licence stored on its snapshots, never as sample", async () => {
    const quotes = [
      { gpuName: "H200" as const, provider: "lambda", price: 3 },
      { gpuName: "H200" as const, provider: "verda", price: 3.2 },
    ];
    // Vast.ai offers stored without the operator's licence: no print reads them.
    const vast = quoteSnapshot("2026-03-09T06:00:00.000Z", quotes, "vastai");
    await quoted.loadGpuQuotes([
      ...dailyLedgerSnapshots("2026-03-07", "2026-03-10", quotes),
      { snapshot: vast, attribution: { citation: "Vast.ai", licence: { name: "ToS", url: "x" } } },
    ]);
    const ledger = {
      source: "gpurentalprices",
      sample: false,
      firstDay: "2026-03-07",
      lastDay: "2026-03-10",
      days: 4,
      latestAsOf: "2026-03-10T06:00:00.000Z",
      citation: GPU_LEDGER_CITATION,
      licence: GPU_LEDGER_LICENCE,
    };
    expect(await quotedCaller().gpu.dataProvenance()).toEqual({
      sample: false,
      notice: null,
      sources: [ledger],
    });
    // Beside the trade sources, sorted by id; sample trades make the whole set `sample`.
    await quoted.loadGpuTrades(
      hourlyTrades("B200", 5).map((trade) => ({ ...trade, source: "sample" })),
    );
    const mixed = await quotedCaller().gpu.dataProvenance();
    expect(mixed).toMatchObject({ sample: true, notice: SAMPLE_NOTICE });
    expect(mixed.sources.map((source) => [source.source, source.sample])).toEqual([
      ["gpurentalprices", false],
      ["sample", true],
    ]);
    expect(mixed.sources[0]).toEqual(ledger);
    const rest = (await quoted.get("/api/gpu-methodology")).body as { dataSources: unknown };
    expect(rest.dataSources).toEqual(mixed);
  });
});
