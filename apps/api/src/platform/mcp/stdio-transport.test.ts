import { PassThrough } from "node:stream";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { JsonRpcStdioTransport } from "./stdio-transport";

/** A started transport on in-memory streams, with what it delivered and what it wrote. */
async function transportOnStreams(maxLineBytes?: number) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const transport = new JsonRpcStdioTransport(stdin, stdout, maxLineBytes);
  const delivered: JSONRPCMessage[] = [];
  let closed = false;
  transport.onmessage = (message) => delivered.push(message);
  transport.onclose = () => (closed = true);
  await transport.start();
  const written = (): unknown[] => {
    const text = (stdout.read() as Buffer | null)?.toString() ?? "";
    return text
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as unknown);
  };
  return { stdin, transport, delivered, written, closed: () => closed };
}

describe("the stdio transport", () => {
  it("delivers one message per line, across chunks, with CRLF, skipping blank lines", async () => {
    const { stdin, delivered, written } = await transportOnStreams();
    stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n\n{"jsonrpc":"2.0",');
    stdin.write('"id":2,"method":"ping"}\r\n');
    expect(delivered).toEqual([
      { jsonrpc: "2.0", id: 1, method: "ping" },
      { jsonrpc: "2.0", id: 2, method: "ping" },
    ]);
    expect(written()).toEqual([]);
  });

  it("answers a line that is not JSON with -32700 and JSON that is not a message with -32600, delivering neither", async () => {
    const { stdin, delivered, written } = await transportOnStreams();
    stdin.write("{not json\n");
    stdin.write('{"jsonrpc":"2.0","id":3}\n');
    stdin.write('{"jsonrpc":"2.0","id":4,"method":"ping"}\n');
    expect(written()).toEqual([
      {
        jsonrpc: "2.0",
        error: { code: -32700, message: "Parse error: the message is not valid JSON." },
      },
      {
        jsonrpc: "2.0",
        id: 3,
        error: { code: -32600, message: expect.stringContaining(`"method" is missing`) as string },
      },
    ]);
    expect(delivered).toEqual([{ jsonrpc: "2.0", id: 4, method: "ping" }]);
  });

  it("writes each message it sends as one line", async () => {
    const { transport, written } = await transportOnStreams();
    await transport.send({ jsonrpc: "2.0", id: 1, result: {} });
    expect(written()).toEqual([{ jsonrpc: "2.0", id: 1, result: {} }]);
  });

  it("refuses a line longer than its bound and closes", async () => {
    const { stdin, delivered, written, closed } = await transportOnStreams(64);
    stdin.write(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"${"y".repeat(100)}`);
    expect(written()).toEqual([
      {
        jsonrpc: "2.0",
        error: { code: -32600, message: "Invalid Request: a message must not exceed 64 bytes." },
      },
    ]);
    expect(closed()).toBe(true);
    expect(delivered).toEqual([]);
  });
});
