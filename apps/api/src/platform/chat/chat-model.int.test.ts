// @module-tag zone
import { OPEN_RANGE_MAX_DAYS, addDays } from "@tpi/domain";
import { MARKETS } from "../../markets";
import { chatScope } from "./answers";
import { TOKEN } from "../../markets/token/read-model/state";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODEL_ROUNDS, TOOL_CALLS_PER_ROUND, createOpenAiCompatibleModel } from "./model-backend";
import { TOOL_RESULT_MAX_CHARS, chatToolbox } from "./function-tools";
import { dataToolsOf } from "../mcp/tools";
import { observation, startTestApi, type TestApi } from "../../testing/test-api";

const DATA_TOOLS = dataToolsOf(MARKETS);

// A fake OpenAI-compatible chat-completions server on 127.0.0.1, in the documented shape of
// function calling (`tools` in the request, `tool_calls` in the reply, `role: "tool"` messages
// back), whose behaviour each test picks.
type Mode =
  | "tools"
  | "refused"
  | "loop"
  | "text-only"
  | "slow"
  | "error500"
  | "garbage"
  | "rate-limited"
  | "many-calls";
let mode: Mode = "tools";

type ToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };
type Message = {
  role: string;
  content: string | null;
  tool_calls?: ToolCall[];
  tool_call_id?: string;
};
type Completion = {
  model: string;
  messages: Message[];
  tools: Array<{
    type: string;
    function: {
      name: string;
      description: string;
      parameters: { type: string; properties: Record<string, unknown> };
    };
  }>;
  tool_choice: string;
};
let received: Array<{ authorization?: string; body: Completion }> = [];
const TIMEOUT_MS = 600;

const toolCalls = (...calls: Array<[string, string]>): ToolCall[] =>
  calls.map(([name, args], i) => ({
    id: `call_${i + 1}`,
    type: "function",
    function: { name, arguments: args },
  }));

const reply = (message: Partial<Message>) =>
  JSON.stringify({
    choices: [{ index: 0, message: { role: "assistant", content: null, ...message } }],
  });

function answer(body: Completion): string {
  const toolMessages = body.messages.filter((m) => m.role === "tool");
  switch (mode) {
    case "tools": {
      if (toolMessages.length === 0)
        return reply({
          tool_calls: toolCalls(
            ["get_token_index", '{"lab":"anthropic"}'],
            ["get_token_index_revisions", "{}"],
          ),
        });
      const result = JSON.parse(toolMessages[0]?.content ?? "{}") as {
        data: { data: Array<{ date: string; indexPerMtok: number }> };
        source: { endpoint: string };
      };
      const row = result.data.data[0];
      return reply({
        content: `Anthropic: ${row?.indexPerMtok} USD per million tokens on ${row?.date} (${result.source.endpoint}).`,
      });
    }
    case "refused":
      if (toolMessages.length === 0)
        return reply({ tool_calls: toolCalls(["get_token_index", '{"date":"2026-02-30"}']) });
      return reply({ content: `The tool said: ${toolMessages[0]?.content}` });
    case "loop":
      return reply({ tool_calls: toolCalls(["list_gpus", "{}"]) });
    case "many-calls":
      if (toolMessages.length === 0)
        return reply({
          tool_calls: toolCalls(
            ...Array.from({ length: TOOL_CALLS_PER_ROUND + 2 }, (): [string, string] => [
              "list_gpus",
              "{}",
            ]),
          ),
        });
      return reply({ content: "Listed." });
    case "text-only":
      return reply({ content: "Answered without tools." });
    default:
      return "{}";
  }
}

const fake: Server = createServer((req, res) => {
  let raw = "";
  req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
  req.on("end", () => {
    const body = JSON.parse(raw) as Completion;
    received.push({ authorization: req.headers.authorization, body });
    if (req.url !== "/v1/chat/completions") return void res.writeHead(404).end();
    if (mode === "slow")
      return void setTimeout(
        () => res.writeHead(200, { "content-type": "application/json" }).end("{}"),
        TIMEOUT_MS * 4,
      );
    if (mode === "error500") return void res.writeHead(500).end("boom");
    if (mode === "rate-limited") return void res.writeHead(429).end("slow down");
    if (mode === "garbage")
      return void res.writeHead(200, { "content-type": "application/json" }).end('{"choices":[]}');
    res.writeHead(200, { "content-type": "application/json" }).end(answer(body));
  });
});

let api: TestApi;
let key: string;
beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", () => resolve()));
  const baseUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1/`;
  api = await startTestApi({
    now: new Date("2026-03-10T12:30:00.000Z"),
    configure: (deps) => ({
      ...deps,
      chatModel: createOpenAiCompatibleModel({
        baseUrl,
        model: "fake-model",
        apiKey: "sk-test",
        timeoutMs: TIMEOUT_MS,
        scope: chatScope(MARKETS),
      }),
    }),
  });
  await api.load([
    observation({ date: "2026-03-08", modelId: "anthropic/claude-a", inputPricePerMtok: 3 }),
  ]);
  key = (await api.createKey()).key;
});
afterAll(async () => {
  await api.close();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

const ask = (message: string, withKey = key) =>
  api.request("/api/chat", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${withKey}` },
    body: JSON.stringify({ message }),
  });

type ChatBody = {
  data: {
    answer: string;
    engine: string;
    intent: string;
    sources: Array<{
      tool?: string;
      endpoint: string;
      parameters: Record<string, string>;
      values: unknown[];
    }>;
  };
};

describe("POST /api/chat with an OpenAI-compatible backend (function calling)", () => {
  it("sends the data tools, runs the calls the model asks for and cites their results", async () => {
    mode = "tools";
    received = [];
    const res = await ask("What is the latest anthropic index?");
    expect(res.status).toBe(200);
    const rest = (await api.get("/api/otpi?lab=anthropic", { authorization: `Bearer ${key}` }))
      .body as { data: Array<{ date: string; indexPerMtok: number }> };
    const row = rest.data[0];
    expect(res.body).toMatchObject({
      success: true,
      data: {
        answer: `Anthropic: ${row?.indexPerMtok} USD per million tokens on ${row?.date} (/api/otpi).`,
        engine: "model",
        intent: "latest",
      },
    });
    // Each executed call is a source: the tool, its REST route and parameters, the rows with their dates.
    expect((res.body as ChatBody).data.sources).toEqual([
      {
        tool: "get_token_index",
        endpoint: "/api/otpi",
        parameters: { lab: "anthropic" },
        values: rest.data,
      },
      {
        tool: "get_token_index_revisions",
        endpoint: "/api/otpi/revisions",
        // No dates asked: the tools' clamp of an open range, the trailing window ending today.
        parameters: {
          startDate: addDays("2026-03-10", -(OPEN_RANGE_MAX_DAYS - 1)),
          endDate: "2026-03-10",
        },
        values: [],
      },
    ]);

    expect(received).toHaveLength(2);
    const [first, second] = received;
    expect(first?.authorization).toBe("Bearer sk-test");
    expect(first?.body.model).toBe("fake-model");
    // The tools are the MCP tool list, with JSON schemas generated from the same zod schemas.
    expect(first?.body.tools.map((t) => t.function.name)).toEqual(DATA_TOOLS.map((t) => t.name));
    const otpiTool = first?.body.tools.find((t) => t.function.name === "get_token_index");
    expect(otpiTool?.type).toBe("function");
    expect(otpiTool?.function.parameters.type).toBe("object");
    // The route's parameters, in the route's order.
    expect(Object.keys(otpiTool?.function.parameters.properties ?? {})).toEqual([
      "date",
      "startDate",
      "endDate",
      "lab",
      "release",
    ]);
    expect(first?.body.tool_choice).toBe("auto");
    // The second request carries the assistant's calls and one `tool` message per call, in order.
    const messages = second?.body.messages ?? [];
    const assistant = messages.find((m) => m.role === "assistant");
    expect(assistant?.tool_calls?.map((c) => c.id)).toEqual(["call_1", "call_2"]);
    const toolMessages = messages.filter((m) => m.role === "tool");
    expect(toolMessages.map((m) => m.tool_call_id)).toEqual(["call_1", "call_2"]);
    const firstResult = JSON.parse(toolMessages[0]?.content ?? "{}") as {
      data: unknown;
      source: Record<string, unknown>;
    };
    expect(firstResult.data).toEqual(rest);
    expect(firstResult.source).toMatchObject({
      endpoint: "/api/otpi",
      methodologyVersion: TOKEN.of(api.deps).rules.version,
      dates: { first: row?.date, last: row?.date },
    });
  });

  it("gives the model a refused call's REST error body, and lists no source for it", async () => {
    mode = "refused";
    received = [];
    const res = await ask("What is the latest anthropic index?");
    expect(res.status).toBe(200);
    const rest = await api.get("/api/otpi?date=2026-02-30", { authorization: `Bearer ${key}` });
    expect(rest.status).toBe(400);
    const toolMessage = received[1]?.body.messages.find((m) => m.role === "tool");
    expect(JSON.parse(toolMessage?.content ?? "{}")).toEqual(rest.body);
    expect((res.body as ChatBody).data.sources).toEqual([]);
  });

  it(`stops after ${MODEL_ROUNDS} rounds: the last may not call tools, and a model that still does is a 502`, async () => {
    mode = "loop";
    received = [];
    const res = await ask("What is the latest anthropic index?");
    expect(res.status).toBe(502);
    expect(res.body).toEqual({
      error: "Bad gateway",
      message: `The chat model did not answer within ${MODEL_ROUNDS} rounds of tool calls.`,
    });
    expect(received).toHaveLength(MODEL_ROUNDS);
    expect(received.map((r) => r.body.tool_choice)).toEqual([
      ...Array<string>(MODEL_ROUNDS - 1).fill("auto"),
      "none",
    ]);
  });

  it(`runs at most ${TOOL_CALLS_PER_ROUND} tool calls per round and tells the model so for the rest`, async () => {
    mode = "many-calls";
    received = [];
    const res = await ask("What is the latest H100 SXM price?");
    expect(res.status).toBe(200);
    const toolMessages = received[1]?.body.messages.filter((m) => m.role === "tool") ?? [];
    // Every call gets its answer, in order; the ones past the cap get the refusal instead of data.
    expect(toolMessages).toHaveLength(TOOL_CALLS_PER_ROUND + 2);
    const bodies = toolMessages.map(
      (m) => JSON.parse(m.content ?? "{}") as Record<string, unknown>,
    );
    for (const body of bodies.slice(0, TOOL_CALLS_PER_ROUND)) expect(body).toHaveProperty("data");
    for (const body of bodies.slice(TOOL_CALLS_PER_ROUND))
      expect(body).toEqual({
        error: "Bad request",
        message: `At most ${TOOL_CALLS_PER_ROUND} tool calls are run per round.`,
      });
    expect((res.body as ChatBody).data.sources).toHaveLength(TOOL_CALLS_PER_ROUND);
  });

  it("refuses the model a tool result over the size limit, and lists no source for it", async () => {
    const caller = await api.deps.auth.authenticate(`Bearer ${key}`);
    if (!caller.ok) throw new Error("the test key was refused");
    const full = chatToolbox(api.deps, caller.value);
    const answered = JSON.parse((await full.call("list_gpus", "{}")).content) as {
      data: unknown;
    };
    expect(answered).toHaveProperty("data");
    const size = JSON.stringify(answered).length;
    expect(size).toBeLessThan(TOOL_RESULT_MAX_CHARS);
    expect(full.sources()).toHaveLength(1);

    const small = chatToolbox(api.deps, caller.value, size - 1);
    expect(JSON.parse((await small.call("list_gpus", "{}")).content)).toEqual({
      error: "Bad request",
      message: `The result is larger than ${size - 1} characters; ask for a shorter range or one lab or GPU.`,
    });
    expect(small.sources()).toEqual([]);
  });

  it("takes an answer without tool calls as it is, with no sources", async () => {
    mode = "text-only";
    const res = await ask("What is on the free tier?");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      data: { answer: "Answered without tools.", engine: "model", sources: [] },
    });
  });

  it("does not call the model for an out-of-scope question", async () => {
    mode = "error500";
    const res = await ask("Tell me a joke");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { intent: "out_of_scope", engine: "built-in" } });
  });

  it("turns a timeout into 503 and upstream errors into 502, as JSON", async () => {
    const cases: Array<[Mode, number, string]> = [
      ["slow", 503, "Service unavailable"],
      ["rate-limited", 503, "Service unavailable"],
      ["error500", 502, "Bad gateway"],
      ["garbage", 502, "Bad gateway"],
    ];
    for (const [m, status, label] of cases) {
      mode = m;
      const started = Date.now();
      const res = await ask("What is on the free tier?");
      expect(res.status, m).toBe(status);
      expect(res.body, m).toMatchObject({ error: label, message: expect.any(String) });
      expect(Date.now() - started, m).toBeLessThan(TIMEOUT_MS * 3);
    }
  });

  it("answers 503 when nothing listens at the configured address", async () => {
    const closed = createOpenAiCompatibleModel({
      baseUrl: "http://127.0.0.1:9/v1",
      model: "m",
      timeoutMs: TIMEOUT_MS,
      scope: chatScope(MARKETS),
    });
    await expect(
      closed.answer({
        question: "q",
        history: [],
        toolbox: { tools: [], call: () => Promise.resolve({ content: "{}" }) },
      }),
    ).rejects.toMatchObject({ code: "unavailable" });
  });
});
