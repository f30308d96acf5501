import {
  SIGN_IN_ACCOUNT_SLOWDOWN,
  SIGN_IN_PER_ACCOUNT_AND_ADDRESS_LIMIT,
  SIGN_IN_PER_ADDRESS_LIMIT,
  SIGN_IN_SLOWDOWN_MS,
  VISITOR_ADDRESS_HEADER,
} from "@tpi/domain";
import { listOutbox } from "@tpi/db";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../observability/logger";
import { RedisConnection } from "../redis/redis-connection";
import {
  CONTRACT_RATE_LIMITS,
  serveApp,
  startTestApi,
  type Served,
  type TestApi,
} from "../../testing/test-api";
import {
  TEST_REDIS_URL,
  deleteRedisKeys,
  redisUnavailableReason,
  uniqueRedisPrefix,
} from "../../testing/redis";
import { signVisitorAddress, visitorKeyFrom } from "./visitor-address";

/**
 * The sign-in limits across two api instances counting in one Redis, as behind the website:
 * each request carries the visitor's address, signed by the website's server. A guesser's
 * failures cost the guesser; the owner's right password from another address always signs in.
 */
const NOW = new Date("2026-11-20T12:00:00.000Z");
const TOKEN = "internal-token-for-limit-tests-0123";
const PASSWORD = "correct horse battery";
const VISITOR_KEY = visitorKeyFrom(TOKEN);

const unavailable = await redisUnavailableReason();
if (unavailable !== undefined) {
  // CI provides Redis and must run these tests; elsewhere they are skipped with the reason.
  if (process.env.CI) throw new Error(`the sign-in limit tests need Redis in CI: ${unavailable}`);
  console.warn(`skipping the shared sign-in limit tests: ${unavailable}`);
}

describe.skipIf(unavailable !== undefined)("sign-in limits on two instances sharing Redis", () => {
  const prefix = uniqueRedisPrefix("sign-in");
  const redis = new Redis(TEST_REDIS_URL);
  const log = createLogger("silent");
  const connections = [
    new RedisConnection(TEST_REDIS_URL, log),
    new RedisConnection(TEST_REDIS_URL, log),
  ];
  /** The slowdown waits each instance imposed (recorded, not slept). */
  const waits: number[] = [];
  let api: TestApi;
  let instances: Served[];

  beforeAll(async () => {
    api = await startTestApi({ now: NOW, internalToken: TOKEN });
    for (let tries = 0; tries < 100 && !connections.every((c) => c.ready); tries++)
      await new Promise((done) => setTimeout(done, 50));
    instances = await Promise.all(
      connections.map((connection) =>
        serveApp({
          ...api.deps,
          rateLimits: { ...CONTRACT_RATE_LIMITS, redis: connection, redisPrefix: prefix },
          sleep: async (ms) => {
            waits.push(ms);
          },
        }),
      ),
    );
  });
  afterAll(async () => {
    for (const instance of instances ?? []) await instance.close();
    for (const connection of connections) await connection.close();
    await api?.close();
    await deleteRedisKeys(redis, prefix);
    redis.disconnect();
  });
  beforeEach(() => {
    waits.length = 0;
  });

  const internal = { authorization: `Bearer ${TOKEN}` };
  const on = (n: number): Served => instances[n % 2] as Served;

  async function call(instance: Served, path: string, input: unknown, address?: string) {
    const headers =
      address === undefined
        ? internal
        : {
            ...internal,
            [VISITOR_ADDRESS_HEADER]: signVisitorAddress(VISITOR_KEY, address, Date.now()),
          };
    return instance.post(`/trpc/account.${path}`, input, headers);
  }

  async function formToken() {
    const res = await on(0).get("/trpc/account.formToken", internal);
    const token = (res.body as { result: { data: { token: string } } }).result.data.token;
    return { cookie: token, form: token };
  }

  /** A signed-up account whose address is confirmed. */
  async function account(email: string): Promise<void> {
    const input = { email, password: PASSWORD, formToken: await formToken() };
    expect((await call(on(0), "signUp", input, "192.0.2.250")).status).toBe(200);
    const mail = (await listOutbox(api.db)).find((row) => row.to === email);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? "")?.[1];
    expect((await call(on(1), "verifyEmail", { token })).status).toBe(200);
  }

  async function signIn(instance: Served, email: string, password: string, address: string) {
    const input = { email, password, formToken: await formToken() };
    return (await call(instance, "signIn", input, address)).status;
  }

  it("one address's failures never refuse another address's right password, on either instance", async () => {
    const email = "owner@example.com";
    await account(email);
    const guesser = "198.51.100.7";
    // The guesser's failures are counted once across both instances.
    for (let n = 0; n < SIGN_IN_PER_ACCOUNT_AND_ADDRESS_LIMIT.limit; n++)
      expect(await signIn(on(n), email, `wrong guess ${n}`, guesser)).toBe(401);
    expect(await signIn(on(0), email, "wrong again", guesser)).toBe(429);
    expect(await signIn(on(1), email, PASSWORD, guesser)).toBe(429);
    // The owner, elsewhere, signs in on both instances, at once (no slowdown below the ceiling).
    expect(await signIn(on(0), email, PASSWORD, "203.0.113.20")).toBe(200);
    expect(await signIn(on(1), email, PASSWORD, "203.0.113.21")).toBe(200);
    expect(waits).toEqual([]);
    // The owner's success does not forgive the guesser.
    expect(await signIn(on(1), email, PASSWORD, guesser)).toBe(429);
    expect(await redis.keys(`${prefix}account-sign-in-account-address:*`)).not.toEqual([]);
  });

  it("past the account's ceiling every attempt waits, and the right password still signs in", async () => {
    const email = "besieged@example.com";
    await account(email);
    const guessers = SIGN_IN_ACCOUNT_SLOWDOWN.limit / SIGN_IN_PER_ACCOUNT_AND_ADDRESS_LIMIT.limit;
    for (let g = 0; g < guessers; g++)
      for (let n = 0; n < SIGN_IN_PER_ACCOUNT_AND_ADDRESS_LIMIT.limit; n++)
        expect(await signIn(on(n), email, `guess ${g}.${n}`, `198.51.100.${100 + g}`)).toBe(401);
    expect(waits).toEqual([]);
    // A new guesser is slowed down, not refused; so is the owner, who signs in.
    expect(await signIn(on(0), email, "one more guess", "198.51.100.200")).toBe(401);
    expect(await signIn(on(1), email, PASSWORD, "203.0.113.30")).toBe(200);
    expect(waits).toEqual([SIGN_IN_SLOWDOWN_MS, SIGN_IN_SLOWDOWN_MS]);
    // Another account is not slowed down.
    await account("calm@example.com");
    waits.length = 0;
    expect(await signIn(on(0), "calm@example.com", PASSWORD, "203.0.113.31")).toBe(200);
    expect(waits).toEqual([]);
  });

  // About 2 x the address limit password hashes (scrypt, CPU-bound): 9 s on an idle machine,
  // over 30 s while the other test files share its two cores.
  it(
    "one address's failures over many accounts stop that address only; right passwords cost nothing",
    { timeout: 120_000 },
    async () => {
      const stuffer = "198.51.100.66";
      for (let n = 0; n < SIGN_IN_PER_ADDRESS_LIMIT.limit; n++)
        expect(await signIn(on(n), `victim${n}@example.com`, "leaked password", stuffer)).toBe(401);
      expect(await signIn(on(0), "victim99@example.com", "leaked password", stuffer)).toBe(429);
      expect(await signIn(on(1), "victim99@example.com", "leaked password", "203.0.113.40")).toBe(
        401,
      );
      // An office behind one address signs in more often than the address's failure allowance.
      await account("office@example.com");
      for (let n = 0; n <= SIGN_IN_PER_ADDRESS_LIMIT.limit; n++)
        expect(await signIn(on(n), "office@example.com", PASSWORD, "203.0.113.50")).toBe(200);
    },
  );
});
