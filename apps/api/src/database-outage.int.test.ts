import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  createAccount,
  createDb,
  createTestDatabase,
  cutRelease,
  insertApiKey,
  openDatabase,
  poolStats,
  type Db,
} from "@tpi/db";
import { createLogger } from "./platform/observability/logger";
import { DatabaseHealth } from "./platform/health/database-health";
import { databaseAnswers } from "./platform/health-route";
import { Scheduler } from "./platform/jobs/scheduler";
import { ApiKeyAuthenticator, KEY_USAGE_FLUSH_MS } from "./platform/auth/api-key-authenticator";
import { generateApiKey } from "./platform/auth/api-key-secret";
import { proxiedDatabaseUrl } from "./testing/tcp-proxy";
import {
  bearer,
  observation,
  startTestApi,
  type HttpResult,
  type TestApi,
} from "./testing/test-api";

/**
 * The database behind a real loopback proxy that refuses, then black-holes, then heals: what can
 * be answered from memory is, what cannot is a 503 with Retry-After, the outage is logged once
 * when it starts and once when it ends, and service resumes without a restart.
 */
const NOW = new Date("2026-03-31T12:00:00.000Z");
const INTERNAL_TOKEN = "internal-token-for-outage-tests";
/** Short bounds so that the black hole costs the test a second or two per request. */
const STATEMENT_TIMEOUT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 1_000;
/** Generous: a request must end within the pool's bounds, not hang for the partition. */
const REQUEST_BOUND_MS = 4 * (STATEMENT_TIMEOUT_MS + CONNECT_TIMEOUT_MS + 1_000);

const logLines: string[] = [];
let api: TestApi;
let knownKey: string;
let unseenKey: string;
beforeAll(async () => {
  api = await startTestApi({
    now: NOW,
    proxyDatabase: true,
    internalToken: INTERNAL_TOKEN,
    databaseTimeouts: {
      connectMs: CONNECT_TIMEOUT_MS,
      statementMs: STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: 60_000,
    },
    // Lookups expire at once, so that every keyed request below needs the database or the grace.
    keyCacheTtlMs: 1,
    keyStaleGraceMs: 600_000,
    log: createLogger("info", (line) => logLines.push(line)),
  });
  knownKey = (await api.createKey()).key;
  unseenKey = (await api.createKey()).key;
  await api.load(
    ["2026-03-29", "2026-03-30"].flatMap((date) => [
      observation({ date, modelId: "anthropic/claude-a" }),
      observation({ date, modelId: "openai/gpt-a" }),
      observation({ date, modelId: "qwen/qwen-a" }),
    ]),
  );
  // The known key is seen valid while the database answers.
  expect((await api.get("/api/otpi?lab=qwen", bearer(knownKey))).status).toBe(200);
}, 60_000);
afterAll(async () => api?.close());

/** Asked before each outage: settled, so answered from memory during it. */
const CONSTITUENTS = "/api/otpi/constituents?date=2026-03-29&lab=anthropic";
/** Never asked before an outage: its first answer needs the database. */
const UNASKED_CONSTITUENTS = [
  "/api/otpi/constituents?date=2026-03-29&lab=openai",
  "/api/otpi/constituents?date=2026-03-29&lab=qwen",
];
const REVISIONS = "/api/otpi/revisions";
const trpcConstituents = () =>
  api.get(
    `/trpc/constituents?input=${encodeURIComponent(JSON.stringify({ date: "2026-03-29", lab: "anthropic" }))}`,
    bearer(INTERNAL_TOKEN),
  );

function expectUnavailable(res: HttpResult, what: string): void {
  expect(res.status, what).toBe(503);
  expect(res.headers.get("retry-after"), what).toBe("5");
  expect(res.body, what).toEqual({
    error: "Service unavailable",
    message: "The database is temporarily unavailable and this request needs it. Retry shortly.",
  });
}

const outageStarts = () => logLines.filter((line) => /database unavailable/.test(line));
const outageEnds = () => logLines.filter((line) => /database available again after/.test(line));

async function untilOk(path: string, headers?: Record<string, string>): Promise<HttpResult> {
  let res = await api.get(path, headers);
  for (let attempt = 0; attempt < 100 && res.status !== 200; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    res = await api.get(path, headers);
  }
  return res;
}

describe("PostgreSQL refuses connections", () => {
  it("answers from memory, 503 elsewhere, logs the outage once, and recovers without a restart", async () => {
    expect((await api.get(CONSTITUENTS)).status).toBe(200);
    api.databaseProxy?.cut();

    for (let round = 0; round < 3; round++) {
      // Published data from memory, anonymous and keyed (the key from its last known state).
      expect((await api.get("/api/token-types")).status).toBe(200);
      expect((await api.get("/api/otpi")).status).toBe(200);
      const keyed = await api.get("/api/otpi?lab=qwen", bearer(knownKey));
      expect(keyed.status).toBe(200);
      expect((keyed.body as { access: string }).access).toBe("full");
      // A settled answer given before the outage is kept in memory, however it was computed.
      expect((await api.get(CONSTITUENTS)).status).toBe(200);
      // What needs the database: 503 with Retry-After and the JSON error body.
      expectUnavailable(await api.get(UNASKED_CONSTITUENTS[0] ?? ""), "constituents");
      expectUnavailable(await api.get(REVISIONS, bearer(knownKey)), "revisions");
      expectUnavailable(
        await api.post("/api/create-api-key", { name: "during outage" }, bearer(knownKey)),
        "create-api-key",
      );
      // A key first used during the outage cannot be checked: 503, not 401 or 500.
      expectUnavailable(await api.get("/api/otpi?lab=qwen", bearer(unseenKey)), "unseen key");
      const trpc = await trpcConstituents();
      expect(trpc.status, "tRPC").toBe(503);
      expect(trpc.headers.get("retry-after")).toBe("5");
      expect(trpc.text).not.toMatch(/ECONNREFUSED|node_modules|\n\s+at /);
    }
    const health = await api.get("/health");
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({
      database: "disconnected",
      databaseUnavailableSince: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(outageStarts()).toHaveLength(1);
    expect(outageEnds()).toHaveLength(0);
    expect(logLines.filter((line) => /ERROR unhandled error/.test(line))).toEqual([]);

    await api.databaseProxy?.restore();
    expect((await untilOk(UNASKED_CONSTITUENTS[0] ?? "")).status).toBe(200);
    expect((await untilOk("/api/otpi?lab=qwen", bearer(unseenKey))).status).toBe(200);
    expect((await api.get("/health")).body).not.toHaveProperty("databaseUnavailableSince");
    // The probe notices the return within a second or so even when no request needs the database.
    for (let attempt = 0; attempt < 50 && outageEnds().length === 0; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outageStarts()).toHaveLength(1);
    expect(outageEnds()).toHaveLength(1);
    expect(outageEnds()[0]).toMatch(/after \d+\.\d s \(\d+ failed/);
  }, 60_000);
});

describe("PostgreSQL stops answering (a black hole)", () => {
  it("ends every request within the pool's bounds: 503 where the database is needed", async () => {
    const before = outageStarts().length;
    api.databaseProxy?.blackHole();
    try {
      for (const path of [UNASKED_CONSTITUENTS[1] ?? "", REVISIONS]) {
        const started = Date.now();
        const res = await api.get(path, bearer(knownKey));
        expectUnavailable(res, path);
        expect(Date.now() - started, path).toBeLessThan(REQUEST_BOUND_MS);
      }
      const started = Date.now();
      const keyed = await api.get("/api/otpi?lab=qwen", bearer(knownKey));
      expect(keyed.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(REQUEST_BOUND_MS);
      expect((await api.get("/api/otpi")).status).toBe(200);
    } finally {
      await api.databaseProxy?.restore();
    }
    expect((await untilOk(UNASKED_CONSTITUENTS[1] ?? "", bearer(knownKey))).status).toBe(200);
    expect(outageStarts()).toHaveLength(before + 1);
  }, 60_000);
});

describe("KEY_STALE_GRACE_SECONDS", () => {
  it("a key last confirmed longer ago than the grace gets 503 while the database is down", async () => {
    const graceMs = 300;
    const short = await startTestApi({
      now: NOW,
      proxyDatabase: true,
      keyCacheTtlMs: 1,
      keyStaleGraceMs: graceMs,
    });
    try {
      const { key } = await short.createKey();
      await short.load(
        ["2026-03-29", "2026-03-30"].flatMap((date) => [
          observation({ date, modelId: "anthropic/claude-a" }),
          observation({ date, modelId: "qwen/qwen-a" }),
        ]),
      );
      const keyed = () => short.get("/api/otpi?lab=qwen", bearer(key));
      expect((await keyed()).status).toBe(200);
      short.databaseProxy?.cut();
      expect((await keyed()).status).toBe(200); // within the grace
      await new Promise((resolve) => setTimeout(resolve, graceMs + 50));
      expectUnavailable(await keyed(), "past the grace");
      expect((await short.get("/api/otpi")).status).toBe(200); // anonymous: from memory
    } finally {
      await short.databaseProxy?.restore();
      await short.close();
    }
  }, 60_000);
});

/** Resolves once `check` holds (polled; bounded so that a failure says which wait it was). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${what}: not within 10 s`);
}

/** The pool has closed every connection it had (it noticed that they were dropped). */
const poolEmpty = (db: Db) => () => (poolStats(db)?.total ?? 0) === 0;

describe("the outage's one log line says why", () => {
  it("connection refused: the server is down (nothing listens)", async () => {
    const lines: string[] = [];
    const down = await startTestApi({
      now: NOW,
      proxyDatabase: true,
      log: createLogger("info", (line) => lines.push(line)),
    });
    try {
      const proxy = down.databaseProxy;
      if (proxy === undefined) throw new Error("no proxy");
      expect((await down.get("/health")).status).toBe(200);
      const unseen = (await down.createKey()).key;
      proxy.refuse();
      await until(poolEmpty(down.db), "the pool drops its connections");
      // A key never checked needs the database.
      expectUnavailable(await down.get("/api/otpi", bearer(unseen)), "an unseen key");
      expectUnavailable(await down.get("/api/otpi", bearer(unseen)), "an unseen key");
      const starts = lines.filter((line) => /database unavailable/.test(line));
      expect(starts).toEqual([
        expect.stringContaining(
          `ERROR database unavailable: connection refused by 127.0.0.1:${proxy.port} (ECONNREFUSED). `,
        ),
      ]);
    } finally {
      await down.databaseProxy?.restore();
      await down.close();
    }
  }, 60_000);

  it('connection refused from a COMMIT on: not Prisma\'s "Transaction already closed"', async () => {
    const database = await createTestDatabase(inject("pgAdminUrl"));
    const { proxy, url: proxiedUrl } = await proxiedDatabaseUrl(database.url);
    const db = createDb(proxiedUrl, 2);
    const lines: string[] = [];
    const log = createLogger("info", (line) => lines.push(line));
    const health = new DatabaseHealth(log, () => db.$queryRaw`select 1`);
    const auth = new ApiKeyAuthenticator(db, () => NOW, { databaseHealth: health });
    // The key-usage flush, as the server schedules it: its last-used update commits a transaction.
    const scheduler = new Scheduler(log, health);
    try {
      const account = await createAccount(db, { name: "flush", plan: "full", trialEndsAt: null });
      const secret = generateApiKey();
      await insertApiKey(db, {
        accountId: account.id,
        name: "flush",
        displayPrefix: secret.displayPrefix,
        keyHash: secret.keyHash,
      });
      expect((await auth.authenticate(`Bearer ${secret.key}`)).ok).toBe(true); // noted as used
      // The database goes down as the flush commits: that COMMIT never arrives, and Prisma
      // reports the transaction's state ("A rollback cannot be executed on a committed
      // transaction"), not the lost connection.
      proxy.refuseAtCommit();
      scheduler.every({
        name: "key usage flush",
        intervalMs: Math.min(KEY_USAGE_FLUSH_MS, 50),
        failureMessage: "could not record key usage",
        run: () => auth.flushLastUsed(),
      });
      await until(
        () => lines.some((line) => /database unavailable/.test(line)),
        "the outage's log line",
      );
      const starts = lines.filter((line) => /database unavailable/.test(line));
      expect(starts).toEqual([
        expect.stringContaining(
          `ERROR database unavailable: connection refused by 127.0.0.1:${proxy.port} (ECONNREFUSED). `,
        ),
      ]);
      expect(lines.join("\n")).not.toMatch(/Transaction already closed/);
    } finally {
      await scheduler.stop();
      health.stop();
      await proxy.restore();
      // Prisma never gives the pool back the connection whose COMMIT failed, and ending a pool
      // waits for every connection it lent: not waited on (that connection is closed already).
      void db.$disconnect();
      await proxy.close();
      await database.drop();
    }
  }, 60_000);

  it("authentication failed: the api's password was changed", async (context) => {
    const database = await createTestDatabase(inject("pgAdminUrl"));
    const admin = createDb(database.url, 1);
    const role = `tpi_outage_${process.pid}_${Date.now()}`;
    let db: Db | undefined;
    let health: DatabaseHealth | undefined;
    try {
      await admin.$executeRawUnsafe(`create role ${role} login password 'first-password'`);
      const url = new URL(database.url);
      url.username = role;
      url.password = "wrong-password";
      // A server that trusts its local clients (pg_hba `trust`, as CI's system server on
      // 127.0.0.1) never asks for a password, so no password change can refuse the api there; the
      // embedded server (`npm test`) checks passwords and runs this test.
      if (await connects(url.toString()))
        context.skip("this PostgreSQL server does not check passwords (trust authentication)");
      url.password = "first-password";
      db = createDb(url.toString(), 1, {
        connectMs: CONNECT_TIMEOUT_MS,
        statementMs: STATEMENT_TIMEOUT_MS,
        idleInTransactionMs: 60_000,
      });
      const lines: string[] = [];
      const probeDb = db;
      health = new DatabaseHealth(
        createLogger("info", (line) => lines.push(line)),
        () => probeDb.$queryRaw`select 1`,
      );
      expect(await databaseAnswers(db, health)).toBe(true);
      await admin.$executeRawUnsafe(`alter role ${role} password 'second-password'`);
      await admin.$executeRawUnsafe(
        `select pg_terminate_backend(pid) from pg_stat_activity where usename = '${role}'`,
      );
      await until(poolEmpty(db), "the pool drops its terminated connection");
      // /health's probe, as a request would: 503 and one line, not an unhandled error per request.
      expect(await databaseAnswers(db, health)).toBe(false);
      expect(await databaseAnswers(db, health)).toBe(false);
      expect(lines).toEqual([
        expect.stringContaining(
          `ERROR database unavailable: authentication failed for user "${role}" (28P01). `,
        ),
      ]);
    } finally {
      health?.stop();
      await db?.$disconnect();
      await admin.$executeRawUnsafe(`drop role if exists ${role}`);
      await admin.$disconnect();
      await database.drop();
    }
  }, 60_000);
});

/** Whether a connection with these credentials is accepted. */
async function connects(connectionString: string): Promise<boolean> {
  const client = new pg.Client({ connectionString });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

describe("closing the database while a release cut's snapshot reader waits on a silent server", () => {
  it("ends the reader's connection too: the close does not wait out the job pool's statement timeout", async () => {
    const database = await createTestDatabase(inject("pgAdminUrl"));
    const { proxy, url: proxiedUrl } = await proxiedDatabaseUrl(database.url);
    try {
      // The job pool's own bounds (statements may run two minutes): a close that waited on the
      // reader would outlast this test's timeout.
      const opened = await openDatabase({
        databaseUrl: proxiedUrl,
        dataDir: "unused-with-a-database-url",
        embeddedPort: 0,
        migrate: false,
      });
      // The reader's connection goes silent between its BEGIN and importing the snapshot, before
      // it reads anything: the cut waits on it while holding its own transaction's connection.
      const silent = proxy.blackHoleAt("set transaction snapshot");
      const cutting = cutRelease(opened.db, {
        day: "2026-03-30",
        cutAt: NOW,
        datasets: () => [],
        manifest: () => ({}),
        files: () => Promise.resolve([]),
      });
      const cutFailure = cutting.then(
        () => "cut",
        (error: unknown) => String(error),
      );
      await silent;
      await opened.close();
      expect(await cutFailure).toMatch(/terminated|closed|ended/i);
    } finally {
      await proxy.close();
      await database.drop();
    }
  }, 60_000);
});
