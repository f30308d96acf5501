import { request as httpRequest } from "node:http";
import { connect, createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createDb, createTestDatabase, type Db } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { RunningServer } from "../server";
import { startInProcessServer } from "../../testing/in-process-server";
import {
  MemoryOAuthClient,
  consentPageRequest,
  decide,
  signedInPerson,
  websiteMutation,
  websiteQuery,
  type Website,
} from "../../testing/oauth-client";
import { TEST_REDIS_URL, redisUnavailableReason, uniqueRedisPrefix } from "../../testing/redis";

/**
 * Three api instances on one PostgreSQL database and one Redis, behind one address (a
 * round-robin balancer standing in for nginx, which passes the client's Host on): a token
 * issued through one instance is accepted by every instance, and a revocation on one is refused
 * by every instance at once, the very next request.
 */
const NOW = new Date("2026-11-20T12:00:00.000Z");
const TOKEN = "internal-token-for-oauth-instances-0123";
const REDIRECT = "http://127.0.0.1:48125/callback";
const missing = await redisUnavailableReason();

/** Each new connection to the next instance in turn. */
async function startBalancer(): Promise<{ port: number; targets: number[]; server: Server }> {
  const targets: number[] = [];
  const sockets = new Set<Socket>();
  let next = 0;
  const server = createServer((client) => {
    const port = targets[next++ % targets.length] ?? 0;
    const upstream = connect(port, "127.0.0.1");
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  server.on("close", () => {
    for (const socket of sockets) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, targets, server };
}

/** tools/list straight to one instance, on a connection of its own, as the balancer's Host. */
function listToolsOn(instanceUrl: string, host: string, token: string): Promise<number> {
  const url = new URL(`${instanceUrl}/mcp`);
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        agent: false,
        headers: {
          host,
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "content-length": Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

describe.skipIf(missing !== undefined)("OAuth across three instances", () => {
  let balancer: Awaited<ReturnType<typeof startBalancer>>;
  let front = "";
  const instances: RunningServer[] = [];
  let db: Db;
  let drop: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    balancer = await startBalancer();
    front = `http://127.0.0.1:${balancer.port}`;
    const database = await createTestDatabase(inject("pgAdminUrl"));
    drop = database.drop;
    db = createDb(database.url, 2);
    const prefix = uniqueRedisPrefix("oauth-instances");
    const started = await Promise.all(
      [0, 1, 2].map(() =>
        startInProcessServer({
          databaseUrl: database.url,
          now: NOW,
          lines: [],
          variables: {
            LOG_LEVEL: "warn",
            SEED_SAMPLE_ON_EMPTY: "false",
            OUTSIDE_SOURCES_ENABLED: "false",
            INTERNAL_API_TOKEN: TOKEN,
            REDIS_URL: TEST_REDIS_URL,
            RATE_LIMIT_REDIS_PREFIX: prefix,
            // The issuer and the MCP resource: the balancer's address, the same on every instance.
            TPI_PUBLIC_SITE_URL: front,
          },
        }),
      ),
    );
    for (const running of started) {
      instances.push(running);
      balancer.targets.push(Number(new URL(running.url).port));
    }
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => balancer?.server.close(() => resolve()));
    for (const running of instances) await running.close();
    await db?.$disconnect();
    await drop();
  });

  it("a token issued through one instance works on all; a revocation on one holds on all at once", async () => {
    const site: Website = { url: front, internalToken: TOKEN };
    const person = await signedInPerson(site, db, "premium", NOW);
    const provider = new MemoryOAuthClient({ redirectUrl: REDIRECT, clientName: "Cluster Client" });
    const transport = () =>
      new StreamableHTTPClientTransport(new URL(`${front}/mcp/oauth`), { authProvider: provider });
    await expect(
      new Client({ name: "cluster", version: "1.0.0" }).connect(transport()),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    const page = await consentPageRequest(provider.authorizationUrl ?? new URL(front));
    expect(page.location).toBe(`${front}/account/authorize?request=${page.requestId}`);
    const back = await decide(site, person, page.requestId ?? "", true);
    await transport().finishAuth(back.searchParams.get("code") ?? "");
    const client = new Client({ name: "cluster", version: "1.0.0" });
    await client.connect(transport());
    expect((await client.listTools()).tools.length).toBeGreaterThan(10);

    const accessToken = provider.tokens()?.access_token ?? "";
    const host = `127.0.0.1:${balancer.port}`;
    for (const running of instances)
      expect(await listToolsOn(running.url, host, accessToken), running.url).toBe(200);

    // Revoked through the first instance's procedures: the next request anywhere is refused.
    const first: Website = { url: instances[0]?.url ?? "", internalToken: TOKEN };
    const list = await websiteQuery(first, "account.connections.list", {
      sessionToken: person.sessionToken,
    });
    const [grant] = list.data as { grantId: string }[];
    const revoked = await websiteMutation(first, "account.connections.revoke", {
      sessionToken: person.sessionToken,
      csrfToken: person.csrfToken,
      grantId: grant?.grantId,
    });
    expect(revoked.data).toEqual({ revoked: true });
    for (const running of instances)
      expect(await listToolsOn(running.url, host, accessToken), running.url).toBe(401);
  });
});
