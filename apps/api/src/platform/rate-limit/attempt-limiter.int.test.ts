import { RateLimitedError, type AttemptLimit } from "@tpi/domain";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../observability/logger";
import {
  TEST_REDIS_URL,
  deleteRedisKeys,
  redisUnavailableReason,
  uniqueRedisPrefix,
} from "../../testing/redis";
import { AttemptLimiter } from "./attempt-limiter";
import { DEFAULT_RATE_LIMIT_SETTINGS } from "../core/deps";
import { RedisConnection } from "../redis/redis-connection";

const RULE: AttemptLimit = { name: "test", limit: 3, windowMs: 60_000 };

async function refusal(run: () => Promise<void>): Promise<RateLimitedError | undefined> {
  try {
    await run();
    return undefined;
  } catch (error) {
    if (error instanceof RateLimitedError) return error;
    throw error;
  }
}

describe("attempt limits in memory", () => {
  it("allow the limit, refuse the next with the seconds to wait, and forget a reset key", async () => {
    const limiter = new AttemptLimiter(DEFAULT_RATE_LIMIT_SETTINGS);
    for (let n = 0; n < RULE.limit; n++) await limiter.hit(RULE, "a@example.com");
    const refused = await refusal(() => limiter.hit(RULE, "a@example.com"));
    expect(refused?.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(refused?.message).toBe(
      `Too many attempts. Retry after ${refused?.retryAfterSeconds} seconds.`,
    );
    // Other keys have their own count.
    expect(await refusal(() => limiter.hit(RULE, "b@example.com"))).toBeUndefined();
    await limiter.reset(RULE, "a@example.com");
    expect(await refusal(() => limiter.hit(RULE, "a@example.com"))).toBeUndefined();
  });
});

const unavailable = await redisUnavailableReason();
describe.skipIf(unavailable !== undefined)("attempt limits with Redis", () => {
  const prefix = uniqueRedisPrefix("attempts");
  const redis = new Redis(TEST_REDIS_URL);
  afterAll(async () => {
    await deleteRedisKeys(redis, prefix);
    redis.disconnect();
  });

  it("are shared by every instance of the deployment", async () => {
    const log = createLogger("silent");
    const connections = [
      new RedisConnection(TEST_REDIS_URL, log),
      new RedisConnection(TEST_REDIS_URL, log),
    ];
    try {
      for (let tries = 0; tries < 100 && !connections.every((c) => c.ready); tries++)
        await new Promise((done) => setTimeout(done, 50));
      const [one, two] = connections.map(
        (connection) =>
          new AttemptLimiter({
            ...DEFAULT_RATE_LIMIT_SETTINGS,
            redis: connection,
            redisPrefix: prefix,
          }),
      );
      await one?.hit(RULE, "shared@example.com");
      await two?.hit(RULE, "shared@example.com");
      await one?.hit(RULE, "shared@example.com");
      expect(await refusal(async () => two?.hit(RULE, "shared@example.com"))).toBeInstanceOf(
        RateLimitedError,
      );
      expect(await redis.keys(`${prefix}account-test:*`)).toHaveLength(1);
    } finally {
      for (const connection of connections) await connection.close();
    }
  });
});
