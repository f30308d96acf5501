import {
  appendEvents,
  createDb,
  WEBHOOK_EVENTS_CHANNEL,
  pruneEvents,
  readEventsAfter,
  type Db,
} from "@tpi/db";
import {
  dayPeriod,
  EVENT_FILTER_MESSAGES,
  eventOf,
  hourPeriod,
  type MarketEvent,
} from "@tpi/domain";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "../observability/logger";
import { RedisConnection } from "../redis/redis-connection";
import { openEventStream, isLive, type OpenedStream } from "../../testing/event-stream-client";
import { serveLeavingClients } from "../../testing/leaving-client";
import { createApi } from "../app";
import { deleteRedisKeys, TEST_REDIS_URL, uniqueRedisPrefix } from "../../testing/redis";
import { serveApp, startTestApi, RELAXED_RATE_LIMITS } from "../../testing/test-api";
import {
  DEFAULT_LIVE_EVENT_SETTINGS,
  LiveEvents,
  type LiveEventSettings,
} from "../events/live-events";
import {
  EVENT_STREAM_PATH,
  LAST_EVENT_ID_MESSAGES,
  STREAM_LIMIT_RETRY_AFTER_SECONDS,
  tooManyStreamsMessage,
} from "./stream-route";

const log = createLogger("silent");

/** Short heartbeats and polls: the tests wait on frames, never on a clock. */
const TEST_SETTINGS: LiveEventSettings = {
  ...DEFAULT_LIVE_EVENT_SETTINGS,
  feed: { pollMs: 100, batchSize: 3 },
  heartbeatMs: 50,
  maxStreamsPerKey: 3,
};

let liveA: LiveEvents | undefined;
const api = await startTestApi({
  now: new Date("2026-11-28T22:00:00Z"),
  configure: (deps) => {
    liveA = new LiveEvents(deps.db, TEST_SETTINGS, log);
    return { ...deps, liveEvents: liveA };
  },
});
const { key: fullKey } = await api.createKey("full");
const { key: premiumKey } = await api.createKey("premium");
afterAll(async () => {
  await liveA?.close();
  await api.close();
});

const auth = (key: string) => ({ authorization: `Bearer ${key}` });

let nextDay = 0;
/** A value.settled event of a day no other test uses (event ids name the day). */
function settled(
  market: string,
  series: string,
  value = 2.31,
  previous: number | null = null,
): MarketEvent {
  nextDay += 1;
  const day = new Date(Date.UTC(2026, 0, 1) + nextDay * 86_400_000).toISOString().slice(0, 10);
  const before = new Date(Date.UTC(2026, 0, 1) + (nextDay - 1) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return eventOf(
    {
      type: "value.settled",
      data: {
        market,
        series,
        period: dayPeriod(day),
        values: [{ name: "value", value, unit: "USD" }],
        methodologyVersion: "1.0",
        sources: [],
        previous:
          previous === null
            ? null
            : {
                period: dayPeriod(before),
                values: [{ name: "value", value: previous, unit: "USD" }],
              },
      },
    },
    new Date("2026-11-28T21:05:00Z"),
  );
}

/** Appends as a publication does: in a transaction, which notifies the feed's channel at commit. */
async function append(db: Db, ...events: MarketEvent[]): Promise<bigint[]> {
  return db.$transaction((tx) => appendEvents(tx, events));
}

async function stream(query = "", headers: Record<string, string> = auth(fullKey)) {
  const opened = await openEventStream(`${api.url}${EVENT_STREAM_PATH}${query}`, headers);
  if (opened.status === 200) await opened.waitFor(isLive, "the stream went live");
  return opened;
}

const eventIds = (opened: OpenedStream) =>
  opened.events().map((event) => (event.data as MarketEvent).id);

const hasEvent = (id: string) => (frame: { kind: string; data?: string }) =>
  frame.kind === "event" && (JSON.parse(frame.data ?? "{}") as { id?: string }).id === id;

describe("the live event stream", () => {
  it("sends appended events with their position as id, type and payload", async () => {
    const opened = await stream();
    expect(opened.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(opened.headers.get("cache-control")).toBe("no-store");
    const event = settled("gpu", "H100 SXM");
    const [position] = await append(api.db, event);
    const frame = await opened.waitFor(hasEvent(event.id), event.id);
    expect(frame).toEqual({
      kind: "event",
      id: String(position),
      event: "value.settled",
      data: JSON.stringify(event),
    });
    opened.close();
  });

  it("resumes after Last-Event-ID: what was appended meanwhile arrives, nothing twice", async () => {
    const first = await stream("?markets=memory");
    const a = settled("memory", "ddr5");
    await append(api.db, a);
    const seen = await first.waitFor(hasEvent(a.id), a.id);
    first.close();
    await first.ended;
    // More than one catch-up page (TEST_SETTINGS reads 3 a query) while nobody listens.
    const missed = [1, 2, 3, 4, 5].map(() => settled("memory", "ddr5"));
    await append(api.db, ...missed);
    await append(api.db, settled("gpu", "H200"));
    const lastId = seen.kind === "event" ? (seen.id ?? "") : "";
    const again = await stream("?markets=memory", { ...auth(fullKey), "last-event-id": lastId });
    const after = settled("memory", "ddr5");
    await append(api.db, after);
    await again.waitFor(hasEvent(after.id), after.id);
    expect(eventIds(again)).toEqual([...missed, after].map((event) => event.id));
    again.close();

    // The query parameter, for clients that cannot set the header.
    const byQuery = await stream(`?markets=memory&lastEventId=${lastId}`);
    expect(eventIds(byQuery)).toEqual([...missed, after].map((event) => event.id));
    byQuery.close();
  });

  it("refuses an unknown, expired or malformed Last-Event-ID before the stream starts", async () => {
    const unknown = await stream("", { ...auth(fullKey), "last-event-id": "999999999" });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      error: "Bad request",
      message: LAST_EVENT_ID_MESSAGES.expired("999999999"),
    });
    const [old] = await append(api.db, settled("token", "anthropic"));
    await api.db.$executeRaw`
      update webhook_event set appended_at = now() - interval '8 days' where position = ${old}`;
    const expired = await stream(`?lastEventId=${old}`);
    expect(expired.status).toBe(400);
    const malformed = await stream("?lastEventId=abc");
    expect(malformed.body).toMatchObject({ message: LAST_EVENT_ID_MESSAGES.form("abc") });
    // Past PostgreSQL's bigint: the same 400, not the database's refusal as a 500.
    for (const huge of ["9223372036854775808", "9999999999999999999"]) {
      const refused = await stream("", { ...auth(fullKey), "last-event-id": huge });
      expect(refused.status, huge).toBe(400);
      expect(refused.body).toMatchObject({ message: LAST_EVENT_ID_MESSAGES.form(huge) });
    }
  });

  it("validates filters as webhook filters, with JSON 400s", async () => {
    const unknownType = await stream("?types=value.restated");
    expect(unknownType.status).toBe(400);
    expect(unknownType.body).toMatchObject({
      message: EVENT_FILTER_MESSAGES.unknownType("value.restated"),
    });
    const empty = await stream("?markets=");
    expect(empty.body).toMatchObject({ message: EVENT_FILTER_MESSAGES.emptyList("markets") });
    const badRule = await stream("?thresholds=above:3");
    expect(badRule.status).toBe(400);
    const noRule = await stream("?types=threshold.crossed");
    expect(noRule.body).toMatchObject({ message: EVENT_FILTER_MESSAGES.typeWithoutThresholds });
    const keyless = await stream("", {});
    expect(keyless.status).toBe(401);
  });

  it("filters by type, market and series, and derives threshold crossings on the fly", async () => {
    const opened = await stream(
      "?markets=workload&series=cc-prs&types=value.settled,threshold.crossed&thresholds=level:100",
    );
    const other = settled("workload", "other-series", 150, 90);
    const below = settled("workload", "cc-prs", 95, 90);
    const crossing = settled("workload", "cc-prs", 110, 95);
    const [, , position] = await append(api.db, other, below, crossing);
    const frame = await opened.waitFor(
      (candidate) => candidate.kind === "event" && candidate.event === "threshold.crossed",
      "the crossing",
    );
    expect(frame).toMatchObject({ id: `${position}-1` });
    expect(opened.events().map((event) => event.event)).toEqual([
      "value.settled",
      "value.settled",
      "threshold.crossed",
    ]);
    expect(eventIds(opened).slice(0, 2)).toEqual([below.id, crossing.id]);
    opened.close();
  });

  it("applies the plan's access rules: hourly prints and neo-cloud for Full plan keys only", async () => {
    const full = await stream("?markets=gpu,neocloud");
    const premium = await stream("?markets=gpu,neocloud", auth(premiumKey));
    const hourly = eventOf(
      {
        type: "print.published",
        data: {
          market: "gpu",
          series: "H200",
          period: hourPeriod(new Date("2026-11-28T13:00:00Z")),
          values: [{ name: "value", value: 2, unit: "USD per GPU-hour" }],
          methodologyVersion: "1.0",
          sources: [],
          previous: null,
        },
      },
      new Date("2026-11-28T14:00:00Z"),
    );
    const site = settled("neocloud", "sites");
    const daily = settled("gpu", "H200");
    await append(api.db, hourly, site, daily);
    await full.waitFor(hasEvent(daily.id), daily.id);
    await premium.waitFor(hasEvent(daily.id), daily.id);
    expect(eventIds(full)).toEqual([hourly.id, site.id, daily.id]);
    expect(eventIds(premium)).toEqual([daily.id]);
    full.close();
    premium.close();
  });

  it("sends heartbeats while nothing happens", async () => {
    const opened = await stream();
    await opened.waitFor(
      (frame) => frame.kind === "comment" && frame.text === "heartbeat",
      "a heartbeat",
    );
    expect(opened.frames[0]).toEqual({ kind: "retry", ms: TEST_SETTINGS.retryMs });
    opened.close();
  });

  it("refuses the key's stream beyond its limit with a JSON 429, and admits one once a stream closed", async () => {
    const { key } = await api.createKey("full");
    const open = [];
    for (let i = 0; i < TEST_SETTINGS.maxStreamsPerKey; i++) open.push(await stream("", auth(key)));
    const refused = await stream("", auth(key));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe(String(STREAM_LIMIT_RETRY_AFTER_SECONDS));
    expect(refused.body).toMatchObject({
      error: "Too many requests",
      message: tooManyStreamsMessage(TEST_SETTINGS.maxStreamsPerKey),
    });
    // Another key is not counted with this one.
    const other = await stream();
    expect(other.status).toBe(200);
    other.close();
    open[0]?.close();
    await open[0]?.ended;
    // The place is given back when the server hears the close: the next attempt gets it.
    await expect
      .poll(async () => {
        const attempt = await stream("", auth(key));
        attempt.close();
        return attempt.status;
      })
      .toBe(200);
    for (const each of open) each.close();
  });
});

describe("a client that leaves before its stream starts", () => {
  it("gives its place back: the key's next stream opens", async () => {
    const live = new LiveEvents(api.db, TEST_SETTINGS, log);
    const server = await serveLeavingClients(
      createApi({ ...api.deps, liveEvents: live }).listener,
      live.slots,
    );
    try {
      const { key } = await api.createKey("full");
      // Resuming: the handler awaits the Last-Event-ID's lookup too before it asks for a place.
      const [position] = await append(api.db, settled("token", "mistral"));
      for (let i = 0; i < TEST_SETTINGS.maxStreamsPerKey + 1; i++)
        await server.sendThenLeave(EVENT_STREAM_PATH, {
          ...auth(key),
          accept: "text/event-stream",
          "last-event-id": String(position),
        });
      const opened = await openEventStream(`${server.url}${EVENT_STREAM_PATH}`, auth(key));
      expect(opened.status).toBe(200);
      await opened.waitFor(isLive, "live");
      // Nothing of the clients that left is held: no heartbeat, no feed listener.
      expect(live.openStreams).toBe(1);
      opened.close();
      await opened.ended;
    } finally {
      await live.close();
      await server.close();
    }
  });
});

describe("the test api's close", () => {
  it("ends the streams a test left open, as the server's stop does, instead of waiting on them", async () => {
    // Its own live events, which only the instance's close ends.
    const instance = await serveApp({
      ...api.deps,
      liveEvents: new LiveEvents(api.db, TEST_SETTINGS, log),
    });
    const opened = await openEventStream(`${instance.url}${EVENT_STREAM_PATH}`, auth(fullKey));
    await opened.waitFor(isLive, "live");
    await instance.close();
    await opened.ended;
  });
});

describe("streams on two instances over one database", () => {
  it("an event appended through one instance reaches a stream on the other (notification, no poll)", async () => {
    const dbB = createDb(api.databaseUrl, 2);
    const liveB = new LiveEvents(
      dbB,
      // Polls too rare to matter: the event arrives by the notification.
      { ...TEST_SETTINGS, feed: { pollMs: 600_000, batchSize: 100, listenUrl: api.databaseUrl } },
      log,
    );
    const instanceB = await serveApp({ ...api.deps, db: dbB, liveEvents: liveB });
    try {
      // Four streams on B: the feed reads the outbox once per wake-up for all of them.
      const { key } = await api.createKey("full");
      const streams = [];
      for (let i = 0; i < 3; i++) {
        const each = await openEventStream(`${instanceB.url}${EVENT_STREAM_PATH}`, auth(key));
        await each.waitFor(isLive, "live");
        streams.push(each);
      }
      const opened = await openEventStream(`${instanceB.url}${EVENT_STREAM_PATH}`, auth(fullKey));
      await opened.waitFor(isLive, "live");
      streams.push(opened);
      // The listening connection is opened after the feed starts: wait until it listens.
      await expect
        .poll(async () => {
          const rows = await api.db.$queryRaw<{ count: bigint }[]>`
            select count(*) as count from pg_stat_activity
            where query = ${`listen ${WEBHOOK_EVENTS_CHANNEL}`}`;
          return Number(rows[0]?.count ?? 0);
        })
        .toBeGreaterThan(0);
      const readsBefore = liveB.feed.reads;
      const event = settled("token", "openai");
      await append(api.db, event);
      for (const each of streams) await each.waitFor(hasEvent(event.id), event.id);
      // The notification's read (and at most the one LISTEN's start asked for), not one per stream.
      expect(liveB.feed.reads - readsBefore).toBeLessThanOrEqual(2);
      for (const each of streams) each.close();
    } finally {
      await liveB.close();
      await instanceB.close();
      await dbB.$disconnect();
    }
  });

  it("counts a key's streams across instances through Redis", async () => {
    const prefix = uniqueRedisPrefix("streams");
    const connections = [
      new RedisConnection(TEST_REDIS_URL, log),
      new RedisConnection(TEST_REDIS_URL, log),
    ];
    await Promise.all(
      connections.map((connection) => new Promise<void>((resolve) => connection.onReady(resolve))),
    );
    const settings = { ...TEST_SETTINGS, maxStreamsPerKey: 2 };
    const instances = await Promise.all(
      connections.map(async (connection) => {
        const live = new LiveEvents(api.db, settings, log, { connection, prefix });
        const served = await serveApp({
          ...api.deps,
          liveEvents: live,
          rateLimits: { ...RELAXED_RATE_LIMITS, redis: connection, redisPrefix: prefix },
        });
        return { live, served };
      }),
    );
    const [one, two] = instances;
    if (one === undefined || two === undefined) throw new Error("two instances");
    const { key } = await api.createKey("full");
    try {
      const first = await openEventStream(`${one.served.url}${EVENT_STREAM_PATH}`, auth(key));
      const second = await openEventStream(`${two.served.url}${EVENT_STREAM_PATH}`, auth(key));
      expect([first.status, second.status]).toEqual([200, 200]);
      const third = await openEventStream(`${two.served.url}${EVENT_STREAM_PATH}`, auth(key));
      expect(third.status).toBe(429);
      first.close();
      second.close();
    } finally {
      for (const { live, served } of instances) {
        await live.close();
        await served.close();
      }
      const client = new Redis(TEST_REDIS_URL);
      await deleteRedisKeys(client, prefix);
      client.disconnect();
      for (const connection of connections) await connection.close();
    }
  });
});

describe("the outbox's retention", () => {
  it("prunes events older than the window that no delivery waits on", async () => {
    const [kept, pruned] = await append(api.db, settled("token", "xai"), settled("token", "xai"));
    if (kept === undefined || pruned === undefined) throw new Error("two positions");
    const account = await api.db.account.findFirstOrThrow();
    const subscription = await api.db.webhookSubscription.create({
      data: {
        accountId: account.id,
        url: "https://example.com/hook",
        filter: { types: null, markets: null, series: null, thresholds: [] },
        secret: "whsec_test",
        createdAt: new Date(),
      },
    });
    await api.db.webhookDelivery.create({
      data: { subscriptionId: subscription.id, eventPosition: kept, nextAttemptAt: new Date() },
    });
    await api.db.$executeRaw`
      update webhook_event set appended_at = now() - interval '8 days'
      where position in (${kept}, ${pruned})`;
    await pruneEvents(api.db, TEST_SETTINGS.retentionMs, 1000);
    const left = (await readEventsAfter(api.db, kept - 1n, 2)).map((stored) => stored.position);
    expect(left).toContain(kept);
    expect(left).not.toContain(pruned);
  });
});
