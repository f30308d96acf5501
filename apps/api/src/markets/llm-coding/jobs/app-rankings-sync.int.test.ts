import {
  readAppRankingWindows,
  recentSourceSyncs,
  recordSourceSyncRequests,
  startSourceSync,
} from "@tpi/db";
import { beforeEach, describe, expect, it } from "vitest";
import { type StubAnswer, type StubRequest } from "../../../testing/json-stub";
import { databaseForFile, jsonStubForFile } from "../../../testing/file-fixtures";
import { openRouterTestConfig } from "../../../testing/openrouter-stub";
import {
  APP_RANKINGS_SOURCE,
  SESSION_COST_SOURCE,
} from "../../../platform/ingest/openrouter-data-api";
import { APP_RANKINGS_PAGE_SIZE } from "../sources/app-rankings";
import { syncAppRankings } from "./app-rankings-sync";

/**
 * The OpenRouter Data API's app-rankings answers, in their documented shape, from a loopback
 * stub: paging, exact token totals, a window kept whole or not at all.
 */

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

const stub = await jsonStubForFile(rankingsPage);
const config = openRouterTestConfig(stub.url);
const { db } = await databaseForFile();
beforeEach(async () => {
  await db.$executeRawUnsafe("truncate app_ranking_token, source_sync");
});

const AS_OF = "2026-11-16T02:00:00.000Z";
const NOW = new Date("2026-11-17T06:00:00Z");

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
    stub.answer = (r) =>
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

  it("writes nothing of a day whose answer holds no app (it is tried again at the next sync)", async () => {
    stub.answer = (r) => ({
      body: {
        data: [],
        meta: {
          as_of: AS_OF,
          start_date: r.query.get("start_date"),
          end_date: r.query.get("end_date"),
        },
      },
    });
    const report = await syncAppRankings(db, config, {
      days: ["2026-11-15"],
      trigger: "manual",
      now: NOW,
    });
    expect(report).toMatchObject({ ran: true, outcome: "failed" });
    if (!report.ran) throw new Error("not run");
    expect(report.days).toEqual([
      {
        day: "2026-11-15",
        written: false,
        reason:
          "the app-rankings answer for coding 2026-11-15 to 2026-11-15 holds no app; nothing was written for it",
      },
    ]);
    expect(
      await readAppRankingWindows(db, { category: "coding", from: "2026-11-01", to: "2026-11-30" }),
    ).toEqual([]);
  });

  it("counts every OpenRouter sync's requests of the day against the one budget: a window cut short writes nothing", async () => {
    const other = await startSourceSync(db, {
      source: SESSION_COST_SOURCE,
      trigger: "manual",
      firstDay: "2026-11-17",
      lastDay: "2026-11-17",
      startedAt: new Date("2026-11-17T01:00:00Z"),
    });
    await recordSourceSyncRequests(db, other, 499);
    const report = await syncAppRankings(db, config, {
      days: ["2026-11-15"],
      trigger: "manual",
      now: NOW,
    });
    expect(report).toMatchObject({ ran: true, outcome: "failed", requests: 1 });
    if (!report.ran) throw new Error("not run");
    expect(report.days[0]?.written ? "" : report.days[0]?.reason).toMatch(/daily budget of 500/);
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
