import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { syncOpenRouterDay } from "../jobs/openrouter-sync";
import { startTestApi, type TestApi } from "../testing/test-api";
import { OpenRouterError, perTokenToPerMtok, type OpenRouterConfig } from "./openrouter";

const fixture = (name: string): string =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const MODELS = fixture("openrouter-models.json");
const VOLUMES = fixture("openrouter-volumes-2026-03-29.json");
const DATE = "2026-03-29";

/** A local stand-in for OpenRouter: each path answers from a queue of scripted replies, then from its default. */
type Reply = { status?: number; body?: string; delayMs?: number };
let routes: Record<string, { queue: Reply[]; fallback: Reply }>;
let requests: string[];
let stub: Server;
let config: OpenRouterConfig;

function answer(req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? "").split("?")[0] ?? "";
  requests.push(req.url ?? "");
  const route = routes[path];
  const reply = route ? (route.queue.shift() ?? route.fallback) : { status: 404, body: "{}" };
  setTimeout(() => {
    if (res.destroyed) return;
    res
      .writeHead(reply.status ?? 200, { "content-type": "application/json" })
      .end(reply.body ?? "");
  }, reply.delayMs ?? 0);
}

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ now: new Date("2026-03-31T12:00:00.000Z") });
  stub = createServer(answer);
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  config = {
    baseUrl: `http://127.0.0.1:${(stub.address() as AddressInfo).port}`,
    timeoutMs: 300,
    maxRetries: 2,
    retryBaseMs: 20,
  };
});
afterAll(async () => {
  stub.closeAllConnections();
  await new Promise<void>((resolve) => stub.close(() => resolve()));
  await api.close();
});
beforeEach(async () => {
  await api.db.$executeRawUnsafe("truncate observation");
  requests = [];
  routes = {
    "/api/v1/models": { queue: [], fallback: { body: MODELS } },
    "/api/v1/volumes": { queue: [], fallback: { body: VOLUMES } },
  };
});

const sync = () => syncOpenRouterDay(api.databaseUrl, config, DATE);
const stored = () => api.db.observation.count();

describe("perTokenToPerMtok", () => {
  it("converts USD per token text to USD per million tokens exactly", () => {
    expect(perTokenToPerMtok("0.000003")).toBe(3);
    expect(perTokenToPerMtok("0.00000125")).toBe(1.25);
    expect(perTokenToPerMtok("0.000000125")).toBe(0.125);
    expect(perTokenToPerMtok("0.0048")).toBe(4800);
    expect(perTokenToPerMtok("0")).toBe(0);
    expect(perTokenToPerMtok("-1")).toBeNull();
  });
});

describe("OpenRouter sync against a local stub", () => {
  it("stores catalog labs' models with prices in USD per Mtok and the day's volumes; a re-sync changes nothing", async () => {
    const report = await sync();
    expect(report).toMatchObject({
      date: DATE,
      skippedOtherLabs: 1,
      unpriced: 1,
      import: { written: true, counts: { inserted: 6 } },
    });
    const claude = await api.db.observation.findFirstOrThrow({
      where: { modelId: "anthropic/claude-sonnet-4" },
    });
    expect(claude).toMatchObject({
      lab: "anthropic",
      inputPricePerMtok: 3,
      outputPricePerMtok: 15,
      cacheReadPricePerMtok: 0.3,
      inputTokens: 412_000_000_000n,
      outputTokens: 9_800_000_000n,
      cacheReadTokens: 150_000_000_000n,
      source: "openrouter",
    });
    const gemini = await api.db.observation.findFirstOrThrow({
      where: { modelId: "google/gemini-2.5-flash" },
    });
    expect(gemini.inputPricePerMtok).toBeNull();
    expect(await api.db.observation.count({ where: { lab: "x-ai" } })).toBe(0);

    expect((await sync()).import.counts).toMatchObject({ inserted: 0, updated: 0, unchanged: 6 });
  });

  it("retries 5xx answers with backoff and then succeeds", async () => {
    routes["/api/v1/models"]?.queue.push(
      { status: 503, body: "unavailable" },
      { status: 502, body: "bad gateway" },
    );
    const started = Date.now();
    await sync();
    expect(requests.filter((r) => r.startsWith("/api/v1/models"))).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(20 + 40); // two backoffs: 20 ms, then 40 ms
    expect(await stored()).toBe(6);
  });

  it("gives up after the retries with a clear error and writes nothing", async () => {
    routes["/api/v1/volumes"] = { queue: [], fallback: { status: 500, body: "boom" } };
    await expect(sync()).rejects.toThrow(
      new OpenRouterError(
        `GET ${config.baseUrl}/api/v1/volumes?date=${DATE} failed after 3 attempt(s): HTTP 500`,
      ),
    );
    expect(requests.filter((r) => r.startsWith("/api/v1/volumes"))).toHaveLength(3);
    expect(await stored()).toBe(0);
  });

  it("times out slow answers, retries them, and reports the timeout", async () => {
    routes["/api/v1/models"] = { queue: [], fallback: { body: MODELS, delayMs: 1_000 } };
    await expect(sync()).rejects.toThrow(/failed after 3 attempt\(s\): timed out after 300 ms/);
    expect(await stored()).toBe(0);
  });

  it("recovers when only the first answer is slow", async () => {
    routes["/api/v1/models"]?.queue.push({ body: MODELS, delayMs: 1_000 });
    await sync();
    expect(await stored()).toBe(6);
  });

  it("does not retry a 404", async () => {
    routes["/api/v1/models"] = { queue: [], fallback: { status: 404, body: "{}" } };
    await expect(sync()).rejects.toThrow(/answered HTTP 404; not retried/);
    expect(requests).toHaveLength(1);
  });

  it.each([
    ["a body that is not JSON", "/api/v1/models", "<html>oops</html>", /not JSON/],
    [
      "a price that is not a decimal string",
      "/api/v1/models",
      JSON.stringify({
        data: [{ id: "openai/gpt-5", pricing: { prompt: 0.000001, completion: "0.00001" } }],
      }),
      /malformed model list \(\/api\/v1\/models\): data\.0\.pricing\.prompt/,
    ],
    [
      "volumes without data",
      "/api/v1/volumes",
      JSON.stringify({ date: DATE }),
      /malformed volumes \(\/api\/v1\/volumes\): data/,
    ],
    [
      "a negative volume",
      "/api/v1/volumes",
      JSON.stringify({
        date: DATE,
        data: [{ model: "openai/gpt-5", prompt_tokens: -1, completion_tokens: 1 }],
      }),
      /data\.0\.prompt_tokens/,
    ],
    [
      "volumes of another day",
      "/api/v1/volumes",
      JSON.stringify({ date: "2026-03-28", data: [] }),
      /requested for 2026-03-29 but describe 2026-03-28/,
    ],
  ])("rejects %s with a clear error and writes nothing", async (_what, path, body, message) => {
    routes[path] = { queue: [], fallback: { body } };
    await expect(sync()).rejects.toThrow(message);
    expect(await stored()).toBe(0);
  });
});
