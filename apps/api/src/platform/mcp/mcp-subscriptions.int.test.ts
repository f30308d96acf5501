import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { randomUUID } from "node:crypto";
import { appendEvents, openMcpSession } from "@tpi/db";
import { dayPeriod, EVENT_FILTER_MESSAGES, eventOf, type MarketEvent } from "@tpi/domain";
import { afterAll, expect, it } from "vitest";
import { createLogger } from "../observability/logger";
import { DEFAULT_LIVE_EVENT_SETTINGS, LiveEvents } from "../events/live-events";
import { startTestApi } from "../../testing/test-api";
import { isLive, openEventStream } from "../../testing/event-stream-client";
import { serveLeavingClients } from "../../testing/leaving-client";
import { createApi } from "../app";
import { STREAM_LIMIT_RETRY_AFTER_SECONDS, tooManyStreamsMessage } from "../streams/stream-route";
import {
  MAX_SUBSCRIPTIONS_PER_SESSION,
  MCP_SESSION_MESSAGES,
  seriesResourceUri,
} from "./subscriptions";

/**
 * Resource subscriptions with the official SDK's client over Streamable HTTP: it initializes
 * (the server names the session), subscribes, opens the session's GET stream by itself, and
 * hears `notifications/resources/updated` when the series settles.
 */
let live: LiveEvents | undefined;
const api = await startTestApi({
  now: new Date("2026-11-28T22:00:00Z"),
  configure: (deps) => {
    live = new LiveEvents(
      deps.db,
      {
        ...DEFAULT_LIVE_EVENT_SETTINGS,
        feed: { pollMs: 100, batchSize: 100 },
        maxStreamsPerKey: 1,
      },
      createLogger("silent"),
    );
    return { ...deps, liveEvents: live };
  },
});
afterAll(async () => {
  await live?.close();
  await api.close();
});

function settled(series: string, day: string): MarketEvent {
  return eventOf(
    {
      type: "value.settled",
      data: {
        market: "gpu",
        series,
        period: dayPeriod(day),
        values: [{ name: "value", value: 2.31, unit: "USD per GPU-hour" }],
        methodologyVersion: "1.0",
        sources: [],
        previous: null,
      },
    },
    new Date("2026-11-28T21:05:00Z"),
  );
}

async function append(...events: MarketEvent[]): Promise<void> {
  await api.db.$transaction((tx) => appendEvents(tx, events));
}

it("notifies a subscribed series' update to the SDK client, and reads the value", async () => {
  const { key } = await api.createKey("full");
  const client = new Client({ name: "tpi-test", version: "1.0.0" });
  const updates: string[] = [];
  let heard: (uri: string) => void = () => undefined;
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    updates.push(notification.params.uri);
    heard(notification.params.uri);
  });
  const next = () => new Promise<string>((resolve) => (heard = resolve));
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${api.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    }),
  );
  try {
    expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);
    const h100 = seriesResourceUri("gpu", "H100 SXM");
    const h200 = seriesResourceUri("gpu", "H200");
    expect(h100).toBe("tpi://series/gpu/H100%20SXM");
    await expect(client.subscribeResource({ uri: h100 })).resolves.toEqual({});
    await expect(client.subscribeResource({ uri: "tpi://series/oil/brent" })).rejects.toThrow(
      /Invalid resource/,
    );
    // The client opened the session's stream after initializing: wait until it is heard.
    await expect.poll(() => live?.openMcpSessions.size).toBe(1);

    const first = next();
    const value = settled("H100 SXM", "2026-11-20");
    await append(settled("H200", "2026-11-20"), value);
    await expect(first).resolves.toBe(h100);
    const read = await client.readResource({ uri: h100 });
    const [content] = read.contents;
    expect(content).toMatchObject({ uri: h100, mimeType: "application/json" });
    expect(JSON.parse(content !== undefined && "text" in content ? content.text : "")).toEqual(
      value,
    );

    // Unsubscribed from H100 SXM, subscribed to H200: only H200's update arrives.
    await client.unsubscribeResource({ uri: h100 });
    await client.subscribeResource({ uri: h200 });
    const second = next();
    await append(settled("H100 SXM", "2026-11-21"), settled("H200", "2026-11-21"));
    await expect(second).resolves.toBe(h200);
    expect(updates).toEqual([h100, h200]);
  } finally {
    await client.close();
  }
});

it("keeps the GET stream for keyed sessions: a keyless client is told 405, as 'no stream'", async () => {
  const response = await fetch(`${api.url}/mcp`, { headers: { accept: "text/event-stream" } });
  expect(response.status).toBe(405);
  const { key } = await api.createKey("full");
  const noSession = await fetch(`${api.url}/mcp`, {
    headers: { accept: "text/event-stream", authorization: `Bearer ${key}` },
  });
  expect(noSession.status).toBe(400);
  expect(await noSession.json()).toMatchObject({ error: { code: -32000 } });
});

/** A session the key opened, as `initialize` records it. */
async function sessionOf(keyId: string): Promise<string> {
  const sessionId = randomUUID();
  await openMcpSession(api.db, sessionId, keyId);
  return sessionId;
}

const streamHeaders = (key: string, sessionId: string) => ({
  authorization: `Bearer ${key}`,
  "mcp-session-id": sessionId,
});

it("counts a session's stream against the key's live streams: beyond the limit, 429", async () => {
  const { key, keyId } = await api.createKey("full");
  const first = await openEventStream(`${api.url}/mcp`, streamHeaders(key, await sessionOf(keyId)));
  expect(first.status).toBe(200);
  const second = await openEventStream(
    `${api.url}/mcp`,
    streamHeaders(key, await sessionOf(keyId)),
  );
  expect(second.status).toBe(429);
  expect(second.headers.get("retry-after")).toBe(String(STREAM_LIMIT_RETRY_AFTER_SECONDS));
  expect(second.body).toMatchObject({ error: { code: -32000, message: tooManyStreamsMessage(1) } });
  first.close();
  await first.ended;
});

it("serves a session's stream to the key that opened it only; a new stream of it replaces the old", async () => {
  const owner = await api.createKey("full");
  const other = await api.createKey("full");
  const sessionId = await sessionOf(owner.keyId);
  const stranger = await openEventStream(`${api.url}/mcp`, streamHeaders(other.key, sessionId));
  expect(stranger.status).toBe(404);
  expect(stranger.body).toMatchObject({ error: { message: MCP_SESSION_MESSAGES.unknown } });
  const never = await openEventStream(`${api.url}/mcp`, streamHeaders(owner.key, randomUUID()));
  expect(never.status).toBe(404);

  const first = await openEventStream(`${api.url}/mcp`, streamHeaders(owner.key, sessionId));
  await first.waitFor(isLive, "live");
  // The key may hold one stream here: the new one takes the old one's place, which ends.
  const second = await openEventStream(`${api.url}/mcp`, streamHeaders(owner.key, sessionId));
  expect(second.status).toBe(200);
  await first.ended;
  await second.waitFor(isLive, "live");
  await expect.poll(() => live?.openMcpSessions.has(sessionId)).toBe(true);
  await api.db.$executeRaw`
    insert into mcp_resource_subscription (session_id, uri)
    values (${sessionId}, ${seriesResourceUri("gpu", "B200")})`;
  await append(settled("B200", "2026-11-22"));
  await second.waitFor(
    (frame) => frame.kind === "event" && frame.data.includes("notifications/resources/updated"),
    "the update",
  );
  second.close();
  await second.ended;
});

/** A JSON-RPC request of the session, as a client sends it after initialize. */
async function rpc(key: string, sessionId: string, method: string, params: unknown) {
  const response = await fetch(`${api.url}/mcp`, {
    method: "POST",
    headers: {
      ...streamHeaders(key, sessionId),
      accept: "application/json, text/event-stream",
      "content-type": "application/json",
      "mcp-protocol-version": "2025-06-18",
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
}

it("subscribes within the key's own session, to served series, up to the session's limit", async () => {
  const owner = await api.createKey("full");
  const other = await api.createKey("full");
  const sessionId = await sessionOf(owner.keyId);
  const h200 = seriesResourceUri("gpu", "H200");
  expect(await rpc(other.key, sessionId, "resources/subscribe", { uri: h200 })).toMatchObject({
    error: { code: -32602, message: MCP_SESSION_MESSAGES.unknown },
  });
  expect(await rpc(other.key, sessionId, "resources/unsubscribe", { uri: h200 })).toMatchObject({
    error: { code: -32602, message: MCP_SESSION_MESSAGES.unknown },
  });
  // A market with a fixed list knows its series; the others check the key's form.
  expect(
    await rpc(owner.key, sessionId, "resources/subscribe", {
      uri: seriesResourceUri("gpu", "Z9000"),
    }),
  ).toMatchObject({
    error: { code: -32602, message: EVENT_FILTER_MESSAGES.unknownSeries("Z9000", ["gpu"]) },
  });
  expect(
    await rpc(owner.key, sessionId, "resources/subscribe", {
      uri: seriesResourceUri("memory", " ddr5"),
    }),
  ).toMatchObject({ error: { code: -32602, message: EVENT_FILTER_MESSAGES.seriesForm(" ddr5") } });
  expect(await rpc(owner.key, sessionId, "resources/subscribe", { uri: h200 })).toEqual({
    jsonrpc: "2.0",
    id: 1,
    result: {},
  });
  await api.db.$executeRaw`
    insert into mcp_resource_subscription (session_id, uri)
    select ${sessionId}, 'tpi://series/memory/s' || n
    from generate_series(2, ${MAX_SUBSCRIPTIONS_PER_SESSION}) as n`;
  expect(
    await rpc(owner.key, sessionId, "resources/subscribe", {
      uri: seriesResourceUri("memory", "ddr5"),
    }),
  ).toMatchObject({
    error: { code: -32602, message: MCP_SESSION_MESSAGES.tooManySubscriptions },
  });
  // Subscribing again to one it holds is no new subscription.
  expect(await rpc(owner.key, sessionId, "resources/subscribe", { uri: h200 })).toMatchObject({
    result: {},
  });
});

it("gives the place back when the client leaves before the session's stream starts", async () => {
  const { key, keyId } = await api.createKey("full");
  const sessionId = await sessionOf(keyId);
  const own = live;
  if (own === undefined) throw new Error("live events");
  const server = await serveLeavingClients(
    createApi({ ...api.deps, liveEvents: own }).listener,
    own.slots,
  );
  try {
    await server.sendThenLeave("/mcp", {
      ...streamHeaders(key, sessionId),
      accept: "text/event-stream",
    });
    // Another session: a new stream of the same one would end what the leaver left behind.
    const opened = await openEventStream(
      `${server.url}/mcp`,
      streamHeaders(key, await sessionOf(keyId)),
    );
    expect(opened.status).toBe(200);
    await opened.waitFor(isLive, "live");
    opened.close();
    await opened.ended;
  } finally {
    await server.close();
  }
});
