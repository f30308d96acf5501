// @module-tag zone
import { describe, expect, it } from "vitest";
import { databaseForFile } from "../testing/database-for-file";
import {
  readAppRankingWindows,
  readCodingCountRevisions,
  readCodingCounts,
  readSessionCostWeeks,
  replaceAppRankingWindow,
  replaceSessionCostWeek,
  settledCodingDays,
  writeCodingCountsOfDay,
  type CodingCountObservation,
} from "./coding-workload";

const opened = (count: number): CodingCountObservation => ({
  agent: "codex",
  metric: "opened",
  endpoint: "/search/issues",
  query: "is:pr is:public head:codex/ created:2026-11-01",
  count,
});
const merged = (count: number): CodingCountObservation => ({
  agent: "codex",
  metric: "merged",
  endpoint: "/search/issues",
  query: "is:pr is:public head:codex/ created:2026-11-01 is:merged",
  count,
});

const { db } = await databaseForFile();

describe("coding counts, rankings and session-cost storage", () => {
  it("updates provisional counts in place, settles them, and records a settled change as one revision", async () => {
    const day = "2026-11-01";
    // Observed the next day: provisional.
    const first = await writeCodingCountsOfDay(db, {
      day,
      observations: [opened(100), merged(40)],
      observedAt: new Date("2026-11-02T03:00:00Z"),
      observedOn: "2026-11-02",
      syncId: null,
    });
    expect(first).toMatchObject({ inserted: 2, updated: 0, revised: 0 });
    // Merges rise while provisional: updated in place, no revision.
    const second = await writeCodingCountsOfDay(db, {
      day,
      observations: [opened(100), merged(55)],
      observedAt: new Date("2026-11-05T03:00:00Z"),
      observedOn: "2026-11-05",
      syncId: null,
    });
    expect(second).toMatchObject({ inserted: 0, updated: 1, unchanged: 1, revised: 0 });
    // Observed on the settling day (2026-11-09): both settle, merged with its new value.
    const third = await writeCodingCountsOfDay(db, {
      day,
      observations: [opened(100), merged(60)],
      observedAt: new Date("2026-11-09T03:00:00Z"),
      observedOn: "2026-11-09",
      syncId: null,
    });
    expect(third).toMatchObject({ updated: 2, revised: 0 });
    expect(await readCodingCountRevisions(db)).toEqual([]);
    expect(await settledCodingDays(db, { from: day, to: day }, 2)).toEqual([day]);
    expect(await settledCodingDays(db, { from: day, to: day }, 3)).toEqual([]);
    // A late merge after settlement: the new value, and exactly one revision with the old one.
    const late = await writeCodingCountsOfDay(db, {
      day,
      observations: [opened(100), merged(61)],
      observedAt: new Date("2026-11-12T03:00:00Z"),
      observedOn: "2026-11-12",
      syncId: 7,
    });
    expect(late).toMatchObject({ revised: 1, unchanged: 1 });
    const again = await writeCodingCountsOfDay(db, {
      day,
      observations: [opened(100), merged(61)],
      observedAt: new Date("2026-11-13T03:00:00Z"),
      observedOn: "2026-11-13",
      syncId: 8,
    });
    expect(again).toMatchObject({ revised: 0, unchanged: 2 });
    const counts = await readCodingCounts(db, { from: day, to: day });
    expect(counts.map((c) => [c.metric, c.count, c.status])).toEqual([
      ["merged", 61, "settled"],
      ["opened", 100, "settled"],
    ]);
    expect(counts[0]?.observedAt.toISOString()).toBe("2026-11-13T03:00:00.000Z");
    expect(counts[0]?.firstObservedAt.toISOString()).toBe("2026-11-02T03:00:00.000Z");
    const revisions = await readCodingCountRevisions(db);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({
      day,
      agent: "codex",
      metric: "merged",
      oldCount: 60,
      newCount: 61,
      reason: "rose_after_settlement",
      syncId: 7,
    });
  });

  it("never stores a day that has not ended when it was searched", async () => {
    const write = await writeCodingCountsOfDay(db, {
      day: "2026-11-20",
      observations: [opened(5)],
      observedAt: new Date("2026-11-20T23:00:00Z"),
      observedOn: "2026-11-20",
      syncId: null,
    });
    expect(write).toMatchObject({ dayNotOver: true, inserted: 0 });
    expect(await readCodingCounts(db, { from: "2026-11-20", to: "2026-11-20" })).toEqual([]);
  });

  it("replaces an app-rankings window whole, tokens exact beyond 2^53", async () => {
    const window = { category: "coding", windowStart: "2026-11-01", windowEnd: "2026-11-01" };
    await replaceAppRankingWindow(db, {
      ...window,
      asOf: new Date("2026-11-02T02:00:00Z"),
      syncedAt: new Date("2026-11-02T03:00:00Z"),
      rows: [
        {
          appId: 1,
          appName: "Cline",
          rank: 1,
          totalRequests: 10,
          totalTokens: 9_007_199_254_740_993n,
        },
        { appId: 2, appName: "Kilo", rank: 2, totalRequests: 5, totalTokens: 12n },
      ],
    });
    const restated = await replaceAppRankingWindow(db, {
      ...window,
      asOf: new Date("2026-11-03T02:00:00Z"),
      syncedAt: new Date("2026-11-03T03:00:00Z"),
      rows: [
        {
          appId: 1,
          appName: "Cline",
          rank: 1,
          totalRequests: 11,
          totalTokens: 9_999_999_999_999_999_999n,
        },
      ],
    });
    expect(restated).toEqual({ deleted: 2, inserted: 1 });
    const stored = await readAppRankingWindows(db, {
      category: "coding",
      from: "2026-11-01",
      to: "2026-11-30",
    });
    expect(stored).toEqual([
      {
        category: "coding",
        windowStart: "2026-11-01",
        windowEnd: "2026-11-01",
        asOf: new Date("2026-11-03T02:00:00Z"),
        rows: [
          {
            appId: 1,
            appName: "Cline",
            rank: 1,
            totalRequests: 11,
            totalTokens: 9_999_999_999_999_999_999n,
          },
        ],
      },
    ]);
  });

  it("stores a session-cost week in the source's order, repeats kept, and replaces it when fetched again", async () => {
    const window = {
      asOf: "2026-11-16T02:00:00.000Z",
      windowDays: 30,
      windowEndDate: "2026-11-15",
    };
    const cell = {
      appSlug: "claude-code",
      appName: "Claude Code",
      modelPermaslug: "anthropic/claude-4.5-sonnet",
      turnRange: "10-49-turns" as const,
      medianSessionCostUsd: 1.25,
    };
    await replaceSessionCostWeek(db, { window, cells: [cell, cell], syncedAt: new Date() });
    await replaceSessionCostWeek(db, {
      window: { ...window, windowEndDate: "2026-11-08", asOf: "2026-11-09T02:00:00.000Z" },
      cells: [{ ...cell, medianSessionCostUsd: 1.1 }],
      syncedAt: new Date(),
    });
    expect(
      (await readSessionCostWeeks(db)).map((w) => [w.window.windowEndDate, w.cells.length]),
    ).toEqual([
      ["2026-11-08", 1],
      ["2026-11-15", 2],
    ]);
    // Every stored cell of the week goes: the operator's --allow-shrink lets the refresh through.
    const replaced = await replaceSessionCostWeek(
      db,
      {
        window: { ...window, asOf: "2026-11-17T02:00:00.000Z" },
        cells: [{ ...cell, turnRange: "1-turn", medianSessionCostUsd: 0.05 }],
        syncedAt: new Date(),
      },
      { allowShrink: true },
    );
    // No price snapshot prices these cells: no index row, so no value event.
    expect(replaced).toEqual({ deleted: 2, inserted: 1, events: 0 });
    const weeks = await readSessionCostWeeks(db, { from: "2026-11-10" });
    expect(weeks).toEqual([
      {
        window: { ...window, asOf: "2026-11-17T02:00:00.000Z" },
        cells: [{ ...cell, turnRange: "1-turn", medianSessionCostUsd: 0.05 }],
      },
    ]);
  });
});
