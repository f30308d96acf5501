import { MARKETS } from "../../markets";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { widgetPriceRoute } from "../../testing/fixture-market";
import { functionToolsOf } from "../chat/function-tools";
import type { Market } from "../core/market";
import type { Route } from "../core/route";
import { toolDefinitionOf } from "./server";
import { dataToolsOf, toolAccess } from "./tools";

const DATA_TOOLS = dataToolsOf(MARKETS);
const FUNCTION_TOOLS = functionToolsOf(MARKETS);

describe("the data tool list", () => {
  it("names each tool once, in snake_case", () => {
    const names = DATA_TOOLS.map((tool) => tool.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it("answers only through settled GET routes that need no response object (what answerRoute runs)", () => {
    for (const tool of DATA_TOOLS) {
      expect(tool.route.method, tool.name).toBe("get");
      expect(tool.route.settled, tool.name).toBeDefined();
      expect(tool.route.admit, tool.name).toBeUndefined();
    }
  });

  it("answers only through routes that declare their query, so that unknown arguments are refused by name", () => {
    for (const tool of DATA_TOOLS) expect(tool.route.query, tool.name).toBeDefined();
    const { query: _query, ...withoutQuery } = widgetPriceRoute as Route;
    const market = { name: "fixture", routes: [withoutQuery] } as unknown as Market;
    expect(() => dataToolsOf([market])).toThrow(/declares its query/);
  });

  it("tells a model which tools need a key, and which a Full plan key", () => {
    for (const tool of DATA_TOOLS) {
      expect(tool.description.includes("Needs an API key."), tool.name).toBe(
        toolAccess(tool) === "key",
      );
      // The routes that refuse a plan (authorizeCaller) are the hourly ones, Full keys only.
      expect(tool.description.includes("Only Full plan keys"), tool.name).toBe(
        tool.route.authorizeCaller !== undefined,
      );
    }
  });

  it("offers the token volume and the GPU analytics and hourly series as tools", () => {
    const byPath = new Map(DATA_TOOLS.map((tool) => [tool.route.path, tool.name]));
    expect(Object.fromEntries(byPath)).toMatchObject({
      "/api/token-volume": "get_token_volume",
      "/api/gpu/{gpuName}/volatility": "get_gpu_volatility",
      "/api/gpu/{gpuName}/volume-metrics": "get_gpu_volume_metrics",
      "/api/gpu/{gpuName}/hourly": "get_gpu_hourly_prints",
      "/api/gpu/{gpuName}/rolling-24h-average": "get_gpu_rolling_average",
    });
  });

  it("derives each output schema from the route's 200 body beside the source, or a refusal's error body", () => {
    const validator = new AjvJsonSchemaValidator();
    for (const tool of DATA_TOOLS) {
      const { inputSchema, outputSchema } = toolDefinitionOf(tool);
      expect(inputSchema.type, tool.name).toBe("object");
      // MCP wants an object at the root; the SDK's client compiles it with Ajv (draft-07), which
      // refuses zod's `id` keyword (the OpenAPI component names).
      expect(outputSchema?.type, tool.name).toBe("object");
      expect(JSON.stringify(outputSchema), tool.name).not.toMatch(/"id":"/);
      const check = validator.getValidator(outputSchema ?? {});
      expect(check({ error: "Bad request", message: "No." }).valid, tool.name).toBe(true);
      expect(check({ data: {}, source: {} }).valid, tool.name).toBe(false);
      expect(check({ error: "Bad request" }).valid, tool.name).toBe(false);
      // The success branch's `data` is the route's documented 200 body.
      const success = (tool.output as z.ZodUnion<[z.ZodObject, z.ZodObject]>).options[0];
      expect(success.shape.data, tool.name).toBe(tool.route.responses[200]?.schema);
    }
  });

  it("gives the chat's model the same tools as OpenAI function entries with object JSON schemas", () => {
    expect(FUNCTION_TOOLS.map((entry) => entry.function.name)).toEqual(
      DATA_TOOLS.map((tool) => tool.name),
    );
    for (const [i, entry] of FUNCTION_TOOLS.entries()) {
      const tool = DATA_TOOLS[i];
      expect(entry.type).toBe("function");
      expect(entry.function.description).toBe(tool?.description);
      expect(entry.function.parameters).toMatchObject({ type: "object" });
      expect(entry.function.parameters).not.toHaveProperty("$schema");
      expect(Object.keys(entry.function.parameters.properties as object)).toEqual(
        Object.keys(tool?.input.shape ?? {}),
      );
    }
  });
});
