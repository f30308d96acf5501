import { describe, expect, it } from "vitest";
import { warmStubForFile } from "../../../testing/file-fixtures";
import {
  HUGE_TOTAL,
  MODELS_PATH,
  RANKINGS_PATH,
  STUB_KEY,
  openRouterTestConfig,
  startOpenRouterStub,
} from "../../../testing/openrouter-stub";
import { OpenRouterDataApiError } from "../../../platform/ingest/openrouter-data-api";
import { retryAfterMs } from "../../../platform/ingest/paced-http";
import {
  OpenRouterClient,
  rankingsAnswerProblem,
  rankingsRangeProblem,
  rankingsWindows,
  type OpenRouterConfig,
} from "./openrouter";

const stub = warmStubForFile(await startOpenRouterStub({ latestDay: "2026-11-21" }), MODELS_PATH);
const config: OpenRouterConfig = openRouterTestConfig(stub.url, {
  timeoutMs: 300,
  maxRetries: 2,
  retryBaseMs: 20,
});

const client = (overrides: Partial<OpenRouterConfig> = {}, usedToday = 0) =>
  new OpenRouterClient({ ...config, ...overrides }, usedToday);
const rankingsRequests = () => stub.requests.filter((r) => r.path === RANKINGS_PATH);

describe("the documented answers", () => {
  it("reads the model list: ids, canonical slugs, prices as text, variants as their own entries", async () => {
    const models = await client().models();
    expect(models).toContainEqual({
      modelId: "anthropic/claude-sonnet-4",
      canonicalSlug: "anthropic/claude-4-sonnet-20250522",
      prompt: "0.000003",
      completion: "0.000015",
      inputCacheRead: "0.0000003",
    });
    expect(models.find((x) => x.modelId === "deepseek/deepseek-r1-0528:free")).toMatchObject({
      prompt: "0",
      completion: "0",
    });
    expect(models.find((x) => x.modelId === "openrouter/auto")?.prompt).toBe("-1");
  });

  it("reads rankings-daily with the bearer key: 50 models plus `other` a day, totals exact beyond 2^53, meta", async () => {
    const answer = await client().rankingsDaily("2026-11-20", "2026-11-21");
    expect(stub.requests[0]?.headers.authorization).toBe(`Bearer ${STUB_KEY}`);
    expect(stub.requests[0]?.query.get("start_date")).toBe("2026-11-20");
    expect(answer.rows).toHaveLength(102);
    expect(answer.rows[50]).toMatchObject({ date: "2026-11-20", permaslug: "other" });
    const huge = answer.rows.find((r) => r.permaslug === "google/gemini-2.5-flash");
    expect(typeof huge?.totalTokens).toBe("bigint");
    expect(huge?.totalTokens).toBe(HUGE_TOTAL + 1n); // day 20: factor 1, exact
    expect(answer.asOf.toISOString()).toBe("2026-11-22T02:00:00.000Z");
    expect([answer.startDate, answer.endDate]).toEqual(["2026-11-20", "2026-11-21"]);
    expect(rankingsAnswerProblem({ start: "2026-11-20", end: "2026-11-21" }, answer)).toBeNull();
    expect(rankingsAnswerProblem({ start: "2026-11-19", end: "2026-11-21" }, answer)).toMatch(
      /covers 2026-11-20 to 2026-11-21, not the requested 2026-11-19 to 2026-11-21/,
    );
  });
});

describe("failures", () => {
  it("a refused key is a clear error and is not retried", async () => {
    const wrong = client({ apiKey: "sk-or-v1-wrong" });
    const error = await wrong.rankingsDaily("2026-11-21", "2026-11-21").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenRouterDataApiError);
    expect((error as OpenRouterDataApiError).problem).toBe("auth");
    expect((error as Error).message).toMatch(
      /^OPENROUTER_API_KEY was refused by OpenRouter \(HTTP 401/,
    );
    expect((error as Error).message).not.toContain("sk-or-v1-wrong");
    expect(rankingsRequests()).toHaveLength(1);
  });

  it("honours 429 Retry-After: the next request comes no earlier than asked", async () => {
    stub.queue[RANKINGS_PATH] = [{ status: 429, headers: { "retry-after": "1" }, body: "{}" }];
    const started = performance.now();
    await client().rankingsDaily("2026-11-21", "2026-11-21");
    const elapsedMs = performance.now() - started;
    expect(rankingsRequests()).toHaveLength(2);
    // The retry waits the 1 s asked, so the call takes at least that, where one without the wait
    // takes a few ms. Measured at the client, not as the gap between the two arrivals at the stub:
    // a loaded machine only lengthens the call, while it can take one arrival late and the next on
    // time.
    expect(elapsedMs).toBeGreaterThanOrEqual(1000);
  });

  it("stops when 429 asks for a longer wait than a run allows", async () => {
    const later = new Date(Date.now() + 3_600_000).toUTCString();
    stub.queue[RANKINGS_PATH] = [{ status: 429, headers: { "retry-after": later }, body: "{}" }];
    await expect(client().rankingsDaily("2026-11-21", "2026-11-21")).rejects.toThrow(
      /HTTP 429\) and asked to wait 3\d{3} s, longer than the 5 s a run waits/,
    );
    expect(rankingsRequests()).toHaveLength(1);
  });

  it("retries 5xx with backoff and then succeeds", async () => {
    stub.queue[MODELS_PATH] = [{ status: 503, body: "unavailable" }, { status: 502 }];
    const started = performance.now();
    expect((await client().models()).length).toBeGreaterThan(0);
    const elapsedMs = performance.now() - started;
    const attempts = stub.requests.filter((r) => r.path === MODELS_PATH);
    expect(attempts).toHaveLength(3);
    // Backoffs of 20 ms, then 40 ms.
    expect(elapsedMs).toBeGreaterThanOrEqual(20 + 40);
  });

  it("times out slow answers, retries them, and names the timeout", async () => {
    stub.queue[MODELS_PATH] = [1, 2, 3].map(() => ({ body: "{}", delayMs: 1_000 }));
    await expect(client().models()).rejects.toThrow(
      /GET \/api\/v1\/models failed after 3 attempt\(s\): timed out after 300 ms/,
    );
  });

  it("rejects truncated JSON and schema mismatches, naming the problem", async () => {
    stub.queue[RANKINGS_PATH] = [
      { body: '{"data":[{"date":"2026-11-21","model_permaslug":"openai/gpt-5-2025-08-07","tot' },
    ];
    await expect(client().rankingsDaily("2026-11-21", "2026-11-21")).rejects.toThrow(
      /not complete JSON \(\d+ characters; truncated\?\)/,
    );
    const bad = (total: string) =>
      JSON.stringify({
        data: [{ date: "2026-11-21", model_permaslug: "openai/gpt-5", total_tokens: total }],
        meta: {
          as_of: "2026-11-22T02:00:00Z",
          start_date: "2026-11-21",
          end_date: "2026-11-21",
          version: "v1",
        },
      });
    stub.queue[RANKINGS_PATH] = [{ body: bad("12.5") }, { body: bad("-3") }];
    for (let i = 0; i < 2; i++)
      await expect(client().rankingsDaily("2026-11-21", "2026-11-21")).rejects.toThrow(
        /malformed rankings-daily answer for 2026-11-21 to 2026-11-21: data\.0\.total_tokens: a whole number of tokens/,
      );
    stub.queue[MODELS_PATH] = [
      {
        body: JSON.stringify({
          data: [{ id: "openai/gpt-5", pricing: { prompt: 0.000001, completion: "0" } }],
        }),
      },
    ];
    await expect(client().models()).rejects.toThrow(
      /malformed model list .*data\.0\.pricing\.prompt/,
    );
  });

  it("paces requests: starts at least the minimum interval apart", async () => {
    const paced = client({ minRequestIntervalMs: 200 });
    const started = performance.now();
    await paced.models();
    await paced.rankingsDaily("2026-11-21", "2026-11-21");
    await paced.rankingsDaily("2026-11-20", "2026-11-20");
    const elapsedMs = performance.now() - started;
    expect(stub.requests).toHaveLength(3);
    // The second request starts at least 200 ms after the first, the third 200 ms after the
    // second: the calls take at least 400 ms, where unpaced ones take a few. Measured at the
    // client: a loaded machine only lengthens this, where it could take one arrival at the stub
    // late and the next on time.
    expect(elapsedMs).toBeGreaterThanOrEqual(2 * 200);
  });

  it("refuses to go over the daily budget, before sending", async () => {
    const nearlySpent = client({ dailyRequestBudget: 10 }, 9);
    await nearlySpent.models();
    await expect(nearlySpent.rankingsDaily("2026-11-21", "2026-11-21")).rejects.toThrow(
      /daily budget of 10 OpenRouter requests \(OPENROUTER_DAILY_REQUEST_BUDGET\) is used up/,
    );
    expect(stub.requests).toHaveLength(1);
  });
});

describe("ranges and headers", () => {
  it("refuses days before the dataset and days not yet ended", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    expect(rankingsRangeProblem("2024-12-31", "2025-01-02", now)).toMatch(/start on 2025-01-01/);
    expect(rankingsRangeProblem("2026-11-21", "2026-11-22", now)).toMatch(
      /2026-11-22 has not ended yet \(UTC\); the latest day that can be synced is 2026-11-21/,
    );
    expect(rankingsRangeProblem("2026-11-01", "2026-11-21", now)).toBeNull();
  });

  it("cuts ranges into windows of at most 31 days", () => {
    expect(rankingsWindows("2026-01-01", "2026-03-05")).toEqual([
      { start: "2026-01-01", end: "2026-01-31" },
      { start: "2026-02-01", end: "2026-03-03" },
      { start: "2026-03-04", end: "2026-03-05" },
    ]);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2026-11-22T12:00:00Z");
    expect(retryAfterMs("7", now)).toBe(7_000);
    expect(retryAfterMs("Sun, 22 Nov 2026 12:00:30 GMT", now)).toBe(30_000);
    expect(retryAfterMs("soon", now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});
