import {
  GITHUB_SEARCH_SOURCE,
  LLM_CODING_METHODOLOGY_VERSION,
  LLM_CODING_PRODUCTS,
  eachUtcDay,
  searchesForDay,
  type BulkRow,
  type UtcDay,
} from "@tpi/domain";
import { replaceAppRankingWindow, writeCodingCountsOfDay } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectRows, expectDatasetRows, fixedReleases } from "../../../testing/bulk-rows";
import { bearer, startTestApi, type TestApi } from "../../../testing/test-api";
import { LLM_CODING } from "../read-model/state";
import type { LlmCodingHistoryResponse, LlmCodingTokensResponse } from "../schemas/llm-coding";
import { agentTokensRows, llmCodingAgentTokensDaily, tokensItemOfRow } from "./agent-tokens-daily";
import { historyItemOfRow, llmCodingProductDaily, productDailyRows } from "./product-daily";

/**
 * LLM Coding's datasets against its routes: 12 days of GitHub counts (Claude Code opens no pull
 * request on one day, so its merge rate has a gap there) and two days of OpenRouter's coding
 * rankings (Claude Code ranking under two apps). Every product's history and every token row
 * read from the database equal what the routes serve, item by item; a release's rows answer the
 * routes with `release`.
 */

const NOW = new Date("2026-11-26T06:00:00.000Z");
const DAYS = eachUtcDay("2026-11-12", "2026-11-23");
const GAP_DAY: UtcDay = "2026-11-15";

const countOf = (agent: string, metric: string, day: UtcDay): number => {
  const dom = Number(day.slice(8));
  if (agent === "claude" && day === GAP_DAY && metric !== "commits") return 0;
  if (metric === "opened") return 40 + dom + agent.length;
  if (metric === "merged") return 10 + (dom % 7);
  return 500 + 3 * dom;
};

const releases = fixedReleases();
const { asked } = releases;
let api: TestApi;
let key: string;

beforeAll(async () => {
  api = await startTestApi({
    now: NOW,
    configure: releases.configure,
  });
  for (const [i, day] of DAYS.entries())
    await writeCodingCountsOfDay(api.db, {
      day,
      observations: searchesForDay(day).map((request) => ({
        agent: request.agent,
        metric: request.metric,
        endpoint: request.endpoint,
        query: request.q,
        count: countOf(request.agent, request.metric, day),
      })),
      // Each day searched at its own time: a row's as-of is its own day's search.
      observedAt: new Date(NOW.getTime() - (DAYS.length - i) * 60_000),
      observedOn: "2026-11-26",
      syncId: null,
    });
  for (const [day, asOf] of [
    ["2026-11-23", "2026-11-24T02:00:00.000Z"],
    ["2026-11-24", "2026-11-25T02:00:00.000Z"],
  ] as const)
    await replaceAppRankingWindow(api.db, {
      category: "coding",
      windowStart: day,
      windowEnd: day,
      asOf: new Date(asOf),
      syncedAt: NOW,
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
        { appId: 9, appName: "Claude Code Router", rank: 4, totalRequests: 3, totalTokens: 30n },
      ],
    });
  // A window of several days is no day's: in neither the route nor the dataset.
  await replaceAppRankingWindow(api.db, {
    category: "coding",
    windowStart: "2026-11-17",
    windowEnd: "2026-11-23",
    asOf: new Date("2026-11-24T02:00:00.000Z"),
    syncedAt: NOW,
    rows: [{ appId: 10, appName: "Claude Code", rank: 1, totalRequests: 1, totalTokens: 1n }],
  });
  await LLM_CODING.of(api.deps).counts.refresh();
  key = (await api.createKey("premium")).key;
});
afterAll(() => api.close());

const history = async (query: string) => {
  const res = await api.get(`/api/llm-coding/history?${query}`, bearer(key));
  expect(res.status).toBe(200);
  return res.body as LlmCodingHistoryResponse;
};
const tokens = async (query = "") => {
  const res = await api.get(`/api/llm-coding/tokens${query}`, bearer(key));
  expect(res.status).toBe(200);
  return res.body as LlmCodingTokensResponse;
};

describe("the product-daily dataset", () => {
  it("equals every product's history as served, item by item, types included", async () => {
    const rows = await collectRows(llmCodingProductDaily.rows(api.db));
    for (const product of LLM_CODING_PRODUCTS) {
      const served = await history(`product=${product.id}&limit=5000`);
      const ofProduct = rows.filter((row) => row.product === product.id);
      expect(served.data.length, product.id).toBeGreaterThan(0);
      expectDatasetRows(llmCodingProductDaily, ofProduct, {
        items: served.data,
        itemOf: historyItemOfRow,
      });
    }
    expect(new Set(rows.map((row) => row.product)).size).toBe(LLM_CODING_PRODUCTS.length);
    // The gap: Claude's merge rate has no row that day, the comparison a null first value.
    expect(rows.some((row) => row.product === "cc-merge" && row.date === GAP_DAY)).toBe(false);
    expect(
      rows.find((row) => row.product === "cc-vs-codex-merge" && row.date === GAP_DAY),
    ).toMatchObject({ value: null, value2: expect.any(Number) });
  });

  it("types every value by its column, fills the provenance, orders series then period", async () => {
    const rows = await collectRows(llmCodingProductDaily.rows(api.db));
    expectDatasetRows(llmCodingProductDaily, rows);
    const first = rows.find((row) => row.product === "codex-prs" && row.date === DAYS[0]);
    expect(first).toMatchObject({
      source: "github-search",
      asOf: new Date(NOW.getTime() - DAYS.length * 60_000).toISOString(),
      sample: false,
      basis: "counts",
      methodologyVersion: LLM_CODING_METHODOLOGY_VERSION,
      citation: GITHUB_SEARCH_SOURCE.citation,
    });
  });

  it("gives each row the as-of the route gives its value: the newest search behind it", async () => {
    const rows = await collectRows(llmCodingProductDaily.rows(api.db));
    for (const product of ["codex-prs", "cc-merge", "cc-commits"]) {
      const res = await api.get(`/api/llm-coding/index?product=${product}`, bearer(key));
      const latest = (res.body as { data: { date: string; updatedAt: string } }).data;
      const row = rows.find((r) => r.product === product && r.date === latest.date);
      expect(row?.asOf, product).toBe(latest.updatedAt);
    }
  });

  it("reads the same rows a few days at a time as in one page", async () => {
    const whole = await collectRows(productDailyRows(api.db));
    expect(await collectRows(productDailyRows(api.db, undefined, 2))).toStrictEqual(whole);
    expect(await collectRows(productDailyRows(api.db, undefined, 1))).toStrictEqual(whole);
  });

  it("stops between pages when asked", async () => {
    const stopping = new AbortController();
    stopping.abort();
    expect(await collectRows(productDailyRows(api.db, stopping.signal, 2))).toEqual([]);
  });
});

describe("the agent-tokens-daily dataset", () => {
  it("equals every token row as served, item by item, totals exact", async () => {
    const rows = await collectRows(llmCodingAgentTokensDaily.rows(api.db));
    const served = await tokens();
    const items = rows
      .map(tokensItemOfRow)
      .sort((a, b) => (a.date === b.date ? a.rank - b.rank : a.date < b.date ? -1 : 1));
    expect(items).toStrictEqual(served.data);
    expect(items.length).toBe(6);
    expect(rows.find((row) => row.appId === 10)).toMatchObject({
      totalTokens: "9007199254740993",
      source: "openrouter-app-rankings",
    });
  });

  it("types, provenance and order (by app id as text, then day), in pages of any size", async () => {
    const rows = await collectRows(agentTokensRows(api.db));
    expectDatasetRows(llmCodingAgentTokensDaily, rows);
    expect(rows.map((row) => row.appId)).toEqual([10, 10, 7, 7, 9, 9]);
    expect(await collectRows(agentTokensRows(api.db, undefined, 1))).toStrictEqual(rows);
    expect(await collectRows(agentTokensRows(api.db, undefined, 3))).toStrictEqual(rows);
  });
});

describe("the history routes with release", () => {
  const RESTATED_DAY: UtcDay = "2026-11-20";
  let current: BulkRow[];

  beforeAll(async () => {
    current = await collectRows(llmCodingProductDaily.rows(api.db));
    // Release 3 holds codex-prs of one day as first published, before a restatement.
    const asFirstPublished = current.map((row) =>
      row.product === "codex-prs" && row.date === RESTATED_DAY ? { ...row, value: 7 } : row,
    );
    releases.hold(3, llmCodingProductDaily, asFirstPublished);
    releases.hold(
      3,
      llmCodingAgentTokensDaily,
      (await collectRows(agentTokensRows(api.db))).filter((row) => row.appId !== 7),
    );
  });

  it("answers the release's values in the same shape, the range and limit as without it", async () => {
    asked.length = 0;
    const query = `product=codex-prs&startDate=2026-11-18&endDate=2026-11-22&limit=4`;
    const now = await history(query);
    const then = await history(`${query}&release=3`);
    expect(asked).toEqual([
      {
        market: "llm-coding",
        dataset: "product-daily",
        release: 3,
        series: ["codex-prs"],
        fromPeriod: "2026-11-18",
        toPeriod: "2026-11-22",
      },
    ]);
    expect(then.data.map((item) => item.date)).toEqual(now.data.map((item) => item.date));
    expect(then.data.length).toBe(4);
    expect(then.data.find((item) => item.date === RESTATED_DAY)?.value).toBe(7);
    expect(now.data.find((item) => item.date === RESTATED_DAY)?.value).not.toBe(7);
    expect({ ...then, data: [] }).toMatchObject({
      product: "codex-prs",
      compare: false,
      count: 4,
      dataSources: {
        sample: false,
        sources: [
          {
            source: "github-search",
            firstDay: "2026-11-18",
            lastDay: "2026-11-22",
            days: 5,
            citation: GITHUB_SEARCH_SOURCE.citation,
            licence: null,
          },
        ],
      },
    });
  });

  it("answers a comparison product's release rows with value2 and its labels", async () => {
    const now = await history("product=cc-vs-codex-merge");
    const then = await history("product=cc-vs-codex-merge&release=3");
    // Byte for byte: a release's items are written in the route's order of fields.
    expect(JSON.stringify(then.data)).toBe(JSON.stringify(now.data));
    expect(then.seriesLabels).toEqual(now.seriesLabels);
  });

  it("answers the tokens of the release, the agent chosen among its rows", async () => {
    const then = await tokens("?release=3");
    expect(then.data.map((item) => item.appName)).toEqual([
      "Claude Code",
      "Claude Code Router",
      "Claude Code",
      "Claude Code Router",
    ]);
    const claude = await tokens("?agent=codex&release=3");
    expect(claude).toMatchObject({ count: 0, data: [] });
  });

  it("validates a release's answer apart from today's (the release is in the answer's validator)", async () => {
    const path = "/api/llm-coding/history?product=codex-prs";
    const now = await api.get(path, bearer(key));
    const etag = now.headers.get("etag") as string;
    expect((await api.get(path, { ...bearer(key), "if-none-match": etag })).status).toBe(304);
    const then = await api.get(`${path}&release=3`, { ...bearer(key), "if-none-match": etag });
    expect(then.status).toBe(200);
    expect(then.headers.get("etag")).not.toBe(etag);
  });

  it("refuses an unknown release (404), an invalid one (400) and a keyless caller (401)", async () => {
    const unknown = await api.get(
      "/api/llm-coding/history?product=codex-prs&release=99",
      bearer(key),
    );
    expect(unknown.status).toBe(404);
    for (const bad of ["0", "-1", "1.5", "abc", "01"]) {
      const res = await api.get(
        `/api/llm-coding/history?product=codex-prs&release=${bad}`,
        bearer(key),
      );
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual({
        error: "Bad request",
        message: `Query parameter 'release' must be a positive whole number; got '${bad}'.`,
      });
    }
    expect((await api.get("/api/llm-coding/history?product=codex-prs&release=3")).status).toBe(401);
    expect((await api.get("/api/llm-coding/tokens?release=3")).status).toBe(401);
  });
});
