import { addDays, eachUtcDay, maxDay, type UtcDay } from "@tpi/domain";
import type { OpenRouterDataApiConfig } from "../platform/ingest/openrouter-data-api";
import {
  startLoopbackStub,
  type LoopbackStub,
  type StubReply,
  type StubRequest,
} from "./loopback-stub";

/**
 * A loopback stand-in for OpenRouter's Data API, answering in the documented shapes:
 * `GET /api/v1/models` ({ data: [{ id, canonical_slug, name, pricing }] }) and
 * `GET /api/v1/datasets/rankings-daily` (per day the top 50 permaslugs by total tokens, then one
 * `other` row; `meta` with as_of, the resolved window and version). Tests script failures per
 * path (a queue of replies), hold a documented answer until they release it (`documented` with
 * `until`: a sync stopped or killed mid-run, at a known point), and read every request with its
 * arrival time.
 */
export const STUB_KEY = "sk-or-v1-0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
/**
 * How a test's client reaches an OpenRouter stub (the rankings, app rankings or session cost):
 * the stub's key, no pacing, quick retries, the account's 500 requests a day.
 */
export function openRouterTestConfig(
  baseUrl: string,
  overrides: Partial<OpenRouterDataApiConfig> = {},
): OpenRouterDataApiConfig {
  return {
    baseUrl,
    apiKey: STUB_KEY,
    timeoutMs: 2_000,
    maxRetries: 1,
    retryBaseMs: 10,
    minRequestIntervalMs: 0,
    dailyRequestBudget: 500,
    maxRetryAfterMs: 5_000,
    ...overrides,
  };
}

export const STUB_AS_OF = "2026-11-22T02:00:00Z";
/** A total above 2^53 (not representable as a double): stored and read back exactly. */
export const HUGE_TOTAL = 9_007_199_254_740_993n;

type StubModel = {
  id: string;
  canonical_slug: string;
  prompt: string;
  completion: string;
  input_cache_read?: string;
};

/** Tracked labs' models (ids are public slugs; rankings name them by canonical, dated slug). */
export const STUB_MODELS: readonly StubModel[] = [
  m(
    "anthropic/claude-sonnet-4",
    "anthropic/claude-4-sonnet-20250522",
    "0.000003",
    "0.000015",
    "0.0000003",
  ),
  m("anthropic/claude-opus-4.1", "anthropic/claude-4.1-opus-20250805", "0.000015", "0.000075"),
  m("openai/gpt-5", "openai/gpt-5-2025-08-07", "0.00000125", "0.00001"),
  m("openai/gpt-4o-mini", "openai/gpt-4o-mini-2024-07-18", "0.00000015", "0.0000006"),
  m("google/gemini-2.5-flash", "google/gemini-2.5-flash", "0.0000003", "0.0000025"),
  m("google/gemini-2.5-pro", "google/gemini-2.5-pro", "0.00000125", "0.00001"),
  m("deepseek/deepseek-chat-v3.1", "deepseek/deepseek-chat-v3.1", "0.0000002", "0.0000008"),
  m("deepseek/deepseek-r1-0528", "deepseek/deepseek-r1-0528", "0.0000005", "0.00000215"),
  // A variant listed with its own (zero) price.
  m("deepseek/deepseek-r1-0528:free", "deepseek/deepseek-r1-0528", "0", "0"),
  m("qwen/qwen3-coder", "qwen/qwen3-coder-480b-a35b-07-25", "0.0000002", "0.0000008"),
  m("z-ai/glm-4.6", "z-ai/glm-4.6", "0.0000006", "0.0000022"),
  m("x-ai/grok-code-fast-1", "x-ai/grok-code-fast-1", "0.0000002", "0.0000015"),
  // Variable-price router: no price.
  m("openrouter/auto", "openrouter/auto", "-1", "-1"),
];

function m(
  id: string,
  canonical_slug: string,
  prompt: string,
  completion: string,
  input_cache_read?: string,
): StubModel {
  return { id, canonical_slug, prompt, completion, input_cache_read };
}

/** A day's listed permaslugs with their base totals (tokens), before the day's factor. */
const LISTED: readonly [string, bigint][] = [
  ["google/gemini-2.5-flash", HUGE_TOTAL],
  ["anthropic/claude-4-sonnet-20250522", 900_000_000_000n],
  ["x-ai/grok-code-fast-1", 850_000_000_000n],
  ["openai/gpt-5-2025-08-07", 600_000_000_000n],
  ["deepseek/deepseek-chat-v3.1", 400_000_000_000n],
  ["deepseek/deepseek-r1-0528:free", 300_000_000_000n],
  ["qwen/qwen3-coder-480b-a35b-07-25", 250_000_000_000n],
  ["google/gemini-2.5-pro", 200_000_000_000n],
  ["openai/gpt-4o-mini-2024-07-18", 150_000_000_000n],
  // A variant without its own list entry: priced as its base model.
  ["anthropic/claude-4-sonnet-20250522:thinking", 120_000_000_000n],
  ["anthropic/claude-4.1-opus-20250805", 100_000_000_000n],
  ["z-ai/glm-4.6", 90_000_000_000n],
  // A tracked lab's permaslug the model list does not know: kept without a price.
  ["mistralai/mistral-unlisted-2511", 80_000_000_000n],
  // An author the index does not track: ignored.
  ["somelab/unknown-model-7b", 70_000_000_000n],
];
const OTHER_TOTAL = 500_000_000_000n;

/** The day's rows in the documented order: total descending, ties by permaslug, `other` last. */
export function stubRankingRows(
  date: UtcDay,
): { date: UtcDay; model_permaslug: string; total_tokens: string }[] {
  const factor = BigInt(1 + (Number(date.slice(8, 10)) % 5));
  const listed: [string, bigint][] = LISTED.map(([slug, total]) => [
    slug,
    slug === "google/gemini-2.5-flash" ? total + factor : total * factor,
  ]);
  // Fill the top 50 with untracked community models.
  for (let i = listed.length; i < 50; i++)
    listed.push([`community-${String(i).padStart(2, "0")}/model`, BigInt(1_000_000_000 + i)]);
  listed.sort((a, b) => (a[1] === b[1] ? (a[0] < b[0] ? -1 : 1) : a[1] > b[1] ? -1 : 1));
  return [
    ...listed.map(([slug, total]) => ({
      date,
      model_permaslug: slug,
      total_tokens: total.toString(),
    })),
    { date, model_permaslug: "other", total_tokens: (OTHER_TOTAL * factor).toString() },
  ];
}

export type OpenRouterStub = LoopbackStub & {
  /** Days the rankings leave out (a partial answer). */
  missingDays: Set<UtcDay>;
  asOf: string;
  /** The stub's "latest completed UTC day" (end_date's default). */
  latestDay: UtcDay;
  reset(): void;
};

export const MODELS_PATH = "/api/v1/models";
export const RANKINGS_PATH = "/api/v1/datasets/rankings-daily";

export async function startOpenRouterStub(options: { latestDay: UtcDay }): Promise<OpenRouterStub> {
  // Requests arrive only once the stub is returned, so `stub` is set by then.
  const stub: OpenRouterStub = Object.assign(
    await startLoopbackStub((request) => documentedReply(request, stub)),
    {
      missingDays: new Set<UtcDay>(),
      asOf: STUB_AS_OF,
      latestDay: options.latestDay,
      reset() {
        stub.requests.length = 0;
        stub.queue = {};
        stub.missingDays.clear();
        stub.asOf = STUB_AS_OF;
        stub.latestDay = options.latestDay;
      },
    },
  );
  return stub;
}

function documentedReply(request: StubRequest, stub: OpenRouterStub): StubReply {
  const { path, query } = request;
  if (path === MODELS_PATH)
    return {
      body: JSON.stringify({
        data: STUB_MODELS.map((model) => ({
          id: model.id,
          canonical_slug: model.canonical_slug,
          name: model.id,
          context_length: 128_000,
          pricing: {
            prompt: model.prompt,
            completion: model.completion,
            ...(model.input_cache_read ? { input_cache_read: model.input_cache_read } : {}),
            request: "0",
            image: "0",
          },
        })),
      }),
    };
  if (path !== RANKINGS_PATH)
    return { status: 404, body: JSON.stringify({ error: { code: 404, message: "Not Found" } }) };
  if (request.headers.authorization !== `Bearer ${STUB_KEY}`)
    return {
      status: 401,
      body: JSON.stringify({ error: { code: 401, message: "No auth credentials found" } }),
    };
  const end = query.get("end_date") ?? stub.latestDay;
  if (end < "2025-01-01")
    return {
      status: 400,
      body: JSON.stringify({ error: { code: 400, message: "end_date before 2025-01-01" } }),
    };
  const start = maxDay(query.get("start_date") ?? addDays(end, -30), "2025-01-01");
  const rows = eachUtcDay(start, end)
    .filter((day) => !stub.missingDays.has(day))
    .flatMap(stubRankingRows);
  return {
    body: JSON.stringify({
      data: rows,
      meta: { as_of: stub.asOf, start_date: start, end_date: end, version: "v1" },
    }),
  };
}
