import {
  dayPeriod,
  eventOf,
  thresholdCrossingsOf,
  type EventFilter,
  type MarketEvent,
} from "@tpi/domain";
import { beforeEach, describe, expect, it } from "vitest";
import pg from "pg";
import { transactionOnPool } from "../client";
import { databaseForFile } from "../testing/database-for-file";
import {
  WEBHOOK_EVENTS_CHANNEL,
  appendEvents,
  appendEventsOnClient,
  claimDueDeliveries,
  createWebhookSubscription,
  findWebhookSubscription,
  listWebhookDeliveries,
  recordAttempt,
  requeueWebhookDelivery,
} from "./webhooks";

const { db, url } = await databaseForFile();

const PUBLISHED_AT = new Date("2026-11-28T21:05:00.000Z");
const EVERYTHING: EventFilter = { types: null, markets: null, series: null, thresholds: [] };
// Any well-formed secret: this file signs nothing.
const SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;

function settled(
  day: string,
  value: number,
  previous: number | null,
  series = "H100 SXM",
): MarketEvent<"value.settled"> {
  return eventOf(
    {
      type: "value.settled",
      data: {
        market: "gpu",
        series,
        period: dayPeriod(day),
        values: [{ name: "value", value, unit: "USD per GPU-hour" }],
        methodologyVersion: "1.0",
        sources: [],
        previous:
          previous === null
            ? null
            : {
                period: dayPeriod("2026-11-01"),
                values: [{ name: "value", value: previous, unit: "USD per GPU-hour" }],
              },
      },
    },
    PUBLISHED_AT,
  );
}

async function subscribe(filter: EventFilter, status = "active"): Promise<string> {
  const account = await db.account.create({ data: { name: "webhooks", plan: "full" } });
  const subscription = await createWebhookSubscription(db, {
    accountId: account.id,
    url: "https://receiver.example/hook",
    filter,
    secret: SECRET,
    createdAt: PUBLISHED_AT,
  });
  await db.webhookSubscription.update({ where: { id: subscription.id }, data: { status } });
  return subscription.id;
}

const deliveriesOf = async (subscriptionId: string): Promise<string[]> =>
  (await listWebhookDeliveries(db, subscriptionId, { limit: 100 })).map((entry) => entry.eventId);

beforeEach(async () => {
  await db.webhookEvent.deleteMany();
  await db.webhookSubscription.deleteMany();
});

describe("the webhook outbox", () => {
  it("reads a subscription's filter back as it was stored", async () => {
    const filter: EventFilter = {
      types: ["value.settled", "threshold.crossed"],
      markets: ["gpu"],
      series: ["H100 SXM"],
      thresholds: [
        { kind: "level", level: 2.5 },
        { kind: "change", percent: 10 },
      ],
    };
    const id = await subscribe(filter);
    expect((await findWebhookSubscription(db, id))?.filter).toEqual(filter);
  });

  it("queues deliveries for active and disabled matching subscriptions, not paused ones, and a threshold crossing for its rule only", async () => {
    const everything = await subscribe(EVERYTHING);
    const paused = await subscribe(EVERYTHING, "paused");
    const disabled = await subscribe(EVERYTHING, "disabled");
    const disabledCrossings = await subscribe(
      {
        types: ["threshold.crossed"],
        markets: null,
        series: null,
        thresholds: [{ kind: "change", percent: 5 }],
      },
      "disabled",
    );
    const level = { kind: "level", level: 2.5 } as const;
    const crossings = await subscribe({
      types: ["threshold.crossed"],
      markets: null,
      series: null,
      thresholds: [level],
    });
    const otherRule = await subscribe({
      types: ["threshold.crossed"],
      markets: null,
      series: null,
      thresholds: [{ kind: "level", level: 9 }],
    });
    const value = settled("2026-11-28", 2.6, 2.4);
    const [crossing] = thresholdCrossingsOf(value, [level]);
    const [changeCrossing] = thresholdCrossingsOf(value, [{ kind: "change", percent: 5 }]);
    if (crossing === undefined || changeCrossing === undefined)
      throw new Error("2.4 → 2.6 crosses 2.5 and moves 8 %");

    // The crossings are derived by the append itself, from the subscriptions' rules, a
    // disabled subscription's among them.
    const positions = await db.$transaction((tx) => appendEvents(tx, [value]));

    expect(positions).toHaveLength(3);
    // A crossing is derived for a subscription's own rules: one without rules gets none.
    expect(await deliveriesOf(everything)).toEqual([value.id]);
    expect(await deliveriesOf(crossings)).toEqual([crossing.id]);
    expect(await deliveriesOf(otherRule)).toEqual([]);
    expect(await deliveriesOf(paused)).toEqual([]);
    // Queued for when it is enabled again, but never claimed while it is disabled.
    expect(await deliveriesOf(disabled)).toEqual([value.id]);
    expect(await deliveriesOf(disabledCrossings)).toEqual([changeCrossing.id]);
    const now = new Date(PUBLISHED_AT.getTime() + 1000);
    const claimed = await claimDueDeliveries(
      db,
      "claimer",
      100,
      now,
      new Date(now.getTime() + 60_000),
    );
    expect(claimed.map((claim) => claim.subscriptionId).sort()).toEqual(
      [everything, crossings].sort(),
    );
  });

  it("stores a fact emitted again once, and the payload's text as given", async () => {
    await subscribe(EVERYTHING);
    const event = settled("2026-11-28", 2.31, null);
    const first = await appendEvents(db, [event]);
    const again = await appendEvents(db, [event, settled("2026-11-29", 2.32, null)]);
    expect(first).toHaveLength(1);
    expect(again).toHaveLength(1);
    const [claimed] = await claimDueDeliveries(
      db,
      "test",
      10,
      PUBLISHED_AT,
      new Date(PUBLISHED_AT.getTime() + 60_000),
    );
    expect(claimed).toMatchObject({ eventId: event.id, body: JSON.stringify(event), attempt: 1 });
  });

  it("pages a delivery log newest first", async () => {
    const id = await subscribe(EVERYTHING);
    const days = ["2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"];
    const events = days.map((day) => settled(day, 2.31, null));
    await appendEvents(db, events);
    const firstPage = await listWebhookDeliveries(db, id, { limit: 3 });
    const last = firstPage.at(-1);
    if (last === undefined) throw new Error("an empty page");
    const secondPage = await listWebhookDeliveries(db, id, {
      limit: 3,
      beforePosition: last.eventPosition,
    });
    expect([...firstPage, ...secondPage].map((entry) => entry.eventId)).toEqual(
      events.map((event) => event.id).reverse(),
    );
    expect(firstPage[0]).toMatchObject({ status: "pending", attempts: 0, lastStatus: null });
  });
});

describe("appends from concurrent publications", () => {
  it("commit in the order of their positions: a second append waits for the first's transaction", async () => {
    const subscriptionId = await subscribe(EVERYTHING);
    const order: string[] = [];
    let second: Promise<void> | undefined;
    await db.$transaction(async (first) => {
      await appendEvents(first, [settled("2026-11-20", 2.5, null)]);
      second = db
        .$transaction(async (tx) => {
          await appendEvents(tx, [settled("2026-11-21", 2.6, 2.5)]);
        })
        .then(() => void order.push("second committed"));
      // The second append waits on the outbox's lock while the first transaction is open.
      for (;;) {
        const waiting = await db.$queryRaw<{ count: bigint }[]>`
          select count(*) as count from pg_locks where locktype = 'advisory' and not granted`;
        if ((waiting[0]?.count ?? 0n) > 0n) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      order.push("first committing");
    });
    await second;
    expect(order).toEqual(["first committing", "second committed"]);
    const claimed = await claimDueDeliveries(
      db,
      "test",
      10,
      new Date("2026-11-29T00:00:00.000Z"),
      new Date("2026-11-29T00:01:00.000Z"),
    );
    expect(claimed.map((delivery) => delivery.subscriptionId)).toEqual([subscriptionId]);
    expect(claimed[0]?.eventId).toContain("2026-11-20");
  });
});

const storedEventIds = async (): Promise<string[]> =>
  (await db.webhookEvent.findMany({ orderBy: { position: "asc" } })).map((row) => row.eventId);

const crossingsFilter = (rules: EventFilter["thresholds"], series: string[] | null = null) =>
  ({ types: ["threshold.crossed"], markets: ["gpu"], series, thresholds: rules }) as const;

describe("threshold crossings derived at append", () => {
  const level = { kind: "level", level: 2.5 } as const;
  const change = { kind: "change", percent: 5 } as const;

  it("stores each crossing once, right after the value that crossed, for every subscription holding its rule", async () => {
    const first = await subscribe(crossingsFilter([level, change]));
    const second = await subscribe(crossingsFilter([level]));
    const valuesOnly = await subscribe({ ...EVERYTHING, types: ["value.settled"] });
    const value = settled("2026-11-28", 2.6, 2.4);
    const later = settled("2026-11-29", 2.61, 2.6);
    const [levelCrossing, changeCrossing] = thresholdCrossingsOf(value, [level, change]);
    if (levelCrossing === undefined || changeCrossing === undefined)
      throw new Error("2.4 → 2.6 crosses 2.5 and moves 8 %");

    const positions = await db.$transaction((tx) => appendEvents(tx, [value, later]));

    // 2.6 → 2.61 crosses nothing: no event follows the second value.
    expect(await storedEventIds()).toEqual([
      value.id,
      levelCrossing.id,
      changeCrossing.id,
      later.id,
    ]);
    expect(positions).toHaveLength(4);
    expect(await deliveriesOf(first)).toEqual([changeCrossing.id, levelCrossing.id]);
    expect(await deliveriesOf(second)).toEqual([levelCrossing.id]);
    expect(await deliveriesOf(valuesOnly)).toEqual([later.id, value.id]);
    const stored = await db.webhookEvent.findUnique({ where: { eventId: levelCrossing.id } });
    expect(stored?.payload).toEqual(JSON.parse(JSON.stringify(levelCrossing)));
  });

  it("derives nothing for another series, a first value, a revision, or a paused subscription", async () => {
    await subscribe(crossingsFilter([level], ["H200"]));
    await subscribe(crossingsFilter([change]), "paused");
    const revision = eventOf(
      {
        type: "value.revised",
        data: {
          ...settled("2026-11-27", 2.6, null).data,
          oldValues: [{ name: "value", value: 2.4, unit: "USD per GPU-hour" }],
          revision: 1,
          reason: "Restated input",
        },
      },
      PUBLISHED_AT,
    );
    const events = [
      settled("2026-11-28", 2.6, 2.4),
      settled("2026-11-29", 2.6, null, "H200"),
      revision,
    ];
    await appendEvents(db, events);
    expect(await storedEventIds()).toEqual(events.map((event) => event.id));
  });

  it("stores a crossing already in the outbox once, and the publication still succeeds", async () => {
    const id = await subscribe(crossingsFilter([level]));
    const value = settled("2026-11-28", 2.6, 2.4);
    const [crossing] = thresholdCrossingsOf(value, [level]);
    if (crossing === undefined) throw new Error("2.4 → 2.6 crosses 2.5");
    await appendEvents(db, [crossing]);
    expect(await db.$transaction((tx) => appendEvents(tx, [value]))).toHaveLength(1);
    expect(await storedEventIds()).toEqual([crossing.id, value.id]);
    expect(await deliveriesOf(id)).toEqual([crossing.id]);
  });

  it("derives no crossing again when the value is emitted again", async () => {
    const id = await subscribe(crossingsFilter([level]));
    const value = settled("2026-11-28", 2.6, 2.4);
    expect(await appendEvents(db, [value])).toHaveLength(2);
    expect(await appendEvents(db, [value])).toEqual([]);
    expect(await deliveriesOf(id)).toHaveLength(1);
  });
});

describe("appends on a node-postgres connection", () => {
  it("store, derive and queue as the Prisma append does, and roll back with their transaction", async () => {
    const everything = await subscribe(EVERYTHING);
    const crossings = await subscribe(crossingsFilter([{ kind: "level", level: 2.5 }]));
    const value = settled("2026-11-28", 2.6, 2.4);
    const failed = new Error("the publication failed after its append");
    await expect(
      transactionOnPool(db, async (client) => {
        await appendEventsOnClient(client, [value]);
        throw failed;
      }),
    ).rejects.toBe(failed);
    expect(await storedEventIds()).toEqual([]);

    const positions = await transactionOnPool(db, (client) =>
      appendEventsOnClient(client, [value]),
    );

    expect(positions).toHaveLength(2);
    const [crossing] = thresholdCrossingsOf(value, [{ kind: "level", level: 2.5 }]);
    expect(await storedEventIds()).toEqual([value.id, crossing?.id]);
    expect(await deliveriesOf(everything)).toEqual([value.id]);
    expect(await deliveriesOf(crossings)).toEqual([crossing?.id]);
    const [claimed] = await claimDueDeliveries(
      db,
      "test",
      10,
      PUBLISHED_AT,
      new Date(PUBLISHED_AT.getTime() + 60_000),
    );
    expect(claimed).toMatchObject({ eventId: value.id, body: JSON.stringify(value) });
  });
});

describe("the append's notification", () => {
  it("tells listeners the last position stored, once the publication commits", async () => {
    const listener = new pg.Client({ connectionString: url });
    await listener.connect();
    try {
      const notified: string[] = [];
      let heard: () => void = () => undefined;
      const arrived = new Promise<void>((resolve) => (heard = resolve));
      listener.on("notification", (message) => {
        if (message.channel !== WEBHOOK_EVENTS_CHANNEL) return;
        notified.push(message.payload ?? "");
        heard();
      });
      await listener.query(`listen ${WEBHOOK_EVENTS_CHANNEL}`);
      const positions = await db.$transaction((tx) =>
        appendEvents(tx, [settled("2026-11-27", 2, null), settled("2026-11-28", 2, 2)]),
      );
      await arrived;
      expect(notified).toEqual([positions.at(-1)?.toString()]);
    } finally {
      await listener.end();
    }
  });
});

describe("a redelivery while a later delivery is in flight", () => {
  it("waits until that request is finished: one endpoint never has two requests in flight", async () => {
    const id = await subscribe(EVERYTHING);
    const first = settled("2026-11-27", 2.4, null);
    const second = settled("2026-11-28", 2.6, null);
    await appendEvents(db, [first, second]);
    const at = (seconds: number) => new Date(PUBLISHED_AT.getTime() + seconds * 1000);
    const claim = (owner: string, now: Date) =>
      claimDueDeliveries(db, owner, 10, now, new Date(now.getTime() + 60_000));
    const delivered = (owner: string, position: bigint, now: Date) =>
      db.$transaction((tx) =>
        recordAttempt(
          tx,
          owner,
          { subscriptionId: id, eventPosition: position },
          {
            result: "delivered",
            at: now,
            status: 204,
            latencyMs: 5,
            error: null,
          },
        ),
      );

    const [firstClaim] = await claim("a", at(1));
    if (firstClaim === undefined) throw new Error("the first event is due");
    await delivered("a", firstClaim.eventPosition, at(2));
    const [secondClaim] = await claim("a", at(3));
    expect(secondClaim?.eventId).toBe(second.id);
    if (secondClaim === undefined) throw new Error("the second event is due");

    // The second is in flight (claimed by "a" until at(63)) when the first is redelivered.
    expect(await db.$transaction((tx) => requeueWebhookDelivery(tx, id, first.id, at(4)))).toBe(
      "requeued",
    );
    expect(await claim("b", at(5))).toEqual([]);

    // Once the request in flight is recorded, the redelivered event goes out, before the rest.
    await delivered("a", secondClaim.eventPosition, at(6));
    expect((await claim("b", at(7))).map((claimed) => claimed.eventId)).toEqual([first.id]);
  });

  it("is taken over once the claim in flight has lapsed", async () => {
    const id = await subscribe(EVERYTHING);
    const first = settled("2026-11-27", 2.4, null);
    const second = settled("2026-11-28", 2.6, null);
    await appendEvents(db, [first, second]);
    await db.$executeRaw`
      update webhook_delivery d set status = 'delivered'
      from webhook_event e where e.position = d.event_position and e.event_id = ${first.id}`;
    const now = new Date(PUBLISHED_AT.getTime() + 1000);
    await claimDueDeliveries(db, "dead", 10, now, new Date(now.getTime() + 60_000));
    await db.$transaction((tx) => requeueWebhookDelivery(tx, id, first.id, now));
    // The claim of "dead" lapsed at +61 s: its holder is presumed gone, the queue moves on.
    const later = new Date(now.getTime() + 61_000);
    const claimed = await claimDueDeliveries(
      db,
      "b",
      10,
      later,
      new Date(later.getTime() + 60_000),
    );
    expect(claimed.map((claim) => claim.eventId)).toEqual([first.id]);
  });
});
