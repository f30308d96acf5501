import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../observability/logger";
import { RELAXED_RATE_LIMITS, startTestApi, type TestApi } from "../../testing/test-api";
import { RedisConnection } from "../redis/redis-connection";

/**
 * `/health` asks Redis itself: a Redis that answers again shows as connected on the next probe,
 * without waiting for an /api request to use it. Runs its own redis-server (never the machine's).
 */
const NOW = new Date("2026-11-22T12:00:00Z");

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A throwaway redis-server on `port`, without persistence. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGCONT");
  child.kill("SIGTERM");
  await exited;
}

let port: number;
let redisServer: ChildProcess;
let redis: RedisConnection;
let api: TestApi;
beforeAll(async () => {
  port = await freePort();
  redisServer = await startRedis(port);
  redis = new RedisConnection(`redis://127.0.0.1:${port}`, createLogger("silent"));
  api = await startTestApi({
    now: NOW,
    configure: (deps) => ({
      ...deps,
      rateLimits: { ...RELAXED_RATE_LIMITS, redis, redisPrefix: "tpi-test:health:" },
    }),
  });
});
afterAll(async () => {
  await api.close();
  await redis.close();
  await stopRedis(redisServer);
});

async function redisHealth(): Promise<string> {
  return ((await api.get("/health")).body as { redis: string }).redis;
}

describe("/health's Redis report", () => {
  it("is connected while Redis answers", async () => {
    await expect.poll(redisHealth).toBe("connected");
  });

  it("shows a hung Redis as unreachable and, once it answers again, connected without any /api request", async () => {
    redisServer.kill("SIGSTOP");
    try {
      // An /api request meets the hung Redis (its command times out): the api marks it unreachable.
      expect((await api.get("/api/token-types")).status).toBe(200);
      expect(await redisHealth()).toBe("unreachable");
    } finally {
      redisServer.kill("SIGCONT");
    }
    await expect.poll(redisHealth, { timeout: 5_000 }).toBe("connected");
  });

  it("shows a stopped Redis as unreachable and a restarted one as connected", async () => {
    await stopRedis(redisServer);
    await expect.poll(redisHealth, { timeout: 5_000 }).toBe("unreachable");
    redisServer = await startRedis(port);
    await expect.poll(redisHealth, { timeout: 5_000 }).toBe("connected");
  });
});
