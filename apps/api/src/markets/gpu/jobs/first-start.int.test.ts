// @module-tag zone
import { beforeAll, describe, expect, it } from "vitest";
import {
  GPU_SAMPLE_SOURCE,
  beginDataLoadAttempt,
  dataLoadsOf,
  generateGpuSample,
  planDataLoad,
  tryLockDataLoad,
  type Db,
} from "@tpi/db";
import { DEFAULT_GPU_METHOD_RULES } from "@tpi/domain";
import { closedAfterFile } from "../../../testing/file-fixtures";
import { startTestApi } from "../../../testing/test-api";
import { loaderContext } from "../../../testing/first-start";
import { loadGpuSample } from "./lifecycle";
import { seedGpuSample } from "./sample-seed";
import { settleGpuIndex } from "./settlement";

/**
 * The GPU sample's first-start load stopped and resumed. It is one transaction (prints are final
 * once published, so trades must not appear in pieces): stopped or killed halfway it leaves
 * nothing, a load that committed but died before recording its end is found complete, and the
 * next attempt always ends with the whole sample. The load here covers three days (the first
 * start plans 18 months; the mechanism is the same).
 */
const NOW = new Date("2026-11-22T13:20:00.000Z");
const FROM = "2026-11-19";
const TRADES = [...generateGpuSample(NOW, FROM)].reduce((total, day) => total + day.length, 0);

type Health = { status: string; data?: Record<string, string> };

const api = closedAfterFile(await startTestApi({ now: NOW }));

const database = () => ({ db: api.db, url: api.databaseUrl });

async function health(): Promise<Health> {
  return (await api.get("/health")).body as Health;
}

async function trades(db: Db): Promise<number> {
  return db.gpuTrade.count();
}

/** Published prints and daily values as text, in key order. */
async function published(db: Db): Promise<string[]> {
  await settleGpuIndex(db, { now: NOW, rules: DEFAULT_GPU_METHOD_RULES });
  const daily = await db.gpuDailyValue.findMany({ orderBy: [{ gpuName: "asc" }, { day: "asc" }] });
  const prints = await db.gpuHourlyPrint.count();
  return [
    `prints ${prints}`,
    ...daily.map((row) => `${row.gpuName} ${row.day.toISOString()} ${String(row.indexValue)}`),
  ];
}

/** Empties the GPU tables and the loads between cases. */
async function reset(db: Db): Promise<void> {
  await db.$executeRawUnsafe(
    "truncate gpu_trade, gpu_trade_source_day, gpu_hourly_print, gpu_daily_value, data_load",
  );
}

async function planSample(db: Db) {
  return planDataLoad(db, {
    market: "gpu",
    source: GPU_SAMPLE_SOURCE,
    firstDay: FROM,
    lastDay: "2026-11-22",
    now: NOW,
  });
}

describe("the GPU sample's first-start load", () => {
  let reference: string[];
  beforeAll(async () => {
    await reset(api.db);
    await seedGpuSample(database(), { now: NOW, from: FROM });
    expect(await trades(api.db)).toBe(TRADES);
    reference = await published(api.db);
    expect(reference.length).toBeGreaterThan(10);
    await reset(api.db);
  }, 120_000);

  it("stopped during its COPY: rolled back whole, reported incomplete, then loaded whole", async () => {
    await reset(api.db);
    await planSample(api.db);
    const stop = new AbortController();
    const stopping = loaderContext(database(), () => NOW, {
      onProgress: (label, copied) => {
        if (label === "sample GPU trades" && copied > 0) stop.abort();
      },
    });
    expect(await loadGpuSample(stopping, { signal: stop.signal })).toMatchObject({
      ran: true,
      status: "interrupted",
    });
    expect(await trades(api.db)).toBe(0);
    expect(await dataLoadsOf(api.db, "gpu")).toEqual([
      expect.objectContaining({ status: "interrupted", attempts: 1 }),
    ]);
    expect(await health()).toMatchObject({
      status: "degraded",
      data: { token: "complete", gpu: "incomplete" },
    });

    expect(await loadGpuSample(loaderContext(database(), () => NOW))).toMatchObject({
      status: "complete",
    });
    expect(await trades(api.db)).toBe(TRADES);
    expect(await published(api.db)).toEqual(reference);
    expect(await health()).toMatchObject({ status: "healthy", data: { gpu: "complete" } });
  }, 120_000);

  it("left `running` by a process killed during its COPY: detected and loaded whole", async () => {
    await reset(api.db);
    const load = await planSample(api.db);
    await beginDataLoadAttempt(api.db, load.id, {
      owner: "gone-host:4242",
      firstDay: FROM,
      lastDay: "2026-11-22",
      now: NOW,
    });
    expect((await health()).data).toMatchObject({ gpu: "incomplete" });
    const context = loaderContext(database(), () => NOW);
    expect(await loadGpuSample(context)).toMatchObject({ status: "complete" });
    expect(context.lines.join("\n")).toMatch(/previous attempt \(gone-host:4242/);
    expect(await trades(api.db)).toBe(TRADES);
    expect(await published(api.db)).toEqual(reference);
  }, 120_000);

  it("killed after its commit but before recording its end: the resumed load adds nothing", async () => {
    await reset(api.db);
    const load = await planSample(api.db);
    await beginDataLoadAttempt(api.db, load.id, {
      owner: "gone-host:4242",
      firstDay: FROM,
      lastDay: "2026-11-22",
      now: NOW,
    });
    await seedGpuSample(database(), { now: NOW, from: FROM });
    const context = loaderContext(database(), () => NOW);
    const outcome = await loadGpuSample(context);
    expect(outcome).toMatchObject({ status: "complete" });
    expect(outcome?.ran && outcome.message).toMatch(/^sample trades 0 inserted from 2026-11-19/);
    expect(await trades(api.db)).toBe(TRADES);
    expect(await published(api.db)).toEqual(reference);
  }, 120_000);

  it("being loaded by another process: not loaded twice, /health says loading, then taken over if it dies", async () => {
    await reset(api.db);
    const load = await planSample(api.db);
    const other = await tryLockDataLoad(api.databaseUrl, load.id);
    expect(other).not.toBeNull();
    try {
      expect(await loadGpuSample(loaderContext(database(), () => NOW))).toEqual({
        ran: false,
        why: "busy",
      });
      expect(await health()).toMatchObject({
        status: "loading",
        data: { token: "complete", gpu: "loading" },
      });
    } finally {
      await other?.release(); // the other process stops (its connection closes)
    }
    expect((await health()).data).toMatchObject({ gpu: "incomplete" });
    // A serving instance's periodic check takes it over.
    expect(
      await loadGpuSample(
        loaderContext(database(), () => NOW),
        { scheduled: true },
      ),
    ).toMatchObject({ status: "complete" });
    expect(await trades(api.db)).toBe(TRADES);
    expect(await health()).toMatchObject({ status: "healthy" });
  }, 120_000);

  it("trades stored before loads were recorded: no load is planned (the old sample was one transaction)", async () => {
    await reset(api.db);
    await seedGpuSample(database(), { now: NOW, from: FROM });
    expect(await loadGpuSample(loaderContext(database(), () => NOW))).toBeNull();
    expect(await dataLoadsOf(api.db, "gpu")).toEqual([]);
    // Without SEED_SAMPLE_ON_EMPTY nothing is planned either.
    await reset(api.db);
    expect(
      await loadGpuSample(loaderContext(database(), () => NOW, { seedSampleOnEmpty: false })),
    ).toBeNull();
    expect(await dataLoadsOf(api.db, "gpu")).toEqual([]);
  }, 120_000);
});
