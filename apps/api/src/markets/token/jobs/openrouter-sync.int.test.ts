import { recentSourceSyncs, withSourceSyncLock } from "@tpi/db";
import { beforeEach, describe, expect, it } from "vitest";
import { databaseForFile, closedAfterFile } from "../../../testing/file-fixtures";
import type { OpenRouterConfig } from "../sources/openrouter";
import {
  HUGE_TOTAL,
  MODELS_PATH,
  RANKINGS_PATH,
  openRouterTestConfig,
  startOpenRouterStub,
} from "../../../testing/openrouter-stub";
import { runScheduledOpenRouterSync, scheduledSyncRange, syncOpenRouter } from "./openrouter-sync";

const NOW = new Date("2026-11-22T12:00:00.000Z");
const YESTERDAY = "2026-11-21";

const stub = closedAfterFile(await startOpenRouterStub({ latestDay: YESTERDAY }));
const config: OpenRouterConfig = openRouterTestConfig(stub.url, { timeoutMs: 300 });
const { db } = await databaseForFile();
beforeEach(async () => {
  stub.reset();
  await db.$executeRawUnsafe(
    "truncate observation, source_day, source_sync, price_snapshot, price_list_model",
  );
});

const sync = (
  from: string,
  to: string,
  options: { backfillFrom?: string | null; config?: Partial<OpenRouterConfig> } = {},
) =>
  syncOpenRouter(
    db,
    { ...config, ...options.config },
    {
      from,
      to,
      backfillFrom: options.backfillFrom ?? null,
      trigger: "manual",
      now: NOW,
    },
  );
const storedDays = async () =>
  (await db.sourceDay.findMany({ orderBy: { date: "asc" } })).map((d) =>
    d.date.toISOString().slice(0, 10),
  );

describe("syncOpenRouter", () => {
  it("stores the model list as a snapshot and each day's tracked models, totals exact", async () => {
    const report = await sync("2026-11-20", YESTERDAY);
    if (!report.ran) throw new Error(report.reason);
    expect(report.outcome).toBe("ok");
    expect(report.requests).toBe(2); // the model list and one window
    expect(report.asOf?.toISOString()).toBe("2026-11-22T02:00:00.000Z");
    expect(report.days.map((d) => d.written)).toEqual([true, true]);
    const day = report.days[1];
    if (!day?.written) throw new Error("not written");
    expect(day).toMatchObject({
      priceBasis: "snapshot",
      priceSnapshotId: report.priceSnapshotId,
      // 12 tracked permaslugs (x-ai, an unknown author and 36 community models ignored).
      trackedModels: 12,
      unpricedModels: 1,
      ignoredModels: 38,
      write: { inserted: 12, updated: 0, unchanged: 0, removed: 0, settled: false },
    });

    const flash = await db.observation.findFirstOrThrow({
      where: { modelId: "google/gemini-2.5-flash", date: new Date("2026-11-20") },
    });
    expect(flash.totalTokens).toBe(HUGE_TOTAL + 1n);
    expect(flash.inputTokens).toBeNull();
    expect(flash).toMatchObject({ source: "openrouter", priceBasis: "snapshot" });
    const sonnet = await db.observation.findFirstOrThrow({
      where: { modelId: "anthropic/claude-4-sonnet-20250522", date: new Date(YESTERDAY) },
    });
    expect(sonnet).toMatchObject({
      lab: "anthropic",
      inputPricePerMtok: 3,
      outputPricePerMtok: 15,
    });
    const thinking = await db.observation.findFirstOrThrow({
      where: { modelId: "anthropic/claude-4-sonnet-20250522:thinking" },
    });
    expect(thinking.inputPricePerMtok).toBe(3); // no own entry: the base model's price
    const free = await db.observation.findFirstOrThrow({
      where: { modelId: "deepseek/deepseek-r1-0528:free" },
    });
    expect(free.inputPricePerMtok).toBe(0); // the variant's own price
    const unlisted = await db.observation.findFirstOrThrow({
      where: { modelId: "mistralai/mistral-unlisted-2511" },
    });
    expect(unlisted.inputPricePerMtok).toBeNull();
    expect(await db.observation.count({ where: { modelId: { startsWith: "somelab/" } } })).toBe(0);

    const coverage = await db.sourceDay.findFirstOrThrow({
      where: { date: new Date("2026-11-20") },
    });
    expect(coverage.otherTokens).toBe(500_000_000_000n);
    expect(coverage.listedTokens > HUGE_TOTAL).toBe(true);
    expect(coverage.asOf.toISOString()).toBe("2026-11-22T02:00:00.000Z");

    const [logged] = await recentSourceSyncs(db, "openrouter");
    expect(logged).toMatchObject({
      trigger: "manual",
      outcome: "ok",
      requests: 2,
      daysWritten: 2,
      daysFailed: 0,
      priceSnapshotId: report.priceSnapshotId,
    });

    const again = await sync("2026-11-20", YESTERDAY);
    if (!again.ran) throw new Error(again.reason);
    expect(again.days.map((d) => d.written && d.write.unchanged)).toEqual([12, 12]);
  });

  it("prices days more than 48 hours old only when back-fill is asked for", async () => {
    const report = await sync("2026-11-19", YESTERDAY);
    if (!report.ran) throw new Error(report.reason);
    expect(report.outcome).toBe("partial");
    const [old, ...recent] = report.days;
    expect(old).toMatchObject({ date: "2026-11-19", written: false });
    expect(old?.written === false && old.reason).toMatch(/--backfill-from 2026-11-19/);
    expect(recent.every((d) => d.written)).toBe(true);

    const backfilled = await sync("2026-11-19", YESTERDAY, { backfillFrom: "2026-11-19" });
    if (!backfilled.ran) throw new Error(backfilled.reason);
    expect(backfilled.days[0]).toMatchObject({ written: true, priceBasis: "backfilled" });
  });

  it("writes nothing for the days of a window that failed, and goes on with the other windows", async () => {
    // Two windows: 2026-10-01..10-31 and 11-01..11-21; the first answers 500 twice.
    stub.queue[RANKINGS_PATH] = [{ status: 500 }, { status: 500 }];
    const report = await sync("2026-10-01", YESTERDAY, { backfillFrom: "2026-10-01" });
    if (!report.ran) throw new Error(report.reason);
    expect(report.outcome).toBe("partial");
    const failed = report.days.filter((d) => !d.written);
    expect(failed).toHaveLength(31);
    expect(failed[0]?.written === false && failed[0].reason).toMatch(
      /failed after 2 attempt\(s\): HTTP 500; nothing was written for it/,
    );
    const days = await storedDays();
    expect(days[0]).toBe("2026-11-01");
    expect(days).toHaveLength(21);
  });

  it("keeps its requests the minimum interval apart across the model list and every window", async () => {
    // Warm: a process's first request arrives later after its start than the next would.
    await fetch(`${stub.url}${MODELS_PATH}`).then((res) => res.text());
    stub.reset();
    const started = performance.now();
    const report = await sync("2026-10-01", YESTERDAY, {
      backfillFrom: "2026-10-01",
      config: { minRequestIntervalMs: 200 },
    });
    const elapsedMs = performance.now() - started;
    expect(report.ran && report.requests).toBe(3);
    expect(stub.requests).toHaveLength(3);
    // Paced by one pacer, the three requests start at least 2 x 200 ms after the first; unpaced
    // (or a pacer per window) they would all be sent within a few milliseconds. A bound on the
    // whole run, not on arrival gaps: a loaded machine only lengthens it, while it can take one
    // arrival late and the next on time.
    expect(elapsedMs).toBeGreaterThanOrEqual(2 * 200);
  });

  it("a day the answer leaves out is not written (partial); the others are", async () => {
    stub.missingDays.add("2026-11-20");
    const report = await sync("2026-11-20", YESTERDAY);
    if (!report.ran) throw new Error(report.reason);
    expect(report.days[0]).toMatchObject({ date: "2026-11-20", written: false });
    expect(report.days[0]?.written === false && report.days[0].reason).toMatch(/partial answer/);
    expect(await storedDays()).toEqual([YESTERDAY]);
    expect(await db.observation.count({ where: { date: new Date("2026-11-20") } })).toBe(0);
  });

  it.each([
    ["truncated JSON", { body: '{"data":[{"date":"2026-11-21"' }, /not complete JSON/],
    [
      "a meta window other than the one asked for",
      {
        body: JSON.stringify({
          data: [],
          meta: {
            as_of: "2026-11-22T02:00:00Z",
            start_date: "2026-10-22",
            end_date: YESTERDAY,
            version: "v1",
          },
        }),
      },
      /covers 2026-10-22 to 2026-11-21, not the requested 2026-11-20 to 2026-11-21/,
    ],
    [
      "a total that is not a whole number",
      {
        body: JSON.stringify({
          data: [
            { date: YESTERDAY, model_permaslug: "openai/gpt-5-2025-08-07", total_tokens: "1e12" },
          ],
          meta: {
            as_of: "2026-11-22T02:00:00Z",
            start_date: "2026-11-20",
            end_date: YESTERDAY,
            version: "v1",
          },
        }),
      },
      /data\.0\.total_tokens/,
    ],
  ])("%s: nothing is written, the reason is given", async (_what, reply, reason) => {
    stub.queue[RANKINGS_PATH] = [reply];
    const report = await sync("2026-11-20", YESTERDAY);
    if (!report.ran) throw new Error(report.reason);
    expect(report.outcome).toBe("failed");
    for (const day of report.days) expect(day.written === false && day.reason).toMatch(reason);
    expect(await db.observation.count()).toBe(0);
    expect(await db.sourceDay.count()).toBe(0);
  });

  it("a refused key stops the run with a clear reason and writes nothing", async () => {
    const report = await sync("2026-09-01", YESTERDAY, {
      config: { apiKey: "sk-or-v1-not-a-key" },
      backfillFrom: "2026-09-01",
    });
    if (!report.ran) throw new Error(report.reason);
    expect(report.outcome).toBe("failed");
    // The model list is public; the first rankings request is refused and no other is sent.
    expect(stub.requests.filter((r) => r.path === RANKINGS_PATH)).toHaveLength(1);
    expect(
      report.days.every((d) => !d.written && /OPENROUTER_API_KEY was refused/.test(d.reason)),
    ).toBe(true);
    expect(JSON.stringify(report)).not.toContain("sk-or-v1-not-a-key");
    expect(await db.observation.count()).toBe(0);
  });

  it("a failed model list fails every day before any rankings request", async () => {
    stub.queue[MODELS_PATH] = [{ status: 503 }, { status: 503 }];
    const report = await sync("2026-11-20", YESTERDAY);
    if (!report.ran) throw new Error(report.reason);
    expect(report.outcome).toBe("failed");
    expect(report.days[0]?.written === false && report.days[0].reason).toMatch(
      /the model list \(prices\) could not be read/,
    );
    expect(stub.requests.filter((r) => r.path === RANKINGS_PATH)).toHaveLength(0);
    expect(await db.priceSnapshot.count()).toBe(0);
  });

  it("refuses a run the day's request budget cannot cover, counting earlier runs of the day", async () => {
    await sync(YESTERDAY, YESTERDAY); // 2 requests today
    stub.reset();
    const report = await sync("2026-11-20", YESTERDAY, { config: { dailyRequestBudget: 3 } });
    if (!report.ran) throw new Error(report.reason);
    expect(report.outcome).toBe("failed");
    expect(report.days[0]?.written === false && report.days[0].reason).toMatch(
      /budget of 3 OpenRouter requests .* has 1 left today \(UTC\) and this sync needs at least 2; nothing was requested/,
    );
    expect(stub.requests).toHaveLength(0);
  });

  it("refuses days before 2025-01-01 and days not yet ended before any request", async () => {
    await expect(sync("2024-12-30", "2025-01-02")).rejects.toThrow(/rankings start on 2025-01-01/);
    await expect(sync(YESTERDAY, "2026-11-22")).rejects.toThrow(/2026-11-22 has not ended yet/);
    expect(stub.requests).toHaveLength(0);
    expect(await db.sourceSync.count()).toBe(0);
  });

  it("counts each request in the sync log as it goes out, so a run that dies halfway still counts", async () => {
    // The first rankings answer is a slow 503; the retry gets the documented answer.
    stub.queue[RANKINGS_PATH] = [{ delayMs: 200, status: 503, body: "{}" }];
    const running = sync(YESTERDAY, YESTERDAY);
    while (stub.requests.length < 2) await new Promise((r) => setTimeout(r, 5));
    // The rankings request is out and unanswered: the run is still going.
    const [row] = await recentSourceSyncs(db, "openrouter", 1);
    expect(row).toMatchObject({ outcome: "running", requests: 2 });
    await running;
    const [finished] = await recentSourceSyncs(db, "openrouter", 1);
    expect(finished).toMatchObject({ outcome: "ok", requests: 3 });
  });

  it("a second sync while one runs is skipped (one syncer at a time)", async () => {
    let release = () => {};
    const holding = withSourceSyncLock(
      db,
      () => new Promise<void>((resolve) => (release = resolve)),
      60_000,
    );
    // Let the holder take the lock. pg_locks spans the whole server, where other test files hold
    // advisory locks of their own, so only this file's database counts.
    while (
      (
        await db.$queryRaw<{ n: bigint }[]>`
          select count(*) as n from pg_locks
          where locktype = 'advisory'
            and database = (select oid from pg_database where datname = current_database())`
      )[0]?.n === 0n
    )
      await new Promise((r) => setTimeout(r, 10));
    const second = await sync(YESTERDAY, YESTERDAY);
    release();
    await holding;
    expect(second).toEqual({
      ran: false,
      reason: "another instance is syncing OpenRouter data right now; this sync was skipped",
    });
    expect(stub.requests).toHaveLength(0);
  });

  it("reports settled days whose observations changed as ones to restate, leaving published values alone", async () => {
    await sync("2026-11-20", "2026-11-20");
    await db.settledDay.create({
      data: { date: new Date("2026-11-20"), settledAt: NOW, methodologyVersion: "1.1" },
    });
    await db.observation.deleteMany({ where: { modelId: "openai/gpt-5-2025-08-07" } });
    const report = await sync("2026-11-20", "2026-11-20");
    if (!report.ran) throw new Error(report.reason);
    expect(report.days[0]).toMatchObject({ written: true, write: { settled: true, inserted: 1 } });
    expect(report.restate).toEqual(["2026-11-20"]);
  });
});

describe("the daily schedule", () => {
  it("is due after the sync hour while yesterday is missing, at most hourly, from the day after the last stored day", () => {
    const at = (iso: string) => new Date(iso);
    expect(scheduledSyncRange(at("2026-11-22T02:59:00Z"), 3, "2026-11-20", null)).toBeNull();
    expect(scheduledSyncRange(at("2026-11-22T03:00:00Z"), 3, "2026-11-20", null)).toEqual({
      from: YESTERDAY,
      to: YESTERDAY,
    });
    expect(scheduledSyncRange(at("2026-11-22T03:00:00Z"), 3, YESTERDAY, null)).toBeNull();
    expect(
      scheduledSyncRange(at("2026-11-22T03:30:00Z"), 3, "2026-11-20", at("2026-11-22T03:00:00Z")),
    ).toBeNull();
    expect(
      scheduledSyncRange(at("2026-11-22T04:00:00Z"), 3, "2026-11-20", at("2026-11-22T03:00:00Z")),
    ).toEqual({ from: YESTERDAY, to: YESTERDAY });
    expect(scheduledSyncRange(at("2026-11-22T05:00:00Z"), 3, "2026-01-01", null)).toEqual({
      from: "2026-10-23",
      to: YESTERDAY,
    });
  });

  it("runs once: a restart in the same hour finds the run in the sync log and does nothing", async () => {
    const first = await runScheduledOpenRouterSync(db, config, { now: NOW, syncHourUtc: 3 });
    expect(first?.ran && first.days.filter((d) => d.written).map((d) => d.date)).toEqual([
      "2026-11-20",
      YESTERDAY,
    ]);
    const requests = stub.requests.length;
    expect(await runScheduledOpenRouterSync(db, config, { now: NOW, syncHourUtc: 3 })).toBeNull();
    expect(stub.requests.length).toBe(requests);
  });
});
