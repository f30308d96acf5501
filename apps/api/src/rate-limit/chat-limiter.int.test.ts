import { Router } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerOf } from "../http/caller";
import { CONTRACT_RATE_LIMITS, serveApp, startTestApi, type HttpResult, type Served, type TestApi } from "../testing/test-api";

const NOW = new Date("2026-03-31T12:00:00.000Z");

/** A terminal handler standing in for the chat route (another module), in this test only. */
const echoChat = Router().post("/api/chat", (_req, res) => {
  res.json({ success: true, answeredFor: callerOf(res).kind });
});

let api: TestApi; // trusts the loopback proxy, so each request can claim another client IP
let withoutChat: Served;
beforeAll(async () => {
  api = await startTestApi({ now: NOW, extraRoutes: [echoChat], configure: (deps) => ({ ...deps, trustProxy: ["loopback"], rateLimits: CONTRACT_RATE_LIMITS }) });
  withoutChat = await serveApp(api.deps);
});
afterAll(async () => {
  await withoutChat.close();
  await api.close();
});

let ipCounter = 1;
const chat = (key: string | undefined, ip = `192.0.2.${ipCounter++}`): Promise<HttpResult> =>
  api.post("/api/chat", { message: "hello" }, { "x-forwarded-for": ip, ...(key === undefined ? {} : { authorization: `Bearer ${key}` }) });

describe("chat limiter: 20 messages per minute per key", () => {
  it("allows 20 messages from one key, each from a different IP, and refuses the 21st", async () => {
    const { key } = await api.createKey("full");
    for (let i = 0; i < 20; i++) {
      const res = await chat(key);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, answeredFor: "key" });
    }
    const refused = await chat(key);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      error: "Too many requests",
      message: expect.stringMatching(/^Rate limit exceeded: the allowance is 20 messages per minute per API key\. Retry after \d+ seconds?\.$/),
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
    expect(res.body).toEqual({ error: "Unauthorized", message: "API key required. Use Authorization: Bearer <API_KEY>" });
  });

  it("without the chat route module, a keyed POST /api/chat falls through to the JSON 404", async () => {
    const { key } = await api.createKey("full");
    const res = await withoutChat.post("/api/chat", { message: "hello" }, { authorization: `Bearer ${key}` });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: "Not found" });
  });
});
