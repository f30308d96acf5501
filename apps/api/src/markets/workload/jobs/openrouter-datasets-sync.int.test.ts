import {
  createDb,
  createTestDatabase,
  readAppRankingWindows,
  readSessionCostWeeks,
  recentSourceSyncs,
  withSourceSyncLock,
  type Db,
} from "@tpi/db";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import {
  startJsonStub,
  type JsonStub,
  type StubAnswer,
  type StubRequest,
} from "../../../testing/json-stub";
import {
  APP_RANKINGS_SOURCE,
  SESSION_COST_SOURCE,
  syncAppRankings,
} from "../../llm-coding/jobs/app-rankings-sync";
import { APP_RANKINGS_PAGE_SIZE } from "../../llm-coding/sources/app-rankings";
import type { OpenRouterConfig } from "../../token/sources/openrouter";
import { SESSION_COST_PAGE_SIZE } from "../sources/session-cost";
import { syncSessionCost } from "./session-cost-sync";

/**
 * The OpenRouter Data API's app-rankings and session-cost answers, in their documented shapes,
 * from a loopback stub: paging, exact token totals, a week kept whole or not at all.
 */

const KEY = "sk-or-v1-test-0123456789abcdef";
let stub: JsonStub;
let db: Db;
let drop: () => Promise<void>;
let config: OpenRouterConfig;
let answer: (request: StubRequest) => StubAnswer;

const AS_OF = "2026-11-16T02:00:00.000Z";
const META = { as_of: AS_OF, version: "v1", window_days: 30, window_end_date: "2026-11-15" };
const TURNS = ["1-turn", "2-9-turns", "10-49-turns", "50-plus-turns"];
/** 600 cells: two pages of 500 and 100. */
const CELLS = Array.from({ length: 600 }, (_, i) => ({
  app_name: `Agent ${Math.floor(i / 40)}`,
  app_slug: `agent-${Math.floor(i / 40)}`,
  median_session_cost_usd: 0.5 + i / 100,
  model_permaslug: `lab${(i >> 2) % 10}/model-${i % 10}`,
  turn_range: TURNS[i % 4],
}));
const sessionCostPage = (request: StubRequest, meta: object = META): StubAnswer => {
  const offset = Number(request.query.get("offset"));
  const limit = Number(request.query.get("limit"));
  return { body: { data: CELLS.slice(offset, offset + limit), meta } };
};
/** 150 coding apps ranked by tokens, the first beyond 2^53. */
const APPS = Array.from({ length: 150 }, (_, i) => ({
  app_id: 1000 + i,
  app_name: `App ${i}`,
  rank: i + 1,
  total_requests: 5000 - i,
  total_tokens: i === 0 ? "9007199254740993" : String(10_000_000 - i * 1000),
}));
const rankingsPage = (request: StubRequest): StubAnswer => {
  const offset = Number(request.query.get("offset"));
  const limit = Number(request.query.get("limit"));
  const day = request.query.get("start_date");
  return {
    body: {
      data: APPS.slice(offset, offset + limit),
      meta: {
        as_of: `${day}T23:59:00Z`,
        start_date: day,
        end_date: request.query.get("end_date"),
        version: "v1",
      },
    },
  };
};

beforeAll(async () => {
  stub = await startJsonStub((request) => answer(request));
  config = {
    baseUrl: stub.url,
    apiKey: KEY,
    timeoutMs: 2_000,
    maxRetries: 1,
    retryBaseMs: 10,
    minRequestIntervalMs: 0,
    dailyRequestBudget: 500,
    maxRetryAfterMs: 5_000,
  };
  const database = await createTestDatabase(inject("pgAdminUrl"));
  drop = database.drop;
  db = createDb(database.url, 4);
});
afterAll(async () => {
  await stub.close();
  await db.$disconnect();
  await drop();
});
beforeEach(async () => {
  stub.requests.length = 0;
  answer = (request) =>
    request.path === "/api/v1/datasets/session-cost"
      ? sessionCostPage(request)
      : rankingsPage(request);
  await db.$executeRawUnsafe("truncate session_cost_cell, app_ranking_token, source_sync");
});

const NOW = new Date("2026-11-17T06:00:00Z");

describe("syncSessionCost", () => {
  it("reads every page with the key and stores the week whole, in the source's order", async () => {
    const report = await syncSessionCost(db, config, { trigger: "manual", now: NOW });
    expect(report).toMatchObject({
      ran: true,
      written: true,
      cells: 600,
      requests: 2,
      outcome: "ok",
    });
    expect(stub.requests.map((r) => [r.query.get("limit"), r.query.get("offset")])).toEqual([
      [String(SESSION_COST_PAGE_SIZE), "0"],
      [String(SESSION_COST_PAGE_SIZE), "500"],
    ]);
    expect(stub.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    const [week] = await readSessionCostWeeks(db);
    expect(week?.window).toEqual({ asOf: AS_OF, windowDays: 30, windowEndDate: "2026-11-15" });
    expect(week?.cells).toHaveLength(600);
    expect(week?.cells[599]).toEqual({
      appSlug: "agent-14",
      appName: "Agent 14",
      modelPermaslug: "lab9/model-9",
      turnRange: "50-plus-turns",
      medianSessionCostUsd: 6.49,
    });
    const [log] = await recentSourceSyncs(db, SESSION_COST_SOURCE);
    expect(log).toMatchObject({ outcome: "ok", requests: 2, asOf: new Date(AS_OF) });
  });

  it("keeps the stored week when a page is invalid, fails, or comes from a refreshed snapshot", async () => {
    await syncSessionCost(db, config, { trigger: "manual", now: NOW });
    const bad: ((r: StubRequest) => StubAnswer)[] = [
      (r) =>
        Number(r.query.get("offset")) === 500
          ? { body: { data: [{ ...CELLS[0], turn_range: "3-turns" }], meta: META } }
          : sessionCostPage(r),
      (r) =>
        Number(r.query.get("offset")) === 500 ? { status: 500, body: {} } : sessionCostPage(r),
      (r) =>
        Number(r.query.get("offset")) === 500
          ? sessionCostPage(r, { ...META, as_of: "2026-11-17T02:00:00.000Z" })
          : sessionCostPage(r),
    ];
    const messages: string[] = [];
    for (const next of bad) {
      answer = next;
      const report = await syncSessionCost(db, config, { trigger: "manual", now: NOW });
      expect(report).toMatchObject({ ran: true, written: false, outcome: "failed" });
      if (report.ran) messages.push(report.message);
    }
    expect(messages[0]).toMatch(/row 500: turn_range must be one of/);
    expect(messages[1]).toMatch(/HTTP 500/);
    expect(messages[2]).toMatch(/refreshed while paging/);
    const [week] = await readSessionCostWeeks(db);
    expect(week?.cells).toHaveLength(600);
  });

  it("waits for a running OpenRouter sync's lock: skipped, nothing requested", async () => {
    const held = await withSourceSyncLock(
      db,
      () => syncSessionCost(db, config, { trigger: "manual", now: NOW }),
      60_000,
    );
    expect(held).toMatchObject({ locked: true, result: { ran: false } });
    expect(stub.requests).toHaveLength(0);
  });
});

describe("syncAppRankings", () => {
  it("stores each day's coding rankings, every page, tokens exact", async () => {
    const report = await syncAppRankings(db, config, {
      days: ["2026-11-15", "2026-11-16"],
      trigger: "manual",
      now: NOW,
    });
    expect(report).toMatchObject({ ran: true, outcome: "ok", requests: 4 });
    expect(stub.requests[0]?.query.get("category")).toBe("coding");
    expect(stub.requests[0]?.query.get("limit")).toBe(String(APP_RANKINGS_PAGE_SIZE));
    expect(stub.requests[1]?.query.get("offset")).toBe("100");
    const windows = await readAppRankingWindows(db, {
      category: "coding",
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(
      windows.map((w) => [w.windowStart, w.windowEnd, w.rows.length, w.asOf.toISOString()]),
    ).toEqual([
      ["2026-11-15", "2026-11-15", 150, "2026-11-15T23:59:00.000Z"],
      ["2026-11-16", "2026-11-16", 150, "2026-11-16T23:59:00.000Z"],
    ]);
    expect(windows[0]?.rows[0]).toEqual({
      appId: 1000,
      appName: "App 0",
      rank: 1,
      totalRequests: 5000,
      totalTokens: 9_007_199_254_740_993n,
    });
    const [log] = await recentSourceSyncs(db, APP_RANKINGS_SOURCE);
    expect(log).toMatchObject({ outcome: "ok", daysWritten: 2, requests: 4 });
  });

  it("writes nothing of a day whose answer covers another window or holds a bad row", async () => {
    answer = (r) =>
      r.query.get("start_date") === "2026-11-15"
        ? {
            body: {
              data: [{ ...APPS[0], total_tokens: 12 }],
              meta: { as_of: AS_OF, start_date: "2026-11-15", end_date: "2026-11-15" },
            },
          }
        : {
            body: {
              data: APPS.slice(0, 3),
              meta: { as_of: AS_OF, start_date: "2026-10-17", end_date: "2026-11-16" },
            },
          };
    const report = await syncAppRankings(db, config, {
      days: ["2026-11-15", "2026-11-16"],
      trigger: "manual",
      now: NOW,
    });
    expect(report).toMatchObject({ ran: true, outcome: "failed" });
    if (!report.ran) throw new Error("not run");
    const reasons = report.days.map((d) => (d.written ? "" : d.reason));
    expect(reasons[0]).toMatch(/row 0: total_tokens must be a decimal string/);
    expect(reasons[1]).toMatch(/covers 2026-10-17 to 2026-11-16, not the window asked for/);
    expect(
      await readAppRankingWindows(db, { category: "coding", from: "2026-11-01", to: "2026-11-30" }),
    ).toEqual([]);
  });

  it("refuses a day that has not ended", async () => {
    await expect(
      syncAppRankings(db, config, { days: ["2026-11-17"], trigger: "manual", now: NOW }),
    ).rejects.toThrow(/has not ended/);
  });
});
