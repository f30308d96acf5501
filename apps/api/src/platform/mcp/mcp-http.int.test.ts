// @module-tag zone
import { RELEASE_PARAMETER } from "../http/release-parameter";
import { MARKETS } from "../../markets";
import { TOKEN } from "../../markets/token/read-model/state";
import { LLM_CODING } from "../../markets/llm-coding/read-model/state";
import { writeCodingCountsOfDay } from "@tpi/db";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  HOURLY_REQUIRES_FULL_MESSAGE,
  OPEN_RANGE_MAX_DAYS,
  addDays,
  clampedRangeNotice,
  INVALID_GPU_MESSAGE,
  MCP_KEY_RATE_LIMIT,
  PUBLIC_RATE_LIMIT,
  invalidLabMessage,
  searchesForDay,
} from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GPU_TEST_NOW, hourlyTrades } from "../../testing/gpu-trades";
import {
  RELAXED_RATE_LIMITS,
  observation,
  startTestApi,
  type TestApi,
} from "../../testing/test-api";
import { JSON_BODY_LIMIT_BYTES } from "../http/limits";
import { apiReference } from "../openapi/reference";
import { routesOf } from "../routes";
import { dataToolsOf, toolAccess } from "./tools";

const DATA_TOOLS = dataToolsOf(MARKETS);

// "Now" is 2026-03-10 12:30 UTC: the token free window starts 2026-02-10; 2026-03-08 is settled
// and free, 2026-01-05 is older than the free window. GPU prints run to 12:00 today.
const FREE_DAY = "2026-03-08";
const OLD_DAY = "2026-01-05";

type ToolCall = { args: Record<string, string>; rest: string };

type Clamped = { startDate: string; endDate: string; notice: string } | null;

/**
 * The REST request that answers as a tool call did: the docs example's, with the days of the
 * clamped range when the tool clamped an open-ended one (its source says so).
 */
function restWithClamp(rest: string, clamped: Clamped): string {
  if (clamped === null) return rest;
  const url = new URL(rest, "http://docs.example");
  url.searchParams.set("startDate", clamped.startDate);
  url.searchParams.set("endDate", clamped.endDate);
  return `${url.pathname}${url.search}`;
}

/** The source's clamped range of a successful tool result. */
const clampOf = (result: CallToolResult): Clamped =>
  (result.structuredContent as { source: { clampedRange: Clamped } }).source.clampedRange;

/**
 * One call per tool and the REST request that must answer the same: the first example /docs shows
 * for the tool's route (its path parameters and query as the tool's arguments), on this api's data.
 */
function callsFromDocs(deps: TestApi["deps"]): Record<string, ToolCall> {
  const reference = apiReference(routesOf(MARKETS), deps);
  const calls: Record<string, ToolCall> = {};
  for (const tool of DATA_TOOLS) {
    const example = reference.routes
      .find((route) => route.id === tool.route.operationId)
      ?.examples.find((candidate) => candidate.method === "GET" && !candidate.browser);
    if (example === undefined) throw new Error(`${tool.name}: its route shows no GET example`);
    const url = new URL(example.pathAndQuery, "http://docs.example");
    const pathNames: string[] = [];
    const pattern = new RegExp(
      `^${tool.route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        pathNames.push(name);
        return "([^/]+)";
      })}$`,
    );
    const match = pattern.exec(url.pathname);
    if (match === null) throw new Error(`${tool.name}: ${example.pathAndQuery} is not its route`);
    calls[tool.name] = {
      args: {
        ...Object.fromEntries(
          pathNames.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? "")]),
        ),
        ...Object.fromEntries(url.searchParams),
      },
      rest: example.pathAndQuery,
    };
  }
  return calls;
}

/** A browser origin the api lets call it (CORS_ORIGINS), and one it does not. */
const ALLOWED_ORIGIN = "https://app.example";
const FOREIGN_ORIGIN = "http://rebound.example:8080";

let api: TestApi;
let key: string;
let CALLS: Record<string, ToolCall>;
beforeAll(async () => {
  api = await startTestApi({
    now: GPU_TEST_NOW,
    configure: (deps) => ({ ...deps, corsOrigins: [ALLOWED_ORIGIN] }),
  });
  key = (await api.createKey()).key;
  await api.load(
    [OLD_DAY, FREE_DAY].flatMap((date) => [
      observation({ date, modelId: "anthropic/claude-a", inputPricePerMtok: 3 }),
      observation({ date, modelId: "openai/gpt-a", inputPricePerMtok: 1.25 }),
      observation({ date, modelId: "mistralai/m-a", inputPricePerMtok: 0.4 }),
    ]),
  );
  await api.loadGpuTrades([...hourlyTrades("H100 SXM", 2), ...hourlyTrades("B200", 5)]);
  // One day of GitHub counts (12 of everything, 6 merged), as a sync stores them.
  await writeCodingCountsOfDay(api.db, {
    day: "2026-03-09",
    observations: searchesForDay("2026-03-09").map((request) => ({
      agent: request.agent,
      metric: request.metric,
      endpoint: request.endpoint,
      query: request.q,
      count: request.metric === "merged" ? 6 : 12,
    })),
    observedAt: GPU_TEST_NOW,
    observedOn: "2026-03-10",
    syncId: null,
  });
  await LLM_CODING.of(api.deps).counts.refresh();
  CALLS = callsFromDocs(api.deps);
});
afterAll(async () => api.close());

async function connect(url: string, bearer?: string): Promise<Client> {
  const client = new Client({ name: "tpi-test", version: "1.0.0" });
  const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${url}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

const rawPost = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${url}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
  });

const LIST_TOOLS = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });

/** A JSON-RPC tools/call as a raw body. */
const toolCall = (id: number, params: unknown) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "tools/call", params });

/** What a refused call's result must hold: the error flag, and the REST body as text and structured content. */
function expectRefusal(result: CallToolResult, body: unknown, label: string) {
  expect(result.isError, label).toBe(true);
  expect(result.structuredContent, label).toEqual(body);
  expect(JSON.parse((result.content[0] as { text: string }).text), label).toEqual(body);
}

describe("the MCP server over Streamable HTTP", () => {
  it("lists every data tool with a description, an input schema and an output schema", async () => {
    const client = await connect(api.url);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(DATA_TOOLS.map((tool) => tool.name));
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    }
    expect(Object.keys(CALLS).sort()).toEqual(DATA_TOOLS.map((tool) => tool.name).sort());
    await client.close();
  });

  it("answers every tool with the REST body for a key holder, with its source", async () => {
    const client = await connect(api.url, key);
    for (const tool of DATA_TOOLS) {
      const { args, rest } = CALLS[tool.name] ?? { args: {}, rest: "" };
      const result = await call(client, tool.name, args);
      expect(result.isError, tool.name).toBeFalsy();
      const restAnswer = await api.get(restWithClamp(rest, clampOf(result)), {
        authorization: `Bearer ${key}`,
      });
      expect(restAnswer.status, tool.name).toBe(200);
      const structured = result.structuredContent as { data: unknown; source: unknown };
      expect(structured.data, tool.name).toEqual(restAnswer.body);
      const text = (result.content[0] as { type: string; text: string }).text;
      expect(JSON.parse(text), tool.name).toEqual(structured);
      // The caller's access (a Full key) beside what the tool needs.
      expect(structured.source, tool.name).toMatchObject({
        tool: tool.name,
        access: { caller: "key", plan: "full", tool: toolAccess(tool) },
      });
      // The SDK's client checked it against the listed output schema; so does the tool's own.
      expect(tool.output.safeParse(structured).error, tool.name).toBeUndefined();
    }
    const token = (await call(client, "get_token_index", { lab: "anthropic" }))
      .structuredContent as { source: Record<string, unknown> };
    expect(token.source).toMatchObject({
      endpoint: "/api/otpi",
      parameters: { lab: "anthropic" },
      dates: { first: FREE_DAY, last: FREE_DAY },
      unit: "USD per million tokens",
      methodologyVersion: TOKEN.of(api.deps).rules.version,
      dataSources: TOKEN.of(api.deps).index.dataSources,
    });
    const gpu = (
      await call(client, "get_gpu_price_at", {
        gpuName: "H100 SXM",
        datetime: "2026-03-09 06:10:00",
      })
    ).structuredContent as { data: { data: Record<string, unknown> }; source: unknown };
    expect(gpu.data.data).toMatchObject({ time_difference: 600, is_exact: false });
    expect(gpu.source).toMatchObject({
      endpoint: "/api/gpu/H100%20SXM/history",
      unit: "USD per GPU-hour",
      methodologyVersion: "2.0",
      // The trades' own source (the test's, not the generated sample), as the database counted them.
      dataSources: {
        sample: false,
        notice: null,
        sources: [{ source: "test", sample: false, latestAsOf: expect.any(String) }],
      },
    });
    await client.close();
  });

  it("takes a JSON number or boolean wherever a tool's input schema says integer, number or boolean, answering as REST does", async () => {
    const client = await connect(api.url, key);
    const { tools } = await client.listTools();
    let typedArguments = 0;
    // The data tools, which answer as their REST route does (the account's webhook tools are
    // listed to a key holder too, and tested in webhook-tools.int.test.ts).
    const dataToolNames = new Set(DATA_TOOLS.map((tool) => tool.name));
    for (const listed of tools.filter((tool) => dataToolNames.has(tool.name))) {
      const properties = (listed.inputSchema.properties ?? {}) as Record<
        string,
        { type?: string; default?: number | boolean; minimum?: number }
      >;
      const { args, rest } = CALLS[listed.name] ?? { args: {}, rest: "" };
      for (const [name, property] of Object.entries(properties)) {
        // A release number names a cut release, and none is cut here: the history routes'
        // release answers are tested with their markets' datasets.
        if (name === RELEASE_PARAMETER) continue;
        if (
          property.type !== "integer" &&
          property.type !== "number" &&
          property.type !== "boolean"
        )
          continue;
        typedArguments += 1;
        // The docs example's value, else the schema's default or least value.
        const text = String(args[name] ?? property.default ?? property.minimum ?? 1);
        const typed = property.type === "boolean" ? text === "true" : Number(text);
        const url = new URL(rest, "http://docs.example");
        url.searchParams.set(name, text);
        const label = `${listed.name}(${name}: ${JSON.stringify(typed)})`;
        const result = await call(client, listed.name, { ...args, [name]: typed });
        const restAnswer = await api.get(
          restWithClamp(`${url.pathname}${url.search}`, clampOf(result)),
          { authorization: `Bearer ${key}` },
        );
        expect(restAnswer.status, label).toBe(200);
        expect(result.isError, label).toBeFalsy();
        expect((result.structuredContent as { data: unknown }).data, label).toEqual(
          restAnswer.body,
        );
      }
    }
    expect(typedArguments).toBeGreaterThan(0);
    await client.close();
  });

  it("clamps a keyed call's open-ended range to a trailing window shorter than 180 days, and says so", async () => {
    const client = await connect(api.url, key);
    const today = "2026-03-10";
    const window = { startDate: addDays(today, -(OPEN_RANGE_MAX_DAYS - 1)), endDate: today };
    expect(OPEN_RANGE_MAX_DAYS).toBeLessThan(180);
    // Every tool whose route would answer an open range with all it has; the others bound it.
    const clamping: string[] = [];
    for (const tool of DATA_TOOLS) {
      const { startDate: _start, endDate: _end, ...args } = CALLS[tool.name]?.args ?? {};
      const result = await call(client, tool.name, args);
      if (result.isError) continue;
      const clamped = clampOf(result);
      if (clamped === null) continue;
      clamping.push(tool.name);
      expect(clamped, tool.name).toEqual({ ...window, notice: clampedRangeNotice(window) });
    }
    expect(clamping.sort()).toEqual([
      "get_gpu_index_history",
      "get_llm_coding_history",
      "get_llm_coding_revisions",
      "get_llm_coding_tokens",
      "get_memory_history",
      "get_memory_revisions",
      "get_token_index_revisions",
      "get_workload_cost",
    ]);
    // The answer is the REST answer over the clamped days, and the source names that call.
    const workload = await call(client, "get_workload_cost", {});
    const rest = await api.get(
      `/api/workload?startDate=${window.startDate}&endDate=${window.endDate}`,
      { authorization: `Bearer ${key}` },
    );
    expect(workload.structuredContent).toMatchObject({
      data: rest.body,
      source: { parameters: window },
    });
    // A given start keeps it; the end is the window's, or today when that comes first.
    const fromStart = await call(client, "get_memory_history", {
      memoryType: "mem_ddr5_16gb",
      startDate: "2026-01-01",
    });
    expect(clampOf(fromStart)).toMatchObject({ startDate: "2026-01-01", endDate: today });
    const toEnd = await call(client, "get_memory_history", {
      memoryType: "mem_ddr5_16gb",
      endDate: "2026-01-31",
    });
    expect(clampOf(toEnd)).toMatchObject({
      startDate: addDays("2026-01-31", -(OPEN_RANGE_MAX_DAYS - 1)),
      endDate: "2026-01-31",
    });
    // Both ends given: nothing clamped, however long the range.
    const both = await call(client, "get_workload_cost", {
      startDate: "2020-01-01",
      endDate: today,
    });
    expect(clampOf(both)).toBeNull();
    await client.close();
    // A keyless caller is bounded by the free tier's trailing window already.
    const keyless = await connect(api.url);
    expect(
      clampOf(await call(keyless, "get_gpu_index_history", { gpuName: "H100 SXM" })),
    ).toBeNull();
    await keyless.close();
  });

  it("limits keyless calls to the free tier and refuses keyed tools with the REST error body", async () => {
    const client = await connect(api.url);
    for (const tool of DATA_TOOLS) {
      const { args, rest } = CALLS[tool.name] ?? { args: {}, rest: "" };
      const result = await call(client, tool.name, args);
      const restAnswer = await api.get(rest);
      if (toolAccess(tool) === "key") {
        expect(restAnswer.status, tool.name).toBe(401);
        expect(result.isError, tool.name).toBe(true);
        expect(result.structuredContent, tool.name).toEqual(restAnswer.body);
      } else {
        expect(result.isError, tool.name).toBeFalsy();
        const structured = result.structuredContent as { data: unknown; source: unknown };
        expect(structured.data, tool.name).toEqual(restAnswer.body);
        expect(structured.source, tool.name).toMatchObject({
          access: { caller: "keyless", plan: null, tool: "keyless" },
        });
      }
      // Refusals fit the output schema too (the SDK's client checks every structured content).
      expect(tool.output.safeParse(result.structuredContent).error, tool.name).toBeUndefined();
    }
    // History beyond the free window, a keyed lab, a keyed GPU: each the REST 401, word for word.
    const refusals: Array<[string, Record<string, unknown>, string]> = [
      [
        "get_token_index",
        { lab: "anthropic", startDate: OLD_DAY, endDate: FREE_DAY },
        `/api/otpi?lab=anthropic&startDate=${OLD_DAY}&endDate=${FREE_DAY}`,
      ],
      ["get_token_index", { lab: "mistralai" }, "/api/otpi?lab=mistralai"],
      ["get_gpu_price_latest", { gpuName: "RTX PRO 6000 WS" }, "/api/gpu/RTX%20PRO%206000%20WS"],
    ];
    for (const [name, args, rest] of refusals) {
      const result = await call(client, name, args);
      const restAnswer = await api.get(rest);
      expect(restAnswer.status, rest).toBe(401);
      expect(result.isError, rest).toBe(true);
      expect(result.structuredContent, rest).toEqual(restAnswer.body);
      expect(JSON.parse((result.content[0] as { text: string }).text), rest).toEqual(
        restAnswer.body,
      );
    }
    // The keyless answer holds the free-tier labs only, as REST's.
    const latest = (await call(client, "get_token_index", {})).structuredContent as {
      data: { access: string; data: { lab: string }[] };
    };
    expect(latest.data.access).toBe("public-1mo");
    expect(latest.data.data.map((row) => row.lab).sort()).toEqual(["anthropic", "openai"]);
    await client.close();
  });

  it("names the key's plan in the source and refuses a Full-plan tool to other plans with the REST 403", async () => {
    const premium = (await api.createKey("premium")).key;
    const client = await connect(api.url, premium);
    const auth = { authorization: `Bearer ${premium}` };
    const latest = await call(client, "get_gpu_price_latest", { gpuName: "H100 SXM" });
    expect(latest.isError).toBeFalsy();
    expect((latest.structuredContent as { source: unknown }).source).toMatchObject({
      access: { caller: "key", plan: "premium", tool: "keyless" },
    });
    for (const name of ["get_gpu_hourly_prints", "get_gpu_rolling_average"]) {
      const { args, rest } = CALLS[name] ?? { args: {}, rest: "" };
      const restAnswer = await api.get(rest, auth);
      expect(restAnswer.status, name).toBe(403);
      expect(restAnswer.body, name).toMatchObject({ message: HOURLY_REQUIRES_FULL_MESSAGE });
      expectRefusal(await call(client, name, args), restAnswer.body, name);
    }
    await client.close();
  });

  it("refuses missing, unknown and malformed arguments in the REST route's words, as structured tool errors", async () => {
    const client = await connect(api.url, key);
    const auth = { authorization: `Bearer ${key}` };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      // A required query parameter left out.
      [
        "get_token_index_constituents",
        { date: FREE_DAY },
        `/api/otpi/constituents?date=${FREE_DAY}`,
      ],
      ["get_token_volume", { endDate: FREE_DAY }, `/api/token-volume?endDate=${FREE_DAY}`],
      // An argument the route does not take: the SDK's client passes it on, the route names it.
      [
        "get_token_index",
        { lab: "anthropic", labs: "openai" },
        "/api/otpi?lab=anthropic&labs=openai",
      ],
      ["list_gpus", { region: "us" }, "/api/gpu-types?region=us"],
      // The path parameter left out: the route's message, listing the GPUs.
      ["get_gpu_price_latest", {}, "/api/gpu/%20"],
    ];
    for (const [name, args, rest] of cases) {
      const restAnswer = await api.get(rest, auth);
      expect(restAnswer.status, rest).toBe(400);
      expectRefusal(await call(client, name, args), restAnswer.body, rest);
    }
    expect(
      (await call(client, "get_token_index_constituents", { date: FREE_DAY })).structuredContent,
    ).toEqual({ error: "Bad request", message: "Query parameter 'lab' is required." });
    expect((await call(client, "get_gpu_price_latest", {})).structuredContent).toEqual({
      error: "Bad request",
      message: INVALID_GPU_MESSAGE,
    });
    // A value a query string cannot carry: the route's words for it.
    expect(
      (await call(client, "get_token_index", { lab: { name: "anthropic" } })).structuredContent,
    ).toEqual({
      error: "Bad request",
      message: "Query parameter 'lab' must be a single string value.",
    });
    await client.close();
  });

  it("answers an unknown tool with JSON-RPC's invalid params (-32602), naming the tools", async () => {
    const client = await connect(api.url);
    const refused = await client.callTool({ name: "get_weather", arguments: {} }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(McpError);
    expect((refused as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((refused as McpError).message).toContain("Unknown tool: 'get_weather'. Tools: ");
    await client.close();

    const raw = await rawPost(api.url, toolCall(4, { name: "get_weather", arguments: {} }));
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual({
      jsonrpc: "2.0",
      id: 4,
      error: {
        code: -32602,
        message: `Unknown tool: 'get_weather'. Tools: ${DATA_TOOLS.map((t) => t.name).join(", ")}.`,
      },
    });
  });

  it("answers parameters that do not fit the method with -32602 in a sentence, never -32603 or a schema dump", async () => {
    const notAnObject = await rawPost(
      api.url,
      toolCall(5, { name: "get_token_index", arguments: "notanobject" }),
    );
    expect(notAnObject.status).toBe(200);
    expect(await notAnObject.json()).toEqual({
      jsonrpc: "2.0",
      id: 5,
      error: {
        code: -32602,
        message:
          "Invalid params for tools/call: 'params.arguments' must be an object, not a string.",
      },
    });
    const noName = await rawPost(api.url, toolCall(6, { arguments: {} }));
    expect(await noName.json()).toEqual({
      jsonrpc: "2.0",
      id: 6,
      error: {
        code: -32602,
        message: "Invalid params for tools/call: 'params.name' must be a string, not missing.",
      },
    });
    const badUri = await rawPost(
      api.url,
      JSON.stringify({ jsonrpc: "2.0", id: 7, method: "resources/read", params: { uri: 42 } }),
    );
    expect(await badUri.json()).toMatchObject({
      id: 7,
      error: { code: -32602, message: expect.stringContaining("'params.uri' must be a string") },
    });
    // An unknown method is the SDK's -32601.
    const unknown = await rawPost(
      api.url,
      JSON.stringify({ jsonrpc: "2.0", id: 8, method: "tools/destroy", params: {} }),
    );
    expect(await unknown.json()).toMatchObject({ id: 8, error: { code: -32601 } });
  });

  it("answers JSON that is not a JSON-RPC message with -32600 Invalid Request (400), with its id when it has one", async () => {
    const cases: Array<[unknown, string, number | string | undefined]> = [
      [{ jsonrpc: "2.0", id: 9 }, `"method" is missing`, 9],
      [{ jsonrpc: "2.0", id: "a", params: {} }, `"method" is missing`, "a"],
      [{ id: 10, method: "tools/list" }, `"jsonrpc" must be "2.0"`, 10],
      [{ jsonrpc: "2.0", id: 11, method: 5 }, `"method" must be a string`, 11],
      [
        { jsonrpc: "2.0", id: 12, method: "tools/list", params: "x" },
        `"params" must be an object`,
        12,
      ],
      [
        { jsonrpc: "2.0", id: { a: 1 }, method: "tools/list" },
        `"id" must be a string or an integer`,
        undefined,
      ],
      [{ hello: "world" }, `"jsonrpc" must be "2.0"`, undefined],
      [[], "the batch is empty", undefined],
      ["tools/list", "a JSON-RPC message is a JSON object", undefined],
      [null, "a JSON-RPC message is a JSON object", undefined],
    ];
    for (const [body, problem, id] of cases) {
      const label = JSON.stringify(body);
      const res = await rawPost(api.url, JSON.stringify(body));
      expect(res.status, label).toBe(400);
      expect(res.headers.get("content-type"), label).toContain("application/json");
      const answer = (await res.json()) as {
        id?: unknown;
        error: { code: number; message: string };
      };
      expect(answer.error.code, label).toBe(-32600);
      expect(answer.error.message, label).toContain(`Invalid Request: ${problem}`);
      // The request's id when it has a usable one; none otherwise (MCP's error response).
      expect(answer.id, label).toBe(id);
    }
    // Not JSON at all stays the parse error.
    const notJson = await rawPost(api.url, "{not json");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({
      jsonrpc: "2.0",
      error: { code: -32700, message: "Parse error: the message is not valid JSON." },
    });
  });

  it("answers a body the parser refuses with its status and a JSON-RPC error body", async () => {
    const res = await rawPost(api.url, LIST_TOOLS, {
      "content-type": "application/json; charset=latin1",
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      jsonrpc: "2.0",
      error: {
        code: -32000,
        message: 'The request body could not be read: unsupported charset "LATIN1".',
      },
    });
  });

  it("answers a body over the limit with 413 and a JSON-RPC error body", async () => {
    const big = toolCall(13, {
      name: "get_token_index",
      arguments: { lab: "x".repeat(JSON_BODY_LIMIT_BYTES) },
    });
    const res = await rawPost(api.url, big);
    expect(res.status).toBe(413);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await res.json()).toEqual({
      jsonrpc: "2.0",
      error: {
        code: -32000,
        message: `Payload Too Large: the request body must not exceed 16 kB (${JSON_BODY_LIMIT_BYTES} bytes).`,
      },
    });
  });

  it("refuses a browser origin that is not allowed with 403 (DNS rebinding), and allows listed origins and requests without Origin", async () => {
    for (const method of ["POST", "GET"]) {
      const refused = await fetch(`${api.url}/mcp`, {
        method,
        headers: {
          origin: FOREIGN_ORIGIN,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: method === "POST" ? LIST_TOOLS : undefined,
      });
      expect(refused.status, method).toBe(403);
      expect(await refused.json(), method).toEqual({
        jsonrpc: "2.0",
        error: {
          code: -32000,
          message: `Forbidden: requests from the origin '${FOREIGN_ORIGIN}' are not allowed. A browser client's origin must be listed in the server's CORS_ORIGINS.`,
        },
      });
    }
    // `null` (a sandboxed page, a file) is not an allowed origin either.
    expect((await rawPost(api.url, LIST_TOOLS, { origin: "null" })).status).toBe(403);
    const allowed = await rawPost(api.url, LIST_TOOLS, { origin: ALLOWED_ORIGIN });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("access-control-allow-origin")).toBe(ALLOWED_ORIGIN);
    expect((await rawPost(api.url, LIST_TOOLS)).status).toBe(200);
  });

  it("serves RFC 9728 protected resource metadata, named by the 401's WWW-Authenticate", async () => {
    const metadataUrl = `${api.url}/.well-known/oauth-protected-resource`;
    const bad = await rawPost(api.url, LIST_TOOLS, { authorization: "Bearer tpi_not_a_key" });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${metadataUrl}", error="invalid_token"`,
    );
    for (const path of [
      "/.well-known/oauth-protected-resource",
      "/.well-known/oauth-protected-resource/mcp",
    ]) {
      const res = await api.get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toContain("application/json");
      expect(res.headers.get("cache-control"), path).toBe("public, max-age=3600");
      expect(res.body, path).toEqual({
        resource: `${api.url}/mcp`,
        resource_name: "Token Price Index MCP server",
        resource_documentation: `${api.url}/docs`,
        bearer_methods_supported: ["header"],
      });
      const head = await api.request(path, { method: "HEAD" });
      expect(head.status, path).toBe(200);
      expect(head.text, path).toBe("");
      const post = await api.post(path, {});
      expect(post.status, path).toBe(405);
      expect(post.headers.get("allow"), path).toBe("GET, HEAD, OPTIONS");
      expect(post.body, path).toMatchObject({ error: "Method not allowed" });
    }
    // Through a proxy the api trusts, the addresses are the ones the client used.
    const proxied = await startTestApi({
      now: GPU_TEST_NOW,
      configure: (deps) => ({ ...deps, trustProxy: 1 }),
    });
    try {
      const res = await proxied.get("/.well-known/oauth-protected-resource", {
        "x-forwarded-proto": "https",
        "x-forwarded-host": "api.example.com",
      });
      expect(res.body).toMatchObject({
        resource: "https://api.example.com/mcp",
        resource_documentation: "https://api.example.com/docs",
      });
    } finally {
      await proxied.close();
    }
  });

  it("answers a parameter the route refuses with the REST 400 text", async () => {
    const client = await connect(api.url, key);
    const result = await call(client, "get_token_index", { date: "2026-02-30" });
    const restAnswer = await api.get("/api/otpi?date=2026-02-30", {
      authorization: `Bearer ${key}`,
    });
    expect(restAnswer.status).toBe(400);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual(restAnswer.body);
    await client.close();
  });

  it("refuses an unknown lab or GPU name in the REST route's words, listing the allowed values", async () => {
    const client = await connect(api.url, key);
    const lab = await call(client, "get_token_index", { lab: "Anthropic" });
    expect(lab.isError).toBe(true);
    expect((lab.content[0] as { text: string }).text).toContain(invalidLabMessage("Anthropic"));
    const gpu = await call(client, "get_gpu_price_latest", { gpuName: "H100" });
    expect(gpu.isError).toBe(true);
    expect((gpu.content[0] as { text: string }).text).toContain(INVALID_GPU_MESSAGE);
    await client.close();
  });

  it("serves the methodology documents as resources", async () => {
    const client = await connect(api.url);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      "tpi://methodology/token",
      "tpi://methodology/gpu",
      "tpi://methodology/memory",
      "tpi://methodology/workload",
      "tpi://methodology/llm-coding",
      "tpi://methodology/neocloud",
    ]);
    const coding = await client.readResource({ uri: "tpi://methodology/llm-coding" });
    const codingText = (coding.contents[0] as { text: string }).text;
    expect(codingText).toContain("head:codex/ created:YYYY-MM-DD is:merged");
    expect(codingText).toContain("- github-search: 1 UTC days from 2026-03-09 to 2026-03-09");
    const token = await client.readResource({ uri: "tpi://methodology/token" });
    const tokenText = (token.contents[0] as { text: string }).text;
    expect(JSON.parse(tokenText)).toEqual((await api.get("/api/otpi/methodology")).body);
    const gpu = await client.readResource({ uri: "tpi://methodology/gpu" });
    const gpuText = (gpu.contents[0] as { text: string }).text;
    expect(gpuText).toContain("version 2.0");
    expect(gpuText).toContain("USD per GPU-hour");
    expect(gpuText).toMatch(/## Data sources\n\n- test: trades on \d+ UTC days from 2026-03-/);
    await client.close();
  });

  it("refuses a bad key with the REST 401 body and answers bad requests as JSON, never a 500", async () => {
    const bad = await rawPost(api.url, LIST_TOOLS, { authorization: "Bearer tpi_not_a_key" });
    const restBad = await api.get("/api/otpi", { authorization: "Bearer tpi_not_a_key" });
    expect(bad.status).toBe(401);
    const { requestId: _id, ...badBody } = (await bad.json()) as Record<string, unknown>;
    expect(badBody).toEqual(restBad.body);

    const malformed = await rawPost(api.url, '{"jsonrpc": "2.0", "id": 1, "method": ');
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get("content-type")).toContain("application/json");
    expect(await malformed.json()).toMatchObject({ jsonrpc: "2.0", error: { code: -32700 } });

    // A keyless GET: no event stream for it (subscriptions need a key); DELETE: no session to end.
    for (const [method, allow] of [
      ["GET", "POST"],
      ["DELETE", "GET, POST"],
    ] as const) {
      const res = await fetch(`${api.url}/mcp`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow"), method).toBe(allow);
      expect(await res.json(), method).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
    }
  });
});

describe("the MCP server's rate limits", () => {
  let limited: TestApi;
  let limitedKey: string;
  const PUBLIC = { ...PUBLIC_RATE_LIMIT, limit: 3 };
  const KEYED = { ...MCP_KEY_RATE_LIMIT, limit: 2 };
  beforeAll(async () => {
    limited = await startTestApi({
      now: GPU_TEST_NOW,
      configure: (deps) => ({
        ...deps,
        rateLimits: { ...RELAXED_RATE_LIMITS, public: PUBLIC, mcpKey: KEYED },
      }),
    });
    limitedKey = (await limited.createKey()).key;
  });
  afterAll(async () => limited.close());

  it("counts keyless calls against the public limiter and keyed ones per key, with REST's 429", async () => {
    for (let i = 0; i < PUBLIC.limit; i++)
      expect((await rawPost(limited.url, LIST_TOOLS)).status).toBe(200);
    const keyless = await rawPost(limited.url, LIST_TOOLS);
    expect(keyless.status).toBe(429);
    expect(Number(keyless.headers.get("retry-after"))).toBeGreaterThan(0);
    const restLimited = await limited.get("/api/otpi");
    expect(restLimited.status).toBe(429);
    const keylessBody = (await keyless.json()) as { error: string; message: string };
    expect(keylessBody.error).toBe("Too many requests");
    expect(keylessBody.message).toContain("3 requests per minute per IP address");

    // The same IP with a key: its own allowance, not the exhausted public one.
    const withKey = { authorization: `Bearer ${limitedKey}` };
    for (let i = 0; i < KEYED.limit; i++)
      expect((await rawPost(limited.url, LIST_TOOLS, withKey)).status).toBe(200);
    const keyed = await rawPost(limited.url, LIST_TOOLS, withKey);
    expect(keyed.status).toBe(429);
    expect(Number(keyed.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await keyed.json()) as { message: string }).message).toContain(
      "2 requests per minute per API key",
    );
  });
});
