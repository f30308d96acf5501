import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
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
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { databaseForFile, jsonStubForFile } from "../../testing/file-fixtures";
import type { StubRequest } from "../../testing/loopback-stub";
import { EVENT_RETENTION_DAYS } from "../events/live-events";
import type { DeliveryPolicy } from "./deliver";
import type { DeliveryGate } from "./gate";
import {
  createWebhookDispatcher,
  DELIVERY_LEASE_MS,
  GIVE_UP_AFTER_MS,
  RETRY_MAX_DELAY_MS,
  SUBSCRIPTION_DISABLED_MAIL_KIND,
  mailTime,
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
  return subscribeTo(`${receiver.url}${path}`, filter, email);
}

async function subscribeTo(
  url: string,
  filter: EventFilter = EVERYTHING,
  email: string | null = null,
): Promise<{ id: string; secret: string }> {
  const account = await db.account.create({ data: { name: url, plan: "full", email } });
  const secret = newWebhookSecret();
  const subscription = await createWebhookSubscription(db, {
    accountId: account.id,
    url,
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

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

type OutageRequest = StubRequest & { id: string | undefined; answered: number };

/**
 * A receiver whose port can close and open again (the same port): it answers every request with
 * `answer` and records it with that status.
 */
async function startOutageReceiver(): Promise<{
  url: string;
  requests: OutageRequest[];
  answer: number;
  readonly listening: boolean;
  stopListening(): Promise<void>;
  listen(): Promise<void>;
}> {
  const requests: OutageRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://receiver");
      const headers = req.headers;
      const id = headers["webhook-id"];
      requests.push({
        method: req.method ?? "POST",
        path: url.pathname,
        query: url.searchParams,
        at: performance.now(),
        headers,
        body: Buffer.concat(chunks).toString("utf8"),
        id: typeof id === "string" ? id : undefined,
        answered: receiver.answer,
      });
      res.writeHead(receiver.answer).end();
    });
  });
  const listenOn = (port: number): Promise<void> =>
    new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  await listenOn(0);
  const { port } = server.address() as AddressInfo;
  const receiver = {
    url: `http://127.0.0.1:${String(port)}`,
    requests,
    answer: 200,
    get listening() {
      return server.listening;
    },
    async stopListening() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    listen: () => listenOn(port),
  };
  afterAll(async () => {
    if (receiver.listening) await receiver.stopListening();
  });
  return receiver;
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

  it("gives a receiver down for an hour every event once it is back, once each, in the order of publication", async () => {
    // The receiver of its own, on a port that closes: answering 503 for half an hour, then not
    // listening at all for the other half, then back.
    const outage = await startOutageReceiver();
    const down = await subscribeTo(`${outage.url}/down`);
    // An hour and five minutes ago, so that once the hour has passed on this clock the receiver's
    // library (5 minutes' tolerance against its own clock) takes the signatures.
    clock = new Date(Date.now() - HOUR_MS - 5 * MINUTE_MS);
    const wentDown = clock;
    // Events appended while it is down, two in one publication; each day is one event.
    const publications = [
      { afterMs: 0, days: ["2026-11-20"] },
      { afterMs: 10 * MINUTE_MS, days: ["2026-11-21", "2026-11-22"] },
      { afterMs: 25 * MINUTE_MS, days: ["2026-11-23"] },
      { afterMs: 40 * MINUTE_MS, days: ["2026-11-24"] },
      { afterMs: 55 * MINUTE_MS, days: ["2026-11-25"] },
    ];
    const events: MarketEvent[] = [];
    outage.answer = 503;
    // The hour: publish what is due, attempt what is due, move the clock to what comes next.
    while (clock.getTime() < wentDown.getTime() + HOUR_MS) {
      const sinceDown = clock.getTime() - wentDown.getTime();
      while (publications[0] !== undefined && publications[0].afterMs <= sinceDown) {
        const { days } = publications.shift() ?? { days: [] };
        const published = days.map((day) => settled("gpu", "H100 SXM", day, clock));
        await publish(...published);
        events.push(...published);
      }
      if (sinceDown >= HOUR_MS / 2 && outage.listening) await outage.stopListening();
      await dispatchUntilIdle(dispatcher());
      const head = (await listWebhookDeliveries(db, down.id, { limit: 100 })).at(-1);
      if (head === undefined) throw new Error("nothing queued");
      const nextPublication = publications[0]?.afterMs ?? Number.POSITIVE_INFINITY;
      clock = new Date(
        Math.min(head.nextAttemptAt.getTime(), wentDown.getTime() + nextPublication),
      );
    }
    const ids = events.map((event) => event.id);
    expect(ids).toHaveLength(6);

    // Only the first event was tried, every time: the later ones wait behind it. The port was
    // closed for the second half hour, so the receiver saw the attempts of the first half.
    expect(new Set(outage.requests.map((request) => request.id))).toEqual(new Set([ids[0]]));
    expect(outage.requests.every((request) => request.answered === 503)).toBe(true);
    const [head] = (await listWebhookDeliveries(db, down.id, { limit: 100 })).slice(-1);
    expect(head).toMatchObject({ eventId: ids[0], status: "pending" });
    expect(head?.attempts).toBeGreaterThan(outage.requests.length);
    expect(head?.lastError).toMatch(/ECONNREFUSED/);
    expect(head?.lastAttemptAt?.getTime()).toBeGreaterThanOrEqual(wentDown.getTime() + HOUR_MS / 2);

    // Back: the next attempt delivers every event, once each, in the order of publication.
    await outage.listen();
    outage.answer = 204;
    await dispatchUntilIdle(dispatcher());
    const afterDown = outage.requests.filter((request) => request.answered === 204);
    expect(afterDown.map((request) => request.id)).toEqual(ids);
    expect(afterDown.map((request) => verifiedBy(down.secret, request))).toEqual(events);
    const log = await listWebhookDeliveries(db, down.id, { limit: 10 });
    expect(log.map((entry) => [entry.eventId, entry.status])).toEqual(
      [...ids].reverse().map((id) => [id, "delivered"]),
    );
    expect(log.slice(0, -1).every((entry) => entry.attempts === 1)).toBe(true);
    expect((await findWebhookSubscription(db, down.id))?.failingSince).toBeNull();
    // Nothing more is due: no event comes twice.
    advance(RETRY_MAX_DELAY_MS);
    await dispatchUntilIdle(dispatcher());
    expect(outage.requests.filter((request) => request.answered === 204)).toHaveLength(6);
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
    // It says until when enabling sends everything: the retention, from the moment it gave up.
    const heldUntil = new Date(clock.getTime() + EVENT_RETENTION_DAYS * 86_400_000);
    expect(mails[0]?.textBody).toContain(`Enable it before ${mailTime(heldUntil)}`);
    expect(mails[0]?.textBody).toContain("starting with the delivery that gave up");

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

  it("claims a delivery for four of the operator's delivery time limits", async () => {
    await subscribe("/leased");
    await publish(settled("gpu", "H100 SXM", "2026-11-28", new Date(clock.getTime() - 1000)));
    const claimedFor: number[] = [];
    // The gate runs between the claim and the delivery: the claim is in the database by then.
    const gate: DeliveryGate = async (claims, claimedAt) => {
      const rows = await db.webhookDelivery.findMany({ where: { status: "delivering" } });
      for (const row of rows)
        claimedFor.push((row.lockedUntil?.getTime() ?? Number.NaN) - claimedAt.getTime());
      return new Map();
    };
    const policy = { ...LOOPBACK_POLICY, timeoutMs: 2_000 };
    await createWebhookDispatcher({ db, policy, now, gate }).dispatchDue();
    expect(claimedFor).toEqual([8_000]);
    expect(idsSentTo("/leased")).toHaveLength(1);
    expect(DELIVERY_LEASE_MS).toBe(60_000);
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
