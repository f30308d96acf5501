import { readFileSync } from "node:fs";
import { TpiApiError, createTpiClient, unwrap, type TpiClient } from "@tpi/client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { observation, startTestApi, type TestApi } from "./testing/test-api";

/**
 * packages/client (the typed client) against a running api on a real PostgreSQL: typed bodies
 * keyless and keyed, typed error bodies, and the README's TypeScript example run as written.
 * Its 429 handling is tested against a loopback stub in packages/client (a real limiter's
 * Retry-After is a minute).
 */

// June 2025 is history that only a key reads (the free window is the trailing month).
const NOW = new Date("2025-07-20T12:00:00Z");
const JUNE = ["2025-06-01", "2025-06-15", "2025-06-30"];
const JULY = ["2025-07-15", "2025-07-17"];

let api: TestApi;
let key: string;
let keyless: TpiClient;
let keyed: TpiClient;
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  await api.load(
    [...JUNE, ...JULY].flatMap((date, i) => [
      observation({ date, modelId: "qwen/qwen-a", inputPricePerMtok: 0.2 + i / 10 }),
      observation({ date, modelId: "anthropic/claude-a", inputPricePerMtok: 3 }),
    ]),
  );
  key = (await api.createKey("full")).key;
  keyless = createTpiClient({ baseUrl: api.url });
  keyed = createTpiClient({ baseUrl: api.url, apiKey: key });
});
afterAll(async () => {
  await api?.close();
});

describe("the typed client, keyless", () => {
  it("reads the free tier's latest day and the catalog, typed", async () => {
    const { data, error } = await keyless.GET("/api/otpi");
    expect(error).toBeUndefined();
    expect(data?.access).toBe("public-1mo");
    expect(data?.data.map((row) => [row.date, row.lab])).toEqual([["2025-07-17", "anthropic"]]);

    const types = await unwrap(keyless.GET("/api/token-types"));
    expect(types.data.find((row) => row.lab === "qwen")).toMatchObject({ freeTier: false });

    const methodology = await unwrap(keyless.GET("/api/otpi/methodology"));
    expect(methodology.success).toBe(true);
  });

  it("returns the contract's error body, typed, for a paid lab (401) and a bad day (400)", async () => {
    const locked = await keyless.GET("/api/otpi", { params: { query: { lab: "qwen" } } });
    expect(locked.response.status).toBe(401);
    expect(locked.error?.error).toBe("Unauthorized");
    expect(locked.error?.message).toMatch(/qwen.*Authorization: Bearer <API_KEY>/s);
    expect(locked.error?.requestId).toBe(locked.response.headers.get("x-request-id"));

    const bad = await keyless.GET("/api/otpi", { params: { query: { date: "2025-13-40" } } });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toMatchObject({ error: "Bad request" });
  });

  it("sends no key where none is given: the chat asks for one", async () => {
    const { error, response } = await keyless.POST("/api/chat", { body: { message: "hi" } });
    expect(response.status).toBe(401);
    expect(error?.error).toBe("Unauthorized");
  });
});

describe("the typed client, keyed", () => {
  it("reads a paid lab's history with the key", async () => {
    const { data, error } = await keyed.GET("/api/otpi", {
      params: { query: { lab: "qwen", startDate: "2025-06-01", endDate: "2025-06-30" } },
    });
    expect(error).toBeUndefined();
    expect(data?.access).toBe("full");
    expect(data?.data.map((row) => row.date)).toEqual(JUNE);
  });

  it("posts to the chat and reads its typed answer", async () => {
    const answer = await unwrap(
      keyed.POST("/api/chat", { body: { message: "What is the latest index for qwen?" } }),
    );
    expect(answer.data.intent).toBe("latest");
    expect(answer.data.answer).toMatch(/qwen/i);
  });

  it("sends an object parameter as its own pairs: /api/daily-index's GPU by name or alias", async () => {
    // No GPU value is published here: a 404 says the GPU was read (a 400 would name the query).
    for (const gpuSelection of [{ gpuType: "H100 SXM" }, { gpu: "H100 SXM" }] as const) {
      const { error, response } = await keyed.GET("/api/daily-index", {
        params: { query: { gpuSelection } },
      });
      expect(new URL(response.url).search).toBe(
        `?${Object.keys(gpuSelection)[0] ?? ""}=H100%20SXM`,
      );
      expect(response.status).toBe(404);
      expect(error?.error).toBe("No data available");
    }
  });

  it("unwrap throws a TpiApiError carrying the status and body of a 404", async () => {
    const thrown = await unwrap(
      keyed.GET("/api/otpi", { params: { query: { date: "2025-06-02", lab: "qwen" } } }),
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(TpiApiError);
    expect(thrown).toMatchObject({ status: 404, body: { error: "No data available" } });
  });
});

describe("the README's TypeScript example", () => {
  const example = readFileSync(new URL("./testing/readme-example.ts", import.meta.url), "utf8");

  it("is quoted in the README as it is in testing/readme-example.ts", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    const quoted = /## TypeScript client[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(quoted, "README.md has a ```ts block under '## TypeScript client'").toBeDefined();
    expect(quoted).toBe(example);
  });

  it("runs against the api with a key and prints June's qwen rows", async () => {
    vi.stubEnv("TPI_URL", api.url);
    vi.stubEnv("TPI_KEY", key);
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      await import("./testing/readme-example");
      expect(log.mock.calls.map((call: unknown[]) => call.slice(0, 2))).toEqual(
        JUNE.map((date) => [date, "qwen"]),
      );
    } finally {
      log.mockRestore();
      vi.unstubAllEnvs();
    }
  });
});
