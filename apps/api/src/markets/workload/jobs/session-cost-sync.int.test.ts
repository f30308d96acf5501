import { readSessionCostWeeks, recentSourceSyncs, withSourceSyncLock } from "@tpi/db";
import { beforeEach, describe, expect, it } from "vitest";
import { databaseForFile, jsonStubForFile } from "../../../testing/file-fixtures";
import { STUB_KEY, openRouterTestConfig } from "../../../testing/openrouter-stub";
import { type StubAnswer, type StubRequest } from "../../../testing/json-stub";
import { SESSION_COST_SOURCE } from "../../../platform/ingest/openrouter-data-api";
import { SESSION_COST_PAGE_SIZE } from "../sources/session-cost";
import { workloadJobs } from "./schedule";
import { syncSessionCost } from "./session-cost-sync";

/**
 * The OpenRouter Data API's session-cost answers, in their documented shape, from a loopback
 * stub: paging, a week kept whole or not at all, the daily job.
 */

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
const stub = await jsonStubForFile((request) => sessionCostPage(request));
const config = openRouterTestConfig(stub.url);
const { db } = await databaseForFile();
beforeEach(async () => {
  await db.$executeRawUnsafe("truncate session_cost_cell, source_sync");
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
    expect(stub.requests[0]?.headers.authorization).toBe(`Bearer ${STUB_KEY}`);
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
      stub.answer = next;
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

  it("keeps the stored week when the answer is empty or a refreshed week drops most cells, unless allowed to shrink", async () => {
    await syncSessionCost(db, config, { trigger: "manual", now: NOW });
    const stored = await readSessionCostWeeks(db);
    stub.answer = () => ({ body: { data: [], meta: META } });
    const empty = await syncSessionCost(db, config, { trigger: "manual", now: NOW });
    expect(empty).toMatchObject({ ran: true, written: false, outcome: "failed" });
    expect(empty.ran && empty.message).toContain(
      "the session-cost answer for the week ending 2026-11-15 holds no cell",
    );
    // A truncated answer: the first 100 cells of the same week.
    stub.answer = () => ({ body: { data: CELLS.slice(0, 100), meta: META } });
    const truncated = await syncSessionCost(db, config, { trigger: "manual", now: NOW });
    expect(truncated).toMatchObject({ ran: true, written: false, outcome: "failed" });
    expect(truncated.ran && truncated.message).toContain(
      "the sync would remove 500 of the 600 stored session-cost cells of the week ending 2026-11-15 (83%); a sync removes at most 20% at once",
    );
    expect(await readSessionCostWeeks(db)).toEqual(stored);
    const allowed = await syncSessionCost(db, config, {
      trigger: "manual",
      now: NOW,
      allowShrink: true,
    });
    expect(allowed).toMatchObject({ ran: true, written: true, cells: 100, outcome: "ok" });
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

describe("workloadJobs", () => {
  it("schedules nothing without an OpenRouter key, and the daily session-cost sync once a day with one", async () => {
    const log = { info: () => undefined, warn: () => undefined };
    const clock = () => NOW;
    expect(workloadJobs({ db, openRouter: undefined, syncHourUtc: 3, clock, log })).toEqual([]);
    const jobs = workloadJobs({ db, openRouter: config, syncHourUtc: 3, clock, log });
    expect(jobs.map((j) => j.name)).toEqual(["openrouter-session-cost-sync"]);
    const stopping = new AbortController().signal;
    for (const job of jobs) await job.run(stopping);
    for (const job of jobs) await job.run(stopping);
    expect(stub.requests).toHaveLength(2); // two pages, once
    expect((await readSessionCostWeeks(db)).map((w) => w.window.windowEndDate)).toEqual([
      "2026-11-15",
    ]);
  });
});
