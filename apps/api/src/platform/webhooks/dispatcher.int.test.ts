import {
  appendEvents,
  claimDueDeliveries,
  createDb,
  createWebhookSubscription,
  findWebhookSubscription,
  listWebhookDeliveries,
  recordAttempt,
  rotateWebhookSecret,
  type Db,
} from "@tpi/db";
import { dayPeriod, eventOf, type EventFilter, type MarketEvent } from "@tpi/domain";
import { Webhook } from "standardwebhooks";
import { beforeEach, describe, expect, it } from "vitest";
import { databaseForFile, jsonStubForFile } from "../../testing/file-fixtures";
import type { StubRequest } from "../../testing/loopback-stub";
import type { DeliveryPolicy } from "./deliver";
import {
  createWebhookDispatcher,
  DELIVERY_LEASE_MS,
  GIVE_UP_AFTER_MS,
  RETRY_FIRST_DELAY_MS,
  RETRY_MAX_DELAY_MS,
  SUBSCRIPTION_DISABLED_MAIL_KIND,
  type WebhookDispatcher,
} from "./dispatcher";
import { newWebhookSecret } from "./signature";

const { db, url: databaseUrl } = await databaseForFile();

/** The receivers: one path per subscription; each test sets what they answer. */
const receiver = await jsonStubForFile(() => ({ status: 200, body: { received: true } }));

/** The operator's setting for a private deployment and for tests: http and loopback allowed. */
const LOOPBACK_POLICY: DeliveryPolicy = {
  allowHttp: true,
  allowPrivateAddresses: true,
  timeoutMs: 5_000,
};

/**
 * The service's clock, moved by the tests. It starts near the real time, because the receiver's
 * library refuses a signature whose timestamp is more than 5 minutes from its own clock.
 */
let clock = new Date();
const now = (): Date => clock;
const advance = (ms: number): void => {
  clock = new Date(clock.getTime() + ms);
};

function dispatcher(on: Db = db, owner?: string): WebhookDispatcher {
  return createWebhookDispatcher({ db: on, policy: LOOPBACK_POLICY, now, owner });
}

/** Rounds until one claims nothing: every due delivery has been attempted once more. */
async function dispatchUntilIdle(...dispatchers: WebhookDispatcher[]): Promise<void> {
  for (;;) {
    const rounds = await Promise.all(dispatchers.map((each) => each.dispatchDue()));
    const attempts = rounds.reduce(
      (sum, round) => sum + round.delivered + round.retried + round.failed + round.lost,
      0,
    );
    if (attempts === 0) return;
  }
}

function settled(market: string, series: string, day: string, publishedAt: Date): MarketEvent {
  return eventOf(
    {
      type: "value.settled",
      data: {
        market,
        series,
        period: dayPeriod(day),
        values: [{ name: "value", value: 2.31, unit: "USD per GPU-hour" }],
        methodologyVersion: "1.0",
        sources: [],
        previous: null,
      },
    },
    publishedAt,
  );
}

const EVERYTHING: EventFilter = { types: null, markets: null, series: null, thresholds: [] };

async function subscribe(
  path: string,
  filter: EventFilter = EVERYTHING,
  email: string | null = null,
): Promise<{ id: string; secret: string }> {
  const account = await db.account.create({ data: { name: path, plan: "full", email } });
  const secret = newWebhookSecret();
  const subscription = await createWebhookSubscription(db, {
    accountId: account.id,
    url: `${receiver.url}${path}`,
    filter,
    secret,
    createdAt: clock,
  });
  return { id: subscription.id, secret };
}

/** Appends in a transaction, as a publication does. */
async function publish(...events: MarketEvent[]): Promise<void> {
  await db.$transaction((tx) => appendEvents(tx, events));
}

const requestsTo = (path: string): StubRequest[] =>
  receiver.requests.filter((request) => request.path === path);
const idsSentTo = (path: string): (string | undefined)[] =>
  requestsTo(path).map((request) => header(request, "webhook-id"));

function header(request: StubRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === "string" ? value : undefined;
}

/** The receiver's side: the Standard Webhooks library, as a subscriber would use it. */
function verifiedBy(secret: string, request: StubRequest): unknown {
  return new Webhook(secret).verify(request.body, {
    "webhook-id": header(request, "webhook-id") ?? "",
    "webhook-timestamp": header(request, "webhook-timestamp") ?? "",
    "webhook-signature": header(request, "webhook-signature") ?? "",
  });
}

beforeEach(async () => {
  await db.webhookEvent.deleteMany();
  await db.webhookSubscription.deleteMany();
  await db.mailOutbox.deleteMany();
  clock = new Date();
});

describe("the webhook dispatcher", () => {
  it("delivers an event once to each matching subscription, signed, and not to others", async () => {
    const gpu = await subscribe("/gpu", { ...EVERYTHING, markets: ["gpu"] });
    await subscribe("/memory", { ...EVERYTHING, markets: ["memory"] });
    const event = settled("gpu", "H100 SXM", "2026-11-28", new Date(clock.getTime() - 1000));
    await publish(event);

    await dispatchUntilIdle(dispatcher());
    advance(RETRY_MAX_DELAY_MS);
    await dispatchUntilIdle(dispatcher());

    expect(requestsTo("/memory")).toHaveLength(0);
    const [delivery, ...more] = requestsTo("/gpu");
    expect(more).toHaveLength(0);
    if (delivery === undefined) throw new Error("no delivery to /gpu");
    expect(header(delivery, "webhook-id")).toBe(event.id);
    expect(delivery.body).toBe(JSON.stringify(event));
    expect(verifiedBy(gpu.secret, delivery)).toEqual(event);
    const [logged] = await listWebhookDeliveries(db, gpu.id, { limit: 10 });
    expect(logged).toMatchObject({
      eventId: event.id,
      status: "delivered",
      attempts: 1,
      lastStatus: 200,
      lastError: null,
    });
  });

  it("delivers an event appended twice (a second emission of the same fact) once", async () => {
    await subscribe("/twice");
    const publishedAt = new Date(clock.getTime() - 1000);
    await publish(settled("gpu", "H100 SXM", "2026-11-28", publishedAt));
    await publish(settled("gpu", "H100 SXM", "2026-11-28", publishedAt));

    await dispatchUntilIdle(dispatcher());

    expect(await db.webhookEvent.count()).toBe(1);
    expect(requestsTo("/twice")).toHaveLength(1);
  });

  it("gives a receiver that was down every event in the order of publication, with the same ids", async () => {
    const down = await subscribe("/down");
    const publishedAt = new Date(clock.getTime() - 1000);
    const events = ["2026-11-26", "2026-11-27", "2026-11-28"].map((day) =>
      settled("gpu", "H100 SXM", day, publishedAt),
    );
    await publish(...events);
    const ids = events.map((event) => event.id);

    receiver.answer = () => ({ status: 503, text: "down for maintenance" });
    await dispatchUntilIdle(dispatcher());
    advance(RETRY_FIRST_DELAY_MS);
    await dispatchUntilIdle(dispatcher());
    // Only the first event was tried, twice: the later ones wait behind it.
    expect(idsSentTo("/down")).toEqual([ids[0], ids[0]]);

    receiver.answer = () => ({ status: 204 });
    advance(2 * RETRY_FIRST_DELAY_MS);
    await dispatchUntilIdle(dispatcher());

    expect(idsSentTo("/down")).toEqual([ids[0], ids[0], ids[0], ids[1], ids[2]]);
    for (const request of requestsTo("/down"))
      expect(verifiedBy(down.secret, request)).toBeTruthy();
    const log = await listWebhookDeliveries(db, down.id, { limit: 10 });
    expect(log.map((entry) => [entry.eventId, entry.status, entry.attempts])).toEqual([
      [ids[2], "delivered", 1],
      [ids[1], "delivered", 1],
      [ids[0], "delivered", 3],
    ]);
    expect((await findWebhookSubscription(db, down.id))?.failingSince).toBeNull();
  });

  it("two dispatchers on one database deliver each event once per endpoint, in order", async () => {
    const paths = ["/one", "/two", "/three"];
    for (const path of paths) await subscribe(path);
    const publishedAt = new Date(clock.getTime() - 1000);
    const events = Array.from({ length: 8 }, (_, day) =>
      settled("gpu", "H100 SXM", `2026-11-${String(day + 10)}`, publishedAt),
    );
    await publish(...events);

    const otherInstance = createDb(databaseUrl, 4);
    try {
      await dispatchUntilIdle(
        dispatcher(db, "instance-a"),
        dispatcher(otherInstance, "instance-b"),
      );
    } finally {
      await otherInstance.$disconnect();
    }

    for (const path of paths) expect(idsSentTo(path)).toEqual(events.map((event) => event.id));
  });

  it("retries after 30 s, doubling to 1 h, for 24 hours, then disables the subscription and mails its owner", async () => {
    const failing = await subscribe("/failing", EVERYTHING, "owner@example.com");
    const publishedAt = new Date(clock.getTime() - 1000);
    const [first, later] = [
      settled("gpu", "H100 SXM", "2026-11-27", publishedAt),
      settled("gpu", "H100 SXM", "2026-11-28", publishedAt),
    ];
    if (first === undefined || later === undefined) throw new Error("two events");
    await publish(first, later);
    receiver.answer = () => ({ status: 500, text: "broken" });

    const firstAttemptAt = clock;
    const waits: number[] = [];
    for (;;) {
      const round = await dispatcher().dispatchDue();
      if (round.failed === 1) break;
      expect(round.retried).toBe(1);
      // The log is newest first: the first event's delivery is the last of the two.
      const head = (await listWebhookDeliveries(db, failing.id, { limit: 2 })).at(-1);
      if (head === undefined) throw new Error("no delivery logged");
      const wait = head.nextAttemptAt.getTime() - clock.getTime();
      waits.push(wait);
      // Not due a moment before its time.
      advance(wait - 1);
      expect(await dispatcher().dispatchDue()).toMatchObject({ retried: 0, failed: 0 });
      advance(1);
    }

    const doubling = [30, 60, 120, 240, 480, 960, 1920].map((seconds) => seconds * 1000);
    expect(waits.slice(0, doubling.length)).toEqual(doubling);
    expect(waits.slice(doubling.length).every((wait) => wait === RETRY_MAX_DELAY_MS)).toBe(true);
    const gaveUpAfter = clock.getTime() - firstAttemptAt.getTime();
    expect(gaveUpAfter).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS);
    expect(gaveUpAfter).toBeLessThan(GIVE_UP_AFTER_MS + RETRY_MAX_DELAY_MS);

    const subscription = await findWebhookSubscription(db, failing.id);
    expect(subscription).toMatchObject({ status: "disabled" });
    expect(subscription?.disabledReason).toMatch(/failed for 24 hours.*answered 500/);
    expect(subscription?.failingSince).toEqual(firstAttemptAt);
    const log = await listWebhookDeliveries(db, failing.id, { limit: 10 });
    expect(log.map((entry) => [entry.eventId, entry.status])).toEqual([
      [later.id, "pending"],
      [first.id, "failed"],
    ]);
    // The later event was never sent: it waits for the subscription to be enabled again.
    expect(new Set(idsSentTo("/failing"))).toEqual(new Set([first.id]));
    const mails = await db.mailOutbox.findMany();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: "owner@example.com",
      kind: SUBSCRIPTION_DISABLED_MAIL_KIND,
    });
    expect(mails[0]?.textBody).not.toContain("/failing");

    // A disabled subscription is not delivered to, whatever is due.
    receiver.answer = () => ({ status: 200 });
    advance(RETRY_MAX_DELAY_MS);
    const sent = receiver.requests.length;
    await dispatchUntilIdle(dispatcher());
    expect(receiver.requests.length).toBe(sent);
  });

  it("retries a claim left by a dispatcher that died, once the claim lapses, with the same id", async () => {
    const orphaned = await subscribe("/orphaned");
    const event = settled("gpu", "H100 SXM", "2026-11-28", new Date(clock.getTime() - 1000));
    await publish(event);
    const lockedUntil = new Date(clock.getTime() + DELIVERY_LEASE_MS);
    const [claim] = await claimDueDeliveries(db, "killed", 10, clock, lockedUntil);
    if (claim === undefined) throw new Error("nothing claimed");
    // The claimant dies here, mid-delivery: it never records an outcome.

    const survivor = dispatcher(db, "survivor");
    await dispatchUntilIdle(survivor);
    expect(requestsTo("/orphaned")).toHaveLength(0);

    clock = lockedUntil;
    await dispatchUntilIdle(survivor);
    expect(idsSentTo("/orphaned")).toEqual([event.id]);
    const [logged] = await listWebhookDeliveries(db, orphaned.id, { limit: 1 });
    expect(logged).toMatchObject({ status: "delivered", attempts: 2 });

    // Were the first claimant alive after all, its late outcome changes nothing.
    const late = await recordAttempt(db, "killed", claim, {
      result: "retry",
      at: clock,
      status: null,
      latencyMs: 1,
      error: "late",
      nextAttemptAt: clock,
    });
    expect(late).toEqual({ recorded: false });
  });

  it("signs with the new and the previous secret while a rotation's overlap lasts", async () => {
    const rotated = await subscribe("/rotated");
    const newSecret = newWebhookSecret();
    await rotateWebhookSecret(db, rotated.id, {
      secret: newSecret,
      overlapUntil: new Date(clock.getTime() + 60_000),
    });
    await publish(settled("gpu", "H100 SXM", "2026-11-27", new Date(clock.getTime() - 1000)));
    await dispatchUntilIdle(dispatcher());
    advance(60_000);
    await publish(settled("gpu", "H100 SXM", "2026-11-28", new Date(clock.getTime() - 1000)));
    await dispatchUntilIdle(dispatcher());

    const [during, after] = requestsTo("/rotated");
    if (during === undefined || after === undefined) throw new Error("two deliveries");
    expect(verifiedBy(rotated.secret, during)).toBeTruthy();
    expect(verifiedBy(newSecret, during)).toBeTruthy();
    expect(verifiedBy(newSecret, after)).toBeTruthy();
    expect(() => verifiedBy(rotated.secret, after)).toThrow();
  });
});
