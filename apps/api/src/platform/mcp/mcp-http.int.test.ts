import { MARKETS } from "../../markets";
import { TOKEN } from "../../markets/token/read-model/state";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  INVALID_GPU_MESSAGE,
  MCP_KEY_RATE_LIMIT,
  PUBLIC_RATE_LIMIT,
  invalidLabMessage,
} from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GPU_TEST_NOW, hourlyTrades } from "../../testing/gpu-trades";
import {
  RELAXED_RATE_LIMITS,
  observation,
  startTestApi,
  type TestApi,
} from "../../testing/test-api";
import { dataToolsOf, toolAccess } from "./tools";

const DATA_TOOLS = dataToolsOf(MARKETS);

// "Now" is 2026-03-10 12:30 UTC: the token free window starts 2026-02-10; 2026-03-08 is settled
// and free, 2026-01-05 is older than the free window. GPU prints run to 12:00 today.
const FREE_DAY = "2026-03-08";
const OLD_DAY = "2026-01-05";

/** One valid call per tool, and the REST request that must answer the same. */
const CALLS: Record<string, { args: Record<string, unknown>; rest: string }> = {
  get_token_index: { args: { lab: "anthropic" }, rest: "/api/otpi?lab=anthropic" },
  get_token_index_constituents: {
    args: { date: FREE_DAY, lab: "anthropic" },
    rest: `/api/otpi/constituents?date=${FREE_DAY}&lab=anthropic`,
  },
  get_token_methodology: { args: {}, rest: "/api/otpi/methodology" },
  get_token_index_revisions: { args: {}, rest: "/api/otpi/revisions" },
  get_gpu_price_latest: { args: { gpuName: "H100 SXM" }, rest: "/api/gpu/H100%20SXM" },
  get_gpu_daily_index_all: { args: {}, rest: "/api/daily-index/all" },
  get_gpu_price_at: {
    args: { gpuName: "H100 SXM", datetime: "2026-03-09 06:10:00" },
    rest: "/api/gpu/H100%20SXM/history?datetime=2026-03-09%2006:10:00",
  },
  get_gpu_index_history: {
    args: { gpuName: "H100 SXM", startDate: "2026-03-06", endDate: "2026-03-09" },
    rest: "/api/gpu/H100%20SXM/index-history?startDate=2026-03-06&endDate=2026-03-09",
  },
  list_token_labs: { args: {}, rest: "/api/token-types" },
  list_gpus: { args: {}, rest: "/api/gpu-types" },
};

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi({ now: GPU_TEST_NOW });
  key = (await api.createKey()).key;
  await api.load(
    [OLD_DAY, FREE_DAY].flatMap((date) => [
      observation({ date, modelId: "anthropic/claude-a", inputPricePerMtok: 3 }),
      observation({ date, modelId: "openai/gpt-a", inputPricePerMtok: 1.25 }),
      observation({ date, modelId: "mistralai/m-a", inputPricePerMtok: 0.4 }),
    ]),
  );
  await api.loadGpuTrades([...hourlyTrades("H100 SXM", 2), ...hourlyTrades("B200", 5)]);
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

describe("the MCP server over Streamable HTTP", () => {
  it("lists every data tool with a description and an input schema", async () => {
    const client = await connect(api.url);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(DATA_TOOLS.map((tool) => tool.name));
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type, tool.name).toBe("object");
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
      const restAnswer = await api.get(rest, { authorization: `Bearer ${key}` });
      expect(restAnswer.status, tool.name).toBe(200);
      const structured = result.structuredContent as { data: unknown; source: unknown };
      expect(structured.data, tool.name).toEqual(restAnswer.body);
      const text = (result.content[0] as { type: string; text: string }).text;
      expect(JSON.parse(text), tool.name).toEqual(structured);
      expect(structured.source, tool.name).toMatchObject({
        tool: tool.name,
        access: toolAccess(tool),
      });
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
    const gpu = (await call(client, "get_gpu_price_at", CALLS.get_gpu_price_at?.args ?? {}))
      .structuredContent as { data: { data: Record<string, unknown> }; source: unknown };
    expect(gpu.data.data).toMatchObject({ time_difference: 600, is_exact: false });
    expect(gpu.source).toMatchObject({
      endpoint: "/api/gpu/H100%20SXM/history",
      unit: "USD per GPU-hour",
      methodologyVersion: "1.0",
      // The trades' own source (the test's, not the generated sample), as the database counted them.
      dataSources: {
        sample: false,
        notice: null,
        sources: [{ source: "test", sample: false, latestAsOf: expect.any(String) }],
      },
    });
    await client.close();
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
        expect((result.structuredContent as { data: unknown }).data, tool.name).toEqual(
          restAnswer.body,
        );
      }
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
    ]);
    const token = await client.readResource({ uri: "tpi://methodology/token" });
    const tokenText = (token.contents[0] as { text: string }).text;
    expect(JSON.parse(tokenText)).toEqual((await api.get("/api/otpi/methodology")).body);
    const gpu = await client.readResource({ uri: "tpi://methodology/gpu" });
    const gpuText = (gpu.contents[0] as { text: string }).text;
    expect(gpuText).toContain("version 1.0");
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

    const notJsonRpc = await rawPost(api.url, JSON.stringify({ hello: "world" }));
    expect(notJsonRpc.status).toBeGreaterThanOrEqual(400);
    expect(notJsonRpc.status).toBeLessThan(500);
    expect(await notJsonRpc.json()).toMatchObject({ jsonrpc: "2.0", error: expect.any(Object) });

    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(`${api.url}/mcp`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow"), method).toBe("POST");
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
