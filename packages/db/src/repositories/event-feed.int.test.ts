import { dayPeriod, eventOf, type MarketEvent } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { databaseForFile } from "../testing/database-for-file";
import {
  isEventRetained,
  lastEventPosition,
  latestSeriesEvent,
  mcpSubscriptionsAmong,
  openMcpSession,
  pruneEvents,
  pruneMcpSubscriptions,
  readEventsAfter,
  subscribeMcpResource,
  touchMcpSession,
  unsubscribeMcpResource,
} from "./event-feed";
import { createAccount, insertApiKey } from "./api-keys";
import { appendEvents, createWebhookSubscription } from "./webhooks";

const { db } = await databaseForFile();
const DAY_MS = 86_400_000;

function settled(
  series: string,
  day: string,
  type: "value.settled" | "print.published" = "value.settled",
): MarketEvent {
  return eventOf(
    {
      type,
      data: {
        market: "gpu",
        series,
        period: dayPeriod(day),
        values: [{ name: "value", value: 2, unit: "USD per GPU-hour" }],
        methodologyVersion: "1.0",
        sources: [],
        previous: null,
      },
    },
    new Date("2026-11-28T21:05:00Z"),
  );
}

describe("reading the outbox", () => {
  it("reads after a position in order, in pages, and knows its end", async () => {
    const before = await lastEventPosition(db);
    const events = ["2026-01-01", "2026-01-02", "2026-01-03"].map((day) => settled("H200", day));
    const positions = await db.$transaction((tx) => appendEvents(tx, events));
    expect(await lastEventPosition(db)).toBe(positions.at(-1));
    const page = await readEventsAfter(db, before, 2);
    expect(page.map((stored) => stored.event)).toEqual(events.slice(0, 2));
    const rest = await readEventsAfter(db, page.at(-1)?.position ?? 0n, 2);
    expect(rest.map((stored) => stored.event)).toEqual(events.slice(2));
    // Stored one after the other under the append lock: later positions, later times.
    const times = [...page, ...rest].map((stored) => stored.appendedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("holds an event for the retention window, by the database's clock", async () => {
    const [position] = await db.$transaction((tx) =>
      appendEvents(tx, [settled("H200", "2026-02-01")]),
    );
    if (position === undefined) throw new Error("a position");
    expect(await isEventRetained(db, position, 7 * DAY_MS)).toBe(true);
    await db.$executeRaw`
      update webhook_event set appended_at = now() - interval '8 days' where position = ${position}`;
    expect(await isEventRetained(db, position, 7 * DAY_MS)).toBe(false);
    expect(await isEventRetained(db, position + 1_000_000n, 7 * DAY_MS)).toBe(false);
  });

  it("gives a series' latest value event", async () => {
    const latest = settled("B200", "2026-03-02", "print.published");
    await db.$transaction((tx) =>
      appendEvents(tx, [settled("B200", "2026-03-01"), latest, settled("H100 SXM", "2026-03-03")]),
    );
    expect(await latestSeriesEvent(db, "gpu", "B200")).toEqual(latest);
    expect(await latestSeriesEvent(db, "gpu", "A100")).toBeNull();
  });

  it("finds a series' latest value through its index, not by reading every payload", async () => {
    const plan = await db.$transaction(async (tx) => {
      // The table is small here: make the planner choose as it would on a large outbox.
      await tx.$executeRaw`set local enable_seqscan = off`;
      const rows = await tx.$queryRaw<{ "QUERY PLAN": string }[]>`
        explain select payload::text as payload from webhook_event
        where market = 'gpu'
          and type in ('value.settled', 'print.published', 'value.revised')
          and (payload -> 'data' ->> 'series') = 'B200'
        order by position desc
        limit 1`;
      return rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("webhook_event_series_latest_idx");
    expect(plan).not.toMatch(/Sort/);
  });
});

describe("the outbox's retention", () => {
  const EVERYTHING = { types: null, markets: null, series: null, thresholds: [] };
  const WEEK_MS = 7 * DAY_MS;

  /** A subscription in `status`, disabled `disabledDaysAgo` days ago when given. */
  async function subscription(status: string, disabledDaysAgo: number | null = null) {
    const account = await db.account.create({ data: { name: "retention", plan: "full" } });
    const { id } = await createWebhookSubscription(db, {
      accountId: account.id,
      url: "https://receiver.example/hook",
      filter: EVERYTHING,
      secret: `whsec_${Buffer.alloc(32, 7).toString("base64")}`,
      createdAt: new Date(),
    });
    await db.$executeRaw`
      update webhook_subscription
      set status = ${status},
          disabled_at = now() - make_interval(days => ${disabledDaysAgo}::int)
      where id = ${id}::uuid`;
    return id;
  }

  /** Appends one event per delivery status, each stored 8 days ago, for `subscriptionId`. */
  async function eightDaysOld(subscriptionId: string, statuses: string[]) {
    const events = statuses.map((_, n) => settled("retention", `2025-0${n + 1}-01`));
    const positions = await db.$transaction((tx) => appendEvents(tx, events));
    for (const [n, position] of positions.entries())
      await db.$executeRaw`
        update webhook_delivery set status = ${statuses[n]}
        where subscription_id = ${subscriptionId}::uuid and event_position = ${position}`;
    await db.$executeRaw`
      update webhook_event set appended_at = now() - interval '8 days'
      where position = any(${positions.map(String)}::text[]::bigint[])`;
    return positions;
  }

  const stored = async (positions: bigint[]) =>
    (
      await db.webhookEvent.findMany({
        where: { position: { in: positions } },
        orderBy: { position: "asc" },
      })
    ).map((row) => row.position);

  it("keeps what an active or paused subscription waits on, and prunes what was delivered", async () => {
    await db.webhookSubscription.deleteMany();
    await db.webhookEvent.deleteMany();
    const active = await subscription("active");
    const [delivered, pending, delivering] = await eightDaysOld(active, [
      "delivered",
      "pending",
      "delivering",
    ]);
    await db.webhookSubscription.update({ where: { id: active }, data: { status: "paused" } });
    await pruneEvents(db, WEEK_MS, 1000);
    expect(await stored([delivered ?? 0n, pending ?? 0n, delivering ?? 0n])).toEqual([
      pending,
      delivering,
    ]);
  });

  it("keeps a disabled subscription's failed and queued deliveries for the window after it was disabled, then prunes them", async () => {
    await db.webhookSubscription.deleteMany();
    await db.webhookEvent.deleteMany();
    const recently = await subscription("disabled", 1);
    const positions = await eightDaysOld(recently, ["failed", "pending"]);
    await pruneEvents(db, WEEK_MS, 1000);
    // Disabled a day ago: enabling it now sends the delivery that gave up, then the queue.
    expect(await stored(positions)).toEqual(positions);

    await db.$executeRaw`
      update webhook_subscription set disabled_at = now() - interval '8 days'
      where id = ${recently}::uuid`;
    await pruneEvents(db, WEEK_MS, 1000);
    expect(await stored(positions)).toEqual([]);
  });
});

/** A session opened with a fresh key (the key's id). */
async function sessionOfNewKey(sessionId: string): Promise<string> {
  const account = await createAccount(db, { name: "mcp", plan: "full", trialEndsAt: null });
  const key = await insertApiKey(db, {
    accountId: account.id,
    name: "mcp key",
    displayPrefix: "tpi_sk_test",
    keyHash: `hash-${sessionId}`,
  });
  await openMcpSession(db, sessionId, key.id);
  return key.id;
}

const H200 = "tpi://series/gpu/H200";
const B200 = "tpi://series/gpu/B200";

describe("MCP subscriptions", () => {
  it("are found for the sessions and resources asked about, once each", async () => {
    const one = await sessionOfNewKey("s1");
    const two = await sessionOfNewKey("s2");
    expect(await subscribeMcpResource(db, { sessionId: "s1", keyId: one, uri: H200 }, 5)).toBe(
      "subscribed",
    );
    await subscribeMcpResource(db, { sessionId: "s1", keyId: one, uri: H200 }, 5);
    await subscribeMcpResource(db, { sessionId: "s2", keyId: two, uri: B200 }, 5);
    expect(await mcpSubscriptionsAmong(db, ["s1", "s2", "s3"], [H200])).toEqual([
      { sessionId: "s1", uri: H200 },
    ]);
    expect(await unsubscribeMcpResource(db, { sessionId: "s1", keyId: one, uri: H200 })).toBe(true);
    expect(await mcpSubscriptionsAmong(db, ["s1"], [H200])).toEqual([]);
  });

  it("belong to the key that opened the session, up to the limit per session", async () => {
    const owner = await sessionOfNewKey("owned");
    const other = await sessionOfNewKey("other's");
    const mine = { sessionId: "owned", keyId: owner };
    expect(await subscribeMcpResource(db, { ...mine, keyId: other, uri: H200 }, 5)).toBe(
      "unknown_session",
    );
    expect(await subscribeMcpResource(db, { ...mine, sessionId: "never", uri: H200 }, 5)).toBe(
      "unknown_session",
    );
    expect(await subscribeMcpResource(db, { ...mine, uri: H200 }, 2)).toBe("subscribed");
    expect(await subscribeMcpResource(db, { ...mine, uri: B200 }, 2)).toBe("subscribed");
    expect(await subscribeMcpResource(db, { ...mine, uri: "tpi://series/gpu/A100" }, 2)).toBe(
      "limit",
    );
    // Renewing one held is not one more.
    expect(await subscribeMcpResource(db, { ...mine, uri: B200 }, 2)).toBe("subscribed");
    expect(await unsubscribeMcpResource(db, { ...mine, keyId: other, uri: H200 })).toBe(false);
    expect(await mcpSubscriptionsAmong(db, ["owned"], [H200])).toEqual([
      { sessionId: "owned", uri: H200 },
    ]);
    expect(await touchMcpSession(db, "owned", owner)).toBe(true);
    expect(await touchMcpSession(db, "owned", other)).toBe(false);
  });

  it("are renewed while their session's stream is open, and pruned once stale", async () => {
    const open = await sessionOfNewKey("open");
    const gone = await sessionOfNewKey("gone");
    await subscribeMcpResource(db, { sessionId: "open", keyId: open, uri: H200 }, 5);
    await subscribeMcpResource(db, { sessionId: "gone", keyId: gone, uri: H200 }, 5);
    await db.$executeRaw`update mcp_resource_subscription set touched_at = now() - interval '4 hours'`;
    await db.$executeRaw`update mcp_session set touched_at = now() - interval '4 hours'`;
    await pruneMcpSubscriptions(db, ["open"], 3 * 3_600_000);
    expect(await mcpSubscriptionsAmong(db, ["open", "gone"], [H200])).toEqual([
      { sessionId: "open", uri: H200 },
    ]);
    expect(await touchMcpSession(db, "open", open)).toBe(true);
    expect(await touchMcpSession(db, "gone", gone)).toBe(false);
  });
});
