import { MARKETS } from "../../markets";
import { describe, expect, it } from "vitest";
import { functionToolsOf } from "../chat/function-tools";
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

  it("tells a model which tools need a key", () => {
    for (const tool of DATA_TOOLS)
      expect(tool.description.includes("Needs an API key."), tool.name).toBe(
        toolAccess(tool) === "key",
      );
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
