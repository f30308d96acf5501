import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { GpuTradeInput } from "@tpi/db";
import { GPU_DATETIME_PATTERN, UTC_DAY_PATTERN } from "@tpi/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { observation, startTestApi, type TestApi } from "../../testing/test-api";
import { MCP_PATH, MCP_SIGN_IN_PATH } from "../mcp/http";
import { MARKETS } from "../../markets";
import { routesOf } from "../routes";

const ROUTES = routesOf(MARKETS);
import { buildOpenApiDocument } from "./document";

type Doc = {
  openapi: string;
  info: { version: string };
  paths: Record<
    string,
    Record<string, { responses: Record<string, unknown>; security: unknown[] }>
  >;
  components: { securitySchemes: Record<string, unknown> };
};
const doc = buildOpenApiDocument(ROUTES, MARKETS) as Doc;

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1.0 document, version 1.0.0, with the bearer scheme", async () => {
    const result = await new Validator().validate(
      doc as unknown as Parameters<Validator["validate"]>[0],
    );
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("1.0.0");
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(doc.paths["/api/chat"]?.post?.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths["/api/otpi"]?.get?.security).toEqual([{}, { bearerAuth: [] }]);
    expect(doc.paths["/api/chat"]?.post?.responses["429"]).toMatchObject({
      headers: { "Retry-After": expect.any(Object) },
    });
  });

  it("names its server relative to where it is read, and describes every tag", () => {
    const full = doc as unknown as {
      servers: unknown[];
      tags: { name: string; description?: string }[];
    };
    expect(full.servers).toEqual([{ url: "/", description: expect.any(String) }]);
    expect(full.tags.filter((tag) => !tag.description)).toEqual([]);
  });

  it("states what the server enforces: one of the GPU's two names, real dates and times, no extra fields", () => {
    type Parameters = {
      name: string;
      in: string;
      required: boolean;
      schema: Record<string, unknown>;
    }[];
    const parametersOf = (path: string) =>
      (doc.paths[path]?.get as unknown as { parameters: Parameters }).parameters;
    const [selection] = parametersOf("/api/daily-index");
    expect(selection).toMatchObject({
      in: "query",
      required: true,
      style: "form",
      explode: true,
      schema: { type: "object", additionalProperties: false, minProperties: 1 },
    });
    const gpuSchema = ajv.compile(selection?.schema ?? {});
    expect(gpuSchema({})).toBe(false);
    expect(gpuSchema({ gpuType: "H200" })).toBe(true);
    expect(gpuSchema({ gpu: "H200" })).toBe(true);
    expect(gpuSchema({ gpuType: "H200", gpu: "H200" })).toBe(true);
    expect(gpuSchema({ gpuType: "H200", gpu: "B200" })).toBe(false);
    expect(gpuSchema({ gpuType: "H300" })).toBe(false);

    const datetime = parametersOf("/api/gpu/{gpuName}/history").find((p) => p.name === "datetime");
    expect(datetime?.schema.pattern).toBe(GPU_DATETIME_PATTERN.source);
    for (const path of [
      "/api/gpu/{gpuName}/history-simple",
      "/api/gpu/{gpuName}/history-range",
      "/api/gpu/{gpuName}/hourly",
      "/api/gpu/{gpuName}/rolling-24h-average/history",
    ])
      for (const name of ["startDate", "endDate"])
        expect(
          parametersOf(path).find((p) => p.name === name)?.schema.pattern,
          `${path} ${name}`,
        ).toBe(GPU_DATETIME_PATTERN.source);
    for (const path of ["/api/gpu/{gpuName}/volatility", "/api/gpu/{gpuName}/volume-metrics"])
      for (const name of ["startDate", "endDate"])
        expect(
          parametersOf(path).find((p) => p.name === name)?.schema.pattern,
          `${path} ${name}`,
        ).toBe(UTC_DAY_PATTERN.source);

    const createKey = ajv.compile({
      $ref: "openapi#/paths/~1api~1create-api-key/post/requestBody/content/application~1json/schema",
    });
    expect(createKey({ name: "x" })).toBe(true);
    expect(createKey({ name: "x", extra: 42 })).toBe(false);
    expect(createKey({ name: "   " })).toBe(false);
    const chat = ajv.compile({ $ref: "openapi#/components/schemas/ChatRequest" });
    expect(chat({ message: "hi", history: [{ role: "user", content: "x" }] })).toBe(true);
    expect(chat({ message: "hi", history: [{ role: "user", content: "x", extra: 1 }] })).toBe(
      false,
    );
  });

  it("describes every REST route the app serves", async () => {
    const api = await startTestApi({ now: new Date("2026-03-10T12:30:00Z") });
    try {
      const served = servedRoutes(createApp(api.deps)).filter(
        // Swagger UI's own files; the internal metrics (behind the internal token, like /trpc);
        // the MCP server (JSON-RPC, not REST: its tools are listed in docs/mcp.md).
        (r) =>
          !r.path.startsWith("/docs/") &&
          r.path !== "/metrics" &&
          r.path !== MCP_PATH &&
          r.path !== MCP_SIGN_IN_PATH,
      );
      const documented = ROUTES.map((r) => `${r.method.toUpperCase()} ${r.path}`).sort();
      // A path may be registered twice (POST /api/chat: the chat limiter's chain, then the route).
      const servedKeys = new Set(
        served.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`),
      );
      expect([...servedKeys].sort()).toEqual(documented);
    } finally {
      await api.close();
    }
  });
});

/** GET/POST routes registered on the app through routers (Express 5 keeps them in `router.stack`). */
function servedRoutes(app: ReturnType<typeof createApp>): Array<{ method: string; path: string }> {
  type Layer = {
    route?: { path: string; methods: Record<string, boolean> };
    handle?: { stack?: Layer[] };
  };
  const found: Array<{ method: string; path: string }> = [];
  const walk = (stack: Layer[] | undefined) => {
    for (const layer of stack ?? []) {
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods))
          if (on && (method === "get" || method === "post"))
            found.push({ method: method.toUpperCase(), path: layer.route.path });
      } else walk(layer.handle?.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

// Contract test: real responses, success and error, checked against the document's schemas.
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormatsModule as unknown as (a: Ajv2020) => void)(ajv);
ajv.addSchema({ ...doc, $id: "openapi" });
const pointer = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

function expectConforms(template: string, method: string, status: number, body: unknown): void {
  const operation = doc.paths[template]?.[method];
  expect(operation, `${method} ${template} is documented`).toBeDefined();
  expect(
    Object.keys(operation?.responses ?? {}),
    `${method} ${template} documents ${status}`,
  ).toContain(String(status));
  const validate = ajv.compile({
    $ref: `openapi#/paths/${pointer(template)}/${method}/responses/${status}/content/application~1json/schema`,
  });
  expect(
    validate(body),
    `${method} ${template} ${status}: ${JSON.stringify(validate.errors)}`,
  ).toBe(true);
}

describe("contract: responses conform to the document", () => {
  const NOW = new Date("2026-03-10T12:30:00.000Z");
  let api: TestApi;
  let key: string;
  let trialKey: string;
  beforeAll(async () => {
    api = await startTestApi({ now: NOW });
    await api.load([
      observation({ date: "2026-03-07", modelId: "anthropic/claude-a" }),
      observation({ date: "2026-03-08", modelId: "openai/gpt-a" }),
    ]);
    const trades: GpuTradeInput[] = [];
    for (
      let hour = Date.parse("2026-03-07T00:00:00Z"), i = 0;
      hour <= Date.parse("2026-03-10T11:00:00Z");
      hour += 3_600_000, i++
    ) {
      trades.push({
        tradeId: `t${i}`,
        gpuName: "H100 SXM",
        executedAt: new Date(hour + 60_000),
        priceUsdPerGpuHour: 2 + (i % 7) * 0.01,
        gpuHours: 8,
        provider: "p",
        source: "test",
      });
    }
    await api.loadGpuTrades(trades);
    key = (await api.createKey()).key;
    trialKey = (await api.createKey("trial", { trialEndsAt: new Date(NOW.getTime() + 86_400_000) }))
      .key;
  });
  afterAll(async () => api.close());

  type Case = {
    template: string;
    path: string;
    method?: "get" | "post";
    auth?: boolean | "trial";
    body?: unknown;
    status: number;
  };
  const cases: Case[] = [
    { template: "/health", path: "/health", status: 200 },
    { template: "/openapi.json", path: "/openapi.json", status: 200 },
    { template: "/api/otpi", path: "/api/otpi", status: 200 },
    {
      template: "/api/otpi",
      path: "/api/otpi?startDate=2026-03-01&endDate=2026-03-09",
      status: 200,
    },
    { template: "/api/otpi", path: "/api/otpi?lab=nope", status: 400 },
    { template: "/api/otpi", path: "/api/otpi?lab=qwen", status: 401 },
    { template: "/api/otpi", path: "/api/otpi?date=2026-03-02", status: 404 },
    {
      template: "/api/otpi/constituents",
      path: "/api/otpi/constituents?date=2026-03-07&lab=anthropic",
      status: 200,
    },
    {
      template: "/api/otpi/constituents",
      path: "/api/otpi/constituents?date=2026-03-07&lab=minimax",
      auth: true,
      status: 200,
    },
    {
      template: "/api/otpi/constituents",
      path: "/api/otpi/constituents?date=2026-03-07",
      status: 400,
    },
    {
      template: "/api/otpi/constituents",
      path: "/api/otpi/constituents?date=2026-03-07&lab=minimax",
      status: 401,
    },
    {
      template: "/api/otpi/constituents",
      path: "/api/otpi/constituents?date=2026-03-09&lab=openai",
      status: 404,
    },
    { template: "/api/otpi/methodology", path: "/api/otpi/methodology", status: 200 },
    { template: "/api/otpi/methodology", path: "/api/otpi/methodology?x=1", status: 400 },
    { template: "/api/otpi/revisions", path: "/api/otpi/revisions", auth: true, status: 200 },
    {
      template: "/api/otpi/revisions",
      path: "/api/otpi/revisions?startDate=2026-03-09&endDate=2026-03-01",
      auth: true,
      status: 400,
    },
    { template: "/api/otpi/revisions", path: "/api/otpi/revisions", status: 401 },
    {
      template: "/api/token-volume",
      path: "/api/token-volume?startDate=2026-03-01&endDate=2026-03-09",
      auth: true,
      status: 200,
    },
    {
      template: "/api/token-volume",
      path: "/api/token-volume?startDate=2026-03-01&endDate=2026-03-09",
      auth: "trial",
      status: 200,
    },
    {
      template: "/api/token-volume",
      path: "/api/token-volume?endDate=2026-03-09",
      auth: true,
      status: 400,
    },
    {
      template: "/api/token-volume",
      path: "/api/token-volume?startDate=2026-03-01&endDate=2026-03-09",
      status: 401,
    },
    {
      template: "/api/token-volume",
      path: "/api/token-volume?startDate=2026-03-02&endDate=2026-03-06",
      auth: true,
      status: 404,
    },
    {
      template: "/api/create-api-key",
      path: "/api/create-api-key",
      method: "post",
      auth: true,
      body: { name: "contract" },
      status: 201,
    },
    {
      template: "/api/create-api-key",
      path: "/api/create-api-key",
      method: "post",
      auth: true,
      body: { name: "" },
      status: 400,
    },
    {
      template: "/api/create-api-key",
      path: "/api/create-api-key",
      method: "post",
      body: { name: "x" },
      status: 401,
    },
    {
      template: "/api/create-api-key",
      path: "/api/create-api-key",
      method: "post",
      auth: "trial",
      body: { name: "x" },
      status: 403,
    },
    { template: "/api/token-types", path: "/api/token-types", status: 200 },
    { template: "/api/token-types-free", path: "/api/token-types-free", status: 200 },
    { template: "/api/token-types-free", path: "/api/token-types-free?x=1", status: 400 },
    { template: "/api/gpu-types", path: "/api/gpu-types", status: 200 },
    { template: "/api/gpu-types-free", path: "/api/gpu-types-free", status: 200 },
    { template: "/api/gpu/{gpuName}", path: "/api/gpu/H100%20SXM", status: 200 },
    { template: "/api/gpu/{gpuName}", path: "/api/gpu/H100", status: 400 },
    { template: "/api/gpu/{gpuName}", path: "/api/gpu/RTX%20PRO%206000%20WS", status: 401 },
    { template: "/api/gpu/{gpuName}", path: "/api/gpu/B200", status: 404 },
    { template: "/api/daily-index/all", path: "/api/daily-index/all", status: 200 },
    { template: "/api/daily-index/all", path: "/api/daily-index/all", auth: true, status: 200 },
    {
      template: "/api/gpu/{gpuName}/history",
      path: "/api/gpu/H100%20SXM/history?datetime=2026-03-08%2010:00:00",
      auth: true,
      status: 200,
    },
    {
      template: "/api/gpu/{gpuName}/history",
      path: "/api/gpu/H100%20SXM/history",
      auth: true,
      status: 400,
    },
    {
      template: "/api/gpu/{gpuName}/history",
      path: "/api/gpu/H100%20SXM/history?datetime=2026-03-08",
      status: 401,
    },
    {
      template: "/api/gpu/{gpuName}/history",
      path: "/api/gpu/B200/history?datetime=2026-03-08",
      auth: true,
      status: 404,
    },
    {
      template: "/api/gpu/{gpuName}/index-history",
      path: "/api/gpu/H100%20SXM/index-history",
      status: 200,
    },
    {
      template: "/api/gpu/{gpuName}/index-history",
      path: "/api/gpu/H100%20SXM/index-history?startDate=2020-01-01",
      auth: true,
      status: 200,
    },
    {
      template: "/api/gpu/{gpuName}/index-history",
      path: "/api/gpu/H100%20SXM/index-history?startDate=2020-01-01",
      status: 401,
    },
    {
      template: "/api/gpu/{gpuName}/index-history",
      path: "/api/gpu/H100%20SXM/index-history?endDate=x",
      status: 400,
    },
    {
      template: "/api/gpu/{gpuName}/index-history",
      path: "/api/gpu/A100%20SXM4/index-history",
      status: 404,
    },
    {
      template: "/api/gpu/{gpuName}/volatility",
      path: "/api/gpu/H100%20SXM/volatility?startDate=2026-03-07&endDate=2026-03-09&windowDays=2",
      auth: true,
      status: 200,
    },
    {
      template: "/api/gpu/{gpuName}/volatility",
      path: "/api/gpu/H100%20SXM/volatility?startDate=2026-03-07&endDate=2026-03-09",
      auth: "trial",
      status: 200,
    },
    {
      template: "/api/gpu/{gpuName}/volatility",
      path: "/api/gpu/H100%20SXM/volatility?startDate=2026-03-07&endDate=2026-03-09",
      status: 401,
    },
    {
      template: "/api/gpu/{gpuName}/volatility",
      path: "/api/gpu/H100%20SXM/volatility?startDate=2026-03-07&endDate=2026-03-09&windowDays=0",
      auth: true,
      status: 400,
    },
    {
      template: "/api/gpu/{gpuName}/volatility",
      path: "/api/gpu/B200/volatility?startDate=2026-03-07&endDate=2026-03-09",
      auth: true,
      status: 404,
    },
    {
      template: "/api/gpu/{gpuName}/volume-metrics",
      path: "/api/gpu/H100%20SXM/volume-metrics?startDate=2026-03-07&endDate=2026-03-09&granularity=hourly",
      auth: true,
      status: 200,
    },
    {
      template: "/api/gpu/{gpuName}/volume-metrics",
      path: "/api/gpu/H100%20SXM/volume-metrics?startDate=2026-03-07&endDate=2026-03-09",
      auth: "trial",
      status: 200,
    },
    {
      template: "/api/gpu/{gpuName}/volume-metrics",
      path: "/api/gpu/H100%20SXM/volume-metrics?endDate=2026-03-09",
      auth: true,
      status: 400,
    },
    {
      template: "/api/gpu/{gpuName}/volume-metrics",
      path: "/api/gpu/H100%20SXM/volume-metrics?startDate=2026-03-07&endDate=2026-03-09",
      status: 401,
    },
    {
      template: "/api/chat",
      path: "/api/chat",
      method: "post",
      auth: true,
      body: { message: "How did the H100 change over the last week?" },
      status: 200,
    },
    {
      template: "/api/chat",
      path: "/api/chat",
      method: "post",
      auth: true,
      body: { message: "Who won the match?" },
      status: 200,
    },
    {
      template: "/api/chat",
      path: "/api/chat",
      method: "post",
      auth: true,
      body: { message: "" },
      status: 400,
    },
    {
      template: "/api/chat",
      path: "/api/chat",
      method: "post",
      body: { message: "hi" },
      status: 401,
    },
    {
      template: "/api/chat",
      path: "/api/chat",
      method: "post",
      auth: true,
      body: {
        message: "x".repeat(1000),
        history: Array.from({ length: 10 }, () => ({ role: "user", content: "é".repeat(1000) })),
      },
      status: 413,
    },
  ];

  it.each(cases)("$path ($status)", async (c) => {
    const headers: Record<string, string> = {
      ...(c.auth ? { authorization: `Bearer ${c.auth === "trial" ? trialKey : key}` } : {}),
      ...(c.body ? { "content-type": "application/json" } : {}),
    };
    const res = await api.request(c.path, {
      method: (c.method ?? "get").toUpperCase(),
      headers,
      ...(c.body ? { body: JSON.stringify(c.body) } : {}),
    });
    expect(res.status, res.text).toBe(c.status);
    expectConforms(c.template, c.method ?? "get", c.status, res.body);
  });

  it("would catch a body that breaks the document", () => {
    const validate = ajv.compile({
      $ref: "openapi#/paths/~1api~1gpu-types/get/responses/200/content/application~1json/schema",
    });
    expect(validate({ success: true, data: [{ gpu_name: "H100 SXM", region: "global" }] })).toBe(
      true,
    );
    expect(validate({ success: true, data: [{ gpu_name: "H100", region: "global" }] })).toBe(false);
    expect(
      validate({ success: true, data: [{ gpu_name: "H100 SXM", region: "global", extra: 1 }] }),
    ).toBe(false);
  });

  it("serves the document and the interactive reference with its own assets", async () => {
    const json = await api.get("/openapi.json");
    expect(json.status).toBe(200);
    expect(json.body).toEqual(JSON.parse(JSON.stringify(doc)));
    const page = await api.get("/docs");
    expect(page.status).toBe(200);
    expect(page.text).toContain('src="/docs/assets/swagger-ui-bundle.js"');
    expect(page.text).not.toMatch(/https?:\/\//);
    for (const asset of [
      "/docs/assets/swagger-ui-bundle.js",
      "/docs/assets/swagger-ui.css",
      "/docs/init.js",
    ]) {
      const res = await api.get(asset);
      expect(res.status, asset).toBe(200);
      expect(res.text.length, asset).toBeGreaterThan(20);
    }
  });
});
