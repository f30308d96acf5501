// @module-tag zone
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createDb } from "../client";
import { databaseForFile } from "../testing/database-for-file";
import {
  beginDataLoadAttempt,
  dataLoadStates,
  endDataLoad,
  planDataLoad,
  tryLockDataLoad,
} from "./data-loads";
import {
  closeInterruptedSourceSyncs,
  closeInterruptedSourceSyncsIfIdle,
  startSourceSync,
  withSourceSyncLock,
} from "./source-data";

const NOW = new Date("2026-11-22T12:00:00.000Z");

const { db, url: databaseUrl } = await databaseForFile();

describe("data loads and the sync log's interrupted runs", () => {
  const plan = (source: string) =>
    planDataLoad(db, {
      market: "token",
      source,
      firstDay: "2026-10-23",
      lastDay: "2026-11-21",
      now: NOW,
    });

  it("instances planning the same load at once get the one row", async () => {
    const loads = await Promise.all([plan("a"), plan("a"), plan("a"), plan("a")]);
    expect(new Set(loads.map((load) => load.id)).size).toBe(1);
    expect(loads[0]).toMatchObject({
      market: "token",
      source: "a",
      firstDay: "2026-10-23",
      lastDay: "2026-11-21",
      status: "interrupted",
      attempts: 0,
    });
  });

  it("one process at a time holds a load; its lock goes with its connection, whatever ends it", async () => {
    const load = await plan("b");
    const first = await tryLockDataLoad(databaseUrl, load.id);
    expect(first).not.toBeNull();
    expect(await tryLockDataLoad(databaseUrl, load.id)).toBeNull();
    await beginDataLoadAttempt(db, load.id, {
      owner: "here:1",
      firstDay: load.firstDay,
      lastDay: "2026-11-22",
      now: NOW,
    });
    expect((await dataLoadStates(db)).find((state) => state.source === "b")).toEqual({
      market: "token",
      source: "b",
      status: "running",
      locked: true,
    });
    await first?.release();
    expect((await dataLoadStates(db)).find((state) => state.source === "b")?.locked).toBe(false);

    // A process that dies: its connection is terminated by the server, not released.
    const dying = new pg.Client({ connectionString: databaseUrl });
    await dying.connect();
    dying.on("error", () => undefined);
    const [{ pid }] = (await dying.query<{ pid: number }>("select pg_backend_pid() as pid"))
      .rows as [{ pid: number }];
    await dying.query("select pg_advisory_lock(7224020, $1::int)", [load.id]);
    expect((await dataLoadStates(db)).find((state) => state.source === "b")?.locked).toBe(true);
    await db.$queryRaw`select pg_terminate_backend(${pid}::int, 10000)`; // waits for the backend to end
    const again = await tryLockDataLoad(databaseUrl, load.id);
    expect(again).not.toBeNull();
    await again?.release();
    await endDataLoad(db, load.id, { status: "complete", message: "done", now: NOW });
  });

  it("a sync run a dead process left `running` is closed as interrupted once the sync lock is free", async () => {
    const dead = await startSourceSync(db, {
      source: "openrouter",
      trigger: "startup",
      firstDay: "2026-10-23",
      lastDay: "2026-11-21",
      startedAt: NOW,
    });
    // While a sync holds the lock, nothing is closed (it may be that sync's own row).
    const held = await withSourceSyncLock(
      db,
      () => closeInterruptedSourceSyncsIfIdle(db, "openrouter", NOW),
      60_000,
    );
    expect(held).toEqual({ locked: true, result: null });
    expect(await closeInterruptedSourceSyncsIfIdle(db, "openrouter", NOW)).toEqual([dead]);
    expect(await db.sourceSync.findUnique({ where: { id: dead } })).toMatchObject({
      outcome: "interrupted",
      finishedAt: NOW,
      message: expect.stringMatching(/^interrupted: the process running this sync stopped/),
    });
    expect(await closeInterruptedSourceSyncs(db, "openrouter", NOW)).toEqual([]);
  });

  it("a source whose runs hold another lock (memory imports hold the memory lock) is closed only when that lock is free", async () => {
    const dead = await startSourceSync(db, {
      source: "memory-import",
      trigger: "manual",
      firstDay: "2026-11-20",
      lastDay: "2026-11-20",
      startedAt: NOW,
    });
    const whileHeld = await withSourceSyncLock(
      db,
      () => closeInterruptedSourceSyncsIfIdle(db, "memory-import", NOW, "memory"),
      60_000,
      "memory",
    );
    expect(whileHeld).toEqual({ locked: true, result: null });
    expect(await closeInterruptedSourceSyncsIfIdle(db, "memory-import", NOW, "memory")).toEqual([
      dead,
    ]);
  });

  it("keeps a sync's lock for a run longer than the pool's idle-in-transaction timeout", async () => {
    // A pool whose sessions die after 300 ms idle inside a transaction; the run takes 1.2 s.
    const strict = createDb(databaseUrl, 4, {
      connectMs: 3_000,
      statementMs: 5_000,
      idleInTransactionMs: 300,
    });
    try {
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      let otherTry: Awaited<ReturnType<typeof withSourceSyncLock>> | undefined;
      const held = await withSourceSyncLock(
        strict,
        async () => {
          await sleep(700);
          otherTry = await withSourceSyncLock(strict, () => Promise.resolve("second"), 5_000, "x");
          await sleep(500);
          return "first";
        },
        10_000,
        "x",
      );
      expect(held).toEqual({ locked: true, result: "first" });
      expect(otherTry).toEqual({ locked: false });
    } finally {
      await strict.$disconnect();
    }
  });
});
