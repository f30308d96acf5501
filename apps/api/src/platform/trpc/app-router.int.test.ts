// @module-tag zone
import { FREE_TIER_LAB_IDS } from "@tpi/domain";
import { TOKEN as TOKEN_MARKET } from "../../markets/token/read-model/state";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETS } from "../../markets";
import { methodologyDocument } from "../../markets/token/services/methodology";
import { observation, startTestApi, type TestApi } from "../../testing/test-api";

// "Today" is 2026-03-31 12:00 UTC: free window 2026-02-28 .. 2026-03-31, latest settleable 2026-03-29.
const NOW = new Date("2026-03-31T12:00:00.000Z");
const TOKEN = "internal-token-for-tests-0123456789";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ now: NOW, internalToken: TOKEN });
  const days = ["2026-01-15", "2026-02-28", "2026-03-28", "2026-03-29"];
  await api.load(
    days.flatMap((date) => [
      observation({
        date,
        modelId: "anthropic/claude-a",
        inputPricePerMtok: 3,
        outputPricePerMtok: 15,
      }),
      observation({ date, modelId: "openai/gpt-a", inputPricePerMtok: 1, outputPricePerMtok: 8 }),
      observation({
        date,
        modelId: "minimax/m-a",
        inputPricePerMtok: 0.3,
        outputPricePerMtok: 1.2,
      }),
    ]),
  );
});
afterAll(async () => api.close());

/** A tRPC query over HTTP as the website's httpLink sends it. */
async function trpc(path: string, input?: unknown) {
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await api.get(`/trpc/${path}${query}`, { authorization: `Bearer ${TOKEN}` });
  return {
    status: res.status,
    body: res.body as { result?: { data: unknown }; error?: { data?: { code?: string } } },
  };
}

describe("internal tRPC router: website procedures", () => {
  it("marketStatus lists every market with its data status and each declared source's runs", async () => {
    const res = await trpc("marketStatus");
    expect(res.status).toBe(200);
    const statuses = res.body.result?.data as {
      market: string;
      data: string;
      loaded: string;
      asOf: string | null;
      sources: { source: string; runs: unknown[] }[];
    }[];
    expect(statuses.map((status) => status.market)).toEqual(MARKETS.map((market) => market.name));
    for (const market of MARKETS)
      expect(
        statuses.find((status) => status.market === market.name)?.sources.map((s) => s.source),
      ).toEqual(market.syncSources);
    // The token values loaded above are the test's source: real data, with its count.
    expect(statuses.find((status) => status.market === TOKEN_MARKET.name)).toMatchObject({
      data: "real",
      loaded: expect.stringMatching(/^\d+ published token values$/) as string,
    });
  });

  it("freeWindowIndex equals the keyless REST range over the free window", async () => {
    const rest = await api.get("/api/otpi?lab=anthropic&startDate=2026-02-28&endDate=2026-03-31");
    const res = await trpc("freeWindowIndex", { lab: "anthropic" });
    expect(res.status).toBe(200);
    expect(res.body.result?.data).toEqual({
      access: "public-1mo",
      startDate: "2026-02-28",
      endDate: "2026-03-31",
      rows: (rest.body as { data: unknown[] }).data,
    });
  });

  it("recentTokenVolume holds the free labs' rows of GET /api/token-volume over the latest settled days", async () => {
    const key = (await api.createKey("trial")).key;
    const rest = await api.get(
      `/api/token-volume?startDate=2026-01-15&endDate=2026-03-29&labs=${FREE_TIER_LAB_IDS.join(",")}`,
      { authorization: `Bearer ${key}` },
    );
    const restRows = (rest.body as { data: { lab: string; date: string; share: number | null }[] })
      .data;
    const res = await trpc("recentTokenVolume");
    expect(res.status).toBe(200);
    const view = res.body.result?.data as {
      startDate: string;
      endDate: string;
      days: number;
      latest: { lab: string; date: string }[];
      rows: unknown[];
      baselines: { lab: string }[];
      dataSources: { sample: boolean };
    };
    // Four settled days, fewer than RECENT_TOKEN_VOLUME_DAYS: all of them. minimax is keyed,
    // so it has no row, and the shares are over the free labs only.
    expect(view).toMatchObject({ startDate: "2026-01-15", endDate: "2026-03-29", days: 4 });
    expect(view.rows).toEqual(restRows);
    const days = new Set(restRows.map((row) => row.date));
    for (const day of days) {
      const ofDay = restRows.filter((row) => row.date === day);
      const sum = ofDay.reduce((total, row) => total + (row.share ?? 0), 0);
      expect(Math.abs(sum - 1), day).toBeLessThanOrEqual(1e-12);
    }
    expect(view.latest.map((row) => `${row.lab} ${row.date}`)).toEqual([
      "anthropic 2026-03-29",
      "openai 2026-03-29",
    ]);
    expect(view.baselines.map((base) => base.lab)).toEqual(["anthropic", "openai"]);
    expect(view.dataSources.sample).toBe(false);
  });

  it("freeWindowIndex without a lab holds the free labs only, inside the window", async () => {
    const res = await trpc("freeWindowIndex", {});
    const rows = (res.body.result?.data as { rows: { lab: string; date: string }[] }).rows;
    expect(new Set(rows.map((row) => row.lab))).toEqual(new Set(["anthropic", "openai"]));
    expect(rows.every((row) => row.date >= "2026-02-28")).toBe(true);
  });

  it("freeWindowIndex refuses a keyed lab, as the keyless REST route does", async () => {
    const res = await trpc("freeWindowIndex", { lab: "minimax" });
    expect(res.status).toBe(401);
    expect(res.body.error?.data?.code).toBe("UNAUTHORIZED");
  });

  it("llmCoding.products and llmCoding.methodology are the public REST bodies", async () => {
    for (const [procedure, path] of [
      ["llmCoding.products", "/api/llm-coding/products"],
      ["llmCoding.methodology", "/api/llm-coding/methodology"],
    ] as const) {
      const res = await trpc(procedure);
      expect(res.status, procedure).toBe(200);
      expect(res.body.result?.data, procedure).toEqual((await api.get(path)).body);
    }
  });

  it("windows gives each index's free window on the api's clock", async () => {
    const [res, tokenRange] = await Promise.all([trpc("windows"), trpc("freeWindowIndex", {})]);
    expect(res.status).toBe(200);
    // Every market's window, null for one whose values need a key whatever the day.
    expect(res.body.result?.data).toEqual(
      Object.fromEntries(MARKETS.map((market) => [market.name, market.freeWindow(NOW)])),
    );
    expect(res.body.result?.data).toMatchObject({
      token: { startDate: "2026-02-28", endDate: "2026-03-31" },
      gpu: { startDate: "2025-12-31", endDate: "2026-03-31" },
    });
    const served = tokenRange.body.result?.data as { startDate: string; endDate: string };
    expect((res.body.result?.data as { token: unknown }).token).toEqual({
      startDate: served.startDate,
      endDate: served.endDate,
    });
  });

  it("keyedLatestDays gives each keyed lab's latest settled day as a full key sees it, and no value", async () => {
    const key = (await api.createKey("full")).key;
    const rest = await api.get("/api/otpi?lab=minimax&startDate=2026-01-01&endDate=2026-03-31", {
      authorization: `Bearer ${key}`,
    });
    const restRows = (rest.body as { data: { date: string; indexPerMtok: number }[] }).data;
    const latest = restRows.reduce((a, b) => (a.date > b.date ? a : b));
    const res = await trpc("keyedLatestDays");
    expect(res.status).toBe(200);
    const rows = res.body.result?.data as Record<string, unknown>[];
    expect(rows.map((row) => row.lab)).toEqual([
      "minimax",
      "xiaomi",
      "qwen",
      "moonshotai",
      "z-ai",
      "mistralai",
      "meta-llama",
    ]);
    expect(rows[0]).toEqual({ lab: "minimax", label: "MiniMax", latestDate: latest.date });
    expect(rows.slice(1).every((row) => row.latestDate === null)).toBe(true);
    // Only the three fields: no value, tokens or count reaches a keyless page through here.
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(["lab", "label", "latestDate"]);
    expect(JSON.stringify(res.body)).not.toContain(String(latest.indexPerMtok));
  });

  it("tokenTypes equals the two REST catalog bodies", async () => {
    const [all, free, res] = await Promise.all([
      api.get("/api/token-types"),
      api.get("/api/token-types-free"),
      trpc("tokenTypes"),
    ]);
    expect(res.body.result?.data).toEqual({
      all: (all.body as { data: unknown }).data,
      free: (free.body as { data: unknown }).data,
    });
  });

  it("methodology is the document built from the api's configured rules", async () => {
    const res = await trpc("methodology");
    expect(res.body.result?.data).toEqual(
      JSON.parse(
        JSON.stringify(
          methodologyDocument(
            TOKEN_MARKET.of(api.deps).rules,
            TOKEN_MARKET.of(api.deps).index.dataSources,
          ),
        ),
      ),
    );
  });

  it("is closed without the internal token", async () => {
    const res = await api.get("/trpc/methodology");
    expect(res.status).toBe(401);
  });
});
