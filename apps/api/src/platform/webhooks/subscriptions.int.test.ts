import {
  appendEvents,
  claimDueDeliveries,
  listWebhookDeliveries,
  type ClaimedDelivery,
} from "@tpi/db";
import {
  PLAN_NAMES,
  WEBHOOK_MESSAGES,
  WEBHOOK_PLAN_LIMITS,
  dayPeriod,
  eventOf,
  hourPeriod,
  type AccountPlan,
  type EventPeriod,
  type MarketEvent,
} from "@tpi/domain";
import { Webhook } from "standardwebhooks";
import { beforeEach, describe, expect, it } from "vitest";
import { MARKETS } from "../../markets";
import { databaseForFile, jsonStubForFile } from "../../testing/file-fixtures";
import type { StubRequest } from "../../testing/loopback-stub";
import { DEFAULT_TARGET_POLICY, type DeliveryPolicy, type HostResolver } from "./deliver";
import {
  createWebhookDispatcher,
  GIVE_UP_AFTER_MS,
  RETRY_FIRST_DELAY_MS,
  type WebhookDispatcher,
} from "./dispatcher";
import { createDeliveryGate } from "./gate";
import { eventAccessOf, servedMarketSeries } from "./service";
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  getWebhook,
  listWebhooks,
  pauseWebhook,
  redeliverWebhookEvent,
  resumeWebhook,
  rotateWebhookSecret,
  testWebhook,
  webhookAllowance,
  webhookDeliveryLog,
  type WebhookService,
} from "./subscriptions";

const { db } = await databaseForFile();
const receiver = await jsonStubForFile(() => ({ status: 200, body: { received: true } }));

/** The operator's setting for private deployments and tests: http and loopback allowed. */
const LOOPBACK_POLICY: DeliveryPolicy = {
  allowHttp: true,
  allowPrivateAddresses: true,
  timeoutMs: 5_000,
};

/** Near the real time: the receiver's library refuses a timestamp 5 minutes off its clock. */
let clock = new Date();
const now = (): Date => clock;
const advance = (ms: number): void => {
  clock = new Date(clock.getTime() + ms);
};

let woken = 0;
const service: WebhookService = {
  db,
  clock: now,
  policy: LOOPBACK_POLICY,
  served: servedMarketSeries(MARKETS),
  wake: () => {
    woken += 1;
  },
};
const productionService: WebhookService = { ...service, policy: DEFAULT_TARGET_POLICY };

const gate = createDeliveryGate({ db, eventAccess: eventAccessOf(MARKETS) });
const dispatcher = (): WebhookDispatcher =>
  createWebhookDispatcher({ db, policy: LOOPBACK_POLICY, now, gate });

async function dispatchUntilIdle(): Promise<void> {
  for (;;) {
    const round = await dispatcher().dispatchDue();
    const claimed = round.delivered + round.retried + round.failed + round.lost + round.skipped;
    if (claimed === 0) return;
  }
}

async function account(
  plan: AccountPlan = "full",
  trialEndsAt: Date | null = null,
): Promise<string> {
  const created = await db.account.create({ data: { name: "webhooks", plan, trialEndsAt } });
  return created.id;
}

async function subscribe(
  accountId: string,
  path: string,
  filter: Parameters<typeof createWebhook>[2]["filter"] = {},
): Promise<{ id: string; secret: string }> {
  const created = await createWebhook(service, accountId, {
    url: `${receiver.url}${path}`,
    filter,
  });
  if (!created.ok) throw created.error;
  return { id: created.value.subscription.id, secret: created.value.secret };
}

let day = 0;
/** A settled value of a new day each call (distinct ids), published a second ago. */
function settled(market = "token", period: EventPeriod = dayPeriod(nextDay())): MarketEvent {
  return eventOf(
    {
      type: "value.settled",
      data: {
        market,
        series: "anthropic",
        period,
        values: [{ name: "value", value: 3.1, unit: "USD per million tokens" }],
        methodologyVersion: "1.0",
        sources: [],
        previous: null,
      },
    },
    new Date(clock.getTime() - 1000),
  );
}
function nextDay(): string {
  day += 1;
  return new Date(Date.UTC(2026, 0, day)).toISOString().slice(0, 10);
}

async function publish(...events: MarketEvent[]): Promise<void> {
  await db.$transaction((tx) => appendEvents(tx, events));
}

const requestsTo = (path: string): StubRequest[] =>
  receiver.requests.filter((request) => request.path === path);
const idsSentTo = (path: string): string[] =>
  requestsTo(path).map((request) => String(request.headers["webhook-id"]));

function verify(secret: string, request: StubRequest): unknown {
  return new Webhook(secret).verify(request.body, {
    "webhook-id": String(request.headers["webhook-id"]),
    "webhook-timestamp": String(request.headers["webhook-timestamp"]),
    "webhook-signature": String(request.headers["webhook-signature"]),
  });
}

beforeEach(async () => {
  await db.webhookEvent.deleteMany();
  await db.webhookSubscription.deleteMany();
  await db.account.deleteMany();
  clock = new Date();
  woken = 0;
});

describe("creating a subscription", () => {
  it("returns the secret once, and lists and reads the subscription without it", async () => {
    const owner = await account();
    const created = await createWebhook(service, owner, {
      url: `${receiver.url}/a`,
      filter: { types: ["value.settled"], markets: ["gpu", "gpu"] },
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.value.secret).toMatch(/^whsec_/);
    expect(created.value.subscription).toMatchObject({
      url: `${receiver.url}/a`,
      status: "active",
      filter: { types: ["value.settled"], markets: ["gpu"], series: null, thresholds: [] },
    });
    const listed = await listWebhooks(service, owner);
    expect(listed.ok && listed.value.subscriptions).toEqual([created.value.subscription]);
    expect(JSON.stringify(listed)).not.toContain(created.value.secret);
    const read = await getWebhook(service, owner, created.value.subscription.id);
    expect(read).toEqual({ ok: true, value: created.value.subscription });
  });

  it("refuses a URL the operator's policy refuses, each with its reason", async () => {
    const owner = await account();
    const refusal = async (url: string) => {
      const created = await createWebhook(productionService, owner, { url, filter: {} });
      return created.ok ? undefined : { code: created.error.code, message: created.error.message };
    };
    expect(await refusal("http://example.com/hook")).toEqual({
      code: "bad_request",
      message: "Invalid 'url': the target must be an https URL, not http:.",
    });
    expect((await refusal("https://127.0.0.1/hook"))?.message).toMatch(
      /^Invalid 'url': webhooks are not delivered to loopback addresses/,
    );
    expect(await refusal("not a url")).toEqual({
      code: "bad_request",
      message: "Invalid 'url': the target is not a valid URL.",
    });
    expect(await refusal(`https://example.com/${"a".repeat(2_000)}`)).toEqual({
      code: "bad_request",
      message: WEBHOOK_MESSAGES.urlTooLong,
    });
    expect(await listWebhooks(service, owner)).toEqual({ ok: true, value: { subscriptions: [] } });
  });

  it("checks the filter against the markets served", async () => {
    const owner = await account();
    const created = await createWebhook(service, owner, {
      url: `${receiver.url}/a`,
      filter: { markets: ["bananas"] },
    });
    expect(created.ok).toBe(false);
    if (created.ok) return;
    expect(created.error.code).toBe("bad_request");
    expect(created.error.message).toBe(
      `Invalid market 'bananas'. Allowed values (case-sensitive): ${MARKETS.map((market) => market.name).join(", ")}.`,
    );
    // A market with a fixed list of series (its catalogue) checks the keys against it.
    const known = await createWebhook(service, owner, {
      url: `${receiver.url}/a`,
      filter: { markets: ["gpu"], series: ["H100 SXM"] },
    });
    expect(known.ok).toBe(true);
    const unknown = await createWebhook(service, owner, {
      url: `${receiver.url}/a`,
      filter: { markets: ["gpu"], series: ["Z999"] },
    });
    expect(unknown).toMatchObject({
      ok: false,
      error: {
        code: "bad_request",
        message: "Invalid series 'Z999': no series of gpu has this key (case-sensitive).",
      },
    });
  });

  it("holds an account to its plan's number of subscriptions", async () => {
    const owner = await account("trial", new Date(clock.getTime() + 3_600_000));
    const limit = WEBHOOK_PLAN_LIMITS.trial.subscriptions;
    for (let index = 0; index < limit; index += 1) await subscribe(owner, `/t${index}`);
    const refused = await createWebhook(service, owner, {
      url: `${receiver.url}/over`,
      filter: {},
    });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: "forbidden",
        message: WEBHOOK_MESSAGES.subscriptionLimit(PLAN_NAMES.trial, limit),
      },
    });
    const allowance = await webhookAllowance(service, owner);
    expect(allowance).toEqual({
      ok: true,
      value: { plan: "trial", limits: WEBHOOK_PLAN_LIMITS.trial, deliveriesToday: 0 },
    });
  });
});

describe("acting on a subscription", () => {
  it("answers not found for another account's subscription, an unknown id and a malformed one", async () => {
    const owner = await account();
    const stranger = await account();
    const { id } = await subscribe(owner, "/mine");
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const target of [id, unknown, "not-a-uuid"]) {
      const answers = [
        await getWebhook(service, stranger, target),
        await pauseWebhook(service, stranger, target),
        await resumeWebhook(service, stranger, target),
        await enableWebhook(service, stranger, target),
        await rotateWebhookSecret(service, stranger, target),
        await testWebhook(service, stranger, target),
        await redeliverWebhookEvent(service, stranger, target, "x"),
        await webhookDeliveryLog(service, stranger, target, {}),
        await deleteWebhook(service, stranger, target),
      ];
      for (const answer of answers)
        expect(answer).toMatchObject({
          ok: false,
          error: { code: "not_found", message: WEBHOOK_MESSAGES.notFound },
        });
    }
    expect((await getWebhook(service, owner, id)).ok).toBe(true);
    expect(requestsTo("/mine")).toEqual([]);
  });

  it("pauses and resumes; a disabled one is enabled, not resumed", async () => {
    const owner = await account();
    const { id } = await subscribe(owner, "/p");
    expect(await pauseWebhook(service, owner, id)).toMatchObject({
      ok: true,
      value: { status: "paused" },
    });
    expect(await pauseWebhook(service, owner, id)).toMatchObject({
      ok: true,
      value: { status: "paused" },
    });
    // Paused: an event published now is not queued for it.
    await publish(settled());
    await dispatchUntilIdle();
    expect(requestsTo("/p")).toEqual([]);
    expect(await resumeWebhook(service, owner, id)).toMatchObject({
      ok: true,
      value: { status: "active" },
    });
    expect(woken).toBe(1);
    // Resumed: what was published while it was paused is not sent to it.
    await dispatchUntilIdle();
    expect(requestsTo("/p")).toEqual([]);
    expect(await enableWebhook(service, owner, id)).toMatchObject({
      ok: false,
      error: { code: "conflict", message: WEBHOOK_MESSAGES.enableNotDisabled("active") },
    });
    await db.webhookSubscription.update({ where: { id }, data: { status: "disabled" } });
    expect(await pauseWebhook(service, owner, id)).toMatchObject({
      ok: false,
      error: { code: "conflict", message: WEBHOOK_MESSAGES.pauseDisabled },
    });
    expect(await resumeWebhook(service, owner, id)).toMatchObject({
      ok: false,
      error: { code: "conflict", message: WEBHOOK_MESSAGES.resumeDisabled },
    });
  });

  it("deletes a subscription with its deliveries", async () => {
    const owner = await account();
    const { id } = await subscribe(owner, "/d");
    await publish(settled());
    expect(await deleteWebhook(service, owner, id)).toEqual({
      ok: true,
      value: { id, deleted: true },
    });
    expect(await getWebhook(service, owner, id)).toMatchObject({ ok: false });
    expect(await db.webhookDelivery.count()).toBe(0);
    await dispatchUntilIdle();
    expect(requestsTo("/d")).toEqual([]);
  });

  it("rotates the secret: both secrets verify deliveries during the overlap", async () => {
    const owner = await account();
    const { id, secret } = await subscribe(owner, "/r");
    const rotated = await rotateWebhookSecret(service, owner, id);
    expect(rotated.ok).toBe(true);
    if (!rotated.ok) return;
    expect(rotated.value.secret).not.toBe(secret);
    expect(rotated.value.previousSecretExpiresAt).toBe(
      new Date(clock.getTime() + 24 * 3_600_000).toISOString(),
    );
    await publish(settled());
    await dispatchUntilIdle();
    const [request] = requestsTo("/r");
    if (request === undefined) throw new Error("nothing delivered");
    expect(verify(rotated.value.secret, request)).toBeTruthy();
    expect(verify(secret, request)).toBeTruthy();
  });

  it("sends a signed test now, answers what the endpoint said and keeps it in the log", async () => {
    const owner = await account();
    const { id, secret } = await subscribe(owner, "/test");
    const sent = await testWebhook(service, owner, id);
    expect(sent).toMatchObject({
      ok: true,
      value: { delivered: true, responseStatus: 200, error: null },
    });
    const [request] = requestsTo("/test");
    if (request === undefined) throw new Error("no test sent");
    expect(verify(secret, request)).toMatchObject({
      type: "webhook.test",
      data: { subscription: id },
    });
    receiver.answer = () => ({ status: 500, text: "broken" });
    advance(1000);
    const failed = await testWebhook(service, owner, id);
    expect(failed).toMatchObject({
      ok: true,
      value: { delivered: false, responseStatus: 500, error: "the target answered 500" },
    });
    const log = await webhookDeliveryLog(service, owner, id, {});
    expect(log.ok && log.value.tests.map((test) => test.responseStatus)).toEqual([500, 200]);
    // A test is not an event: nothing in the outbox, nothing counted against the cap.
    expect(await db.webhookEvent.count()).toBe(0);
    expect(log.ok && log.value.deliveries).toEqual([]);
  });

  it("redelivers one finished event with the same id, and refuses a queued or unknown one", async () => {
    const owner = await account();
    const { id } = await subscribe(owner, "/re");
    const event = settled();
    await publish(event);
    expect(await redeliverWebhookEvent(service, owner, id, event.id)).toMatchObject({
      ok: false,
      error: { code: "conflict", message: WEBHOOK_MESSAGES.redeliverQueued },
    });
    await dispatchUntilIdle();
    expect(await redeliverWebhookEvent(service, owner, id, "no-such-event")).toMatchObject({
      ok: false,
      error: { code: "not_found", message: WEBHOOK_MESSAGES.eventNotFound },
    });
    expect(await redeliverWebhookEvent(service, owner, id, event.id)).toEqual({
      ok: true,
      value: { eventId: event.id, requeued: true },
    });
    expect(woken).toBe(1);
    await dispatchUntilIdle();
    expect(idsSentTo("/re")).toEqual([event.id, event.id]);
    const log = await webhookDeliveryLog(service, owner, id, {});
    expect(log.ok && log.value.deliveries[0]).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("pages the delivery log, newest first, and refuses a bad page", async () => {
    const owner = await account();
    const { id } = await subscribe(owner, "/log");
    const events = [settled(), settled(), settled()];
    await publish(...events);
    receiver.answer = () => ({ status: 503, text: "later" });
    await dispatchUntilIdle();
    const first = await webhookDeliveryLog(service, owner, id, { limit: 2 });
    if (!first.ok) throw first.error;
    expect(first.value.deliveries.map((entry) => entry.eventId)).toEqual([
      events[2]?.id,
      events[1]?.id,
    ]);
    // Only the head of the queue was attempted: deliveries go out in order, one at a time.
    expect(first.value.deliveries.map((entry) => entry.status)).toEqual(["pending", "pending"]);
    const second = await webhookDeliveryLog(service, owner, id, {
      limit: 2,
      before: first.value.nextBefore ?? 0,
    });
    if (!second.ok) throw second.error;
    expect(second.value.nextBefore).toBeNull();
    expect(second.value.deliveries).toEqual([
      expect.objectContaining({
        eventId: events[0]?.id,
        status: "pending",
        attempts: 1,
        responseStatus: 503,
        error: "the target answered 503",
      }),
    ]);
    expect(await webhookDeliveryLog(service, owner, id, { limit: 0 })).toMatchObject({
      ok: false,
      error: { code: "bad_request", message: WEBHOOK_MESSAGES.deliveryLogLimit },
    });
    expect(await webhookDeliveryLog(service, owner, id, { before: -1 })).toMatchObject({
      ok: false,
      error: { code: "bad_request", message: WEBHOOK_MESSAGES.deliveryLogBefore },
    });
  });

  it("enables a disabled subscription: the event that gave up goes first, then the rest in order, those published while disabled too", async () => {
    const owner = await account();
    const { id } = await subscribe(owner, "/down");
    const events = [settled(), settled(), settled()];
    await publish(...events);
    receiver.answer = () => ({ status: 500, text: "down" });
    await dispatchUntilIdle();
    advance(GIVE_UP_AFTER_MS);
    await dispatchUntilIdle();
    expect(await getWebhook(service, owner, id)).toMatchObject({
      ok: true,
      value: { status: "disabled" },
    });
    receiver.requests.length = 0;
    receiver.answer = () => ({ status: 200, body: {} });
    // Published while it is disabled: queued for it, not sent.
    const meanwhile = settled();
    await publish(meanwhile);
    events.push(meanwhile);
    await dispatchUntilIdle();
    expect(requestsTo("/down")).toEqual([]);
    expect(await enableWebhook(service, owner, id)).toMatchObject({
      ok: true,
      value: { status: "active", disabledReason: null, failingSince: null },
    });
    await dispatchUntilIdle();
    expect(idsSentTo("/down")).toEqual(events.map((event) => event.id));
  });
});

describe("the dispatcher's checks of the owner at delivery", () => {
  it("skips what the plan does not read, as a GET with its key would, and says why", async () => {
    const owner = await account("premium");
    const { id } = await subscribe(owner, "/plan", { markets: ["gpu"] });
    const hourly = settled("gpu", hourPeriod(new Date(Date.UTC(2026, 10, 28, 14))));
    const daily = settled("gpu");
    await publish(hourly, daily);
    await dispatchUntilIdle();
    expect(idsSentTo("/plan")).toEqual([daily.id]);
    const log = await webhookDeliveryLog(service, owner, id, {});
    if (!log.ok) throw log.error;
    const skipped = log.value.deliveries.find((entry) => entry.eventId === hourly.id);
    expect(skipped).toMatchObject({ status: "skipped", attempts: 0, nextAttemptAt: null });
    expect(skipped?.error).toBe(
      WEBHOOK_MESSAGES.skippedPlan(
        "Hourly GPU data needs a Full plan key; Premium and Trial keys read daily values.",
      ),
    );
    // The plan is read at delivery: upgraded, the next hourly event goes out.
    await db.account.update({ where: { id: owner }, data: { plan: "full" } });
    const later = settled("gpu", hourPeriod(new Date(Date.UTC(2026, 10, 28, 15))));
    await publish(later);
    await dispatchUntilIdle();
    expect(idsSentTo("/plan")).toEqual([daily.id, later.id]);
  });

  it("delivers nothing once a trial has ended", async () => {
    const owner = await account("trial", new Date(clock.getTime() + 60_000));
    const { id } = await subscribe(owner, "/trial");
    advance(120_000);
    await publish(settled());
    await dispatchUntilIdle();
    expect(requestsTo("/trial")).toEqual([]);
    const log = await webhookDeliveryLog(service, owner, id, {});
    expect(log.ok && log.value.deliveries[0]).toMatchObject({
      status: "skipped",
      error: WEBHOOK_MESSAGES.skippedTrialEnded,
    });
  });

  it("skips first attempts past the daily cap, in order, and counts them in the allowance", async () => {
    const owner = await account("trial", new Date(clock.getTime() + 48 * 3_600_000));
    const { id } = await subscribe(owner, "/cap");
    const cap = WEBHOOK_PLAN_LIMITS.trial.deliveriesPerDay;
    // The day so far: cap - 1 deliveries already made to this account.
    await db.$executeRaw`
      insert into webhook_event (event_id, type, market, payload, published_at)
      select 'earlier-' || n, 'value.settled', 'token', '{}'::json, ${clock}
      from generate_series(1, ${cap - 1}) n`;
    await db.$executeRaw`
      insert into webhook_delivery (subscription_id, event_position, status, attempts,
        next_attempt_at, first_attempt_at, delivered_at)
      select ${id}::uuid, position, 'delivered', 1, ${clock}, ${clock}, ${clock}
      from webhook_event where event_id like 'earlier-%'`;
    const events = [settled(), settled(), settled()];
    await publish(...events);
    await dispatchUntilIdle();
    expect(idsSentTo("/cap")).toEqual([events[0]?.id]);
    const log = await webhookDeliveryLog(service, owner, id, { limit: 3 });
    expect(log.ok && log.value.deliveries.map((entry) => [entry.status, entry.error])).toEqual([
      ["skipped", WEBHOOK_MESSAGES.skippedDailyCap(PLAN_NAMES.trial, cap)],
      ["skipped", WEBHOOK_MESSAGES.skippedDailyCap(PLAN_NAMES.trial, cap)],
      ["delivered", null],
    ]);
    expect(await webhookAllowance(service, owner)).toMatchObject({
      ok: true,
      value: { deliveriesToday: cap },
    });
    // A new UTC day starts a new count.
    advance(24 * 3_600_000);
    const tomorrow = settled();
    await publish(tomorrow);
    await dispatchUntilIdle();
    expect(idsSentTo("/cap")).toEqual([events[0]?.id, tomorrow.id]);
  });

  it("retries a delivery counted today even once the day's cap is reached", async () => {
    const owner = await account("trial", new Date(clock.getTime() + 48 * 3_600_000));
    const { id } = await subscribe(owner, "/retry-cap");
    const cap = WEBHOOK_PLAN_LIMITS.trial.deliveriesPerDay;
    const deliveredToday = async (count: number, prefix: string) => {
      await db.$executeRaw`
        insert into webhook_event (event_id, type, market, payload, published_at)
        select ${prefix} || n, 'value.settled', 'token', '{}'::json, ${clock}
        from generate_series(1, ${count}) n`;
      await db.$executeRaw`
        insert into webhook_delivery (subscription_id, event_position, status, attempts,
          next_attempt_at, first_attempt_at, delivered_at)
        select ${id}::uuid, position, 'delivered', 1, ${clock}, ${clock}, ${clock}
        from webhook_event where event_id like ${prefix} || '%'`;
    };
    await deliveredToday(cap - 1, "before-");
    const event = settled();
    await publish(event);
    receiver.answer = () => ({ status: 503, text: "later" });
    await dispatchUntilIdle();
    // Its first attempt counted: with one more delivery (another instance's), the day is full.
    await deliveredToday(1, "meanwhile-");
    receiver.answer = () => ({ status: 200, body: {} });
    advance(60_000);
    await dispatchUntilIdle();
    expect(idsSentTo("/retry-cap")).toEqual([event.id, event.id]);
    const log = await webhookDeliveryLog(service, owner, id, { limit: 5 });
    const entry = log.ok
      ? log.value.deliveries.find((each) => each.eventId === event.id)
      : undefined;
    expect(entry).toMatchObject({ status: "delivered", attempts: 2 });
  });

  it("skips a claim whose subscription or account is gone", async () => {
    const owner = await account();
    await subscribe(owner, "/gone");
    await publish(settled());
    const claims: ClaimedDelivery[] = await claimDueDeliveries(
      db,
      "test",
      10,
      clock,
      new Date(clock.getTime() + 60_000),
    );
    await db.account.delete({ where: { id: owner } });
    const skips = await gate(claims, clock);
    expect([...skips.values()]).toEqual([WEBHOOK_MESSAGES.skippedNoAccount]);
  });
});

describe("a target's addresses at each delivery", () => {
  it("refuses a host name that resolves to a loopback address after its creation, unless the operator allows it", async () => {
    // Plain http allowed and private addresses not: the address rules are what decide.
    const httpOnly: DeliveryPolicy = { ...LOOPBACK_POLICY, allowPrivateAddresses: false };
    const asked: string[] = [];
    // The subscriber's DNS answers loopback for its name.
    const resolveHost: HostResolver = (hostname) => {
      asked.push(hostname);
      return Promise.resolve(
        hostname === "hooks.example.test" ? [{ address: "127.0.0.1", family: 4 }] : [],
      );
    };
    const owner = await account();
    const url = `http://hooks.example.test:${new URL(receiver.url).port}/rebound`;
    // Accepted at creation: a host name's addresses are checked at each delivery, where the
    // connection is made, not when the subscription is created.
    const created = await createWebhook({ ...service, policy: httpOnly }, owner, {
      url,
      filter: {},
    });
    if (!created.ok) throw created.error;
    const id = created.value.subscription.id;
    await publish(settled());

    const refusing = createWebhookDispatcher({
      db,
      policy: { ...httpOnly, resolveHost },
      now,
      gate,
    });
    expect(await refusing.dispatchDue()).toMatchObject({ delivered: 0, retried: 1 });
    expect(asked).toEqual(["hooks.example.test"]);
    expect(requestsTo("/rebound")).toEqual([]);
    const [refused] = await listWebhookDeliveries(db, id, { limit: 1 });
    expect(refused).toMatchObject({
      status: "pending",
      lastError:
        "webhooks are not delivered to loopback addresses (hooks.example.test resolves to 127.0.0.1)",
    });

    // An operator who allows private targets: the next attempt reaches the receiver.
    advance(RETRY_FIRST_DELAY_MS);
    const allowing = createWebhookDispatcher({
      db,
      policy: { ...LOOPBACK_POLICY, resolveHost },
      now,
      gate,
    });
    expect(await allowing.dispatchDue()).toMatchObject({ delivered: 1 });
    const [delivery] = requestsTo("/rebound");
    if (delivery === undefined) throw new Error("nothing delivered");
    expect(verify(created.value.secret, delivery)).toBeTruthy();
    const [delivered] = await listWebhookDeliveries(db, id, { limit: 1 });
    expect(delivered).toMatchObject({ status: "delivered", attempts: 2 });
  });
});
