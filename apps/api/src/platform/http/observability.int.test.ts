import { PUBLIC_RATE_LIMIT } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../observability/logger";
import { Metrics } from "../observability/metrics";
import { RELAXED_RATE_LIMITS, startTestApi, type TestApi } from "../../testing/test-api";

const NOW = new Date("2026-03-31T12:00:00.000Z");
const INTERNAL_TOKEN = "internal-token-for-observability-tests";
const AS_WEBSITE = { Authorization: `Bearer ${INTERNAL_TOKEN}` };

type LogLine = {
  level: string;
  msg: string;
  requestId?: string;
  route?: string;
  path?: string;
  status?: number;
  durationMs?: number;
};

/** The value of one sample of the exposition, e.g. `tpi_http_requests_total{...}`; 0 when absent. */
function sample(exposition: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = exposition
    .split("\n")
    .find(
      (candidate) =>
        (candidate.startsWith(`${name}{`) || candidate.startsWith(`${name} `)) &&
        wanted.every((label) => candidate.includes(label)),
    );
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(" ") + 1));
}

describe("request ids, access log and metrics", () => {
  let api: TestApi;
  const lines: string[] = [];
  const logged = (): LogLine[] => lines.map((line) => JSON.parse(line) as LogLine);
  const scrape = async (): Promise<string> => {
    const result = await api.get("/metrics", AS_WEBSITE);
    expect(result.status).toBe(200);
    return result.text;
  };

  beforeAll(async () => {
    api = await startTestApi({
      now: NOW,
      internalToken: INTERNAL_TOKEN,
      configure: (deps) => ({
        ...deps,
        log: createLogger("info", (line) => lines.push(line), "json"),
        metrics: new Metrics(),
        rateLimits: RELAXED_RATE_LIMITS,
      }),
    });
  });
  afterAll(() => api.close());

  it("answers X-Request-Id, keeps a well-formed incoming one and replaces a malformed one", async () => {
    const fresh = await api.get("/health");
    expect(fresh.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await api.get("/health", { "X-Request-Id": "proxy-4f2a.17" });
    expect(kept.headers.get("x-request-id")).toBe("proxy-4f2a.17");
    const replaced = await api.get("/health", { "X-Request-Id": "bad id\twith spaces" });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("puts the request id in error bodies and on the request's access-log line", async () => {
    lines.length = 0;
    const missing = await api.get("/no/such/path", { "X-Request-Id": "trace-404" });
    expect(missing.status).toBe(404);
    // `body` leaves the id out (testing/test-api.ts checks it against the header); `text` has it.
    expect(JSON.parse(missing.text)).toMatchObject({ error: "Not found", requestId: "trace-404" });
    const access = logged().filter((line) => line.msg === "request");
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      level: "info",
      requestId: "trace-404",
      route: "unmatched",
      status: 404,
    });
    expect(typeof access[0]?.durationMs).toBe("number");
  });

  it("logs and counts an answer the fast lane sends from kept bytes, like any other", async () => {
    await api.get("/api/token-types"); // computed and kept
    const before = await scrape();
    lines.length = 0;
    const kept = await api.get("/api/token-types", { "X-Request-Id": "trace-kept" });
    expect(kept.status).toBe(200);
    const after = await scrape();
    const delta = (name: string, labels?: Record<string, string>) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta("tpi_fast_lane_answers_total")).toBe(1);
    expect(delta("tpi_http_requests_total", { route: "/api/token-types", status: "200" })).toBe(1);
    // The scrape's own line follows.
    const access = logged().filter((line) => line.msg === "request" && line.route !== "/metrics");
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      requestId: "trace-kept",
      route: "/api/token-types",
      status: 200,
    });
    expect(access[0]).not.toHaveProperty("aborted");
    expect(typeof access[0]?.durationMs).toBe("number");
  });

  it("logs the whole path and the prefix label of requests to the mounted tRPC router", async () => {
    lines.length = 0;
    await api.get("/trpc/tokenTypes", AS_WEBSITE);
    const access = logged().filter((line) => line.msg === "request");
    expect(access).toMatchObject([{ route: "/trpc/*", path: "/trpc/tokenTypes", status: 200 }]);
  });

  it("never logs the Authorization header", async () => {
    lines.length = 0;
    const key = `tpi_sk_${"Zq".repeat(20)}`;
    await api.get("/api/otpi", { Authorization: `Bearer ${key}` });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain(key);
  });

  it("refuses /metrics without the internal token", async () => {
    const anonymous = await api.get("/metrics");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: "Unauthorized" });
    const wrong = await api.get("/metrics", { Authorization: "Bearer not-the-token-at-all" });
    expect(wrong.status).toBe(401);
    expect(wrong.text).not.toContain("tpi_http_requests_total");
  });

  it("counts requests per route template and status; unknown paths share one label", async () => {
    const before = await scrape();
    await api.get("/api/gpu/H100");
    for (let i = 0; i < 3; i++) await api.get(`/random-${i}/${"x".repeat(i + 1)}`);
    const after = await scrape();
    const count = (labels: Record<string, string>) =>
      sample(after, "tpi_http_requests_total", labels) -
      sample(before, "tpi_http_requests_total", labels);
    expect(count({ method: "GET", route: "/api/gpu/{gpuName}" })).toBe(1);
    expect(count({ method: "GET", route: "unmatched", status: "404" })).toBe(3);
    expect(after).not.toContain("random-");
    expect(after).not.toContain("/api/gpu/H100");
    expect(after).toMatch(/tpi_http_request_duration_seconds_bucket\{[^}]*route="unmatched"/);
  });

  it("counts API-key lookups answered from the cache and from the database", async () => {
    const { key } = await api.createKey("full");
    const before = await scrape();
    // A route that reads an optional key: the first request looks the key up, the second hits the cache.
    for (let i = 0; i < 2; i++)
      expect((await api.get("/api/otpi", { Authorization: `Bearer ${key}` })).status).not.toBe(401);
    const after = await scrape();
    const delta = (result: string) =>
      sample(after, "tpi_api_key_cache_lookups_total", { result }) -
      sample(before, "tpi_api_key_cache_lookups_total", { result });
    expect(delta("miss")).toBe(1);
    expect(delta("hit")).toBe(1);
  });
});

describe("rate-limiter metrics", () => {
  let limited: TestApi;
  beforeAll(async () => {
    limited = await startTestApi({
      now: NOW,
      internalToken: INTERNAL_TOKEN,
      configure: (deps) => ({
        ...deps,
        rateLimits: {
          ...RELAXED_RATE_LIMITS,
          public: { ...PUBLIC_RATE_LIMIT, limit: 3, windowMs: 60_000 },
        },
      }),
    });
  });
  afterAll(() => limited.close());
  const scrapeLimited = async (): Promise<string> =>
    (await limited.get("/metrics", AS_WEBSITE)).text;

  it("counts the public limiter's decisions, allowed and limited", async () => {
    const before = await scrapeLimited();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await limited.get("/api/token-types")).status);
    expect(statuses).toContain(429);
    const after = await scrapeLimited();
    const delta = (decision: string) =>
      sample(after, "tpi_rate_limit_decisions_total", { limiter: "public", decision }) -
      sample(before, "tpi_rate_limit_decisions_total", { limiter: "public", decision });
    expect(delta("limited")).toBe(statuses.filter((status) => status === 429).length);
    expect(delta("allowed")).toBe(statuses.filter((status) => status !== 429).length);
  });
});
