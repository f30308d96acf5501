import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { API_KEY_REQUIRED_MESSAGE, WEBHOOK_MESSAGES } from "@tpi/domain";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETS } from "../../markets";
import { jsonStubForFile } from "../../testing/file-fixtures";
import { startTestApi, type TestApi } from "../../testing/test-api";
import { dataToolsOf } from "./tools";
import { WEBHOOK_TOOLS } from "./webhook-tools";

const receiver = await jsonStubForFile(() => ({ status: 200, body: { received: true } }));

let api: TestApi;
let key: string;
let strangerKey: string;
beforeAll(async () => {
  api = await startTestApi({
    // Near the real time: the receiver's library refuses a timestamp 5 minutes off its clock.
    now: new Date(),
    configure: (deps) => ({
      ...deps,
      webhooks: { policy: { allowHttp: true, allowPrivateAddresses: true } },
    }),
  });
  key = (await api.createKey("full")).key;
  strangerKey = (await api.createKey("full")).key;
});
afterAll(async () => api.close());

async function connect(bearer?: string): Promise<Client> {
  const client = new Client({ name: "tpi-webhook-test", version: "1.0.0" });
  const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${api.url}/mcp`), { requestInit: { headers } }),
  );
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;

function dataOf(result: CallToolResult): Record<string, unknown> {
  expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
  return (result.structuredContent as { data: Record<string, unknown> }).data;
}

describe("the webhook MCP tools", () => {
  it("are listed to a key holder only, after the data tools, with their annotations", async () => {
    const keyless = await connect();
    const listedKeyless = (await keyless.listTools()).tools.map((tool) => tool.name);
    expect(listedKeyless).toEqual(dataToolsOf(MARKETS).map((tool) => tool.name));
    await keyless.close();
    const keyed = await connect(key);
    const { tools } = await keyed.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      ...dataToolsOf(MARKETS).map((tool) => tool.name),
      ...WEBHOOK_TOOLS.map((tool) => tool.name),
    ]);
    const remove = tools.find((tool) => tool.name === "delete_webhook");
    expect(remove?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(remove?.outputSchema?.type).toBe("object");
    await keyed.close();
  });

  it("refuses a keyless call with the REST 401 body", async () => {
    const client = await connect();
    const refused = await call(client, "list_webhooks", {});
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toEqual({
      error: "Unauthorized",
      message: API_KEY_REQUIRED_MESSAGE,
    });
    await client.close();
  });

  it("creates, lists, pauses, resumes, tests, reads the log of and deletes a subscription", async () => {
    const client = await connect(key);
    const created = dataOf(
      await call(client, "create_webhook", {
        url: `${receiver.url}/mcp-hook`,
        filter: { types: ["value.settled"] },
      }),
    );
    const secret = String(created["secret"]);
    const { id } = created["subscription"] as { id: string };
    expect(secret).toMatch(/^whsec_/);
    const listed = dataOf(await call(client, "list_webhooks", {}));
    expect(listed).toMatchObject({ success: true, subscriptions: [{ id, status: "active" }] });
    expect(dataOf(await call(client, "pause_webhook", { id }))).toMatchObject({
      subscription: { status: "paused" },
    });
    expect(dataOf(await call(client, "resume_webhook", { id }))).toMatchObject({
      subscription: { status: "active" },
    });
    expect(dataOf(await call(client, "test_webhook", { id }))).toMatchObject({
      test: { delivered: true, responseStatus: 200 },
    });
    const [request] = receiver.requests;
    if (request === undefined) throw new Error("no test sent");
    expect(
      new Webhook(secret).verify(request.body, {
        "webhook-id": String(request.headers["webhook-id"]),
        "webhook-timestamp": String(request.headers["webhook-timestamp"]),
        "webhook-signature": String(request.headers["webhook-signature"]),
      }),
    ).toMatchObject({ type: "webhook.test" });
    expect(dataOf(await call(client, "list_webhook_deliveries", { id, limit: 5 }))).toMatchObject({
      deliveries: [],
      nextBefore: null,
      tests: [{ delivered: true }],
    });
    // Another account's key sees no such subscription.
    const stranger = await connect(strangerKey);
    const hidden = await call(stranger, "pause_webhook", { id });
    expect(hidden.structuredContent).toEqual({
      error: "Not found",
      message: WEBHOOK_MESSAGES.notFound,
    });
    await stranger.close();
    expect(dataOf(await call(client, "delete_webhook", { id }))).toEqual({
      success: true,
      id,
      deleted: true,
    });
    expect(dataOf(await call(client, "list_webhooks", {}))).toMatchObject({ subscriptions: [] });
    await client.close();
  });

  it("refuses bad arguments with a 400 body, as REST does", async () => {
    const client = await connect(key);
    for (const [name, args] of [
      ["create_webhook", {}],
      ["create_webhook", { url: "http://example.com", extra: true }],
      ["create_webhook", { url: `${receiver.url}/x`, filter: { markets: ["bananas"] } }],
      ["pause_webhook", { id: 5 }],
      ["list_webhook_deliveries", { id: "x", limit: "many" }],
    ] as const) {
      const refused = await call(client, name, args);
      expect(refused.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(refused.structuredContent).toEqual({
        error: "Bad request",
        message: expect.any(String),
      });
    }
    await client.close();
  });
});
