import { MARKETS } from "../../markets";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../testing/cli";
import { GPU_TEST_NOW, hourlyTrades } from "../../testing/gpu-trades";
import { observation, startTestApi, type TestApi } from "../../testing/test-api";
import { dataToolsOf } from "./tools";

const DATA_TOOLS = dataToolsOf(MARKETS);

// `tpi mcp` spawned as a real process on the test's database and clock, driven by the SDK's client.
const API_DIR = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
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

async function spawnMcp(args: string[] = []): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ["--import", "tsx", "src/cli.ts", "mcp", ...args],
    cwd: API_DIR,
    env: {
      ...(process.env as Record<string, string>),
      // Logs at info: they must all go to stderr, never into the protocol on stdout.
      LOG_LEVEL: "debug",
      DATABASE_URL: api.databaseUrl,
      TPI_TEST_CLOCK: GPU_TEST_NOW.toISOString(),
    },
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
      const latest = await call(client, "get_token_index", {});
      expect(latest.isError).toBeFalsy();
      expect((latest.structuredContent as { data: unknown }).data).toEqual(
        (await api.get("/api/otpi")).body,
      );
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
      const keyedLab = await call(client, "get_token_index", { lab: "mistralai" });
      expect((keyedLab.structuredContent as { data: unknown }).data).toEqual(
        (await api.get("/api/otpi?lab=mistralai", auth)).body,
      );
    } finally {
      await client.close();
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
