import { connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../app";
import { startTestApi, type TestApi } from "../../testing/test-api";
import { createLimitedServer, type ServerLimits } from "./server-limits";
import { JSON_BODY_LIMIT_BYTES } from "./limits";

/**
 * Request bodies and heads at the edge, from raw TCP clients (what `fetch` cannot send: a
 * declared length and no body, a body that never ends, no Host): a body over the limit is never
 * read, its 413 comes at once and its connection closes without resetting the client; a request
 * without Host gets the JSON 400. Waits are bounded generously, never timed: the server's own
 * timeouts are a minute, so an answer within the bound is not one of theirs.
 */
const NOW = new Date("2026-03-31T12:00:00.000Z");
const LIMITS: ServerLimits = {
  headersTimeoutMs: 60_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 60_000,
  maxConnections: 1_000,
};
/** Far longer than any answer here takes; far shorter than the server's timeouts. */
const BOUND_MS = 20_000;

let api: TestApi;
let server: Server;
let port: number;
let key: string;
beforeAll(async () => {
  api = await startTestApi({ now: NOW });
  key = (await api.createKey()).key;
  server = createLimitedServer(createApi(api.deps).listener, LIMITS);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  port = (server.address() as AddressInfo).port;
}, 60_000);
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await api?.close();
});

type Client = {
  socket: Socket;
  received: () => string;
  /** Everything the server sent, once the connection closed, and the socket error if any. */
  closed: Promise<{ text: string; error: string | undefined }>;
};

async function open(): Promise<Client> {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  let error: string | undefined;
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
  const closed = new Promise<{ text: string; error: string | undefined }>((resolve) =>
    socket.on("close", () => resolve({ text: received, error })),
  );
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, received: () => received, closed };
}

/** `promise`, or a failure naming `what` after BOUND_MS. */
async function bounded<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${BOUND_MS} ms`)), BOUND_MS);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function until(client: Client, pattern: RegExp, what: string): Promise<string> {
  const seen = new Promise<string>((resolve) => {
    const check = () => {
      if (pattern.test(client.received())) resolve(client.received());
      else setTimeout(check, 20);
    };
    check();
  });
  return bounded(seen, what);
}

type RawResponse = { status: number; headers: Record<string, string>; body: string };

/** The first response in `raw` (after any `100 Continue`). */
function parseResponse(raw: string): RawResponse {
  const at = raw.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = raw.slice(0, at).split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const length = Number(headers["content-length"] ?? 0);
  return {
    status: Number(statusLine.split(" ")[1]),
    headers,
    body: raw.slice(at + 4, at + 4 + length),
  };
}

function head(lines: string[]): string {
  return [...lines, "", ""].join("\r\n");
}

const OVER_LIMIT = JSON_BODY_LIMIT_BYTES + 1;
const REST_413 = {
  error: "Payload too large",
  message: "The request body is larger than the limit for this route.",
};

function expectRest413(response: RawResponse): void {
  expect(response.status).toBe(413);
  expect(response.headers.connection).toBe("close");
  expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(response.headers["x-request-id"]).toEqual(expect.any(String));
  expect(JSON.parse(response.body)).toEqual({ ...REST_413, requestId: expect.any(String) });
}

function expectMcp413(response: RawResponse): void {
  expect(response.status).toBe(413);
  expect(response.headers.connection).toBe("close");
  expect(JSON.parse(response.body)).toMatchObject({
    jsonrpc: "2.0",
    error: { code: -32000, message: expect.stringMatching(/^Payload Too Large/) },
  });
}

describe("a declared Content-Length over the limit", () => {
  it("is answered 413 from the request's head, before any of the body is sent, and the connection closes", async () => {
    const client = await open();
    client.socket.write(
      head([
        "POST /api/chat HTTP/1.1",
        "Host: localhost",
        `Authorization: Bearer ${key}`,
        "Content-Type: application/json",
        `Content-Length: ${100 * 1024 * 1024}`,
      ]),
    );
    const { text } = await bounded(client.closed, "413 for a declared 100 MB body");
    expectRest413(parseResponse(text));
  });

  it("on /mcp, as a JSON-RPC error", async () => {
    const client = await open();
    client.socket.write(
      head([
        "POST /mcp HTTP/1.1",
        "Host: localhost",
        "Content-Type: application/json",
        "Accept: application/json, text/event-stream",
        `Content-Length: ${OVER_LIMIT}`,
      ]),
    );
    const { text } = await bounded(client.closed, "413 on /mcp");
    expectMcp413(parseResponse(text));
  });

  it("on any route and method, a GET included", async () => {
    const client = await open();
    client.socket.write(
      head(["GET /api/token-types HTTP/1.1", "Host: localhost", `Content-Length: ${OVER_LIMIT}`]),
    );
    const { text } = await bounded(client.closed, "413 on a GET");
    expectRest413(parseResponse(text));
  });

  it("with Expect: 100-continue, is answered 413 without 100 Continue, so the body is never sent", async () => {
    const client = await open();
    client.socket.write(
      head([
        "POST /api/create-api-key HTTP/1.1",
        "Host: localhost",
        `Authorization: Bearer ${key}`,
        "Content-Type: application/json",
        `Content-Length: ${100 * 1024 * 1024}`,
        "Expect: 100-continue",
      ]),
    );
    const { text } = await bounded(client.closed, "413 for Expect: 100-continue");
    expect(text).toMatch(/^HTTP\/1\.1 413 /);
    expect(text).not.toContain("100 Continue");
    expectRest413(parseResponse(text));
  });

  it("reaches a client that sends its whole body before it reads: the connection closes without a reset", async () => {
    const client = await open();
    // A simple client: it reads only once its body is sent (or the sending failed).
    client.socket.pause();
    const body = Buffer.alloc(4 * 1024 * 1024, "a");
    const sent = new Promise<Error | null | undefined>((resolve) => {
      client.socket.write(
        head([
          "POST /api/chat HTTP/1.1",
          "Host: localhost",
          "Content-Type: application/json",
          `Content-Length: ${body.length}`,
        ]),
      );
      client.socket.write(body, resolve);
    });
    const sendError = await bounded(sent, "sending the body");
    client.socket.resume();
    const { text, error } = await bounded(client.closed, "the 413 after the body");
    expect(sendError ?? undefined).toBeUndefined();
    expect(error).toBeUndefined();
    expectRest413(parseResponse(text));
  });
});

describe("Expect: 100-continue within the limit", () => {
  it("gets 100 Continue, then the answer to the body", async () => {
    const client = await open();
    const body = JSON.stringify({ message: "What is the latest OTPI for anthropic?" });
    client.socket.write(
      head([
        "POST /api/chat HTTP/1.1",
        "Host: localhost",
        `Authorization: Bearer ${key}`,
        "Content-Type: application/json",
        `Content-Length: ${Buffer.byteLength(body)}`,
        "Expect: 100-continue",
        "Connection: close",
      ]),
    );
    await until(client, /^HTTP\/1\.1 100 Continue\r\n\r\n/, "100 Continue");
    client.socket.write(body);
    const { text } = await bounded(client.closed, "the chat's answer");
    const response = parseResponse(text.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, ""));
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ success: true });
  });
});

describe("another expectation", () => {
  it("is ignored (as nginx does), not answered with Node's bare 417", async () => {
    const client = await open();
    client.socket.write(
      head([
        "GET /api/token-types HTTP/1.1",
        "Host: localhost",
        "Expect: something-else",
        "Connection: close",
      ]),
    );
    const { text } = await bounded(client.closed, "the answer");
    expect(parseResponse(text).status).toBe(200);
  });
});

/** A chunk of a chunked body. */
const chunk = (data: string) => `${data.length.toString(16)}\r\n${data}\r\n`;

describe("a chunked body", () => {
  it("is cut at the limit: 413 at once, while the client is still sending, and the connection closes", async () => {
    const client = await open();
    client.socket.write(
      head([
        "POST /api/chat HTTP/1.1",
        "Host: localhost",
        `Authorization: Bearer ${key}`,
        "Content-Type: application/json",
        "Transfer-Encoding: chunked",
      ]),
    );
    // Past the limit, and never finished: the 413 cannot wait for the body's end.
    client.socket.write(chunk(`{"message":"${"x".repeat(OVER_LIMIT)}`));
    const { text } = await bounded(client.closed, "413 for an endless chunked body");
    expectRest413(parseResponse(text));
  });

  it("on /mcp, as a JSON-RPC error", async () => {
    const client = await open();
    client.socket.write(
      head([
        "POST /mcp HTTP/1.1",
        "Host: localhost",
        "Content-Type: application/json",
        "Accept: application/json, text/event-stream",
        "Transfer-Encoding: chunked",
      ]),
    );
    client.socket.write(chunk(`{"jsonrpc":"2.0","id":1,"method":"${"x".repeat(OVER_LIMIT)}`));
    const { text } = await bounded(client.closed, "413 on /mcp");
    expectMcp413(parseResponse(text));
  });

  it("within the limit is read, answered, and its connection kept", async () => {
    const client = await open();
    const body = JSON.stringify({ message: "What is the latest OTPI for anthropic?" });
    client.socket.write(
      head([
        "POST /api/chat HTTP/1.1",
        "Host: localhost",
        `Authorization: Bearer ${key}`,
        "Content-Type: application/json",
        "Transfer-Encoding: chunked",
      ]) +
        chunk(body) +
        "0\r\n\r\n",
    );
    const answered = await until(client, /\r\n\r\n\{.*\}$/s, "the chat's answer");
    expect(parseResponse(answered).status).toBe(200);
    expect(parseResponse(answered).headers.connection).toBe("keep-alive");
    client.socket.write(head(["GET /health HTTP/1.1", "Host: localhost", "Connection: close"]));
    const { text } = await bounded(client.closed, "a second answer on the connection");
    expect(text.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
  });

  it("that no handler reads is not read after the answer: the connection closes", async () => {
    const client = await open();
    // Not JSON: no body parser reads it; the route answers without it.
    client.socket.write(
      head([
        "POST /api/token-types HTTP/1.1",
        "Host: localhost",
        "Content-Type: text/plain",
        "Transfer-Encoding: chunked",
      ]) + chunk("and more to come"),
    );
    const { text } = await bounded(client.closed, "the answer, then the close");
    expect(parseResponse(text).status).toBe(405);
  });
});

describe("a request without Host", () => {
  const cases = [
    ["a route", "/health"],
    ["a settled answer (the fast lane's)", "/api/token-types"],
    ["no route", "/nothing"],
  ] as const;
  for (const [label, path] of cases)
    it(`on ${label} gets the JSON 400, and the connection closes`, async () => {
      // A settled answer is served by the fast lane once kept: ask it once with a Host first.
      const warm = await open();
      warm.socket.write(head([`GET ${path} HTTP/1.1`, "Host: localhost", "Connection: close"]));
      await bounded(warm.closed, "a first answer");
      const client = await open();
      client.socket.write(head([`GET ${path} HTTP/1.1`]));
      const { text } = await bounded(client.closed, "the 400");
      const response = parseResponse(text);
      expect(response.status, text).toBe(400);
      expect(response.headers.connection).toBe("close");
      expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(JSON.parse(response.body)).toEqual({
        error: "Bad request",
        message: "The request has no Host header, which HTTP/1.1 requires.",
        requestId: expect.any(String),
      });
    });

  it("is served in HTTP/1.0, which does not require it", async () => {
    const client = await open();
    client.socket.write(head(["GET /api/token-types HTTP/1.0"]));
    const { text } = await bounded(client.closed, "the answer");
    expect(parseResponse(text).status).toBe(200);
  });
});
