import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONTRACT_RATE_LIMITS,
  startTestApi,
  type HttpResult,
  type TestApi,
} from "../../testing/test-api";

const NOW = new Date("2026-03-31T12:00:00.000Z");

let api: TestApi; // trusts the loopback proxy, so each request can claim another client IP
beforeAll(async () => {
  api = await startTestApi({
    now: NOW,
    configure: (deps) => ({ ...deps, trustProxy: ["loopback"], rateLimits: CONTRACT_RATE_LIMITS }),
  });
});
afterAll(async () => {
  await api.close();
});

let ipCounter = 1;
const chat = (key: string | undefined, ip = `192.0.2.${ipCounter++}`): Promise<HttpResult> =>
  api.post(
    "/api/chat",
    { message: "hello" },
    { "x-forwarded-for": ip, ...(key === undefined ? {} : { authorization: `Bearer ${key}` }) },
  );

describe("chat limiter: 20 messages per minute per key", () => {
  it("allows 20 messages from one key, each from a different IP, and refuses the 21st", async () => {
    const { key } = await api.createKey("full");
    for (let i = 0; i < 20; i++) {
      const res = await chat(key);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, data: { answer: expect.any(String) } });
    }
    const refused = await chat(key);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: "Too many requests",
      message: expect.stringMatching(
        /^Rate limit exceeded: the allowance is 20 messages per minute per API key\. Retry after \d+ seconds?\.$/,
      ),
    });
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get("ratelimit-policy")).toMatch(/"20-in-1min"; q=20; w=60/);
  });

  it("gives every key its own allowance, even from the same IP", async () => {
    const first = await api.createKey("full");
    const second = await api.createKey("full");
    const ip = "192.0.2.250";
    for (let i = 0; i < 20; i++) expect((await chat(first.key, ip)).status).toBe(200);
    expect((await chat(first.key, ip)).status).toBe(429);
    expect((await chat(second.key, ip)).status).toBe(200);
  });

  it("checks the key before counting: no key is 401, not 429", async () => {
    const res = await chat(undefined);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: "Unauthorized",
      message: "API key required. Use Authorization: Bearer <API_KEY>",
    });
  });
});
