import { MARKETS } from "../..";
import { routesOf } from "../../../platform/routes";
import { SAMPLE_NOTICE } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "../../../app-router";
import { GPU_TEST_NOW, hourlyTrades } from "../../../testing/gpu-trades";
import { startTestApi, type TestApi } from "../../../testing/test-api";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ now: GPU_TEST_NOW });
});
afterAll(async () => api.close());

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
