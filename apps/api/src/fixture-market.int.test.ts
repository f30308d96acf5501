import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MARKETS } from "./markets";
import { commandsOf, usageOf } from "./platform/cli/commands";
import { readEnv } from "./platform/runtime/env";
import { FIXTURE_DAY, fixtureMarket } from "./testing/fixture-market";
import { startTestApi, type TestApi } from "./testing/test-api";

/**
 * A market is one folder and one line in the market list: this fixture market (one object,
 * testing/fixture-market.ts) is handed to the platform beside the real ones, and appears in
 * REST, the OpenAPI document, the website's /docs reference, MCP, tRPC, the chat, the typed
 * client, the command line and the configuration, with its route's parameter everywhere.
 */
const WITH_FIXTURE = [...MARKETS, fixtureMarket] as const;
const INTERNAL_TOKEN = "internal-token-for-fixture-0123456789";
const PRICE_PATH = "/api/fixture/{widget}/price";

let api: TestApi;
let key: string;
beforeAll(async () => {
  api = await startTestApi({
    now: new Date("2026-03-10T12:00:00Z"),
    internalToken: INTERNAL_TOKEN,
    marketList: WITH_FIXTURE,
  });
  key = (await api.createKey()).key;
});
afterAll(async () => api.close());

const trpc = (path: string) =>
  api.get(`/trpc/${path}`, { authorization: `Bearer ${INTERNAL_TOKEN}` });

describe("a fixture market added in one place", () => {
  it("answers its route over REST, and refuses its parameter's bad value in the shared words", async () => {
    const res = await api.get(`/api/fixture/sprocket/price?day=${FIXTURE_DAY}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ widget: "sprocket", day: FIXTURE_DAY, usdPerWidget: 2.5 });
    const bad = await api.get("/api/fixture/sprocket/price?day=2026-02-30");
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      error: "Bad request",
      message:
        "Query parameter 'day' must be a real calendar date in YYYY-MM-DD format; got '2026-02-30'.",
    });
  });

  it("is described by the OpenAPI document, with its parameter", async () => {
    const document = (await api.get("/openapi.json")).body as {
      paths: Record<string, { get: { parameters: Array<{ name: string; in: string }> } }>;
    };
    const parameters = document.paths[PRICE_PATH]?.get.parameters.map((p) => `${p.in}:${p.name}`);
    expect(parameters).toEqual(expect.arrayContaining(["path:widget", "query:day"]));
  });

  it("is on the website's /docs reference, with its parameter", async () => {
    const res = await trpc("apiReference");
    const routes = (
      res.body as {
        result: { data: { routes: Array<{ path: string; parameters: Array<{ name: string }> }> } };
      }
    ).result.data.routes;
    const route = routes.find((entry) => entry.path === PRICE_PATH);
    expect(route?.parameters.map((p) => p.name)).toEqual(["widget", "day"]);
  });

  it("is an MCP tool whose input is the route's parameters and whose answer is REST's", async () => {
    const client = new Client({ name: "fixture-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${api.url}/mcp`)));
    try {
      const { tools } = await client.listTools();
      const tool = tools.find((entry) => entry.name === "get_fixture_widget_price");
      expect(Object.keys(tool?.inputSchema.properties ?? {})).toEqual(["widget", "day"]);
      expect(tool?.description).toContain("(GET /api/fixture/{widget}/price)");
      const result = (await client.callTool({
        name: "get_fixture_widget_price",
        arguments: { widget: "gizmo" },
      })) as CallToolResult;
      expect(result.structuredContent).toMatchObject({
        data: (await api.get("/api/fixture/gizmo/price")).body,
        source: { unit: "USD per widget", methodologyVersion: "fixture-1" },
      });
    } finally {
      await client.close();
    }
  });

  it("has its procedures in the website's tRPC router, with the route's input", async () => {
    const input = encodeURIComponent(JSON.stringify({ widget: "gizmo", day: FIXTURE_DAY }));
    const res = await trpc(`fixture.widgetPrice?input=${input}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      result: { data: { widget: "gizmo", day: FIXTURE_DAY, usdPerWidget: 7.25 } },
    });
    const windows = (await trpc("windows")).body as { result: { data: Record<string, unknown> } };
    expect(windows.result.data.fixture).toEqual({ startDate: FIXTURE_DAY, endDate: FIXTURE_DAY });
  });

  it("answers the chat from its route, citing it", async () => {
    const res = await api.post(
      "/api/chat",
      { message: "What is the sprocket price?" },
      { authorization: `Bearer ${key}` },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      data: {
        intent: "latest",
        answer: `sprocket: $2.50 per widget (settled ${FIXTURE_DAY}).`,
        sources: [{ endpoint: PRICE_PATH, parameters: { widget: "sprocket" } }],
      },
    });
  });

  it("is typed in the client generated from the served document", async () => {
    const document = (await api.get("/openapi.json")).body as OpenAPI3;
    const types = astToString(await openapiTS(document));
    expect(types).toContain(`"${PRICE_PATH}": {`);
    expect(types).toMatch(/day\?: string/);
  });

  it("brings its commands and its configuration", () => {
    expect(Object.keys(commandsOf(WITH_FIXTURE))).toContain("fixture-greet");
    expect(usageOf(WITH_FIXTURE)).toContain("fixture-greet");
    expect(readEnv(WITH_FIXTURE, { FIXTURE_GREETING: "hi" }).FIXTURE_GREETING).toBe("hi");
    expect(readEnv(MARKETS, {}).FIXTURE_GREETING).toBeUndefined();
  });
});
