// @module-tag zone
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../testing/test-api";
import type { PublishedIndex } from "../../markets/token/read-model/published-index";
import { TOKEN, type TokenState } from "../../markets/token/read-model/state";
import { MarketStates } from "../core/market";

let api: TestApi;
let failing: TestApi;
const logged: string[] = [];
beforeAll(async () => {
  api = await startTestApi({ now: new Date("2026-11-22T12:00:00Z") });
  // An api whose index store throws, to see what an unexpected failure looks like from outside.
  failing = await startTestApi({
    now: new Date("2026-11-22T12:00:00Z"),
    configure: (deps) => ({
      ...deps,
      markets: new MarketStates([
        ...deps.markets.all.filter(([name]) => name !== TOKEN.name),
        [TOKEN.name, throwingTokenState(TOKEN.of(deps))],
      ]),
      log: {
        ...deps.log,
        error: (message: string, fields?: Record<string, unknown>) =>
          logged.push(`${message} ${JSON.stringify(fields)}`),
      },
    }),
  });
});
/** The token market with an index store that throws, as a bug would. */
function throwingTokenState(token: TokenState): TokenState {
  const index = {
    onChange: () => undefined,
    latestDayWith: () => {
      throw new Error("secret internal detail at /srv/app/index.ts:42");
    },
  } as unknown as PublishedIndex;
  return { ...token, index, publications: [] };
}

afterAll(async () => {
  await api.close();
  await failing.close();
});

describe("error bodies are always { error, message } JSON", () => {
  it("unknown routes are a JSON 404", async () => {
    for (const path of [
      "/",
      "/api",
      "/api/otpi/nope",
      "/api/unknown?x=1",
      "/%E0%A4%A",
      "/api/otpi%2Fx",
    ]) {
      const res = await api.get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toMatch(/application\/json/);
      expect(res.body, path).toEqual({ error: "Not found", message: expect.any(String) });
    }
  });

  it("a known route with the wrong method is a JSON 405 with Allow", async () => {
    const res = await api.request("/api/otpi", { method: "POST" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    expect(res.body).toEqual({
      error: "Method not allowed",
      message: expect.stringContaining("POST"),
    });
    const del = await api.request("/health", { method: "DELETE" });
    expect(del.status).toBe(405);
  });

  it("malformed JSON bodies are a 400 and oversized bodies a 413", async () => {
    const malformed = await api.request("/api/nothing", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      error: "Bad request",
      message: "The request body is not valid JSON.",
    });
    const huge = await api.request("/api/nothing", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ x: "a".repeat(20_000) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ error: "Payload too large", message: expect.any(String) });
  });

  it("an unexpected failure is a 500 that leaks nothing, and is logged", async () => {
    const res = await failing.get("/api/otpi");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: "Internal server error",
      message: "An unexpected error occurred. It has been logged.",
    });
    expect(res.text).not.toContain("secret");
    expect(res.text).not.toContain("index.ts");
    expect(logged.join("\n")).toContain("secret internal detail");
  });
});
