import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETS } from "../../markets";
import { ANONYMOUS } from "../auth/api-key-authenticator";
import { methodologyAnswer } from "./answers";
import { answerQuestion } from "./engine";
import { observation, startTestApi, type TestApi } from "../../testing/test-api";

/**
 * Questions as users ask them, through POST /api/chat: the method asked for naturally, and a
 * comparison over a named month. Now 2026-11-23: the keyless free window is 2026-10-23 to
 * 2026-11-23. In October Qwen averaged $2.00 and DeepSeek $0.80 per million tokens; on the latest
 * day (2026-11-20) Qwen is the cheaper one, so an answer that ignored the month would say so.
 */
const NOW = new Date("2026-11-23T12:00:00.000Z");

type ChatAnswer = {
  answer: string;
  intent: string;
  engine: string;
  sources: Array<{
    endpoint: string;
    parameters: Record<string, string>;
    values: Array<Record<string, unknown>>;
  }>;
};

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  // Blended USD per Mtok with the default 80/20 token split: input * 0.8 + output * 0.2.
  const day = (date: string, modelId: string, input: number, output: number) =>
    observation({ date, modelId, inputPricePerMtok: input, outputPricePerMtok: output });
  await api.load([
    day("2026-10-05", "qwen/qwen-a", 1, 4), // 1.6
    day("2026-10-20", "qwen/qwen-a", 2, 4), // 2.4
    day("2026-11-20", "qwen/qwen-a", 3, 4), // 3.2
    day("2026-10-05", "deepseek/deepseek-a", 0.5, 2), // 0.8
    day("2026-10-25", "deepseek/deepseek-a", 0.5, 2), // 0.8
    day("2026-11-20", "deepseek/deepseek-a", 5, 10), // 6
    day("2026-11-20", "anthropic/claude-a", 3, 15), // 5.4
    day("2026-11-20", "openai/gpt-a", 1, 8), // 2.4
  ]);
  key = (await api.createKey()).key;
});
afterAll(async () => api.close());

async function chat(message: string): Promise<ChatAnswer> {
  const res = await api.post("/api/chat", { message }, { authorization: `Bearer ${key}` });
  expect(res.status, res.text).toBe(200);
  const data = (res.body as { data: ChatAnswer }).data;
  expect(data.engine).toBe("built-in");
  return data;
}

describe("POST /api/chat: the method, however it is asked", () => {
  const method = (domain: "token" | "gpu" | undefined) =>
    methodologyAnswer([], domain, MARKETS, { deps: api.deps, caller: ANONYMOUS, now: NOW }).answer;

  it.each([
    ["Explain how the index is computed", undefined],
    ["How is the index calculated?", undefined],
    ["What is the methodology?", undefined],
    ["How do you compute the GPU index?", "gpu"],
    ["Can you explain how the token index is calculated?", "token"],
  ] as const)("%j is answered from the methodology text", async (message, domain) => {
    const data = await chat(message);
    expect(data.intent).toBe("methodology");
    expect(data.answer).toBe(method(domain));
    expect(data.sources).toEqual([]);
  });

  it.each([
    "How do you compute pi?",
    "Explain quantum computing",
    "explain how photosynthesis works",
  ])("%j stays out of scope", async (message) => {
    expect((await chat(message)).intent).toBe("out_of_scope");
  });
});

describe("POST /api/chat: a comparison over a named month", () => {
  it("compares October's means, says so, and cites October's rows", async () => {
    const data = await chat("Compare qwen and deepseek in October 2026");
    expect(data.intent).toBe("compare");
    expect(data.answer).toBe(
      [
        "Qwen: $2.0000 per million tokens on average in October 2026 (the mean of 2 settled daily values, 2026-10-05 to 2026-10-20).",
        "DeepSeek: $0.8000 per million tokens on average in October 2026 (the mean of 2 settled daily values, 2026-10-05 to 2026-10-25).",
        "DeepSeek is 60.0% cheaper than Qwen (2.50x) on average in October 2026.",
      ].join("\n"),
    );
    expect(data.sources.map((s) => [s.endpoint, s.parameters])).toEqual([
      ["/api/otpi", { lab: "qwen", startDate: "2026-10-01", endDate: "2026-10-31" }],
      ["/api/otpi", { lab: "deepseek", startDate: "2026-10-01", endDate: "2026-10-31" }],
    ]);
    // Every averaged row is the row the cited route returns.
    for (const source of data.sources) {
      const rest = await api.get(`/api/otpi?${new URLSearchParams(source.parameters).toString()}`, {
        authorization: `Bearer ${key}`,
      });
      expect(source.values).toEqual((rest.body as { data: unknown[] }).data);
    }
  });

  it("asked for one lab in a month, answers its mean over the month, not its latest value", async () => {
    const data = await chat("What was Qwen's index in October 2026?");
    expect(data.intent).toBe("compare");
    expect(data.answer).toBe(
      "Qwen: $2.0000 per million tokens on average in October 2026 (the mean of 2 settled daily values, 2026-10-05 to 2026-10-20).",
    );
    expect(data.sources.map((s) => [s.endpoint, s.parameters])).toEqual([
      ["/api/otpi", { lab: "qwen", startDate: "2026-10-01", endDate: "2026-10-31" }],
    ]);
  });

  it("without a period still compares the latest values", async () => {
    const data = await chat("Compare qwen and deepseek");
    expect(data.answer).toBe(
      [
        "Qwen: $3.2000 per million tokens (settled 2026-11-20).",
        "DeepSeek: $6.0000 per million tokens (settled 2026-11-20).",
        "Qwen is 46.7% cheaper than DeepSeek (1.88x).",
      ].join("\n"),
    );
  });

  it("says which subject has no value in the month, and compares nothing", async () => {
    const data = await chat("Compare qwen and anthropic in October 2026");
    expect(data.answer).toBe(
      [
        "Qwen: $2.0000 per million tokens on average in October 2026 (the mean of 2 settled daily values, 2026-10-05 to 2026-10-20).",
        "There is no published value for Anthropic in October 2026.",
      ].join("\n"),
    );
  });
});

describe("the engine for a keyless caller (the REST API's free window, in its words)", () => {
  // The chat route needs a key; the engine itself answers any caller through the routes.
  const keyless = (message: string) =>
    answerQuestion(message, [], MARKETS, { deps: api.deps, caller: ANONYMOUS, now: NOW });
  const restRefusal = async (path: string) => {
    const rest = await api.get(path);
    expect(rest.status).toBe(401);
    return (rest.body as { message: string }).message;
  };

  it("refuses a month before the free window with GET /api/otpi's 401 message", async () => {
    const answer = await keyless("Compare anthropic and openai in October 2026");
    expect(answer).toEqual({
      intent: "compare",
      answer: await restRefusal("/api/otpi?lab=anthropic&startDate=2026-10-01&endDate=2026-10-31"),
      sources: [],
      notices: [],
    });
    expect(answer.answer).toContain("An API key is required for dates before 2026-10-23");
  });

  it("refuses a paid lab with GET /api/otpi's 401 message", async () => {
    const answer = await keyless("Compare qwen and deepseek in November");
    expect(answer.answer).toBe(
      await restRefusal("/api/otpi?lab=qwen&startDate=2026-11-01&endDate=2026-11-23"),
    );
  });

  it("refuses a GPU history before the GPU window with the GPU route's 401 message", async () => {
    const answer = await keyless("Compare the H100 and the H200 in June 2026");
    expect(answer.answer).toBe(
      await restRefusal(
        "/api/gpu/H100%20SXM/index-history?startDate=2026-06-01&endDate=2026-06-30",
      ),
    );
  });

  it("answers free labs inside the window", async () => {
    const answer = await keyless("Compare anthropic and openai in November");
    expect(answer.answer).toContain(
      "OpenAI: $2.4000 per million tokens on average in November 2026",
    );
  });
});
