import { OPENROUTER_SOURCE, SAMPLE_NOTICE, WORKLOAD_UNIT } from "@tpi/domain";
import { storePriceSnapshots } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeAll } from "../../../testing/close-all";
import { MARKETS } from "../..";
import { appRouter } from "../../../app-router";
import { routesOf } from "../../../platform/routes";
import type { OpenRouterDataApiConfig } from "../../../platform/ingest/openrouter-data-api";
import { openRouterTestConfig } from "../../../testing/openrouter-stub";
import { startJsonStub, type JsonStub, type StubAnswer } from "../../../testing/json-stub";
import { bearer, startTestApi, type TestApi } from "../../../testing/test-api";
import { syncSessionCost } from "../jobs/session-cost-sync";
import { WORKLOAD } from "../read-model/state";
import type { WorkloadResponse } from "../schemas/workload";
import { expectEveryAnswer } from "../../../testing/answers";

/**
 * Acceptance: OpenRouter's session-cost dataset (a loopback stub in its documented shape) over
 * three weekly windows plus two stored OpenRouter price snapshots; after the syncs,
 * `GET /api/workload` publishes the index with every number equal to the value computed here by
 * hand from the method's formulas, and the three effects add up to the total change.
 */

const NOW = new Date("2026-11-25T12:00:00Z");
const SONNET = "anthropic/claude-4.5-sonnet";
const GPT5 = "openai/gpt-5";

/** USD per token, as OpenRouter's model list writes prices. */
const model = (id: string, prompt: string, completion: string) => ({
  modelId: id,
  canonicalSlug: id,
  prompt,
  completion,
  inputCacheRead: null,
});
// Blended = 0.75 x input + 0.25 x output (USD per Mtok): Sonnet 6 then 4, GPT-5 3.5 throughout.
const PRICES_NOV_01 = [model(SONNET, "0.000003", "0.000015"), model(GPT5, "0.000002", "0.000008")];
const PRICES_NOV_13 = [model(SONNET, "0.000002", "0.00001"), model(GPT5, "0.000002", "0.000008")];

type Row = [app: string, permaslug: string, turns: string, usd: number];
const row = ([app, permaslug, turns, usd]: Row) => ({
  app_name: app === "cline" ? "Cline" : "Claude Code",
  app_slug: app,
  median_session_cost_usd: usd,
  model_permaslug: permaslug,
  turn_range: turns,
});
const WEEKS: { end: string; rows: Row[] }[] = [
  {
    end: "2026-11-08",
    rows: [
      ["cline", SONNET, "1-turn", 0.6],
      ["cline", SONNET, "2-9-turns", 3.0],
      ["claude-code", SONNET, "2-9-turns", 2.4],
      ["cline", GPT5, "1-turn", 0.35],
      // Left out: a lab the index does not track, and a model the price list does not hold.
      ["cline", "acme/coder-1", "1-turn", 1.0],
      ["claude-code", "anthropic/claude-4.1-opus", "1-turn", 5.0],
    ],
  },
  {
    end: "2026-11-15",
    rows: [
      ["cline", SONNET, "1-turn", 0.5],
      ["cline", SONNET, "2-9-turns", 2.8],
      ["claude-code", SONNET, "2-9-turns", 2.4],
      ["claude-code", SONNET, "10-49-turns", 9.0],
      ["cline", GPT5, "1-turn", 0.42],
    ],
  },
  {
    end: "2026-11-22",
    rows: [
      ["cline", SONNET, "1-turn", 0.55],
      ["claude-code", SONNET, "2-9-turns", 2.6],
      ["claude-code", SONNET, "10-49-turns", 9.5],
      ["cline", GPT5, "1-turn", 0.42],
    ],
  },
];

let api: TestApi;
let stub: JsonStub;
let key: string;
let current: (typeof WEEKS)[number] | undefined;
let config: OpenRouterDataApiConfig;

const sessionCostAnswer = (): StubAnswer => {
  if (current === undefined) return { status: 404, body: {} };
  return {
    body: {
      data: current.rows.map(row),
      meta: {
        as_of: `${current.end}T23:30:00.000Z`,
        version: "v1",
        window_days: 7,
        window_end_date: current.end,
      },
    },
  };
};

const workload = async (query = "", headers: Record<string, string> = {}) =>
  api.get(`/api/workload${query}`, headers);
const withKey = async (query = "") => {
  const res = await workload(query, bearer(key));
  expect(res.status).toBe(200);
  return res.body as WorkloadResponse;
};

beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  stub = await startJsonStub((request) =>
    request.path === "/api/v1/datasets/session-cost" ? sessionCostAnswer() : { status: 404 },
  );
  config = openRouterTestConfig(stub.url, { maxRetries: 0 });
  key = (await api.createKey("premium")).key;
});
afterAll(() => closeAll(stub, api));

describe("GET /api/workload before any real week", () => {
  it("serves the generated sample, marked sample, with its notice", async () => {
    await WORKLOAD.of(api.deps).index.refresh();
    const body = await withKey();
    expect(body.dataSources).toMatchObject({ sample: true, notice: SAMPLE_NOTICE });
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.unit).toBe(WORKLOAD_UNIT);
  });
});

describe("GET /api/workload from synced weeks and stored prices", () => {
  beforeAll(async () => {
    await storePriceSnapshots(api.db, [
      {
        source: OPENROUTER_SOURCE,
        fetchedAt: new Date("2026-11-01T06:00:00Z"),
        models: PRICES_NOV_01,
      },
      {
        source: OPENROUTER_SOURCE,
        fetchedAt: new Date("2026-11-13T06:00:00Z"),
        models: PRICES_NOV_13,
      },
    ]);
    for (const week of WEEKS) {
      current = week;
      const report = await syncSessionCost(api.db, config, {
        trigger: "manual",
        now: new Date(`${week.end}T23:45:00Z`),
      });
      expect(report).toMatchObject({ ran: true, written: true, outcome: "ok" });
    }
    expect(await WORKLOAD.of(api.deps).index.refresh()).toBe(true);
  });

  it("publishes cCents, qKtok, lfl and the three effects as computed by hand, the effects summing to the change", async () => {
    const body = await withKey("?lab=anthropic&family=all");
    expect(body.dataSources.sample).toBe(false);
    expect(body.data.map((r) => r.date)).toEqual(["2026-11-08", "2026-11-15", "2026-11-22"]);
    const [w1, w2, w3] = body.data;

    // Week 1, priced by the Nov 1 list (Sonnet 6 USD/Mtok): cells 0.60, 3.00, 2.40 USD.
    expect(w1?.cCents).toBeCloseTo(((0.6 + 3.0 + 2.4) / 3) * 100, 10);
    expect(w1?.qKtok).toBeCloseTo((((0.6 + 3.0 + 2.4) / 6) * 1e6) / 3 / 1000, 9);
    expect(w1).toMatchObject({
      lfl: 100,
      priceEffect: null,
      intensityEffect: null,
      mixEffect: null,
      cells: 3,
    });

    // Week 2, priced by the Nov 13 list (Sonnet 4): 0.50, 2.80, 2.40 matched, 9.00 entered.
    const c1 = (0.6 + 3.0 + 2.4) / 3;
    const c2 = (0.5 + 2.8 + 2.4 + 9.0) / 4;
    expect(w2?.cCents).toBeCloseTo(c2 * 100, 10);
    expect(w2?.qKtok).toBeCloseTo(((c2 / 4) * 1e6) / 1000, 9);
    // Törnqvist over the matched cells [then, now]: weights = mean of each week's cost shares.
    const tornqvist = (pairs: [number, number][]) => {
      const sumThen = pairs.reduce((sum, [t]) => sum + t, 0);
      const sumNow = pairs.reduce((sum, [, n]) => sum + n, 0);
      return pairs.reduce(
        (sum, [t, n]) => sum + ((t / sumThen + n / sumNow) / 2) * Math.log(n / t),
        0,
      );
    };
    const matched2: [number, number][] = [
      [0.6, 0.5],
      [3.0, 2.8],
      [2.4, 2.4],
    ];
    const lnLink = tornqvist(matched2);
    expect(w2?.lfl).toBeCloseTo(100 * Math.exp(lnLink), 10);
    // LMDI: x = s * c with s = 1/3 then 1/4; L(a, b) = (a - b) / ln(a / b); prices 6 then 4.
    const L = (a: number, b: number) => (a === b ? a : (a - b) / Math.log(a / b));
    let price = 0;
    let intensity = 0;
    let mix = 0;
    for (const [t, n] of matched2) {
      const w = L(n / 4, t / 3);
      price += w * Math.log(4 / 6);
      intensity += w * Math.log(n / 4 / (t / 6));
      mix += w * Math.log(3 / 4);
    }
    mix += 9.0 / 4; // the entering cell's whole contribution
    expect(w2?.priceEffect).toBeCloseTo((100 * price) / c1, 9);
    expect(w2?.intensityEffect).toBeCloseTo((100 * intensity) / c1, 9);
    expect(w2?.mixEffect).toBeCloseTo((100 * mix) / c1, 9);
    expect(w2?.totalChange).toBeCloseTo(100 * (c2 / c1 - 1), 10);

    // Week 3: same prices; cline 2-9 turns left; 0.55, 2.60, 9.50 matched.
    const c3 = (0.55 + 2.6 + 9.5) / 3;
    expect(w3?.cCents).toBeCloseTo(c3 * 100, 10);
    expect(w3?.priceEffect).toBeCloseTo(0, 12);
    const lnLink3 = tornqvist([
      [0.5, 0.55],
      [2.4, 2.6],
      [9.0, 9.5],
    ]);
    expect(w3?.lfl).toBeCloseTo(100 * Math.exp(lnLink) * Math.exp(lnLink3), 10);

    for (const r of [w2, w3]) {
      const effects = [r?.priceEffect, r?.intensityEffect, r?.mixEffect, r?.totalChange];
      if (effects.some((value) => value === null || value === undefined))
        throw new Error(`effects missing on ${r?.date}`);
      const [p, i, m, total] = effects as number[];
      expect(Math.abs((p ?? 0) + (i ?? 0) + (m ?? 0) - (total ?? 0))).toBeLessThan(1e-9);
    }
  });

  it("serves every lab and family without filters, the cells behind them, and each week's exclusions and sources", async () => {
    const body = await withKey("?cells=all");
    expect(body.cellsOf).toBe("all");
    expect(body.startDate).toBeNull();
    expect(body.data.filter((r) => r.date === "2026-11-15").map((r) => [r.lab, r.family])).toEqual([
      ["anthropic", "all"],
      ["anthropic", "claude-sonnet"],
      ["openai", "all"],
      ["openai", "gpt-5"],
    ]);
    const openai = body.data.find((r) => r.date === "2026-11-15" && r.lab === "openai");
    expect(openai?.cCents).toBeCloseTo(42, 10);
    expect(openai?.qKtok).toBeCloseTo(120, 10); // 0.42 USD / 3.5 USD per Mtok
    expect(openai?.priceEffect).toBeCloseTo(0, 12);
    expect(openai?.intensityEffect).toBeCloseTo(100 * (0.42 / 0.35 - 1), 9);
    expect(body.weeks[0]).toEqual({
      date: "2026-11-08",
      windowDays: 7,
      asOf: "2026-11-08T23:30:00.000Z",
      pricesFetchedAt: "2026-11-01T06:00:00.000Z",
      pricedCells: 4,
      excluded: { unknown_lab: 1, no_price: 1, duplicate_cell: 0 },
    });
    expect(body.cells.find((c) => c.date === "2026-11-08" && c.harness === "claude-code")).toEqual({
      date: "2026-11-08",
      windowDays: 7,
      asOf: "2026-11-08T23:30:00.000Z",
      harness: "claude-code",
      harnessName: "Claude Code",
      model: SONNET,
      lab: "anthropic",
      family: "claude-sonnet",
      turnRange: "2-9-turns",
      medianSessionCostUsd: 2.4,
      blendedPricePerMtok: 6,
      impliedKtok: expect.closeTo(400, 9),
    });
    const [sessionCost, prices] = body.dataSources.sources;
    expect(sessionCost).toMatchObject({
      source: "openrouter-session-cost",
      sample: false,
      asOf: "2026-11-22T23:30:00.000Z",
      citation:
        "Source: OpenRouter (openrouter.ai), session-cost dataset, as of 2026-11-22T23:30:00.000Z. Licensed under CC BY 4.0.",
      licence: { name: "CC BY 4.0" },
    });
    expect(prices).toMatchObject({ source: "openrouter", asOf: "2026-11-13T06:00:00.000Z" });
    // computedAt: the later of the window's as-of and the price snapshot.
    expect(body.data[0]?.computedAt).toBe("2026-11-08T23:30:00.000Z");
  });

  it("filters by dates (window end days, inclusive) and family; a week without the family's cells is empty", async () => {
    const body = await withKey("?startDate=2026-11-15&endDate=2026-11-22&family=gpt-5");
    expect(body.data.map((r) => [r.date, r.lab, r.family])).toEqual([
      ["2026-11-15", "openai", "gpt-5"],
      ["2026-11-22", "openai", "gpt-5"],
    ]);
    expect(body.cells.every((c) => c.family === "gpt-5")).toBe(true);
    expect((await withKey("?startDate=2026-12-01&family=gpt-5")).data).toEqual([]);
  });

  it("carries the latest week's cells by default, every week's or none when asked", async () => {
    const all = await withKey("?cells=all");
    const latest = await withKey();
    expect(latest.cellsOf).toBe("latest");
    expect(latest.data).toEqual(all.data);
    expect(new Set(all.cells.map((c) => c.date)).size).toBe(3);
    expect(latest.cells.length).toBeGreaterThan(0);
    expect(latest.cells).toEqual(all.cells.filter((c) => c.date === "2026-11-22"));
    // The latest week of the range asked, not of all history.
    const earlier = await withKey("?endDate=2026-11-15");
    expect(earlier.cells).toEqual(all.cells.filter((c) => c.date === "2026-11-15"));
    const none = await withKey("?cells=none");
    expect(none).toMatchObject({ cellsOf: "none", cells: [] });
    expect(none.data).toEqual(all.data);
  });

  it("takes the reference's class names for a family: every family of the class, our names kept", async () => {
    const ours = await withKey("?lab=anthropic&family=claude-sonnet&cells=all");
    const sonnet = await withKey("?lab=anthropic&family=sonnet&cells=all");
    expect(sonnet.data.length).toBeGreaterThan(0);
    expect(sonnet.data).toEqual(ours.data);
    expect(sonnet.cells).toEqual(ours.cells);
    expect((await withKey("?family=sonnet")).data).toEqual(sonnet.data);
    const flagship = await withKey("?family=flagship&cells=all");
    expect(flagship.data).toEqual((await withKey("?family=gpt-5&cells=all")).data);
    expect(flagship.data.every((r) => r.lab === "openai" && r.family === "gpt-5")).toBe(true);
  });

  it("refuses a family the index never published, naming the families there are", async () => {
    const res = await workload("?lab=anthropic&family=haiku", bearer(key));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: "No data available" });
    expect((res.body as { message: string }).message).toMatch(
      /^No workload series has the family 'haiku' for anthropic\. Families published for anthropic: all, claude-/,
    );
    // A class of another lab is no family of this one.
    const otherLabsClass = await workload("?lab=openai&family=sonnet", bearer(key));
    expect(otherLabsClass.status).toBe(404);
    const elsewhere = await workload("?lab=openai&family=claude-sonnet", bearer(key));
    expect(elsewhere.status).toBe(404);
  });

  it("refuses a bad lab, family or date with 400, and a keyless caller with the 401 of every keyed route", async () => {
    await expectEveryAnswer(
      (query) => workload(query, bearer(key)),
      [
        "?lab=acme",
        "?family=Claude%20Sonnet",
        "?startDate=2026-13-01",
        "?startDate=2026-11-22&endDate=2026-11-08",
        "?week=1",
        "?cells=every",
      ],
      { status: 400, bodyMatching: { error: expect.any(String), message: expect.any(String) } },
    );
    const keyless = await workload();
    const otherKeyed = await api.get("/api/token-volume?startDate=2026-11-01&endDate=2026-11-02");
    expect(keyless.status).toBe(401);
    expect(keyless.body).toEqual(otherKeyed.body);
  });

  it("answers the website's procedures with the route's values and refusals", async () => {
    const caller = appRouter.createCaller({ deps: api.deps, routes: routesOf(MARKETS) });
    const methodology = await caller.workload.methodology();
    expect(methodology.latestWeek).toBe("2026-11-22");
    expect(methodology.rules.join(" ")).toContain("LMDI");
    await expect(caller.workload.planIndex({ lab: "anthropic" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("serves the methodology publicly, with its sources, exclusions and citation", async () => {
    const res = await api.get("/api/workload/methodology");
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    for (const words of [
      "Implied tokens per session",
      "Törnqvist",
      "LMDI",
      "no_price",
      "CC BY 4.0",
    ])
      expect(text).toContain(words);
  });
});
