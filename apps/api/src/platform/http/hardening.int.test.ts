import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKeyAuthenticator } from "../auth/api-key-authenticator";
import { createLogger } from "../observability/logger";
import { CONTRACT_RATE_LIMITS, serveApp, startTestApi, type TestApi } from "../../testing/test-api";

const NOW = new Date("2026-03-31T12:00:00.000Z");
const INTERNAL_TOKEN = "internal-token-for-tests-0123456789";
const ALLOWED_ORIGIN = "https://app.example.com";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({
    now: NOW,
    internalToken: INTERNAL_TOKEN,
    configure: (deps) => ({
      ...deps,
      corsOrigins: [ALLOWED_ORIGIN],
      rateLimits: CONTRACT_RATE_LIMITS,
    }),
  });
});
afterAll(async () => api.close());

describe("security headers", () => {
  it("sends helmet's headers and hides the framework", async () => {
    const res = await api.get("/api/token-types");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(res.headers.get("x-powered-by")).toBeNull();
  });
});

describe("CORS", () => {
  it("allows a configured origin", async () => {
    const res = await api.get("/api/token-types", { origin: ALLOWED_ORIGIN });
    expect(res.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
    expect(res.headers.get("vary")).toContain("Origin");
    const preflight = await api.request("/api/otpi", {
      method: "OPTIONS",
      headers: {
        origin: ALLOWED_ORIGIN,
        "access-control-request-method": "GET",
        "access-control-request-headers": "authorization",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Authorization");
    const mcpPreflight = await api.request("/mcp", {
      method: "OPTIONS",
      headers: {
        origin: ALLOWED_ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,content-type,mcp-protocol-version",
      },
    });
    expect(mcpPreflight.status).toBe(204);
    expect(mcpPreflight.headers.get("access-control-allow-headers")).toContain(
      "Mcp-Protocol-Version",
    );
  });

  it("gives any other origin no CORS headers", async () => {
    for (const origin of ["https://evil.example.com", "http://app.example.com", "null"]) {
      const res = await api.get("/api/token-types", { origin });
      expect(res.status).toBe(200);
      expect(res.headers.get("access-control-allow-origin")).toBeNull();
    }
  });
});

describe("bodies and errors", () => {
  it("refuses a body over 16kb with a clear 413", async () => {
    const res = await api.post("/api/create-api-key", { name: "x".repeat(17 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      error: "Payload too large",
      message: "The request body is larger than the limit for this route.",
    });
  });

  it("answers malformed JSON with 400 and no parser internals", async () => {
    const res = await api.request("/api/create-api-key", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "Bad request",
      message: "The request body is not valid JSON.",
    });
  });

  it("answers an unexpected failure with a 500 that carries no stack trace", async () => {
    const lines: string[] = [];
    // A failure that is not the database's (an unreachable database is a 503: database-outage.int.test.ts).
    const brokenAuth = {
      authenticateFromCache: () => undefined,
      authenticate: () => Promise.reject(new Error("ECONNREFUSED at /srv/node_modules/x.js:1")),
    } as unknown as ApiKeyAuthenticator;
    const broken = await serveApp({
      ...api.deps,
      auth: brokenAuth,
      log: createLogger("error", (line) => lines.push(line)),
    });
    try {
      const key = `tpi_sk_${"B".repeat(40)}`;
      const res = await broken.get("/api/otpi", { authorization: `Bearer ${key}` });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({
        error: "Internal server error",
        message: "An unexpected error occurred. It has been logged.",
      });
      expect(res.text).not.toMatch(/\n\s+at |ECONNREFUSED|node_modules/);
      expect(lines.length).toBe(1);
      expect(lines.join("\n")).not.toContain(key);
    } finally {
      await broken.close();
    }
  });

  it("answers unknown routes with a JSON 404", async () => {
    const res = await api.get("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: "Not found" });
  });
});

describe("internal tRPC router", () => {
  const labs = (headers: Record<string, string> = {}) => api.get("/trpc/labs", headers);

  it("refuses anonymous callers, wrong tokens and API keys with a 401 JSON body", async () => {
    const { key } = await api.createKey("full");
    const attempts: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token-wrong-token-000" },
      { authorization: `Bearer ${key}` },
      { authorization: INTERNAL_TOKEN },
    ];
    for (const headers of attempts) {
      const res = await labs(headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: "Unauthorized",
        message:
          "The internal API requires the internal service token. Use Authorization: Bearer <INTERNAL_API_TOKEN>",
      });
    }
  });

  it("serves the internal token, outside the public limiter", async () => {
    for (let i = 0; i < 65; i++) {
      const res = await labs({ authorization: `Bearer ${INTERNAL_TOKEN}` });
      expect(res.status).toBe(200);
      expect(res.headers.get("ratelimit")).toBeNull();
    }
    const res = await labs({ authorization: `Bearer ${INTERNAL_TOKEN}` });
    expect((res.body as { result: { data: unknown[] } }).result.data).toHaveLength(11);
  });

  it("is closed to everyone when no internal token is configured", async () => {
    const closed = await serveApp({ ...api.deps, internalToken: undefined });
    try {
      expect((await closed.get("/trpc/labs")).status).toBe(401);
      expect(
        (await closed.get("/trpc/labs", { authorization: `Bearer ${INTERNAL_TOKEN}` })).status,
      ).toBe(401);
    } finally {
      await closed.close();
    }
  });
});
