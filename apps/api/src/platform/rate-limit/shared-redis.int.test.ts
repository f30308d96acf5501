import { spawn, type ChildProcess } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createTestDatabase } from "@tpi/db";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createLogger, type Logger } from "../observability/logger";
import {
  CONTRACT_RATE_LIMITS,
  serveApp,
  startTestApi,
  type HttpResult,
  type Served,
  type TestApi,
} from "../../testing/test-api";
import {
  RedisOutageProxy,
  TEST_REDIS_URL,
  deleteRedisKeys,
  redisUnavailableReason,
  uniqueRedisPrefix,
} from "../../testing/redis";
import { REDIS_RETRY_AFTER_FAILURE_MS, RedisConnection } from "../redis/redis-connection";

const API_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const NOW = new Date("2026-03-31T12:00:00.000Z");

const unavailable = await redisUnavailableReason();
if (unavailable !== undefined) {
  // CI provides Redis and must run these tests; elsewhere they are skipped with the reason.
  if (process.env.CI)
    throw new Error(`the shared rate-limit tests need Redis in CI: ${unavailable}`);
  console.warn(`skipping the shared rate-limit tests: ${unavailable}`);
}

async function times(
  count: number,
  send: (i: number) => Promise<HttpResult>,
): Promise<HttpResult[]> {
  const results: HttpResult[] = [];
  for (let i = 0; i < count; i++) results.push(await send(i));
  return results;
}

async function eventually(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** Starts `tsx src/main.ts` (the real api process) and resolves with its URL once it listens. */
function startApiProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(resolve(API_DIR, "node_modules", ".bin", "tsx"), ["src/main.ts"], {
    cwd: API_DIR,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolveStart, rejectStart) => {
    const timer = setTimeout(
      () => rejectStart(new Error(`api process did not start in 60 s:\n${output}`)),
      60_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /api listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveStart({ child, url: match[1], output: () => output });
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      rejectStart(new Error(`api process exited with ${code}:\n${output}`));
    });
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

const get = async (url: string, path: string): Promise<HttpResult> => {
  const response = await fetch(`${url}${path}`);
  const text = await response.text();
  return {
    status: response.status,
    body: JSON.parse(text) as unknown,
    headers: response.headers,
    text,
  };
};

describe.skipIf(unavailable !== undefined)("rate limits shared through Redis", () => {
  let redis: Redis;
  const prefixes: string[] = [];
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    for (const prefix of prefixes) await deleteRedisKeys(redis, prefix);
    redis.disconnect();
  });

  describe("two api processes", () => {
    const children: ChildProcess[] = [];
    let urls: string[] = [];
    let prefix = "";
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      const database = await createTestDatabase(inject("pgAdminUrl"));
      dropDatabase = database.drop;
      prefix = uniqueRedisPrefix("two-processes");
      prefixes.push(prefix);
      const env = {
        DATABASE_URL: database.url,
        PORT: "0",
        HOST: "127.0.0.1",
        REDIS_URL: TEST_REDIS_URL,
        RATE_LIMIT_REDIS_PREFIX: prefix,
        SEED_SAMPLE_ON_EMPTY: "false",
        SETTLEMENT_INTERVAL_SECONDS: "0",
        LOG_LEVEL: "info",
        TRUST_PROXY: "false",
        RATE_LIMIT_TRUSTED_ORIGINS: "",
      };
      const started = await Promise.all([startApiProcess(env), startApiProcess(env)]);
      for (const { child } of started) children.push(child);
      urls = started.map(({ url }) => url);
    }, 120_000);

    afterAll(async () => {
      await Promise.all(children.map(stopProcess));
      await dropDatabase?.();
    });

    it("enforce one combined limit of 60 per IP", async () => {
      const [first, second] = urls;
      if (first === undefined || second === undefined)
        throw new Error("two api processes expected");
      // A process reports Redis "connecting" until its client's first connection completes,
      // which a loaded machine can delay past the first healthy answer: wait for it (bounded).
      for (const url of urls) {
        const deadline = Date.now() + 15_000;
        let health = await get(url, "/health");
        while (
          (health.body as { redis?: string }).redis === "connecting" &&
          Date.now() < deadline
        ) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          health = await get(url, "/health");
        }
        expect(health.body).toMatchObject({ redis: "connected" });
      }

      const served = await times(60, (i) => get(i % 2 === 0 ? first : second, "/api/token-types"));
      expect(served.map((res) => res.status)).toEqual(Array.from({ length: 60 }, () => 200));
      expect(served[59]?.headers.get("ratelimit")).toMatch(/r=0/);

      for (const url of urls) {
        const refused = await get(url, "/api/token-types");
        expect(refused.status).toBe(429);
        expect(refused.body).toMatchObject({ error: "Too many requests" });
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      }
      expect(await redis.get(`${prefix}public:127.0.0.1`)).toBe("62");
    });
  });

  describe("Redis becoming unreachable", () => {
    let api: TestApi;
    let proxy: RedisOutageProxy;
    let connection: RedisConnection;
    let served: Served;
    let prefix = "";
    const lines: string[] = [];
    const log: Logger = createLogger("info", (line) => lines.push(line));
    const warnings = () =>
      lines.filter((line) => line.includes(" WARN ") && line.includes("Redis unreachable"));
    const recoveries = () =>
      lines.filter((line) => line.includes(" INFO ") && line.includes("answers again"));
    const health = async () =>
      (await served.get("/health")).body as { status: string; redis: string };

    beforeAll(async () => {
      api = await startTestApi({ now: NOW });
      proxy = new RedisOutageProxy();
      await proxy.open(0);
      prefix = uniqueRedisPrefix("outage");
      prefixes.push(prefix);
      connection = new RedisConnection(proxy.url, log);
      served = await serveApp({
        ...api.deps,
        rateLimits: { ...CONTRACT_RATE_LIMITS, redis: connection, redisPrefix: prefix },
      });
      await eventually(() => connection.status === "connected", 5_000, "the Redis connection");
    });
    afterAll(async () => {
      await served.close();
      await connection.close();
      await proxy.cut();
      await api.close();
    });

    it("keeps serving with local limits, warns once, reports it on /health, and shares limits again after recovery", async () => {
      const counter = `${prefix}public:127.0.0.1`;
      expect(
        (await times(10, () => served.get("/api/token-types"))).every((res) => res.status === 200),
      ).toBe(true);
      expect(await redis.get(counter)).toBe("10");
      expect(await health()).toMatchObject({ status: "healthy", redis: "connected" });

      await proxy.cut();
      await eventually(
        async () => (await health()).redis === "unreachable",
        5_000,
        "/health to report the outage",
      );
      // Served during the outage, without waiting on Redis, and limited locally: exactly 60 more.
      const started = Date.now();
      const during = await times(61, () => served.get("/api/token-types"));
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(during.slice(0, 60).every((res) => res.status === 200)).toBe(true);
      expect(during[60]?.status).toBe(429);
      expect((await health()).status).toBe("healthy");
      expect(warnings()).toHaveLength(1);
      expect(await redis.get(counter)).toBe("10");

      await proxy.open();
      await eventually(
        async () => (await health()).redis === "connected",
        10_000,
        "/health to report the recovery",
      );
      expect(recoveries()).toHaveLength(1);
      // Counting is shared again: the Redis counter resumes where it was (the local count was spent).
      const after = await served.get("/api/token-types");
      expect(after.status).toBe(200);
      expect(await redis.get(counter)).toBe("11");

      // A second outage is a new outage: one more warning.
      await proxy.cut();
      await eventually(
        async () => (await health()).redis === "unreachable",
        5_000,
        "the second outage",
      );
      expect((await served.get("/api/token-types")).status).toBe(429); // still the local count
      expect(warnings()).toHaveLength(2);
      await proxy.open();
      await eventually(
        async () => (await health()).redis === "connected",
        10_000,
        "the second recovery",
      );
    });

    it("does not wait on a hung Redis for every request", async () => {
      // Its own instance (fresh local counters) on the same proxy.
      const stallPrefix = uniqueRedisPrefix("stall");
      prefixes.push(stallPrefix);
      const stallLines: string[] = [];
      const stallConnection = new RedisConnection(
        proxy.url,
        createLogger("info", (line) => stallLines.push(line)),
      );
      const app = await serveApp({
        ...api.deps,
        rateLimits: { ...CONTRACT_RATE_LIMITS, redis: stallConnection, redisPrefix: stallPrefix },
      });
      const counter = `${stallPrefix}public:127.0.0.1`;
      const redisState = async () => ((await app.get("/health")).body as { redis: string }).redis;
      try {
        await eventually(
          () => stallConnection.status === "connected",
          5_000,
          "the Redis connection",
        );
        expect((await app.get("/api/token-types")).status).toBe(200);
        expect(await redis.get(counter)).toBe("1");

        proxy.stall();
        const started = Date.now();
        const during = await times(20, () => app.get("/api/token-types"));
        const elapsed = Date.now() - started;
        expect(during.every((res) => res.status === 200)).toBe(true);
        // One command timeout (500 ms), then Redis is skipped for 2 s: far less than 20 timeouts.
        expect(elapsed).toBeLessThan(4_000);
        expect(await redisState()).toBe("unreachable");
        expect(stallLines.filter((line) => line.includes("Redis unreachable"))).toHaveLength(1);

        proxy.resume();
        await new Promise((resolve) => setTimeout(resolve, REDIS_RETRY_AFTER_FAILURE_MS + 100));
        await eventually(
          async () => {
            await app.get("/api/token-types");
            return (await redisState()) === "connected";
          },
          10_000,
          "shared counting to resume after the stall",
        );
        const before = Number(await redis.get(counter));
        await app.get("/api/token-types");
        expect(Number(await redis.get(counter))).toBe(before + 1);
      } finally {
        proxy.resume();
        await app.close();
        await stallConnection.close();
      }
    });

    it("starts and serves while Redis is absent, then shares limits once it appears", async () => {
      const lateProxy = new RedisOutageProxy();
      await lateProxy.open(0);
      const port = lateProxy.port;
      await lateProxy.cut(); // a port where nothing answers yet
      const latePrefix = uniqueRedisPrefix("late");
      prefixes.push(latePrefix);
      const lateLines: string[] = [];
      const late = new RedisConnection(
        `redis://127.0.0.1:${port}`,
        createLogger("info", (line) => lateLines.push(line)),
      );
      const lateApp = await serveApp({
        ...api.deps,
        rateLimits: { ...CONTRACT_RATE_LIMITS, redis: late, redisPrefix: latePrefix },
      });
      try {
        expect((await lateApp.get("/api/token-types")).status).toBe(200);
        expect(((await lateApp.get("/health")).body as { redis: string }).redis).toBe(
          "unreachable",
        );
        await eventually(
          () => lateLines.some((line) => line.includes("Redis unreachable")),
          5_000,
          "the outage warning",
        );

        await lateProxy.open(port);
        await eventually(
          async () =>
            ((await lateApp.get("/health")).body as { redis: string }).redis === "connected",
          10_000,
          "Redis to be found",
        );
        expect((await lateApp.get("/api/token-types")).status).toBe(200);
        await eventually(
          async () => (await redis.get(`${latePrefix}public:127.0.0.1`)) === "1",
          2_000,
          "the shared counter",
        );
        expect(lateLines.filter((line) => line.includes("Redis unreachable"))).toHaveLength(1);
      } finally {
        await lateApp.close();
        await late.close();
        await lateProxy.cut();
      }
    });
  });
});
