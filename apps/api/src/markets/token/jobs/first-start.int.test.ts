// @module-tag zone
import { MARKETS } from "../..";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  beginDataLoadAttempt,
  dataLoadsOf,
  planDataLoad,
  startSourceSync,
  withSourceSyncLock,
  type Db,
} from "@tpi/db";
import { DEFAULT_METHODOLOGY_RULES, OPENROUTER_SOURCE, SAMPLE_SOURCE } from "@tpi/domain";
import { startTestApi, type TestApi } from "../../../testing/test-api";
import {
  loaderContext,
  publishedTokenValues,
  referenceTokenValues,
  runningSyncs,
  settleTokenDays,
  tokenSettingsOf,
} from "../../../testing/first-start";
import {
  RANKINGS_PATH,
  STUB_KEY,
  startOpenRouterStub,
  type OpenRouterStub,
} from "../../../testing/openrouter-stub";
import { loadTokenData, startTokenMarket } from "./lifecycle";
import { syncOpenRouter } from "./openrouter-sync";
import { seedTokenSample } from "./sample-seed";
import { TOKEN } from "../read-model/state";
import { PublishedIndex } from "../read-model/published-index";

/**
 * The token market's first-start loads stopped halfway and resumed: the sample (91 days at this
 * clock, three batches of at most 31) and OpenRouter's first days (70 days, three windows). Each
 * is stopped at a batch boundary (its signal aborted when the first batch is reported), or left
 * as a killed process leaves it (`running`, its lock free), then resumed; the data set and the
 * values published from it must equal an uninterrupted load's. Killed processes for real:
 * src/first-start-kill.int.test.ts.
 */
const SAMPLE_NOW = new Date("2025-07-01T12:00:00.000Z");
const SAMPLE_DAYS = 91; // 2025-04-01 to 2025-06-30
const OPENROUTER_NOW = new Date("2026-11-22T12:00:00.000Z");
const OPENROUTER_DAYS = 70; // 2026-09-13 to 2026-11-21
const OPENROUTER_FIRST_DAY = "2026-09-13";

type Health = { status: string; data?: Record<string, string> };

async function health(api: TestApi): Promise<{ status: number; body: Health }> {
  const res = await api.get("/health");
  return { status: res.status, body: res.body as Health };
}

async function sampleDays(db: Db): Promise<number> {
  return db.sourceDay.count({ where: { source: SAMPLE_SOURCE } });
}

async function openRouterDays(db: Db): Promise<string[]> {
  const rows = await db.sourceDay.findMany({
    where: { source: OPENROUTER_SOURCE },
    orderBy: { date: "asc" },
  });
  return rows.map((row) => row.date.toISOString().slice(0, 10));
}

/** Every market's `/health` load state: complete, the token market's as given. */
const loadStates = (token: "complete" | "incomplete") =>
  Object.fromEntries(
    MARKETS.map((market) => [market.name, market.name === "token" ? token : "complete"]),
  );

describe("the token sample's first-start load", () => {
  const settings = tokenSettingsOf();
  let reference: string[];
  beforeAll(async () => {
    reference = await referenceTokenValues(async (database) => {
      await loadTokenData(
        settings,
        loaderContext(database, () => SAMPLE_NOW),
      );
    }, SAMPLE_NOW);
    // 91 days, of which those settleable at the clock (through 2025-06-29) published for 11 labs.
    expect(reference.length).toBeGreaterThan(80 * 4);
  }, 120_000);

  it("stopped between batches: keeps whole batches, says so on /health, and the next start completes it", async () => {
    const api = await startTestApi({ now: SAMPLE_NOW });
    try {
      const database = { db: api.db, url: api.databaseUrl };
      expect(await health(api)).toEqual({
        status: 200,
        body: expect.objectContaining({
          status: "healthy",
          data: loadStates("complete"),
        }),
      });

      const stop = new AbortController();
      const stopping = loaderContext(database, () => SAMPLE_NOW, {
        onProgress: (_label, done) => {
          if (done >= 31) stop.abort();
        },
      });
      const stopped = await loadTokenData(settings, stopping, { signal: stop.signal });
      expect(stopped).toMatchObject({ ran: true, status: "interrupted" });
      expect(await sampleDays(api.db)).toBe(31);
      const [load] = await dataLoadsOf(api.db, "token");
      expect(load).toMatchObject({
        source: SAMPLE_SOURCE,
        status: "interrupted",
        firstDay: "2025-04-01",
        lastDay: "2025-06-30",
        attempts: 1,
      });
      expect(load?.message).toMatch(/31 sample days written now/);
      // Served: 31 days of sample, and /health says the data set is not complete.
      expect(await health(api)).toEqual({
        status: 200,
        body: expect.objectContaining({
          status: "degraded",
          data: loadStates("incomplete"),
        }),
      });

      const resumed = loaderContext(database, () => SAMPLE_NOW);
      expect(await loadTokenData(settings, resumed)).toMatchObject({
        ran: true,
        status: "complete",
      });
      expect(resumed.lines.join("\n")).toMatch(/resuming the first-start load/);
      expect(await sampleDays(api.db)).toBe(SAMPLE_DAYS);
      expect(await dataLoadsOf(api.db, "token")).toEqual([
        expect.objectContaining({ status: "complete", attempts: 2 }),
      ]);
      await settleTokenDays(api.db, SAMPLE_NOW);
      expect(await publishedTokenValues(api.db)).toEqual(reference);
      expect((await health(api)).body).toMatchObject({
        status: "healthy",
        data: loadStates("complete"),
      });

      // A later start finds it complete and loads nothing.
      const later = loaderContext(database, () => SAMPLE_NOW);
      expect(await loadTokenData(settings, later)).toBeNull();
      expect(await dataLoadsOf(api.db, "token")).toEqual([
        expect.objectContaining({ status: "complete", attempts: 2 }),
      ]);
    } finally {
      await api.close();
    }
  }, 180_000);

  it("left `running` by a process that died: detected, resumed, complete", async () => {
    const api = await startTestApi({ now: SAMPLE_NOW });
    try {
      const database = { db: api.db, url: api.databaseUrl };
      // What kill -9 leaves: the load recorded and running, one batch committed, no lock held.
      const load = await planDataLoad(api.db, {
        market: "token",
        source: SAMPLE_SOURCE,
        firstDay: "2025-04-01",
        lastDay: "2025-06-30",
        now: SAMPLE_NOW,
      });
      await beginDataLoadAttempt(api.db, load.id, {
        owner: "gone-host:4242",
        firstDay: "2025-04-01",
        lastDay: "2025-06-30",
        now: SAMPLE_NOW,
      });
      const stop = new AbortController();
      await seedTokenSample(api.db, {
        now: SAMPLE_NOW,
        signal: stop.signal,
        onProgress: (done) => {
          if (done >= 31) stop.abort();
        },
      });
      expect(await sampleDays(api.db)).toBe(31);
      expect((await health(api)).body).toMatchObject({
        status: "degraded",
        data: { token: "incomplete" },
      });

      const context = loaderContext(database, () => SAMPLE_NOW);
      expect(await loadTokenData(settings, context)).toMatchObject({ status: "complete" });
      expect(context.lines.join("\n")).toMatch(
        /previous attempt \(gone-host:4242, attempt 1\) was interrupted/,
      );
      expect(await sampleDays(api.db)).toBe(SAMPLE_DAYS);
      await settleTokenDays(api.db, SAMPLE_NOW);
      expect(await publishedTokenValues(api.db)).toEqual(reference);
      expect((await health(api)).body).toMatchObject({ status: "healthy" });
    } finally {
      await api.close();
    }
  }, 180_000);

  it("a sample loaded before loads were recorded (31 of 91 days) is adopted and completed; other data is never overwritten", async () => {
    const api = await startTestApi({ now: SAMPLE_NOW });
    try {
      const database = { db: api.db, url: api.databaseUrl };
      const stop = new AbortController();
      await seedTokenSample(api.db, {
        now: SAMPLE_NOW,
        signal: stop.signal,
        onProgress: (done) => {
          if (done >= 31) stop.abort();
        },
      });
      // The old start skipped a non-empty database for ever; this one records the load and checks it.
      expect(await dataLoadsOf(api.db, "token")).toEqual([]);
      const context = loaderContext(database, () => SAMPLE_NOW);
      expect(await loadTokenData(settings, context)).toMatchObject({ status: "complete" });
      expect(context.lines.join("\n")).toMatch(/sample only, loaded before first-start loads/);
      expect(await sampleDays(api.db)).toBe(SAMPLE_DAYS);
      await settleTokenDays(api.db, SAMPLE_NOW);
      expect(await publishedTokenValues(api.db)).toEqual(reference);
    } finally {
      await api.close();
    }
  }, 180_000);

  it("a key set after a stopped sample start supersedes the sample load; no sample is added", async () => {
    const api = await startTestApi({ now: SAMPLE_NOW });
    try {
      const database = { db: api.db, url: api.databaseUrl };
      const stop = new AbortController();
      await loadTokenData(
        settings,
        loaderContext(database, () => SAMPLE_NOW, {
          onProgress: (_label, done) => {
            if (done >= 31) stop.abort();
          },
        }),
        { signal: stop.signal },
      );
      const withKey = tokenSettingsOf({ OPENROUTER_API_KEY: STUB_KEY });
      const context = loaderContext(database, () => SAMPLE_NOW);
      expect(await loadTokenData(withKey, context)).toBeNull();
      expect(await dataLoadsOf(api.db, "token")).toEqual([
        expect.objectContaining({ source: SAMPLE_SOURCE, status: "superseded" }),
      ]);
      expect(await sampleDays(api.db)).toBe(31);
      expect(context.lines.join("\n")).toMatch(/this database also holds sample data \(31 days/);
      expect((await health(api)).body).toMatchObject({ status: "healthy" });
    } finally {
      await api.close();
    }
  }, 120_000);
});

describe("OpenRouter's first-start load", () => {
  let stub: OpenRouterStub;
  const variables = {
    OPENROUTER_API_KEY: STUB_KEY,
    OPENROUTER_STARTUP_DAYS: String(OPENROUTER_DAYS),
    OPENROUTER_MIN_REQUEST_INTERVAL_MS: "0",
    OPENROUTER_MAX_RETRIES: "0",
  };
  let settings: ReturnType<typeof tokenSettingsOf>;
  let reference: string[];
  beforeAll(async () => {
    stub = await startOpenRouterStub({ latestDay: "2026-11-21" });
    settings = tokenSettingsOf({ ...variables, OPENROUTER_BASE_URL: stub.url });
    reference = await referenceTokenValues(async (database) => {
      await loadTokenData(
        settings,
        loaderContext(database, () => OPENROUTER_NOW),
      );
    }, OPENROUTER_NOW);
    expect(reference.length).toBeGreaterThan(60 * 4);
  }, 120_000);
  afterAll(() => stub.close());

  it("stopped between windows: the sync log says interrupted, the restart syncs only the missing days", async () => {
    stub.reset();
    const api = await startTestApi({ now: OPENROUTER_NOW });
    try {
      const database = { db: api.db, url: api.databaseUrl };
      const stop = new AbortController();
      const stopped = await loadTokenData(
        settings,
        loaderContext(database, () => OPENROUTER_NOW, {
          onProgress: (_label, done) => {
            if (done >= 31) stop.abort();
          },
        }),
        { signal: stop.signal },
      );
      expect(stopped).toMatchObject({ ran: true, status: "interrupted" });
      expect(await openRouterDays(api.db)).toHaveLength(31);
      const syncs = await api.db.sourceSync.findMany({ orderBy: { id: "asc" } });
      expect(syncs.map((s) => [s.trigger, s.outcome, s.daysWritten])).toEqual([
        ["startup", "interrupted", 31],
      ]);
      expect(syncs[0]?.message).toMatch(/stopped before it finished/);
      expect((await health(api)).body).toMatchObject({
        status: "degraded",
        data: { token: "incomplete" },
      });

      stub.requests.length = 0;
      const resumed = loaderContext(database, () => OPENROUTER_NOW);
      expect(await loadTokenData(settings, resumed)).toMatchObject({ status: "complete" });
      // Only the 39 missing days were asked for: the model list, then windows from the first missing day.
      const windows = stub.requests
        .filter((r) => r.path === RANKINGS_PATH)
        .map((r) => `${r.query.get("start_date")}..${r.query.get("end_date")}`);
      expect(windows).toEqual(["2026-10-14..2026-11-13", "2026-11-14..2026-11-21"]);
      const days = await openRouterDays(api.db);
      expect(days).toHaveLength(OPENROUTER_DAYS);
      expect(days[0]).toBe(OPENROUTER_FIRST_DAY);
      expect(await runningSyncs(api.db)).toBe(0);
      await settleTokenDays(api.db, OPENROUTER_NOW);
      expect(await publishedTokenValues(api.db)).toEqual(reference);
      expect((await health(api)).body).toMatchObject({ status: "healthy" });
    } finally {
      await api.close();
    }
  }, 180_000);

  it("killed, then restarted days later: the sync log's dead run is closed, the gap is back-filled to the new yesterday", async () => {
    stub.reset();
    const api = await startTestApi({ now: OPENROUTER_NOW });
    try {
      const database = { db: api.db, url: api.databaseUrl };
      // What kill -9 in the second window leaves: the load running, the sync logged running,
      // the first window's 31 days written.
      const load = await planDataLoad(api.db, {
        market: "token",
        source: OPENROUTER_SOURCE,
        firstDay: OPENROUTER_FIRST_DAY,
        lastDay: "2026-11-21",
        now: OPENROUTER_NOW,
      });
      await beginDataLoadAttempt(api.db, load.id, {
        owner: "gone-host:4242",
        firstDay: OPENROUTER_FIRST_DAY,
        lastDay: "2026-11-21",
        now: OPENROUTER_NOW,
      });
      await syncOpenRouter(api.db, settings.openRouter ?? fail(), {
        from: OPENROUTER_FIRST_DAY,
        to: "2026-10-13",
        backfillFrom: OPENROUTER_FIRST_DAY,
        trigger: "startup",
        now: OPENROUTER_NOW,
      });
      const dead = await startSourceSync(api.db, {
        source: OPENROUTER_SOURCE,
        trigger: "startup",
        firstDay: OPENROUTER_FIRST_DAY,
        lastDay: "2026-11-21",
        startedAt: OPENROUTER_NOW,
      });

      // Three days later, as an operator would restart it.
      const later = new Date("2026-11-25T12:00:00.000Z");
      api.clock.now = later;
      const context = loaderContext(database, () => later);
      const state = TOKEN.open(new PublishedIndex(api.db), { rules: DEFAULT_METHODOLOGY_RULES });
      await startTokenMarket(state, settings, context);
      const log = context.lines.join("\n");
      expect(log).toMatch(/1 run\(s\) left running by a process that stopped without finishing/);
      expect(log).toMatch(/previous attempt \(gone-host:4242, attempt 1\) was interrupted/);
      const closed = await api.db.sourceSync.findUnique({ where: { id: dead } });
      expect(closed).toMatchObject({ outcome: "interrupted" });
      expect(await runningSyncs(api.db)).toBe(0);

      const days = await openRouterDays(api.db);
      expect(days[0]).toBe(OPENROUTER_FIRST_DAY);
      expect(days.at(-1)).toBe("2026-11-24");
      expect(days).toHaveLength(OPENROUTER_DAYS + 3);
      // Each day is priced by the first snapshot after its end: the killed attempt's (11-22 12:00)
      // is within 48 hours of 11-20 and 11-21 only, the restart's (11-25 12:00) of 11-23 and 11-24
      // only; every other day of the resumed load is back-filled, as the methodology requires.
      const bases = await api.db.sourceDay.findMany({
        where: { source: OPENROUTER_SOURCE, date: { gte: new Date("2026-10-14") } },
        orderBy: { date: "asc" },
        select: { date: true, priceBasis: true },
      });
      expect(
        bases.filter((d) => d.priceBasis === "snapshot").map((d) => d.date.toISOString()),
      ).toEqual([
        "2026-11-20T00:00:00.000Z",
        "2026-11-21T00:00:00.000Z",
        "2026-11-23T00:00:00.000Z",
        "2026-11-24T00:00:00.000Z",
      ]);
      expect(bases).toHaveLength(42);
      expect(await dataLoadsOf(api.db, "token")).toEqual([
        expect.objectContaining({ status: "complete", lastDay: "2026-11-24", attempts: 2 }),
      ]);
      // The days the uninterrupted load published are published alike (prices do not move in the stub).
      const values = await publishedTokenValues(api.db);
      expect(values.filter((line) => line < "2026-11-21")).toEqual(
        reference.filter((line) => line < "2026-11-21"),
      );
      expect((await health(api)).body).toMatchObject({ status: "healthy" });
    } finally {
      await api.close();
    }
  }, 180_000);

  it("a first-start sync that died before load plans existed is adopted from the sync log and finished", async () => {
    stub.reset();
    const api = await startTestApi({ now: OPENROUTER_NOW });
    try {
      const database = { db: api.db, url: api.databaseUrl };
      await syncOpenRouter(api.db, settings.openRouter ?? fail(), {
        from: OPENROUTER_FIRST_DAY,
        to: "2026-10-13",
        backfillFrom: OPENROUTER_FIRST_DAY,
        trigger: "startup",
        now: OPENROUTER_NOW,
      });
      // The old first start logged its whole range and died before writing its end.
      await api.db.sourceSync.updateMany({
        data: { lastDay: new Date("2026-11-21"), outcome: "running", finishedAt: null },
      });
      const context = loaderContext(database, () => OPENROUTER_NOW);
      await startTokenMarket(
        TOKEN.open(new PublishedIndex(api.db), { rules: DEFAULT_METHODOLOGY_RULES }),
        settings,
        context,
      );
      expect(context.lines.join("\n")).toMatch(
        /first-start sync of 2026-09-13 to 2026-11-21 \(sync log #\d+, interrupted\) did not finish: resuming it/,
      );
      expect(await openRouterDays(api.db)).toHaveLength(OPENROUTER_DAYS);
      expect(await runningSyncs(api.db)).toBe(0);
      expect(await publishedTokenValues(api.db)).toEqual(reference);
    } finally {
      await api.close();
    }
  }, 180_000);

  it("another sync holding the lock (the daily sync, the CLI) is no failure: tried again at the next check", async () => {
    stub.reset();
    const api = await startTestApi({ now: OPENROUTER_NOW });
    try {
      const database = { db: api.db, url: api.databaseUrl };
      let attempt: Awaited<ReturnType<typeof loadTokenData>> = null;
      await withSourceSyncLock(
        api.db,
        async () => {
          attempt = await loadTokenData(
            settings,
            loaderContext(database, () => OPENROUTER_NOW),
          );
        },
        60_000,
      );
      expect(attempt).toMatchObject({
        ran: true,
        status: "interrupted",
        message: expect.stringMatching(/another instance is syncing OpenRouter data/),
      });
      expect(
        await loadTokenData(
          settings,
          loaderContext(database, () => OPENROUTER_NOW),
          {
            scheduled: true,
          },
        ),
      ).toMatchObject({ status: "complete" });
      expect(await openRouterDays(api.db)).toHaveLength(OPENROUTER_DAYS);
    } finally {
      await api.close();
    }
  }, 180_000);

  it("a refused key leaves the load failed (/health degraded); a serving instance's check waits an hour, a start retries", async () => {
    stub.reset();
    const api = await startTestApi({ now: OPENROUTER_NOW });
    try {
      const database = { db: api.db, url: api.databaseUrl };
      const refused = tokenSettingsOf({
        ...variables,
        OPENROUTER_BASE_URL: stub.url,
        OPENROUTER_API_KEY: "sk-or-v1-refused0000",
      });
      const context = loaderContext(database, () => OPENROUTER_NOW);
      expect(await loadTokenData(refused, context)).toMatchObject({ status: "failed" });
      expect(context.lines.join("\n")).toMatch(
        /start-up sync from OpenRouter wrote no day: .*OPENROUTER_API_KEY was refused/,
      );
      expect((await health(api)).body).toMatchObject({
        status: "degraded",
        data: { token: "incomplete" },
      });
      expect(
        await loadTokenData(
          settings,
          loaderContext(database, () => OPENROUTER_NOW),
          {
            scheduled: true,
          },
        ),
      ).toEqual({ ran: false, why: "not-due" });
      const anHourLater = new Date(OPENROUTER_NOW.getTime() + 3_600_000);
      expect(
        await loadTokenData(
          settings,
          loaderContext(database, () => anHourLater),
          {
            scheduled: true,
          },
        ),
      ).toMatchObject({ ran: true, status: "complete" });
      expect(await openRouterDays(api.db)).toHaveLength(OPENROUTER_DAYS);
      expect((await health(api)).body).toMatchObject({ status: "healthy" });
    } finally {
      await api.close();
    }
  }, 180_000);
});

function fail(): never {
  throw new Error("no OpenRouter settings");
}
