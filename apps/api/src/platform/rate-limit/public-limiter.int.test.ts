import { PUBLIC_RATE_LIMIT } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONTRACT_RATE_LIMITS,
  serveApp,
  startTestApi,
  type HttpResult,
  type Served,
  type TestApi,
} from "../../testing/test-api";

const NOW = new Date("2026-03-31T12:00:00.000Z");
const TRUSTED = "https://dashboard.example.com";
const LIMIT = PUBLIC_RATE_LIMIT.limit;

let api: TestApi; // behind a trusted loopback proxy: each test is its own client through X-Forwarded-For
let direct: Served; // trust proxy off (the default): X-Forwarded-For is ignored
let nextClient = 1;
const newClientIp = () => `203.0.113.${nextClient++}`;
const from = (ip: string, headers: Record<string, string> = {}) => ({
  "x-forwarded-for": ip,
  ...headers,
});

beforeAll(async () => {
  api = await startTestApi({
    now: NOW,
    configure: (deps) => ({
      ...deps,
      trustProxy: ["loopback"],
      rateLimits: { ...CONTRACT_RATE_LIMITS, trustedOrigins: [TRUSTED] },
    }),
  });
  direct = await serveApp({ ...api.deps, trustProxy: false });
});
afterAll(async () => {
  await direct.close();
  await api.close();
});

async function times(
  count: number,
  send: (i: number) => Promise<HttpResult>,
): Promise<HttpResult[]> {
  const results: HttpResult[] = [];
  for (let i = 0; i < count; i++) results.push(await send(i));
  return results;
}

function expectRateLimited(res: HttpResult): void {
  expect(res.status).toBe(429);
  const body = res.body as { error: string; message: string };
  expect(Object.keys(body).sort()).toEqual(["error", "message"]);
  expect(body.error).toBe("Too many requests");
  expect(body.message).toMatch(
    /^Rate limit exceeded: the allowance is 60 requests per minute per IP address\. Retry after \d+ seconds?\.$/,
  );
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(body.message).toContain(`Retry after ${retryAfter} second`);
}

describe("public limiter: 60 requests per minute per IP", () => {
  it("serves the 60th request and refuses the 61st with 429, Retry-After and RateLimit headers", async () => {
    const ip = newClientIp();
    const served = await times(LIMIT, () => api.get("/api/token-types", from(ip)));
    expect(served.map((res) => res.status)).toEqual(Array.from({ length: LIMIT }, () => 200));
    expect(served[0]?.headers.get("ratelimit")).toMatch(/^"60-in-1min"; r=59; t=\d+$/);
    expect(served[LIMIT - 1]?.headers.get("ratelimit")).toMatch(/^"60-in-1min"; r=0; t=\d+$/);
    expect(served[LIMIT - 1]?.headers.get("ratelimit-policy")).toMatch(
      /^"60-in-1min"; q=60; w=60; pk=:[A-Za-z0-9+/=]+:$/,
    );
    expect(served[0]?.headers.get("retry-after")).toBeNull();

    const refused = await api.get("/api/token-types", from(ip));
    expectRateLimited(refused);
    expect(refused.headers.get("ratelimit")).toMatch(/r=0/);
  });

  it("counts every route under /api together: index, catalog, and routes to come", async () => {
    const ip = newClientIp();
    const paths = ["/api/otpi", "/api/token-types", "/api/token-types-free", "/api/gpu-types"];
    const served = await times(LIMIT, (i) =>
      api.get(paths[i % paths.length] ?? "/api/otpi", from(ip)),
    );
    expect(served.every((res) => res.status !== 429)).toBe(true);
    for (const path of paths) expectRateLimited(await api.get(path, from(ip)));
  });

  it("runs before the key check: a key neither raises nor replaces the allowance", async () => {
    const ip = newClientIp();
    const { key } = await api.createKey("full");
    const served = await times(LIMIT, (i) =>
      api.get(
        "/api/token-types-free",
        from(ip, i % 2 === 0 ? { authorization: `Bearer ${key}` } : {}),
      ),
    );
    expect(served.every((res) => res.status === 200)).toBe(true);
    expectRateLimited(await api.get("/api/otpi", from(ip, { authorization: `Bearer ${key}` })));
    // Refused before the key is even looked at: an invalid key gets 429, not 401.
    expectRateLimited(await api.get("/api/otpi", from(ip, { authorization: "Bearer nonsense" })));
  });

  it("gives each client IP its own allowance and leaves /health alone", async () => {
    const ip = newClientIp();
    await times(LIMIT, () => api.get("/api/token-types", from(ip)));
    expectRateLimited(await api.get("/api/token-types", from(ip)));
    expect((await api.get("/api/token-types", from(newClientIp()))).status).toBe(200);
    const health = await api.get("/health", from(ip));
    expect(health.status).toBe(200);
    expect(health.headers.get("ratelimit")).toBeNull();
  });

  it("lets requests from a trusted origin bypass the limiter, and only those", async () => {
    const ip = newClientIp();
    const trusted = await times(LIMIT + 5, () =>
      api.get("/api/token-types", from(ip, { origin: TRUSTED })),
    );
    expect(
      trusted.every((res) => res.status === 200 && res.headers.get("ratelimit") === null),
    ).toBe(true);
    // They did not use the allowance of that IP either.
    const untrusted = await times(LIMIT, () =>
      api.get("/api/token-types", from(ip, { origin: "https://elsewhere.example.com" })),
    );
    expect(untrusted.every((res) => res.status === 200)).toBe(true);
    expectRateLimited(
      await api.get("/api/token-types", from(ip, { origin: "https://elsewhere.example.com" })),
    );
    expectRateLimited(
      await api.get("/api/token-types", from(ip, { origin: `${TRUSTED}.evil.example` })),
    );
    expect((await api.get("/api/token-types", from(ip, { origin: TRUSTED }))).status).toBe(200);
  });

  it("ignores X-Forwarded-For unless trust proxy is configured: spoofed addresses share one allowance", async () => {
    const served = await times(LIMIT, (i) =>
      direct.get("/api/token-types", from(`198.51.100.${i + 1}`)),
    );
    expect(served.every((res) => res.status === 200)).toBe(true);
    expectRateLimited(await direct.get("/api/token-types", from("198.51.100.200")));
    expectRateLimited(await direct.get("/api/token-types"));
  });

  it("opens a fresh allowance when the window resets", async () => {
    // A small allowance and a short window, so that the test does not depend on how fast a busy
    // machine answers 60 requests.
    const rule = { ...PUBLIC_RATE_LIMIT, limit: 5, windowMs: 2_000 };
    const short = await serveApp({
      ...api.deps,
      rateLimits: { ...CONTRACT_RATE_LIMITS, public: rule },
    });
    try {
      const served = await times(rule.limit, () => short.get("/api/token-types"));
      expect(served.every((res) => res.status === 200)).toBe(true);
      const refused = await short.get("/api/token-types");
      expect(refused.status).toBe(429);
      expect((refused.body as { message: string }).message).toContain(
        "5 requests per 2 seconds per IP address",
      );
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1_000 + 100));
      const again = await times(rule.limit, () => short.get("/api/token-types"));
      expect(again.every((res) => res.status === 200)).toBe(true);
      expect((await short.get("/api/token-types")).status).toBe(429);
    } finally {
      await short.close();
    }
  });
});
