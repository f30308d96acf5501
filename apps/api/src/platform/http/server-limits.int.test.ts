import { MARKETS } from "../../markets";
import { connect, type Socket } from "node:net";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createApi } from "../app";
import { closedAfterFile } from "../../testing/file-fixtures";
import { startTestApi } from "../../testing/test-api";
import { readEnv, serverLimitsFrom } from "../runtime/env";
import { createLimitedServer, type ServerLimits } from "./server-limits";

/**
 * The server's own limits, seen from raw TCP clients: slow headers and slow bodies are answered
 * 408 and closed, idle keep-alive connections close, connections past the cap are closed on
 * arrival, and whatever Node's HTTP parser refuses is answered with the JSON error body.
 */
const NOW = new Date("2026-03-31T12:00:00.000Z");
const SMALL_LIMITS: ServerLimits = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  keepAliveTimeoutMs: 300,
  maxConnections: 1_000,
};

const api = closedAfterFile(await startTestApi({ now: NOW }));

async function listen(limits: ServerLimits): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createLimitedServer(createApi(api.deps).listener, limits);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type Exchange = { socket: Socket; received: () => string; closed: Promise<string> };

/** A raw connection: `closed` resolves with everything the server sent once it closes. */
async function open(port: number): Promise<Exchange> {
  const socket = connect(port, "127.0.0.1");
  let received = "";
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.on("error", () => undefined);
  const closed = new Promise<string>((resolve) => socket.on("close", () => resolve(received)));
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return { socket, received: () => received, closed };
}

type RawResponse = { status: number; headers: Record<string, string>; body: unknown };

function parseResponse(raw: string): RawResponse {
  const [head = "", body = ""] = raw.split("\r\n\r\n");
  const [statusLine = "", ...lines] = head.split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => {
      const at = line.indexOf(":");
      return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body: JSON.parse(body) };
}

function expectJsonError(raw: string, status: number, error: string): void {
  const response = parseResponse(raw);
  expect(response.status, raw).toBe(status);
  expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
  expect(response.headers.connection).toBe("close");
  expect(response.body).toEqual({ error, message: expect.any(String) });
}

describe("timeouts", () => {
  it("answers a client that never finishes its headers with 408 and closes", async () => {
    const server = await listen(SMALL_LIMITS);
    try {
      const client = await open(server.port);
      client.socket.write("GET /health HTTP/1.1\r\nHost: localhost\r\n");
      expectJsonError(await client.closed, 408, "Request timeout");
    } finally {
      await server.close();
    }
  });

  it("answers a client that never finishes its body with 408 and closes", async () => {
    const server = await listen(SMALL_LIMITS);
    try {
      const client = await open(server.port);
      client.socket.write(
        'POST /api/chat HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"message":',
      );
      expectJsonError(await client.closed, 408, "Request timeout");
    } finally {
      await server.close();
    }
  });

  it("closes an idle keep-alive connection after its last answer", async () => {
    const server = await listen(SMALL_LIMITS);
    try {
      const client = await open(server.port);
      client.socket.write("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n");
      const all = await client.closed;
      expect(all).toMatch(/^HTTP\/1\.1 200 /);
      expect(all.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    } finally {
      await server.close();
    }
  });
});

describe("keep-alive", () => {
  it("by default outlasts a proxy's 60 s idle timeout, and says so in Keep-Alive", async () => {
    const defaults = serverLimitsFrom(readEnv(MARKETS, {}));
    expect(defaults.keepAliveTimeoutMs).toBeGreaterThan(60_000);
    const server = await listen(defaults);
    try {
      const client = await open(server.port);
      client.socket.write("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n");
      await expect.poll(() => client.received()).toContain("\r\n\r\n");
      expect(client.received()).toMatch(/\r\nKeep-Alive: timeout=65\r\n/i);
      client.socket.destroy();
    } finally {
      await server.close();
    }
  });
});

describe("idle keep-alive connections", () => {
  it("are not cut by the headers or request timeout while idle between requests", async () => {
    const server = await listen({ ...SMALL_LIMITS, keepAliveTimeoutMs: 60_000 });
    try {
      const client = await open(server.port);
      client.socket.write("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n");
      await expect.poll(() => client.received()).toMatch(/^HTTP\/1\.1 200 /);
      // Idle for several timeout checks, each past both timeouts.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(client.socket.destroyed).toBe(false);
      expect(client.received().match(/HTTP\/1\.1 /g)).toHaveLength(1);
      client.socket.write("GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
      expect((await client.closed).match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});

describe("connection cap", () => {
  it("closes connections past the cap on arrival and accepts again once one closes", async () => {
    const server = await listen({
      ...SMALL_LIMITS,
      headersTimeoutMs: 60_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 60_000,
      maxConnections: 2,
    });
    try {
      const held = [await open(server.port), await open(server.port)];
      const refused = await open(server.port);
      expect(await refused.closed).toBe("");
      for (const client of held) expect(client.socket.destroyed).toBe(false);
      held[0]?.socket.destroy();
      await held[0]?.closed;
      const next = await open(server.port);
      next.socket.write("GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
      expect(await next.closed).toMatch(/^HTTP\/1\.1 200 /);
      held[1]?.socket.destroy();
    } finally {
      await server.close();
    }
  });
});

describe("requests Node's HTTP parser refuses", () => {
  const cases: { label: string; request: string; status: number; error: string }[] = [
    {
      label: "raw control bytes in the URL",
      request: "GET /api/otpi?lab=\u0001\u007f HTTP/1.1\r\nHost: localhost\r\n\r\n",
      status: 400,
      error: "Bad request",
    },
    {
      label: "a raw non-ASCII byte in the URL",
      request: "GET /api/gpu/H100\u00e9 HTTP/1.1\r\nHost: localhost\r\n\r\n",
      status: 400,
      error: "Bad request",
    },
    {
      label: "headers over 16 KB",
      request: `GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(17 * 1024)}\r\n\r\n`,
      status: 431,
      error: "Request header fields too large",
    },
    {
      label: "a malformed request line",
      request: "HELLO THERE\r\n\r\n",
      status: 400,
      error: "Bad request",
    },
    {
      label: "a header without a colon",
      request: "GET /health HTTP/1.1\r\nHost: localhost\r\nno colon here\r\n\r\n",
      status: 400,
      error: "Bad request",
    },
  ];
  for (const { label, request, status, error } of cases)
    it(`answers ${label} with ${status} and a JSON body`, async () => {
      const server = await listen({
        ...SMALL_LIMITS,
        headersTimeoutMs: 60_000,
        requestTimeoutMs: 60_000,
      });
      try {
        const client = await open(server.port);
        client.socket.write(request, "latin1");
        expectJsonError(await client.closed, status, error);
      } finally {
        await server.close();
      }
    });
});
