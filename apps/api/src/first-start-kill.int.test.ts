import { spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { createDb, createTestDatabase, dataLoadsOf, type Db } from "@tpi/db";
import { OPENROUTER_SOURCE, SAMPLE_SOURCE } from "@tpi/domain";
import { MARKETS } from "./markets";
import { apiProcess } from "./testing/api-process";
import { loadTokenData } from "./markets/token/jobs/lifecycle";
import { marketDataStates } from "./platform/health-route";
import { LOADING_RETRY_AFTER_SECONDS } from "./platform/http/errors";
import type { RunningServer } from "./platform/server";
import { startInProcessServer } from "./testing/in-process-server";
import {
  loaderContext,
  publishedTokenValues,
  referenceTokenValues,
  runningSyncs,
  settleTokenDays,
  tokenSettingsOf,
} from "./testing/first-start";
import {
  RANKINGS_PATH,
  STUB_KEY,
  startOpenRouterStub,
  type OpenRouterStub,
} from "./testing/openrouter-stub";

/** Every market's data state in /health, all alike. */
const everyMarket = (state: string) =>
  Object.fromEntries(MARKETS.map((market) => [market.name, state]));

/**
 * `npm start` stopped during its first start, for real: the api runs as its own process
 * (`node dist/main.js`, as `pnpm start` runs it) and gets SIGTERM, SIGINT or SIGKILL
 * at a known point of its first load, then the next start must end with the complete data set,
 * the values an uninterrupted start publishes, and no sync left `running`.
 *
 * The point is made exact without timing: the sample's second batch waits on a row lock the test
 * holds (a `source_day` row of one of its days, inserted and not committed), and OpenRouter's
 * second window waits on the stub, which holds that answer until the test releases it.
 */
const apiMain = apiProcess("main");

type Exit = { code: number | null; signal: NodeJS.Signals | null };
type Api = { child: ChildProcess; output: { text: string }; exited: Promise<Exit> };

let children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  children = [];
});

function startApi(env: Record<string, string>): Api {
  const child = spawn(apiMain.command, apiMain.args, {
    cwd: apiMain.cwd,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: "0",
      SETTLEMENT_INTERVAL_SECONDS: "0",
      GPU_PRINT_INTERVAL_SECONDS: "0",
      LOG_LEVEL: "info",
      OPENROUTER_API_KEY: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const output = { text: "" };
  child.stdout?.on("data", (chunk: Buffer) => (output.text += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (output.text += chunk.toString("utf8")));
  const exited = new Promise<Exit>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return { child, output, exited };
}

/** Waits (bounded, so a broken run fails instead of hanging) until `condition` holds. */
async function until(
  what: string,
  condition: () => Promise<boolean> | boolean,
  output: { text: string },
  ms = 120_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}\n${output.text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the token sample: the api process stopped during its second batch", () => {
  const NOW = new Date("2025-07-01T12:00:00.000Z");
  const settings = tokenSettingsOf();
  let reference: string[];
  beforeAll(async () => {
    reference = await referenceTokenValues(async (database) => {
      await loadTokenData(
        settings,
        loaderContext(database, () => NOW),
      );
    }, NOW);
  }, 120_000);

  /**
   * Starts the api on a fresh database with the sample's second batch held (2025-05-10 is in
   * it) and waits until the first batch is committed and the second waits on the test's lock.
   */
  async function apiInSecondBatch() {
    const database = await createTestDatabase(inject("pgAdminUrl"));
    const name = new URL(database.url).pathname.slice(1);
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query("set time zone 'UTC'");
    await holder.query("begin");
    await holder.query(
      `insert into source_day (date, source, as_of, price_snapshot_id, price_basis, listed_tokens,
         other_tokens, tracked_tokens, listed_models, synced_at)
       values ('2025-05-10', $1, now(), 0, 'snapshot', 0, 0, 0, 0, now())`,
      [SAMPLE_SOURCE],
    );
    const db = createDb(database.url, 2);
    const api = startApi({
      DATABASE_URL: database.url,
      SEED_SAMPLE_ON_EMPTY: "true",
      TPI_TEST_CLOCK: NOW.toISOString(),
    });
    await until(
      "the first batch committed and the second waiting on the held row",
      async () => {
        const days = await db.sourceDay.count({ where: { source: SAMPLE_SOURCE } });
        // Asked outside the holder's transaction, which would keep one snapshot of the statistics.
        const [row] = await db.$queryRaw<{ waiting: number }[]>`
          select count(*)::int as waiting from pg_stat_activity
          where datname = ${name} and wait_event_type = 'Lock'`;
        return days === 31 && (row?.waiting ?? 0) > 0;
      },
      api.output,
    );
    const release = async () => {
      await holder.query("rollback");
      await holder.end();
    };
    return { database, db, api, release };
  }

  async function resumeAndCompare(db: Db, url: string): Promise<string> {
    const context = loaderContext({ db, url }, () => NOW);
    expect(await loadTokenData(settings, context)).toMatchObject({ status: "complete" });
    expect(await db.sourceDay.count({ where: { source: SAMPLE_SOURCE } })).toBe(91);
    await settleTokenDays(db, NOW);
    expect(await publishedTokenValues(db)).toEqual(reference);
    expect(await marketDataStates(db, ["token"])).toEqual({ token: "complete" });
    return context.lines.join("\n");
  }

  it("SIGTERM: the batch in flight commits, the load stops there and is recorded, exit 0; the next start completes it", async () => {
    const { database, db, api, release } = await apiInSecondBatch();
    try {
      api.child.kill("SIGTERM");
      await until(
        "the api heard SIGTERM",
        () => /SIGTERM received during start-up/.test(api.output.text),
        api.output,
      );
      await release(); // the second batch goes on and commits; no third one starts
      expect(await api.exited).toEqual({ code: 0, signal: null });
      expect(api.output.text).toMatch(/api stopped during start-up/);
      expect(api.output.text).not.toMatch(/api listening/);
      expect(await db.sourceDay.count({ where: { source: SAMPLE_SOURCE } })).toBe(62);
      expect(await dataLoadsOf(db, "token")).toEqual([
        expect.objectContaining({ status: "interrupted", owner: expect.any(String) }),
      ]);
      expect(await marketDataStates(db, ["token"])).toEqual({ token: "incomplete" });
      expect(await resumeAndCompare(db, database.url)).toMatch(/resuming the first-start load/);
    } finally {
      await db.$disconnect();
      await database.drop();
    }
  }, 240_000);

  it("SIGKILL: the batch in flight is rolled back, the load stays `running` with its lock gone; the next start completes it", async () => {
    const { database, db, api, release } = await apiInSecondBatch();
    try {
      api.child.kill("SIGKILL");
      expect(await api.exited).toEqual({ code: null, signal: "SIGKILL" });
      await release();
      // The dead backend's transaction ends with its connection: only the first batch stays.
      await until(
        "the killed process's connections are gone",
        async () => (await marketDataStates(db, ["token"])).token === "incomplete",
        api.output,
      );
      expect(await db.sourceDay.count({ where: { source: SAMPLE_SOURCE } })).toBe(31);
      expect(await dataLoadsOf(db, "token")).toEqual([
        expect.objectContaining({ status: "running" }),
      ]);
      expect(await resumeAndCompare(db, database.url)).toMatch(
        /previous attempt \(.+, attempt 1\) was interrupted/,
      );
    } finally {
      await db.$disconnect();
      await database.drop();
    }
  }, 240_000);
});

describe("OpenRouter's first days: the api process stopped during its second window", () => {
  const NOW = new Date("2026-11-22T12:00:00.000Z");
  let stub: OpenRouterStub;
  const variables = () => ({
    OPENROUTER_API_KEY: STUB_KEY,
    OPENROUTER_BASE_URL: stub.url,
    OPENROUTER_STARTUP_DAYS: "70",
    OPENROUTER_MIN_REQUEST_INTERVAL_MS: "0",
    OPENROUTER_MAX_RETRIES: "0",
  });
  let reference: string[];
  beforeAll(async () => {
    stub = await startOpenRouterStub({ latestDay: "2026-11-21" });
    reference = await referenceTokenValues(async (database) => {
      await loadTokenData(
        tokenSettingsOf(variables()),
        loaderContext(database, () => NOW),
      );
    }, NOW);
  }, 120_000);
  afterAll(() => stub.close());

  /** The api on a fresh database, waiting for the second window's answer, which the stub holds. */
  async function apiInSecondWindow() {
    stub.reset();
    let releaseAnswer = () => {};
    const held = new Promise<void>((resolve) => (releaseAnswer = resolve));
    stub.queue[RANKINGS_PATH] = [{ documented: true }, { documented: true, until: held }];
    const database = await createTestDatabase(inject("pgAdminUrl"));
    const db = createDb(database.url, 2);
    const api = startApi({
      ...variables(),
      DATABASE_URL: database.url,
      SEED_SAMPLE_ON_EMPTY: "false",
      TPI_TEST_CLOCK: NOW.toISOString(),
    });
    // The second window is asked for only once the first one's days are committed.
    await until(
      "the second window asked for",
      () => stub.requests.filter((r) => r.path === RANKINGS_PATH).length === 2,
      api.output,
    );
    expect(await db.sourceDay.count({ where: { source: OPENROUTER_SOURCE } })).toBe(31);
    return { database, db, api, releaseAnswer };
  }

  function startInProcess(databaseUrl: string, lines: string[]): Promise<RunningServer> {
    return startInProcessServer({
      databaseUrl,
      now: NOW,
      lines,
      variables: { ...variables(), SEED_SAMPLE_ON_EMPTY: "false" },
    });
  }

  async function health(server: RunningServer): Promise<{ status: number; body: unknown }> {
    const res = await fetch(`${server.url}/health`);
    return { status: res.status, body: await res.json() };
  }

  it("SIGINT: the request in flight is cut, the sync is logged interrupted, exit 0", async () => {
    const { database, db, api, releaseAnswer } = await apiInSecondWindow();
    try {
      api.child.kill("SIGINT");
      expect(await api.exited).toEqual({ code: 0, signal: null });
      releaseAnswer();
      expect(api.output.text).toMatch(/SIGINT received during start-up/);
      const syncs = await db.sourceSync.findMany();
      expect(syncs.map((s) => [s.trigger, s.outcome, s.daysWritten])).toEqual([
        ["startup", "interrupted", 31],
      ]);
      expect(await dataLoadsOf(db, "token")).toEqual([
        expect.objectContaining({ source: OPENROUTER_SOURCE, status: "interrupted" }),
      ]);
      const lines: string[] = [];
      const restarted = await startInProcess(database.url, lines);
      try {
        expect((await health(restarted)).body).toMatchObject({
          status: "healthy",
          data: { token: "complete" },
        });
        expect(await db.sourceDay.count({ where: { source: OPENROUTER_SOURCE } })).toBe(70);
        expect(await publishedTokenValues(db)).toEqual(reference);
        expect(await runningSyncs(db)).toBe(0);
      } finally {
        await restarted.close();
      }
    } finally {
      await db.$disconnect();
      await database.drop();
    }
  }, 240_000);

  it("SIGKILL: another instance reports loading, then incomplete; the restart closes the dead sync and completes the data set", async () => {
    const { database, db, api, releaseAnswer } = await apiInSecondWindow();
    const lines: string[] = [];
    let other: RunningServer | undefined;
    try {
      // A second instance started meanwhile serves what is stored and says it is loading.
      other = await startInProcess(database.url, lines);
      expect(lines.join("\n")).toMatch(/another instance is loading it now/);
      expect(await health(other)).toEqual({
        status: 200,
        body: expect.objectContaining({
          status: "loading",
          data: { ...everyMarket("complete"), token: "loading" },
        }),
      });
      // Its token data routes say the data is loading, not that there is none.
      const during = await fetch(`${other.url}/api/otpi`);
      expect(during.status).toBe(503);
      expect(during.headers.get("retry-after")).toBe(String(LOADING_RETRY_AFTER_SECONDS));
      expect(await during.json()).toMatchObject({
        error: "Loading",
        message: expect.stringContaining("is loading its published data") as string,
      });

      api.child.kill("SIGKILL");
      expect(await api.exited).toEqual({ code: null, signal: "SIGKILL" });
      releaseAnswer();
      const running = other;
      await until(
        "the killed loader's lock released",
        async () => ((await health(running)).body as { status: string }).status === "degraded",
        api.output,
      );
      expect((await health(other)).body).toMatchObject({ data: { token: "incomplete" } });
      expect(await runningSyncs(db)).toBe(1);
      await other.close();
      other = undefined;

      const restartLines: string[] = [];
      const restarted = await startInProcess(database.url, restartLines);
      try {
        const log = restartLines.join("\n");
        expect(log).toMatch(/1 run\(s\) left running by a process that stopped without finishing/);
        expect(log).toMatch(/was interrupted: its process stopped/);
        expect(await health(restarted)).toEqual({
          status: 200,
          body: expect.objectContaining({
            status: "healthy",
            data: { ...everyMarket("complete"), token: "complete" },
          }),
        });
        expect(await db.sourceDay.count({ where: { source: OPENROUTER_SOURCE } })).toBe(70);
        expect(await publishedTokenValues(db)).toEqual(reference);
        const syncs = await db.sourceSync.findMany({ orderBy: { id: "asc" } });
        expect(syncs.map((s) => [s.outcome, s.daysWritten])).toEqual([
          ["interrupted", 0],
          ["ok", 39],
        ]);
        expect((await fetch(`${restarted.url}/api/otpi`)).status).toBe(200);
      } finally {
        await restarted.close();
      }
    } finally {
      await other?.close();
      await db.$disconnect();
      await database.drop();
    }
  }, 240_000);
});
