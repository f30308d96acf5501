import type pg from "pg";
import {
  isEventType,
  matches,
  thresholdCrossingsOf,
  type EventFilter,
  type EventType,
  type MarketEvent,
  type ThresholdRule,
} from "@tpi/domain";
import type { Db, Tx } from "../client";
import type { Prisma } from "../generated/prisma/client";

/**
 * Storage of webhooks: subscriptions, the event outbox and one delivery per event and matching
 * subscription. The outbox is written in the publication's transaction (`appendEvents(tx, ...)`),
 * so an event exists exactly when what it announces was committed; the dispatcher then claims
 * due deliveries from any instance.
 *
 * Order: a subscription's deliveries go out in outbox order, one at a time. A delivery is due
 * only when every earlier delivery to the same subscription is finished (delivered or failed),
 * so a receiver that is down gets, once back, every event in the order of publication, and no
 * two instances deliver to one endpoint at once. The cost is one request in flight per endpoint.
 */

export const WEBHOOK_SUBSCRIPTION_STATUSES = ["active", "paused", "disabled"] as const;
export type WebhookSubscriptionStatus = (typeof WEBHOOK_SUBSCRIPTION_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUSES = [
  "pending",
  "delivering",
  "delivered",
  "failed",
  "skipped",
] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export type WebhookSubscriptionRecord = {
  id: string;
  accountId: string;
  url: string;
  filter: EventFilter;
  status: WebhookSubscriptionStatus;
  disabledReason: string | null;
  /** When the dispatcher disabled it; null unless disabled. */
  disabledAt: Date | null;
  createdAt: Date;
  failingSince: Date | null;
};

export async function createWebhookSubscription(
  tx: Tx,
  input: { accountId: string; url: string; filter: EventFilter; secret: string; createdAt: Date },
): Promise<WebhookSubscriptionRecord> {
  const row = await tx.webhookSubscription.create({
    data: { ...input, filter: filterToJson(input.filter) },
  });
  return asSubscription(row);
}

export async function findWebhookSubscription(
  db: Tx,
  id: string,
): Promise<WebhookSubscriptionRecord | null> {
  const row = await db.webhookSubscription.findUnique({ where: { id } });
  return row === null ? null : asSubscription(row);
}

/**
 * A new signing secret; the current one keeps signing alongside it until `overlapUntil`, so a
 * receiver has until then to switch.
 */
export async function rotateWebhookSecret(
  tx: Tx,
  id: string,
  rotation: { secret: string; overlapUntil: Date },
): Promise<void> {
  await tx.$executeRaw`
    update webhook_subscription
    set previous_secret = secret, previous_secret_expires_at = ${rotation.overlapUntil},
        secret = ${rotation.secret}
    where id = ${id}::uuid`;
}

/** The advisory lock that orders appends to the outbox (one key among the service's locks). */
const WEBHOOK_APPEND_LOCK_KEY = 7_224_019_021;

/**
 * The channel an append notifies (`pg_notify`, delivered at commit) with the position of the
 * last event it stored, so a live stream on any instance wakes up and reads the outbox from
 * where it stopped instead of polling it. The payload is a hint: the outbox is the truth.
 */
export const WEBHOOK_EVENTS_CHANNEL = "webhook_events";

/**
 * Stores each event once (a second emission of the same fact, by id, is a no-op) with one
 * pending delivery, due at its publication, per active or disabled subscription whose filter it
 * matches. Events are stored in the given order, which is the order of delivery.
 *
 * A disabled subscription is queued for too (the claim passes it over), so that enabling it
 * delivers what was published meanwhile, for as long as the outbox holds it (`pruneEvents`);
 * a paused one is not: pausing stops its events.
 *
 * A newly stored value.settled or print.published event is followed, right after it, by the
 * threshold.crossed events it gives for the rules of the queued subscriptions that want
 * crossings of its series (thresholds.ts): each crossing stored once, whatever the number of
 * subscriptions holding its rule, and delivered to each whose filter holds that rule.
 *
 * Returns the positions of the events newly stored, crossings among them. Call it inside the
 * publication's transaction: `appendEvents(tx, ...)` with Prisma, `appendEventsOnClient(client,
 * ...)` on a node-postgres connection (`transactionOnPool`).
 */
export async function appendEvents(tx: Tx, events: readonly MarketEvent[]): Promise<bigint[]> {
  return appendEventsWith((text, values) => tx.$queryRawUnsafe(text, ...values), events);
}

/** `appendEvents` on a node-postgres connection inside its transaction (`transactionOnPool`). */
export async function appendEventsOnClient(
  client: pg.ClientBase,
  events: readonly MarketEvent[],
): Promise<bigint[]> {
  return appendEventsWith(
    async (text, values) => (await client.query<Record<string, unknown>>(text, [...values])).rows,
    events,
  );
}

/**
 * The one statement runner both appends share: SQL text with `$n` parameters, rows back. Every
 * parameter is a string or a list of strings cast in the SQL, and every column read is text, so
 * Prisma and node-postgres, which convert types differently, give the same rows (Prisma cannot
 * read a `void` result at all: the lock and the notification are selected as text).
 */
type RunSql = (text: string, values: readonly (string | readonly string[])[]) => Promise<unknown>;

/** A subscription events are queued for (active or disabled). */
type QueuedSubscription = { id: string; filter: EventFilter };

async function appendEventsWith(sql: RunSql, events: readonly MarketEvent[]): Promise<bigint[]> {
  if (events.length === 0) return [];
  // Positions are handed out at insert, but transactions commit in any order: without this
  // lock, held to the end of the publication's transaction, a later position could commit (and
  // be delivered) before an earlier one. Appends are one per publication, so waiting is short.
  // Held, it also keeps what is stored still while this append reads it.
  await sql("select pg_advisory_xact_lock($1::bigint)::text as locked", [
    String(WEBHOOK_APPEND_LOCK_KEY),
  ]);
  const subscriptions = subscriptionRows(
    await sql(
      `select id::text as id, filter::text as filter from webhook_subscription
       where status in ('active', 'disabled') order by created_at, id`,
      [],
    ),
  );
  const stored = new Set(
    eventIdRows(
      await sql("select event_id from webhook_event where event_id = any($1::text[])", [
        events.map((event) => event.id),
      ]),
    ),
  );
  // The events to store, in order: each new one, then the crossings it gives.
  const toStore: MarketEvent[] = [];
  const add = (event: MarketEvent): void => {
    if (stored.has(event.id)) return;
    stored.add(event.id);
    toStore.push(event);
  };
  for (const event of events) {
    if (stored.has(event.id)) continue;
    add(event);
    if (event.type === "value.settled" || event.type === "print.published")
      for (const crossing of crossingsOf(event, subscriptions)) add(crossing);
  }
  if (toStore.length === 0) return [];
  // One statement whatever the number of events (a first start settles thousands): the rows
  // are inserted in `ordinality` order, so their positions follow the order of `toStore`.
  const inserted = insertedRows(
    await sql(
      `insert into webhook_event (event_id, type, market, payload, published_at)
       select e.event_id, e.type, e.market, e.payload::json, e.published_at::timestamptz
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
         with ordinality as e(event_id, type, market, payload, published_at, n)
       order by e.n
       on conflict (event_id) do nothing
       returning position::text as position, event_id`,
      [
        toStore.map((event) => event.id),
        toStore.map((event) => event.type),
        toStore.map((event) => event.data.market),
        toStore.map((event) => JSON.stringify(event)),
        toStore.map((event) => new Date(event.timestamp).toISOString()),
      ],
    ),
  );
  const positionOf = new Map(inserted.map((row) => [row.eventId, row.position]));
  const deliveries: { subscriptionId: string; position: bigint; dueAt: string }[] = [];
  const appended: bigint[] = [];
  for (const event of toStore) {
    // A crossing stored before (one of another type's trigger of the same period) is not again.
    const position = positionOf.get(event.id);
    if (position === undefined) continue;
    appended.push(position);
    const dueAt = new Date(event.timestamp).toISOString();
    for (const subscription of subscriptions)
      if (matches(subscription.filter, event))
        deliveries.push({ subscriptionId: subscription.id, position, dueAt });
  }
  if (deliveries.length > 0)
    await sql(
      `insert into webhook_delivery (subscription_id, event_position, next_attempt_at)
       select d.subscription_id::uuid, d.position::bigint, d.due_at::timestamptz
       from unnest($1::text[], $2::text[], $3::text[]) as d(subscription_id, position, due_at)`,
      [
        deliveries.map((delivery) => delivery.subscriptionId),
        deliveries.map((delivery) => delivery.position.toString()),
        deliveries.map((delivery) => delivery.dueAt),
      ],
    );
  const last = appended.at(-1);
  if (last === undefined) return [];
  await sql("select pg_notify($1, $2)::text as notified", [
    WEBHOOK_EVENTS_CHANNEL,
    last.toString(),
  ]);
  return appended;
}

/**
 * The threshold.crossed events of `published`: the crossings of the rules of every queued
 * subscription that wants crossings of its market and series, each crossing once (subscriptions
 * sharing a rule derive the same id). Which subscription gets which crossing is then `matches`'
 * choice: the rule must be its own.
 */
function crossingsOf(
  published: MarketEvent<"value.settled" | "print.published">,
  subscriptions: readonly QueuedSubscription[],
): MarketEvent<"threshold.crossed">[] {
  const crossings = new Map<string, MarketEvent<"threshold.crossed">>();
  for (const { filter } of subscriptions) {
    if (filter.thresholds.length === 0) continue;
    if (filter.types !== null && !filter.types.includes("threshold.crossed")) continue;
    if (!matches({ ...filter, types: null }, published)) continue;
    for (const crossing of thresholdCrossingsOf(published, filter.thresholds))
      if (!crossings.has(crossing.id)) crossings.set(crossing.id, crossing);
  }
  return [...crossings.values()];
}

function subscriptionRows(rows: unknown): QueuedSubscription[] {
  return rowsOf(rows).map((row) => {
    if (typeof row.id !== "string" || typeof row.filter !== "string")
      throw new Error("a webhook subscription was read without its id or filter");
    return { id: row.id, filter: filterFromJson(JSON.parse(row.filter) as unknown) };
  });
}

function eventIdRows(rows: unknown): string[] {
  return rowsOf(rows).map((row) => {
    if (typeof row.event_id !== "string") throw new Error("an outbox read returned no event id");
    return row.event_id;
  });
}

function insertedRows(rows: unknown): { eventId: string; position: bigint }[] {
  return rowsOf(rows).map((row) => {
    if (typeof row.position !== "string" || typeof row.event_id !== "string")
      throw new Error("an outbox insert returned no position");
    return { eventId: row.event_id, position: BigInt(row.position) };
  });
}

function rowsOf(rows: unknown): Record<string, unknown>[] {
  if (!Array.isArray(rows)) throw new Error("a query returned no rows list");
  return rows.map((row: unknown) => {
    if (typeof row !== "object" || row === null) throw new Error("a query returned a non-row");
    return Object.fromEntries(Object.entries(row));
  });
}

/** A claimed delivery: what the dispatcher needs to sign and send it. */
export type ClaimedDelivery = {
  subscriptionId: string;
  eventPosition: bigint;
  eventId: string;
  /** The payload's text exactly as stored: the body of every attempt. */
  body: string;
  url: string;
  /** The secrets that sign: the current one, then the previous one while its overlap lasts. */
  secrets: string[];
  /** This claim's attempt, from 1. */
  attempt: number;
  firstAttemptAt: Date;
};

/**
 * Claims up to `limit` due deliveries for `owner` until `lockedUntil`: each is marked delivering
 * and its attempt counted, so a dispatcher that dies mid-delivery leaves a claim that another
 * takes over once `lockedUntil` has passed. Due: pending or delivering with an expired claim, its
 * next attempt reached, its subscription active, no earlier delivery to that subscription
 * unfinished (see the order above), and none of its deliveries under a live claim: a delivery
 * redelivered while a later one is in flight becomes the head of the queue, yet waits until
 * that request is finished (or its claim has lapsed), so one endpoint never has two requests in
 * flight. Rows another transaction is claiming are skipped (skip
 * locked), so instances claim side by side; a claim holds the head of its subscription's queue,
 * so the deliveries behind it wait.
 */
export async function claimDueDeliveries(
  db: Db,
  owner: string,
  limit: number,
  now: Date,
  lockedUntil: Date,
): Promise<ClaimedDelivery[]> {
  const rows = await db.$queryRaw<
    {
      subscriptionId: string;
      eventPosition: bigint;
      attempts: number;
      firstAttemptAt: Date;
    }[]
  >`
    update webhook_delivery d
    set status = 'delivering', locked_by = ${owner}, locked_until = ${lockedUntil},
        attempts = d.attempts + 1, first_attempt_at = coalesce(d.first_attempt_at, ${now})
    where (d.subscription_id, d.event_position) in (
      select c.subscription_id, c.event_position
      from webhook_subscription s
      -- The head of each active subscription's queue (its oldest unfinished delivery), read
      -- from the partial index: a claim costs the same whatever the delivered history holds.
      cross join lateral (
        select h.event_position from webhook_delivery h
        where h.subscription_id = s.id and h.status in ('pending', 'delivering')
        order by h.event_position
        limit 1) head
      join webhook_delivery c
        on c.subscription_id = s.id and c.event_position = head.event_position
      where s.status = 'active'
        and c.next_attempt_at <= ${now}
        and (c.locked_until is null or c.locked_until <= ${now})
        and not exists (
          select 1 from webhook_delivery f
          where f.subscription_id = s.id and f.status = 'delivering' and f.locked_until > ${now})
      order by c.next_attempt_at, c.event_position
      limit ${limit}
      for update of c skip locked)
    returning d.subscription_id::text as "subscriptionId", d.event_position as "eventPosition",
      d.attempts, d.first_attempt_at as "firstAttemptAt"`;
  if (rows.length === 0) return [];
  const details = await db.$queryRaw<
    {
      subscriptionId: string;
      eventPosition: bigint;
      eventId: string;
      body: string;
      url: string;
      secret: string;
      previousSecret: string | null;
      previousSecretExpiresAt: Date | null;
    }[]
  >`
    select s.id::text as "subscriptionId", e.position as "eventPosition", e.event_id as "eventId",
      e.payload::text as body, s.url, s.secret, s.previous_secret as "previousSecret",
      s.previous_secret_expires_at as "previousSecretExpiresAt"
    from unnest(${rows.map((row) => row.subscriptionId)}::text[]::uuid[],
                ${rows.map((row) => row.eventPosition.toString())}::text[]::bigint[])
      as claimed(subscription_id, event_position)
    join webhook_subscription s on s.id = claimed.subscription_id
    join webhook_event e on e.position = claimed.event_position`;
  const claimed: ClaimedDelivery[] = [];
  for (const row of rows) {
    const detail = details.find(
      (candidate) =>
        candidate.subscriptionId === row.subscriptionId &&
        candidate.eventPosition === row.eventPosition,
    );
    // A subscription deleted between the two statements takes its deliveries with it.
    if (detail === undefined) continue;
    const overlapping =
      detail.previousSecret !== null &&
      detail.previousSecretExpiresAt !== null &&
      detail.previousSecretExpiresAt > now;
    claimed.push({
      subscriptionId: row.subscriptionId,
      eventPosition: row.eventPosition,
      eventId: detail.eventId,
      body: detail.body,
      url: detail.url,
      secrets:
        overlapping && detail.previousSecret !== null
          ? [detail.secret, detail.previousSecret]
          : [detail.secret],
      attempt: row.attempts,
      firstAttemptAt: row.firstAttemptAt,
    });
  }
  return claimed.sort((a, b) => (a.eventPosition < b.eventPosition ? -1 : 1));
}

/** What one attempt gave, as the delivery log keeps it. */
export type AttemptOutcome = {
  at: Date;
  /** The answer's HTTP status, when there was one. */
  status: number | null;
  latencyMs: number;
  error: string | null;
} & (
  | { result: "delivered" }
  | { result: "retry"; nextAttemptAt: Date }
  | { result: "failed"; disabledReason: string }
);

/** The subscription a failed delivery disabled, with its owner's address for the notice. */
export type DisabledSubscription = {
  id: string;
  url: string;
  accountId: string;
  ownerEmail: string | null;
  reason: string;
};

export type RecordedAttempt =
  | { recorded: false }
  | { recorded: true; disabled: DisabledSubscription | null };

/** The longest error kept in the delivery log (characters). */
export const MAX_DELIVERY_ERROR_LENGTH = 1000;

/**
 * Records the outcome of `owner`'s claim: delivered; pending again until `nextAttemptAt`; or
 * failed, which disables the subscription (its later deliveries stay pending, undelivered, and
 * events are still queued for it, until it is enabled again or the outbox's retention prunes
 * them). `failing_since` follows: set by the first failure, cleared by a success.
 * Nothing is recorded when the claim is no longer `owner`'s (it expired and another dispatcher
 * took the delivery over: its outcome is the one kept). Call in a transaction, so the delivery
 * and its subscription change together.
 */
export async function recordAttempt(
  tx: Tx,
  owner: string,
  delivery: { subscriptionId: string; eventPosition: bigint },
  outcome: AttemptOutcome,
): Promise<RecordedAttempt> {
  const status: WebhookDeliveryStatus =
    outcome.result === "delivered"
      ? "delivered"
      : outcome.result === "retry"
        ? "pending"
        : "failed";
  const nextAttemptAt = outcome.result === "retry" ? outcome.nextAttemptAt : null;
  const deliveredAt = outcome.result === "delivered" ? outcome.at : null;
  const error = outcome.error?.slice(0, MAX_DELIVERY_ERROR_LENGTH) ?? null;
  const updated = await tx.$executeRaw`
    update webhook_delivery
    set status = ${status}, next_attempt_at = coalesce(${nextAttemptAt}::timestamptz, next_attempt_at),
        last_attempt_at = ${outcome.at}, last_status = ${outcome.status}::int,
        last_error = ${error}, latency_ms = ${outcome.latencyMs}::int,
        delivered_at = ${deliveredAt}::timestamptz, locked_by = null, locked_until = null
    where subscription_id = ${delivery.subscriptionId}::uuid
      and event_position = ${delivery.eventPosition}
      and locked_by = ${owner} and status = 'delivering'`;
  if (updated === 0) return { recorded: false };
  const id = delivery.subscriptionId;
  if (outcome.result === "delivered") {
    await tx.webhookSubscription.update({ where: { id }, data: { failingSince: null } });
    return { recorded: true, disabled: null };
  }
  await tx.$executeRaw`
    update webhook_subscription set failing_since = coalesce(failing_since, ${outcome.at})
    where id = ${id}::uuid`;
  if (outcome.result === "retry") return { recorded: true, disabled: null };
  const reason = outcome.disabledReason;
  const subscription = await tx.webhookSubscription.update({
    where: { id },
    data: { status: "disabled", disabledReason: reason, disabledAt: outcome.at },
    select: { url: true, accountId: true, account: { select: { email: true } } },
  });
  return {
    recorded: true,
    disabled: {
      id,
      url: subscription.url,
      accountId: subscription.accountId,
      ownerEmail: subscription.account.email,
      reason,
    },
  };
}

/** One line of a subscription's delivery log: an event and its last attempt. */
export type WebhookDeliveryLogEntry = {
  eventPosition: bigint;
  eventId: string;
  eventType: EventType;
  publishedAt: Date;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastAttemptAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  latencyMs: number | null;
  nextAttemptAt: Date;
  deliveredAt: Date | null;
};

/**
 * A subscription's deliveries, newest event first: at most `limit`, before the event at
 * `beforePosition` when given (the next page starts below the last position of this one).
 */
export async function listWebhookDeliveries(
  db: Tx,
  subscriptionId: string,
  page: { limit: number; beforePosition?: bigint },
): Promise<WebhookDeliveryLogEntry[]> {
  const rows = await db.webhookDelivery.findMany({
    where: {
      subscriptionId,
      ...(page.beforePosition === undefined ? {} : { eventPosition: { lt: page.beforePosition } }),
    },
    orderBy: { eventPosition: "desc" },
    take: page.limit,
    include: { event: { select: { eventId: true, type: true, publishedAt: true } } },
  });
  return rows.map((row) => ({
    eventPosition: row.eventPosition,
    eventId: row.event.eventId,
    eventType: asEventType(row.event.type),
    publishedAt: row.event.publishedAt,
    status: asDeliveryStatus(row.status),
    attempts: row.attempts,
    lastAttemptAt: row.lastAttemptAt,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    latencyMs: row.latencyMs,
    nextAttemptAt: row.nextAttemptAt,
    deliveredAt: row.deliveredAt,
  }));
}

// --- conversions between rows and the domain's types ---

type SubscriptionRow = {
  id: string;
  accountId: string;
  url: string;
  filter: Prisma.JsonValue;
  status: string;
  disabledReason: string | null;
  disabledAt: Date | null;
  createdAt: Date;
  failingSince: Date | null;
};

/** The record leaves the secrets out: only the dispatcher's claim reads them. */
function asSubscription(row: SubscriptionRow): WebhookSubscriptionRecord {
  return {
    id: row.id,
    accountId: row.accountId,
    url: row.url,
    filter: filterFromJson(row.filter),
    status: asSubscriptionStatus(row.status),
    disabledReason: row.disabledReason,
    disabledAt: row.disabledAt,
    createdAt: row.createdAt,
    failingSince: row.failingSince,
  };
}

function filterToJson(filter: EventFilter): Prisma.InputJsonObject {
  return {
    types: filter.types === null ? null : [...filter.types],
    markets: filter.markets === null ? null : [...filter.markets],
    series: filter.series === null ? null : [...filter.series],
    thresholds: filter.thresholds.map((rule) => ({ ...rule })),
  };
}

/** A stored filter read back; a shape this module did not write is a storage error. */
function filterFromJson(value: unknown): EventFilter {
  const object = jsonObject(value, "filter");
  const types = stringListOrNull(object.types, "filter.types");
  const thresholds = object.thresholds;
  if (!Array.isArray(thresholds)) throw new Error("a stored webhook filter has no thresholds list");
  return {
    types: types === null ? null : types.map(asEventType),
    markets: stringListOrNull(object.markets, "filter.markets"),
    series: stringListOrNull(object.series, "filter.series"),
    thresholds: thresholds.map(thresholdFromJson),
  };
}

function thresholdFromJson(value: unknown): ThresholdRule {
  const rule = jsonObject(value, "threshold");
  if (rule.kind === "level" && typeof rule.level === "number")
    return { kind: "level", level: rule.level };
  if (rule.kind === "change" && typeof rule.percent === "number")
    return { kind: "change", percent: rule.percent };
  throw new Error("a stored webhook threshold is neither a level nor a change rule");
}

function jsonObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error(`a stored webhook ${what} is not a JSON object`);
  return Object.fromEntries(Object.entries(value));
}

function stringListOrNull(value: unknown, what: string): string[] | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value) && value.every((item) => typeof item === "string"))
    return value.filter((item): item is string => typeof item === "string");
  throw new Error(`a stored webhook ${what} is not a list of strings`);
}

function asEventType(value: string): EventType {
  if (!isEventType(value)) throw new Error(`a stored webhook event type is unknown: ${value}`);
  return value;
}

const asSubscriptionStatus = (value: string): WebhookSubscriptionStatus =>
  storedValue(WEBHOOK_SUBSCRIPTION_STATUSES, value, "subscription status");

const asDeliveryStatus = (value: string): WebhookDeliveryStatus =>
  storedValue(WEBHOOK_DELIVERY_STATUSES, value, "delivery status");

/** One of `known`; any other stored value is a storage error. */
function storedValue<Value extends string>(
  known: readonly Value[],
  value: string,
  what: string,
): Value {
  const found = known.find((candidate) => candidate === value);
  if (found === undefined) throw new Error(`a stored webhook ${what} is unknown: ${value}`);
  return found;
}

// --- managing an account's subscriptions, test sends, and the dispatcher's gate ---

/** The account's subscriptions, oldest first. */
export async function listWebhookSubscriptions(
  db: Tx,
  accountId: string,
): Promise<WebhookSubscriptionRecord[]> {
  const rows = await db.webhookSubscription.findMany({
    where: { accountId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return rows.map(asSubscription);
}

/**
 * Locks the account's row to the end of the transaction and counts its subscriptions, so that
 * concurrent creations cannot overshoot the plan's limit; null when the account does not exist.
 */
export async function lockAccountForWebhooks(
  tx: Tx,
  accountId: string,
): Promise<{ subscriptions: number } | null> {
  const locked = await tx.$queryRaw<
    { id: string }[]
  >`select id::text from account where id = ${accountId}::uuid for update`;
  if (locked.length === 0) return null;
  const subscriptions = await tx.webhookSubscription.count({ where: { accountId } });
  return { subscriptions };
}

/**
 * Moves the subscription from one of `from` to `to`; null when it is in none of them (or gone).
 * Leaving `disabled` clears its reason and time; `clearFailure` also forgets when it began failing.
 */
export async function changeWebhookSubscriptionStatus(
  tx: Tx,
  id: string,
  change: {
    from: readonly WebhookSubscriptionStatus[];
    to: WebhookSubscriptionStatus;
    clearFailure: boolean;
  },
): Promise<WebhookSubscriptionRecord | null> {
  const updated = await tx.webhookSubscription.updateMany({
    where: { id, status: { in: [...change.from] } },
    data: {
      status: change.to,
      ...(change.to === "disabled" ? {} : { disabledReason: null, disabledAt: null }),
      ...(change.clearFailure ? { failingSince: null } : {}),
    },
  });
  return updated.count === 0 ? null : findWebhookSubscription(tx, id);
}

/**
 * Puts the deliveries that gave up (status failed: the ones that disabled the subscription) back
 * in its queue, due at `now` and counted from a first attempt again, so that an enabled
 * subscription delivers every queued event in order, starting with the one that failed.
 * Returns how many were requeued.
 */
export async function requeueFailedWebhookDeliveries(
  tx: Tx,
  subscriptionId: string,
  now: Date,
): Promise<number> {
  return tx.$executeRaw`
    update webhook_delivery
    set status = 'pending', attempts = 0, first_attempt_at = null, next_attempt_at = ${now},
        locked_by = null, locked_until = null
    where subscription_id = ${subscriptionId}::uuid and status = 'failed'`;
}

/** Deletes the subscription with its deliveries and test sends; false when there was none. */
export async function deleteWebhookSubscription(tx: Tx, id: string): Promise<boolean> {
  const deleted = await tx.webhookSubscription.deleteMany({ where: { id } });
  return deleted.count > 0;
}

export type RequeueOutcome = "requeued" | "queued" | "not_found";

/**
 * Delivers one event to the subscription again: its finished delivery (delivered, failed or
 * skipped) becomes pending, due at `now`, with a fresh attempt count. `queued` when it is still
 * pending or in flight; `not_found` when the subscription never had a delivery of that event
 * (or the outbox no longer holds it). The event is older than what is queued behind it, so it
 * goes out first, once the request in flight to the endpoint, if any, is finished (the claim
 * waits for it).
 */
export async function requeueWebhookDelivery(
  tx: Tx,
  subscriptionId: string,
  eventId: string,
  now: Date,
): Promise<RequeueOutcome> {
  const rows = await tx.$queryRaw<{ status: string }[]>`
    select d.status from webhook_delivery d
    join webhook_event e on e.position = d.event_position
    where d.subscription_id = ${subscriptionId}::uuid and e.event_id = ${eventId}
    for update of d`;
  const found = rows[0];
  if (found === undefined) return "not_found";
  if (found.status === "pending" || found.status === "delivering") return "queued";
  await tx.$executeRaw`
    update webhook_delivery d
    set status = 'pending', attempts = 0, first_attempt_at = null, next_attempt_at = ${now},
        locked_by = null, locked_until = null
    from webhook_event e
    where e.position = d.event_position and d.subscription_id = ${subscriptionId}::uuid
      and e.event_id = ${eventId}`;
  return "requeued";
}

/** The secrets that sign for the subscription at `now` (current, then previous while it overlaps). */
export async function webhookSigningSecrets(
  db: Tx,
  id: string,
  now: Date,
): Promise<string[] | null> {
  const row = await db.webhookSubscription.findUnique({
    where: { id },
    select: { secret: true, previousSecret: true, previousSecretExpiresAt: true },
  });
  if (row === null) return null;
  const { secret, previousSecret, previousSecretExpiresAt } = row;
  const overlapping =
    previousSecret !== null && previousSecretExpiresAt !== null && previousSecretExpiresAt > now;
  return overlapping ? [secret, previousSecret] : [secret];
}

/** One test send, as the log shows it. */
export type WebhookTestRecord = {
  sentAt: Date;
  delivered: boolean;
  status: number | null;
  latencyMs: number;
  error: string | null;
};

/** Records a test send and keeps only the newest `keep` of the subscription's. */
export async function recordWebhookTest(
  tx: Tx,
  subscriptionId: string,
  test: WebhookTestRecord,
  keep: number,
): Promise<void> {
  await tx.webhookTestDelivery.create({
    data: {
      subscriptionId,
      ...test,
      error: test.error?.slice(0, MAX_DELIVERY_ERROR_LENGTH) ?? null,
    },
  });
  await tx.$executeRaw`
    delete from webhook_test_delivery
    where subscription_id = ${subscriptionId}::uuid and id not in (
      select id from webhook_test_delivery where subscription_id = ${subscriptionId}::uuid
      order by sent_at desc, id desc limit ${keep})`;
}

/** The subscription's test sends, newest first. */
export async function listWebhookTests(
  db: Tx,
  subscriptionId: string,
  limit: number,
): Promise<WebhookTestRecord[]> {
  return db.webhookTestDelivery.findMany({
    where: { subscriptionId },
    orderBy: [{ sentAt: "desc" }, { id: "desc" }],
    take: limit,
    select: { sentAt: true, delivered: true, status: true, latencyMs: true, error: true },
  });
}

/**
 * What the dispatcher checks of a claimed delivery before sending it: its owner (its plan, the
 * end of its trial) and the event's scope (type, market, series, period grain). A delivery whose
 * subscription or account is gone has no row.
 */
export type DeliveryGateRow = {
  subscriptionId: string;
  eventPosition: bigint;
  accountId: string;
  plan: string;
  trialEndsAt: Date | null;
  eventType: EventType;
  market: string;
  series: string | null;
  grain: "day" | "hour" | null;
};

export async function deliveryGateRows(
  db: Tx,
  claims: readonly { subscriptionId: string; eventPosition: bigint }[],
): Promise<DeliveryGateRow[]> {
  if (claims.length === 0) return [];
  const rows = await db.$queryRaw<
    {
      subscriptionId: string;
      eventPosition: bigint;
      accountId: string;
      plan: string;
      trialEndsAt: Date | null;
      eventType: string;
      market: string;
      series: string | null;
      grain: string | null;
    }[]
  >`
    select s.id::text as "subscriptionId", e.position as "eventPosition",
      a.id::text as "accountId", a.plan, a.trial_ends_at as "trialEndsAt",
      e.type as "eventType", e.market, e.payload->'data'->>'series' as series,
      e.payload->'data'->'period'->>'grain' as grain
    from unnest(${claims.map((claim) => claim.subscriptionId)}::text[]::uuid[],
                ${claims.map((claim) => claim.eventPosition.toString())}::text[]::bigint[])
      as claimed(subscription_id, event_position)
    join webhook_subscription s on s.id = claimed.subscription_id
    join account a on a.id = s.account_id
    join webhook_event e on e.position = claimed.event_position`;
  return rows.map((row) => ({
    ...row,
    eventType: asEventType(row.eventType),
    grain: row.grain === "day" || row.grain === "hour" ? row.grain : null,
  }));
}

/**
 * Per account, the deliveries counted against its daily cap since `since` (the UTC day's
 * start): those first attempted since then and not skipped, leaving out `excluding` (the
 * dispatcher's current claims, which it counts itself).
 */
export async function countAccountDeliveriesSince(
  db: Tx,
  accountIds: readonly string[],
  since: Date,
  excluding: readonly { subscriptionId: string; eventPosition: bigint }[],
): Promise<Map<string, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ accountId: string; used: bigint }[]>`
    select s.account_id::text as "accountId", count(*) as used
    from webhook_delivery d
    join webhook_subscription s on s.id = d.subscription_id
    where s.account_id = any(${[...accountIds]}::text[]::uuid[])
      and d.first_attempt_at >= ${since} and d.status <> 'skipped'
      and (d.subscription_id, d.event_position) not in (
        select * from unnest(${excluding.map((claim) => claim.subscriptionId)}::text[]::uuid[],
                             ${excluding.map((claim) => claim.eventPosition.toString())}::text[]::bigint[]))
    group by s.account_id`;
  return new Map(rows.map((row) => [row.accountId, Number(row.used)]));
}

/**
 * Records that `owner`'s claim was not sent, and why (the plan or the daily cap refused it):
 * the delivery is finished as skipped, so the queue moves on; its log entry shows the reason.
 * False when the claim is no longer `owner`'s.
 */
export async function recordSkippedDelivery(
  tx: Tx,
  owner: string,
  delivery: { subscriptionId: string; eventPosition: bigint },
  skip: { at: Date; reason: string },
): Promise<boolean> {
  const updated = await tx.$executeRaw`
    update webhook_delivery
    set status = 'skipped', attempts = attempts - 1, last_attempt_at = ${skip.at}, last_status = null,
        last_error = ${skip.reason.slice(0, MAX_DELIVERY_ERROR_LENGTH)}, latency_ms = null,
        locked_by = null, locked_until = null
    where subscription_id = ${delivery.subscriptionId}::uuid
      and event_position = ${delivery.eventPosition}
      and locked_by = ${owner} and status = 'delivering'`;
  return updated > 0;
}
