import process from "node:process";
import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import {
  INVALID_REQUEST,
  PARSE_ERROR,
  PARSE_ERROR_MESSAGE,
  invalidMessageOf,
  jsonRpcError,
} from "./json-rpc";

/** The longest line (one message) read, in bytes: the SDK's stdio transport's bound. */
export const STDIO_MAX_LINE_BYTES = 10 * 1024 * 1024;

/**
 * MCP's stdio transport (one JSON-RPC message per line, newline-delimited, on stdin and stdout)
 * answering what is not a message as JSON-RPC says: a line that is not JSON gets a parse error
 * (-32700), JSON that is not one JSON-RPC message an invalid request (-32600, with the message's
 * id when it has one). The SDK's stdio transport drops such lines without an answer, so a client
 * would wait for its request forever. A line longer than `maxLineBytes` is refused and the
 * transport closes, as the SDK's does.
 */
export class JsonRpcStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private pending: Buffer = Buffer.alloc(0);
  private started = false;

  constructor(
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    private readonly maxLineBytes = STDIO_MAX_LINE_BYTES,
  ) {}

  start(): Promise<void> {
    if (this.started) return Promise.reject(new Error("the stdio transport is already started"));
    this.started = true;
    this.stdin.on("data", this.onData);
    this.stdin.on("error", this.onStreamError);
    return Promise.resolve();
  }

  private readonly onStreamError = (error: Error): void => this.onerror?.(error);

  private readonly onData = (chunk: Buffer): void => {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    for (let end = this.pending.indexOf(0x0a); end !== -1; end = this.pending.indexOf(0x0a)) {
      const line = this.pending.toString("utf8", 0, end).replace(/\r$/, "");
      this.pending = this.pending.subarray(end + 1);
      this.receive(line);
    }
    if (this.pending.length > this.maxLineBytes) {
      this.pending = Buffer.alloc(0);
      this.reply(
        jsonRpcError(
          INVALID_REQUEST,
          `Invalid Request: a message must not exceed ${this.maxLineBytes} bytes.`,
        ),
      );
      void this.close();
    }
  };

  private receive(line: string): void {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.reply(jsonRpcError(PARSE_ERROR, PARSE_ERROR_MESSAGE));
      return;
    }
    const invalid = invalidMessageOf(value);
    if (invalid !== undefined) {
      this.reply(invalid);
      return;
    }
    this.onmessage?.(value as JSONRPCMessage);
  }

  private reply(message: JSONRPCMessage): void {
    this.send(message).catch((error: unknown) =>
      this.onerror?.(error instanceof Error ? error : new Error(String(error))),
    );
  }

  close(): Promise<void> {
    this.stdin.off("data", this.onData);
    this.stdin.off("error", this.onStreamError);
    // Pause stdin only when nothing else reads it.
    if (this.stdin.listenerCount("data") === 0) this.stdin.pause();
    this.pending = Buffer.alloc(0);
    this.onclose?.();
    return Promise.resolve();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once("drain", resolve);
    });
  }
}
