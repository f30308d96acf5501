import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../http/errors";
import { observation, startTestApi, type TestApi } from "../../testing/test-api";

// "Now" is 2026-03-10 12:30 UTC; 2026-03-08 is settled and inside the free window.
const NOW = new Date("2026-03-10T12:30:00.000Z");

let api: TestApi;
let unseenKey: string;
beforeAll(async () => {
  api = await startTestApi({ now: NOW, proxyDatabase: true });
  unseenKey = (await api.createKey()).key;
  await api.load([
    observation({ date: "2026-03-08", modelId: "anthropic/claude-a", inputPricePerMtok: 3 }),
  ]);
});
afterAll(async () => {
  await api.databaseProxy?.restore();
  await api.close();
});

describe("the MCP server while PostgreSQL refuses connections", () => {
  it("answers published values from memory and a tool needing the database with the REST 503 text", async () => {
    const client = new Client({ name: "tpi-outage-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${api.url}/mcp`)));
    api.databaseProxy?.cut();
    try {
      const latest = (await client.callTool({
        name: "get_token_index",
        arguments: { lab: "anthropic" },
      })) as CallToolResult;
      expect(latest.isError).toBeFalsy();
      const constituents = (await client.callTool({
        name: "get_token_index_constituents",
        arguments: { date: "2026-03-08", lab: "anthropic" },
      })) as CallToolResult;
      expect(constituents.isError).toBe(true);
      expect(constituents.structuredContent).toEqual({
        error: "Service unavailable",
        message: DATABASE_UNAVAILABLE_MESSAGE,
      });
      expect(JSON.stringify(constituents)).not.toMatch(/ECONNREFUSED|node_modules|\n\s+at /);

      // A key never checked before cannot be checked now: the REST 503, not a 401 or a 500.
      const unseen = await fetch(`${api.url}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${unseenKey}`,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      });
      expect(unseen.status).toBe(503);
      expect(unseen.headers.get("retry-after")).toBe("5");
      expect(await unseen.json()).toMatchObject({ error: "Service unavailable" });
    } finally {
      await api.databaseProxy?.restore();
      await client.close();
    }
  });
});
