import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { invalidBodyOf, invalidMessageOf, invalidParamsOf, jsonRpcError } from "./json-rpc";

describe("JSON-RPC messages", () => {
  it("accepts requests, notifications and responses", () => {
    for (const message of [
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      { jsonrpc: "2.0", id: "a", method: "tools/call", params: { name: "x" } },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, result: {} },
      { jsonrpc: "2.0", id: 3, error: { code: -1, message: "no" } },
    ])
      expect(invalidMessageOf(message), JSON.stringify(message)).toBeUndefined();
  });

  it("says in a sentence why a value is not a message (-32600), with its id when it has a usable one", () => {
    const cases: Array<[unknown, string, string | number | undefined]> = [
      [{ jsonrpc: "2.0", id: 1 }, `"method" is missing`, 1],
      [{ jsonrpc: "1.0", id: 2, method: "ping" }, `"jsonrpc" must be "2.0"`, 2],
      [
        { jsonrpc: "2.0", id: 1.5, method: "ping" },
        `"id" must be a string or an integer`,
        undefined,
      ],
      [
        { jsonrpc: "2.0", id: null, method: "ping" },
        `"id" must be a string or an integer`,
        undefined,
      ],
      [{ jsonrpc: "2.0", id: 3, method: ["ping"] }, `"method" must be a string`, 3],
      [{ jsonrpc: "2.0", id: 4, method: "ping", params: [1] }, `"params" must be an object`, 4],
      [
        { jsonrpc: "2.0", id: 5, method: "ping", extra: true },
        "a request or a notification carries only",
        5,
      ],
      [{ jsonrpc: "2.0", id: 6, result: "done" }, "a response carries", 6],
      [42, "a JSON-RPC message is a JSON object", undefined],
      [
        [{ jsonrpc: "2.0", id: 1, method: "ping" }],
        "a JSON-RPC message is a JSON object",
        undefined,
      ],
    ];
    for (const [value, problem, id] of cases) {
      const answer = invalidMessageOf(value);
      expect(answer, JSON.stringify(value)).toEqual(
        jsonRpcError(-32600, expect.stringContaining(`Invalid Request: ${problem}`) as never, id),
      );
      expect(answer?.id, JSON.stringify(value)).toBe(id);
    }
  });

  it("accepts a batch of messages over HTTP, and refuses an empty one or one holding a bad message", () => {
    const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
    expect(invalidBodyOf([ping, { ...ping, id: 2 }])).toBeUndefined();
    expect(invalidBodyOf([])?.error.message).toBe("Invalid Request: the batch is empty.");
    expect(invalidBodyOf([ping, { jsonrpc: "2.0", id: 3 }])).toMatchObject({
      id: 3,
      error: { code: -32600 },
    });
  });

  it("leaves the id out of an error when the request's is unknown (MCP's error response has no null id)", () => {
    expect(jsonRpcError(-32700, "Parse error")).toEqual({
      jsonrpc: "2.0",
      error: { code: -32700, message: "Parse error" },
    });
    expect(jsonRpcError(-32600, "No", 0)).toEqual({
      jsonrpc: "2.0",
      id: 0,
      error: { code: -32600, message: "No" },
    });
  });

  it("answers parameters that do not fit their method with -32602, naming the field, its type and what it must be", () => {
    const call = (params: unknown) =>
      invalidParamsOf({ jsonrpc: "2.0", id: 1, method: "tools/call", params } as JSONRPCMessage);
    expect(call({ name: "t", arguments: "notanobject" })).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: {
        code: -32602,
        message:
          "Invalid params for tools/call: 'params.arguments' must be an object, not a string.",
      },
    });
    expect(call({ name: "t", arguments: [1] })?.error.message).toBe(
      "Invalid params for tools/call: 'params.arguments' must be an object, not an array.",
    );
    expect(call({ arguments: {} })?.error.message).toBe(
      "Invalid params for tools/call: 'params.name' must be a string, not missing.",
    );
    expect(call({ name: "t", arguments: { lab: 5 } })).toBeUndefined();
    expect(call({ name: "t" })).toBeUndefined();
    // Unknown methods, notifications and responses are left to the SDK.
    expect(
      invalidParamsOf({ jsonrpc: "2.0", id: 1, method: "tools/destroy", params: { x: 1 } }),
    ).toBeUndefined();
    expect(
      invalidParamsOf({ jsonrpc: "2.0", method: "notifications/cancelled", params: {} }),
    ).toBeUndefined();
  });
});
