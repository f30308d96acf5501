import { MARKETS } from "../../markets";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ErrorCode, McpError, type CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiProcess } from "../../testing/api-process";
import { runCli } from "../../testing/cli";
import { GPU_TEST_NOW, hourlyTrades } from "../../testing/gpu-trades";
import { observation, startTestApi, type TestApi } from "../../testing/test-api";
import { dataToolsOf } from "./tools";

const DATA_TOOLS = dataToolsOf(MARKETS);

// `tpi mcp` spawned as a real process on the test's database and clock, driven by the SDK's client.
const FREE_DAY = "2026-03-08";

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi({ now: GPU_TEST_NOW });
  key = (await api.createKey()).key;
  await api.load([
    observation({ date: FREE_DAY, modelId: "anthropic/claude-a", inputPricePerMtok: 3 }),
    observation({ date: FREE_DAY, modelId: "mistralai/m-a", inputPricePerMtok: 0.4 }),
  ]);
  await api.loadGpuTrades(hourlyTrades("H100 SXM", 2));
});
afterAll(async () => api.close());

const mcpCommand = (args: string[] = []) => apiProcess("cli", ["mcp", ...args]);

const mcpEnv = (): Record<string, string> => ({
  ...(process.env as Record<string, string>),
  // Logs at debug: they must all go to stderr, never into the protocol on stdout.
  LOG_LEVEL: "debug",
  DATABASE_URL: api.databaseUrl,
  TPI_TEST_CLOCK: GPU_TEST_NOW.toISOString(),
});

async function spawnMcp(args: string[] = []): Promise<{ client: Client; stderr: () => string }> {
  const { command, args: commandArgs, cwd } = mcpCommand(args);
  const transport = new StdioClientTransport({
    command,
    args: commandArgs,
    cwd,
    env: mcpEnv(),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: "tpi-stdio-test", version: "1.0.0" });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

describe("tpi mcp (stdio)", () => {
  it("serves keyless callers the free tier and refuses keyed tools with the REST text", async () => {
    const { client, stderr } = await spawnMcp();
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(DATA_TOOLS.map((tool) => tool.name));
      for (const tool of tools) expect(tool.outputSchema?.type, tool.name).toBe("object");
      const latest = await call(client, "get_token_index", {});
      expect(latest.isError).toBeFalsy();
      expect((latest.structuredContent as { data: unknown }).data).toEqual(
        (await api.get("/api/otpi")).body,
      );
      expect((latest.structuredContent as { source: unknown }).source).toMatchObject({
        access: { caller: "keyless", plan: null, tool: "keyless" },
      });
      const gpu = await call(client, "get_gpu_price_latest", { gpuName: "H100 SXM" });
      expect((gpu.structuredContent as { data: unknown }).data).toEqual(
        (await api.get("/api/gpu/H100%20SXM")).body,
      );
      const refused = await call(client, "get_token_index_revisions", {});
      expect(refused.isError).toBe(true);
      expect(refused.structuredContent).toEqual((await api.get("/api/otpi/revisions")).body);
      const keyedLab = await call(client, "get_token_index", { lab: "mistralai" });
      expect(keyedLab.isError).toBe(true);
      expect(keyedLab.structuredContent).toEqual((await api.get("/api/otpi?lab=mistralai")).body);
      // The logs went to stderr (the protocol would have broken otherwise).
      expect(stderr()).toContain("MCP server on stdio for keyless callers");
    } finally {
      await client.close();
    }
  });

  it("answers for the key given with --key", async () => {
    const { client } = await spawnMcp(["--key", key]);
    try {
      const auth = { authorization: `Bearer ${key}` };
      const revisions = await call(client, "get_token_index_revisions", {});
      expect(revisions.isError).toBeFalsy();
      expect((revisions.structuredContent as { data: unknown }).data).toEqual(
        (await api.get("/api/otpi/revisions", auth)).body,
      );
      expect((revisions.structuredContent as { source: unknown }).source).toMatchObject({
        access: { caller: "key", plan: "full", tool: "key" },
      });
      const keyedLab = await call(client, "get_token_index", { lab: "mistralai" });
      expect((keyedLab.structuredContent as { data: unknown }).data).toEqual(
        (await api.get("/api/otpi?lab=mistralai", auth)).body,
      );
    } finally {
      await client.close();
    }
  });

  it("refuses an unknown tool with -32602 and a missing argument in the route's words", async () => {
    const { client } = await spawnMcp();
    try {
      const refused = await client.callTool({ name: "get_weather", arguments: {} }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(McpError);
      expect((refused as McpError).code).toBe(ErrorCode.InvalidParams);
      expect((refused as McpError).message).toContain("Unknown tool: 'get_weather'");
      const missing = await call(client, "get_token_index_constituents", { date: FREE_DAY });
      expect(missing.isError).toBe(true);
      expect(missing.structuredContent).toEqual({
        error: "Bad request",
        message: "Query parameter 'lab' is required.",
      });
    } finally {
      await client.close();
    }
  });

  it("answers lines that are not JSON-RPC messages as JSON-RPC says, and goes on serving", async () => {
    const { command, args, cwd } = mcpCommand();
    const child = spawn(command, args, {
      cwd,
      env: mcpEnv(),
      stdio: ["pipe", "pipe", "ignore"],
    });
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const answer = async (line: string): Promise<unknown> => {
      child.stdin.write(`${line}\n`);
      const next = await lines.next();
      return JSON.parse(next.value as string);
    };
    try {
      expect(await answer("{not json")).toEqual({
        jsonrpc: "2.0",
        error: { code: -32700, message: "Parse error: the message is not valid JSON." },
      });
      expect(await answer(JSON.stringify({ jsonrpc: "2.0", id: 7 }))).toMatchObject({
        id: 7,
        error: { code: -32600, message: expect.stringContaining(`"method" is missing`) },
      });
      expect(
        await answer(
          JSON.stringify({
            jsonrpc: "2.0",
            id: 8,
            method: "tools/call",
            params: { name: "get_token_index", arguments: "notanobject" },
          }),
        ),
      ).toEqual({
        jsonrpc: "2.0",
        id: 8,
        error: {
          code: -32602,
          message:
            "Invalid params for tools/call: 'params.arguments' must be an object, not a string.",
        },
      });
      const served = (await answer(
        JSON.stringify({
          jsonrpc: "2.0",
          id: 9,
          method: "tools/call",
          params: { name: "list_token_labs", arguments: {} },
        }),
      )) as { id: number; result: { isError?: boolean } };
      expect(served.id).toBe(9);
      expect(served.result.isError).toBeFalsy();
    } finally {
      child.stdin.end();
      await new Promise((resolve) => child.once("exit", resolve));
    }
  });

  it("refuses to start with a key that is not valid, saying why", () => {
    const run = runCli(["mcp", "--key", "tpi_not_a_real_key"], {
      databaseUrl: api.databaseUrl,
      now: GPU_TEST_NOW,
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("tpi mcp: the MCP key: Invalid API key");
  });
});
