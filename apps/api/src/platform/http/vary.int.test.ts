import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { observation, startTestApi, type TestApi } from "../../testing/test-api";

/**
 * Caches key on every header a response varies on: CORS's Origin, the key's Authorization where
 * the route reads a key, and Accept-Encoding on settled answers, all together.
 */
const NOW = new Date("2026-03-31T12:00:00.000Z");
const ALLOWED_ORIGIN = "https://app.example.com";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({
    now: NOW,
    configure: (deps) => ({ ...deps, corsOrigins: [ALLOWED_ORIGIN] }),
  });
  await api.load([
    observation({ date: "2026-03-29", modelId: "anthropic/claude-a" }),
    observation({ date: "2026-03-29", modelId: "openai/gpt-a" }),
  ]);
});
afterAll(async () => api.close());

function varyValues(headers: Headers): string[] {
  return (headers.get("vary") ?? "").split(",").map((value) => value.trim().toLowerCase());
}

describe("Vary with CORS_ORIGINS set", () => {
  it("names Origin, Accept-Encoding and, where the route reads a key, Authorization", async () => {
    const routes = [
      { path: "/api/gpu-types", readsKey: false },
      { path: "/api/otpi/methodology", readsKey: false },
      { path: "/api/otpi?date=2026-03-29", readsKey: true },
      { path: "/api/otpi/constituents?date=2026-03-29&lab=anthropic", readsKey: true },
    ];
    for (const { path, readsKey } of routes) {
      // Twice each: the second answer comes from memory (the fast lane), with the same headers.
      for (const headers of [{ origin: ALLOWED_ORIGIN }, {}, {}] as Record<string, string>[]) {
        const res = await api.get(path, headers);
        expect(res.status, path).toBe(200);
        const vary = varyValues(res.headers);
        expect(vary, path).toEqual(expect.arrayContaining(["origin", "accept-encoding"]));
        expect(vary.includes("authorization"), path).toBe(readsKey);
      }
    }
  });

  it("keeps both on a 304 answer to If-None-Match", async () => {
    const first = await api.get("/api/otpi?date=2026-03-29", { origin: ALLOWED_ORIGIN });
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    // fetch adds `Cache-Control: no-cache` to conditional requests unless one is given.
    const again = await api.get("/api/otpi?date=2026-03-29", {
      origin: ALLOWED_ORIGIN,
      "If-None-Match": etag ?? "",
      "Cache-Control": "max-age=0",
    });
    expect(again.status).toBe(304);
    expect(varyValues(again.headers)).toEqual(expect.arrayContaining(["origin", "authorization"]));
  });
});
