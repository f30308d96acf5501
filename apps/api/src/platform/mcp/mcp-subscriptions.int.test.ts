import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { appendEvents } from "@tpi/db";
import { dayPeriod, eventOf, type MarketEvent } from "@tpi/domain";
import { afterAll, expect, it } from "vitest";
import { createLogger } from "../observability/logger";
import { DEFAULT_LIVE_EVENT_SETTINGS, LiveEvents } from "../events/live-events";
import { startTestApi } from "../../testing/test-api";
import { openEventStream } from "../../testing/event-stream-client";
import { STREAM_LIMIT_RETRY_AFTER_SECONDS, tooManyStreamsMessage } from "../streams/stream-route";
import { seriesResourceUri } from "./subscriptions";

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

it("counts a session's stream against the key's live streams: beyond the limit, 429", async () => {
  const { key } = await api.createKey("full");
  const headers = {
    authorization: `Bearer ${key}`,
    "mcp-session-id": "00000000-0000-4000-8000-000000000001",
  };
  const first = await openEventStream(`${api.url}/mcp`, headers);
  expect(first.status).toBe(200);
  const second = await openEventStream(`${api.url}/mcp`, headers);
  expect(second.status).toBe(429);
  expect(second.headers.get("retry-after")).toBe(String(STREAM_LIMIT_RETRY_AFTER_SECONDS));
  expect(second.body).toMatchObject({ error: { code: -32000, message: tooManyStreamsMessage(1) } });
  first.close();
});
