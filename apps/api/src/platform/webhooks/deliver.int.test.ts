import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SELF_SIGNED_RECEIVER } from "../../testing/self-signed-certificate";
import {
  DEFAULT_TARGET_POLICY,
  deliverWebhook,
  MAX_RESPONSE_EXCERPT_BYTES,
  type DeliveryPolicy,
  type HostResolver,
  type ResolvedAddress,
} from "./deliver";
import { newWebhookSecret, signWebhook } from "./signature";

/**
 * A receiver on loopback: `/hook` keeps what it is sent and answers 200, `/redirect` answers 302
 * towards `/landing`, `/stall` never answers, `/huge` streams HUGE_BYTES, `/broken` answers 500.
 */
const HUGE_BYTES = 32 * 1024 * 1024;

interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The connection's port on the sender's side: a new one for each connection. */
  readonly senderPort: number | undefined;
}

let server: Server;
let port = 0;
let received: Received[] = [];
let hugeBytesWritten = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    const pieces: Buffer[] = [];
    request.on("data", (piece: Buffer) => pieces.push(piece));
    request.on("end", () => {
      const path = request.url ?? "";
      received.push({
        path,
        headers: request.headers,
        body: Buffer.concat(pieces).toString(),
        senderPort: request.socket.remotePort,
      });
      if (path === "/stall") return; // never answers
      if (path === "/redirect") {
        response.writeHead(302, { location: `http://127.0.0.1:${port}/landing` }).end();
      } else if (path === "/huge") {
        streamHuge(response);
      } else if (path === "/broken") {
        response.writeHead(500, { "content-type": "text/plain" }).end("receiver failed");
      } else {
        response.writeHead(200, { "content-type": "text/plain" }).end("thanks");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

function streamHuge(response: ServerResponse): void {
  const piece = Buffer.alloc(64 * 1024, "x");
  response.writeHead(200, { "content-type": "text/plain" });
  let stopped = false;
  response.on("close", () => (stopped = true));
  const writeMore = (): void => {
    while (!stopped && hugeBytesWritten < HUGE_BYTES) {
      hugeBytesWritten += piece.length;
      if (!response.write(piece)) return void response.once("drain", writeMore);
    }
    response.end();
  };
  writeMore();
}

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  received = [];
  hugeBytesWritten = 0;
});

/** What a private deployment or a test allows: plain http and loopback. */
const OPERATOR_ALLOWS: DeliveryPolicy = { allowHttp: true, allowPrivateAddresses: true };
/** Plain http allowed, so that the address rules are what refuses a loopback receiver. */
const HTTP_ONLY: DeliveryPolicy = { allowHttp: true, allowPrivateAddresses: false };

const body = JSON.stringify({ type: "index.settled", data: { market: "gpu", value: 2.31 } });

function signed(secrets: readonly string[] = [newWebhookSecret()]) {
  return signWebhook({ id: "evt_delivery", timestamp: new Date(), body, secrets });
}

/** A resolver that answers from a table, counting the questions, as DNS would without a network. */
function resolverOf(table: Record<string, readonly string[]>): {
  resolveHost: HostResolver;
  asked: string[];
} {
  const asked: string[] = [];
  const resolveHost: HostResolver = (hostname) => {
    asked.push(hostname);
    const answers: readonly ResolvedAddress[] = (table[hostname] ?? []).map((address) => ({
      address,
      family: address.includes(":") ? 6 : 4,
    }));
    return Promise.resolve(answers);
  };
  return { resolveHost, asked };
}

describe("deliverWebhook", () => {
  it("delivers to a loopback receiver when the operator allows it, verifiable with the official library", async () => {
    const [next, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signed([next, previous]);
    const result = await deliverWebhook(
      `http://127.0.0.1:${port}/hook?subscription=1`,
      headers,
      body,
      OPERATOR_ALLOWS,
    );
    expect(result).toMatchObject({ ok: true, status: 200, responseExcerpt: "thanks" });
    expect(result.error).toBeUndefined();
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const [delivery] = received;
    expect(delivery?.path).toBe("/hook?subscription=1");
    expect(delivery?.body).toBe(body);
    expect(delivery?.headers["content-type"]).toBe("application/json");
    const asReceived = {
      "webhook-id": String(delivery?.headers["webhook-id"]),
      "webhook-timestamp": String(delivery?.headers["webhook-timestamp"]),
      "webhook-signature": String(delivery?.headers["webhook-signature"]),
    };
    expect(asReceived).toEqual(headers);
    for (const secret of [next, previous]) {
      expect(new Webhook(secret).verify(delivery?.body ?? "", asReceived)).toEqual(
        JSON.parse(body),
      );
    }
    expect(() =>
      new Webhook(newWebhookSecret()).verify(delivery?.body ?? "", asReceived),
    ).toThrow();
  });

  it("refuses plain http by default", async () => {
    const result = await deliverWebhook(
      `http://127.0.0.1:${port}/hook`,
      signed(),
      body,
      DEFAULT_TARGET_POLICY,
    );
    expect(result).toMatchObject({
      ok: false,
      error: "the target must be an https URL, not http:",
    });
    expect(result.status).toBeUndefined();
    expect(received).toEqual([]);
  });

  it.each([
    ["127.0.0.1", "loopback"],
    ["[::ffff:127.0.0.1]", "loopback"],
    ["[::ffff:7f00:1]", "loopback"],
    ["0.0.0.0", "unspecified"],
  ])(
    "refuses %s unless the operator allows private addresses, naming its class",
    async (host, addressClass) => {
      const result = await deliverWebhook(`http://${host}:${port}/hook`, signed(), body, HTTP_ONLY);
      expect(result.ok).toBe(false);
      expect(result.error).toMatch(
        new RegExp(`^webhooks are not delivered to ${addressClass} addresses \\(`),
      );
      expect(received).toEqual([]);
    },
  );

  it("refuses a host name that resolves to a private address, and one with any refused address", async () => {
    const { resolveHost } = resolverOf({
      "hooks.example.com": ["10.0.0.7"],
      "mixed.example.com": ["93.184.215.14", "127.0.0.1"],
      "metadata.example.com": ["::ffff:169.254.169.254"],
      "nowhere.example.com": [],
    });
    const deliver = (host: string, policy: DeliveryPolicy) =>
      deliverWebhook(`https://${host}/hook?token=s3cret`, signed(), body, {
        ...policy,
        resolveHost,
      });
    const noPrivate = { ...DEFAULT_TARGET_POLICY };
    expect((await deliver("hooks.example.com", noPrivate)).error).toBe(
      "webhooks are not delivered to private addresses (hooks.example.com resolves to 10.0.0.7)",
    );
    expect((await deliver("mixed.example.com", noPrivate)).error).toBe(
      "webhooks are not delivered to loopback addresses (mixed.example.com resolves to 127.0.0.1)",
    );
    // The cloud's metadata address stays refused even when the operator allows private ones.
    const metadata = await deliver("metadata.example.com", OPERATOR_ALLOWS);
    expect(metadata.error).toBe(
      "webhooks are not delivered to cloud metadata addresses (metadata.example.com resolves to ::ffff:169.254.169.254)",
    );
    expect((await deliver("nowhere.example.com", noPrivate)).error).toBe(
      "nowhere.example.com resolves to no address",
    );
    expect(JSON.stringify(metadata)).not.toContain("s3cret");
    const failing: HostResolver = () =>
      Promise.reject(Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }));
    const unresolved = await deliverWebhook(`https://gone.example.com/hook`, signed(), body, {
      ...DEFAULT_TARGET_POLICY,
      resolveHost: failing,
    });
    expect(unresolved).toMatchObject({
      ok: false,
      error: "could not resolve gone.example.com (ENOTFOUND)",
    });
  });

  it("connects to the address it checked, resolving the host once per delivery, on a connection of its own", async () => {
    // receiver.test is known to this resolver alone: a second, system lookup would not find it.
    const { resolveHost, asked } = resolverOf({ "receiver.test": ["127.0.0.1"] });
    const policy = { ...OPERATOR_ALLOWS, resolveHost };
    const target = `http://receiver.test:${port}/hook`;
    expect(await deliverWebhook(target, signed(), body, policy)).toMatchObject({ ok: true });
    expect(await deliverWebhook(target, signed(), body, policy)).toMatchObject({ ok: true });
    expect(asked).toEqual(["receiver.test", "receiver.test"]);
    expect(received.map((delivery) => delivery.headers.host)).toEqual([
      `receiver.test:${port}`,
      `receiver.test:${port}`,
    ]);
    const [first, second] = received.map((delivery) => delivery.senderPort);
    expect(first).not.toBe(second);
  });

  it("does not follow a redirect, and reports it as a failed delivery", async () => {
    const result = await deliverWebhook(
      `http://127.0.0.1:${port}/redirect`,
      signed(),
      body,
      OPERATOR_ALLOWS,
    );
    expect(result).toMatchObject({ ok: false, status: 302 });
    expect(result.error).toMatch(
      /^the target answered 302, a redirect: redirects are not followed/,
    );
    expect(received.map((delivery) => delivery.path)).toEqual(["/redirect"]);
  });

  it("reports a non-2xx answer with the start of its body", async () => {
    const result = await deliverWebhook(
      `http://127.0.0.1:${port}/broken`,
      signed(),
      body,
      OPERATOR_ALLOWS,
    );
    expect(result).toMatchObject({
      ok: false,
      status: 500,
      error: "the target answered 500",
      responseExcerpt: "receiver failed",
    });
  });

  it("gives up at the time limit, waiting for an answer or for the resolver", async () => {
    const policy = { ...OPERATOR_ALLOWS, timeoutMs: 300 };
    const stalled = await deliverWebhook(`http://127.0.0.1:${port}/stall`, signed(), body, policy);
    expect(stalled).toMatchObject({ ok: false, error: "no answer from 127.0.0.1 within 300 ms" });
    expect(stalled.latencyMs).toBeGreaterThanOrEqual(290);
    expect(stalled.latencyMs).toBeLessThan(2000);
    const neverResolves: HostResolver = () => new Promise(() => undefined);
    const unresolved = await deliverWebhook(
      `http://slow.example.com:${port}/hook`,
      signed(),
      body,
      {
        ...policy,
        resolveHost: neverResolves,
      },
    );
    expect(unresolved).toMatchObject({
      ok: false,
      error: "no answer from slow.example.com within 300 ms",
    });
  });

  it("reads at most the first 4 KiB of an answer and hangs up on the rest", async () => {
    const result = await deliverWebhook(
      `http://127.0.0.1:${port}/huge`,
      signed(),
      body,
      OPERATOR_ALLOWS,
    );
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(result.responseExcerpt).toBe("x".repeat(MAX_RESPONSE_EXCERPT_BYTES));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hugeBytesWritten).toBeLessThan(HUGE_BYTES);
  });

  it("reports a target that cannot be reached, and refuses URLs it cannot use, without throwing", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await deliverWebhook(
      `http://127.0.0.1:${closedPort}/hook`,
      signed(),
      body,
      OPERATOR_ALLOWS,
    );
    expect(refused).toMatchObject({
      ok: false,
      error: "could not deliver to 127.0.0.1 (ECONNREFUSED)",
    });
    expect(await deliverWebhook("not a url", signed(), body, OPERATOR_ALLOWS)).toMatchObject({
      ok: false,
      error: "the target is not a valid URL",
    });
    expect(
      await deliverWebhook(`https://user:pass@example.com/hook`, signed(), body, OPERATOR_ALLOWS),
    ).toMatchObject({
      ok: false,
      error: "the target's URL must not hold a user name or password",
    });
    expect(
      await deliverWebhook("ftp://example.com/hook", signed(), body, OPERATOR_ALLOWS),
    ).toMatchObject({
      ok: false,
      error: "the target must be an https or http URL, not ftp:",
    });
  });
});

describe("deliverWebhook over https", () => {
  /** A receiver with a self-signed certificate for receiver.test (a fixture: no openssl needed). */
  let tlsServer: ReturnType<typeof createTlsServer>;
  let tlsPort = 0;
  let serverNames: string[] = [];

  beforeAll(async () => {
    const { key, cert } = SELF_SIGNED_RECEIVER;
    tlsServer = createTlsServer(
      {
        key,
        cert,
        // The host name the sender's handshake asks for; the default certificate answers it.
        SNICallback: (serverName, answer) => {
          serverNames.push(serverName);
          answer(null);
        },
      },
      (_request, response) => response.end("thanks"),
    );
    await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
    tlsPort = (tlsServer.address() as AddressInfo).port;
  });

  afterAll(async () => {
    tlsServer.closeAllConnections();
    await new Promise((resolve) => tlsServer.close(resolve));
  });

  beforeEach(() => {
    serverNames = [];
  });

  it("verifies the certificate against the host name while connecting to the checked address", async () => {
    const { resolveHost } = resolverOf({ "receiver.test": ["127.0.0.1"] });
    const result = await deliverWebhook(`https://receiver.test:${tlsPort}/hook`, signed(), body, {
      ...OPERATOR_ALLOWS,
      resolveHost,
    });
    // The certificate is signed by no authority the sender trusts: refused, as any other would be.
    expect(result).toMatchObject({
      ok: false,
      error: "could not deliver to receiver.test (127.0.0.1) (DEPTH_ZERO_SELF_SIGNED_CERT)",
    });
    // The TLS handshake named the host, so a trusted certificate is checked against it.
    expect(serverNames).toEqual(["receiver.test"]);
  });
});
