import { randomUUID } from "node:crypto";
import {
  DELIVERY_LOG_DEFAULT_LIMIT,
  DELIVERY_LOG_MAX_LIMIT,
  EVENT_PAYLOAD_VERSION,
  MAX_WEBHOOK_URL_LENGTH,
  PLAN_NAMES,
  WEBHOOK_MESSAGES,
  WEBHOOK_PLAN_LIMITS,
  WEBHOOK_SECRET_OVERLAP_MS,
  WEBHOOK_TESTS_KEPT,
  WEBHOOK_TEST_EVENT_TYPE,
  badRequest,
  err,
  ok,
  utcDayStart,
  validateEventFilter,
  webhookConflict,
  webhookEventNotFound,
  webhookLimitReached,
  webhookNotFound,
  webhookUrlRefused,
  type AccountPlan,
  type DomainError,
  type EventFilter,
  type EventFilterInput,
  type EventType,
  type MarketSeries,
  type Result,
  type WebhookPlanLimits,
} from "@tpi/domain";
import {
  changeWebhookSubscriptionStatus,
  countAccountDeliveriesSince,
  createWebhookSubscription,
  deleteWebhookSubscription,
  findAccount,
  findWebhookSubscription,
  listWebhookDeliveries,
  listWebhookSubscriptions,
  listWebhookTests,
  lockAccountForWebhooks,
  recordWebhookTest,
  requeueFailedWebhookDeliveries,
  requeueWebhookDelivery,
  rotateWebhookSecret as storeRotatedSecret,
  webhookSigningSecrets,
  type Db,
  type WebhookDeliveryLogEntry,
  type WebhookDeliveryStatus,
  type WebhookSubscriptionRecord,
  type WebhookSubscriptionStatus,
  type WebhookTestRecord,
} from "@tpi/db";
import { checkWebhookTarget, deliverWebhook, type DeliveryPolicy } from "./deliver";
import { newWebhookSecret, signWebhook } from "./signature";

/**
 * Managing an account's webhook subscriptions: the one service behind the REST routes, the MCP
 * tools, the website's procedures and the operator's commands, so that every door refuses the
 * same things in the same words (WEBHOOK_MESSAGES). Every function acts for one account and sees
 * only its subscriptions: another account's subscription is "not found", never "forbidden", so
 * that ids cannot be probed. Answers are JSON-ready (ISO times, positions as numbers).
 */

export type WebhookService = {
  readonly db: Db;
  readonly clock: () => Date;
  /** The operator's target policy (WEBHOOK_ALLOW_HTTP, WEBHOOK_ALLOW_PRIVATE_TARGETS) and time limit. */
  readonly policy: DeliveryPolicy;
  /** The markets served and their series keys, from the market list. */
  readonly served: readonly MarketSeries[];
  /** Wakes the dispatcher once a delivery became due (resume, enable, redeliver). */
  readonly wake?: () => void;
};

export type WebhookSubscriptionView = {
  id: string;
  url: string;
  filter: EventFilter;
  status: WebhookSubscriptionStatus;
  /** Why it was disabled (the last failure); null unless disabled. */
  disabledReason: string | null;
  createdAt: string;
  /** The first failed attempt since the last success; null while deliveries succeed. */
  failingSince: string | null;
};

export type WebhookAllowance = {
  plan: AccountPlan;
  limits: WebhookPlanLimits;
  /** Deliveries counted against the daily cap since 00:00 UTC. */
  deliveriesToday: number;
};

export type CreatedWebhook = {
  subscription: WebhookSubscriptionView;
  /** The signing secret, shown this once. */
  secret: string;
};

export type RotatedSecret = {
  /** The new signing secret, shown this once. */
  secret: string;
  /** Until then the previous secret also signs every delivery (ISO 8601 UTC). */
  previousSecretExpiresAt: string;
};

export type WebhookTestView = {
  sentAt: string;
  delivered: boolean;
  /** The answer's HTTP status; null when there was none. */
  responseStatus: number | null;
  latencyMs: number;
  error: string | null;
};

export type WebhookDeliveryView = {
  /** The event's place in the outbox: pass the last one as `before` for the next page. */
  position: number;
  eventId: string;
  eventType: EventType;
  publishedAt: string;
  status: WebhookDeliveryStatus;
  /** Attempts made (a skipped delivery made none). */
  attempts: number;
  lastAttemptAt: string | null;
  /** The answer's HTTP status at the last attempt; null when there was none. */
  responseStatus: number | null;
  /** Why the last attempt failed, or why the delivery was skipped. */
  error: string | null;
  latencyMs: number | null;
  nextAttemptAt: string | null;
  deliveredAt: string | null;
};

export type DeliveryLogPage = {
  deliveries: WebhookDeliveryView[];
  /** `before` for the next (older) page; null on the last page. */
  nextBefore: number | null;
  /** The newest test sends. */
  tests: WebhookTestView[];
};

export type DeliveryLogQuery = { limit?: number; before?: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function createWebhook(
  service: WebhookService,
  accountId: string,
  input: { url: string; filter: EventFilterInput },
): Promise<Result<CreatedWebhook, DomainError>> {
  if (input.url.length > MAX_WEBHOOK_URL_LENGTH)
    return err(badRequest(WEBHOOK_MESSAGES.urlTooLong));
  const target = checkWebhookTarget(input.url, service.policy);
  if (!target.ok) return err(webhookUrlRefused(target.error));
  const filter = validateEventFilter(input.filter, service.served);
  if (!filter.ok) return filter;
  const secret = newWebhookSecret();
  return service.db.$transaction(async (tx) => {
    const account = await findAccount(tx, accountId);
    const locked = await lockAccountForWebhooks(tx, accountId);
    if (account === null || locked === null) return err(webhookNotFound());
    const limit = WEBHOOK_PLAN_LIMITS[account.plan].subscriptions;
    if (locked.subscriptions >= limit)
      return err(webhookLimitReached(PLAN_NAMES[account.plan], limit));
    const created = await createWebhookSubscription(tx, {
      accountId,
      url: target.url.href,
      filter: filter.value,
      secret,
      createdAt: service.clock(),
    });
    return ok({ subscription: viewOf(created), secret });
  });
}

export async function listWebhooks(
  service: WebhookService,
  accountId: string,
): Promise<Result<{ subscriptions: WebhookSubscriptionView[] }, DomainError>> {
  const subscriptions = await listWebhookSubscriptions(service.db, accountId);
  return ok({ subscriptions: subscriptions.map(viewOf) });
}

/** The account's plan, its webhook limits and what it used of today's deliveries. */
export async function webhookAllowance(
  service: WebhookService,
  accountId: string,
): Promise<Result<WebhookAllowance, DomainError>> {
  const account = await findAccount(service.db, accountId);
  if (account === null) return err(webhookNotFound());
  const since = utcDayStart(service.clock());
  const used = await countAccountDeliveriesSince(service.db, [accountId], since, []);
  return ok({
    plan: account.plan,
    limits: WEBHOOK_PLAN_LIMITS[account.plan],
    deliveriesToday: used.get(accountId) ?? 0,
  });
}

export async function getWebhook(
  service: WebhookService,
  accountId: string,
  id: string,
): Promise<Result<WebhookSubscriptionView, DomainError>> {
  const owned = await ownedSubscription(service.db, accountId, id);
  return owned.ok ? ok(viewOf(owned.value)) : owned;
}

/** Stops queueing events for it; queued deliveries wait. Pausing a paused one changes nothing. */
export async function pauseWebhook(
  service: WebhookService,
  accountId: string,
  id: string,
): Promise<Result<WebhookSubscriptionView, DomainError>> {
  return changeStatus(service, accountId, id, {
    from: ["active", "paused"],
    to: "paused",
    refusal: WEBHOOK_MESSAGES.pauseDisabled,
  });
}

/**
 * Queues events for it again and delivers what waited, in order. Events published while it was
 * paused are not queued for it. Resuming an active one changes nothing.
 */
export async function resumeWebhook(
  service: WebhookService,
  accountId: string,
  id: string,
): Promise<Result<WebhookSubscriptionView, DomainError>> {
  return changeStatus(service, accountId, id, {
    from: ["paused", "active"],
    to: "active",
    refusal: WEBHOOK_MESSAGES.resumeDisabled,
  });
}

/**
 * Enables a subscription the dispatcher disabled: the delivery that gave up is queued again,
 * first, then everything queued behind it, in order, the events published while it was disabled
 * included (appendEvents queues them; the outbox holds them for its retention from the moment it
 * was disabled, `pruneEvents`).
 */
export async function enableWebhook(
  service: WebhookService,
  accountId: string,
  id: string,
): Promise<Result<WebhookSubscriptionView, DomainError>> {
  const owned = await ownedSubscription(service.db, accountId, id);
  if (!owned.ok) return owned;
  const enabled = await service.db.$transaction(async (tx) => {
    const changed = await changeWebhookSubscriptionStatus(tx, id, {
      from: ["disabled"],
      to: "active",
      clearFailure: true,
    });
    if (changed !== null) await requeueFailedWebhookDeliveries(tx, id, service.clock());
    return changed;
  });
  if (enabled === null)
    return err(webhookConflict(WEBHOOK_MESSAGES.enableNotDisabled(owned.value.status)));
  service.wake?.();
  return ok(viewOf(enabled));
}

/** Deletes it, its queued deliveries and its log. */
export async function deleteWebhook(
  service: WebhookService,
  accountId: string,
  id: string,
): Promise<Result<{ id: string; deleted: true }, DomainError>> {
  const owned = await ownedSubscription(service.db, accountId, id);
  if (!owned.ok) return owned;
  const deleted = await deleteWebhookSubscription(service.db, id);
  return deleted ? ok({ id, deleted: true }) : err(webhookNotFound());
}

/**
 * A new signing secret, shown once; the previous one keeps signing beside it for
 * WEBHOOK_SECRET_OVERLAP_MS, so the receiver switches without losing a delivery.
 */
export async function rotateWebhookSecret(
  service: WebhookService,
  accountId: string,
  id: string,
): Promise<Result<RotatedSecret, DomainError>> {
  const owned = await ownedSubscription(service.db, accountId, id);
  if (!owned.ok) return owned;
  const secret = newWebhookSecret();
  const overlapUntil = new Date(service.clock().getTime() + WEBHOOK_SECRET_OVERLAP_MS);
  await storeRotatedSecret(service.db, id, { secret, overlapUntil });
  return ok({ secret, previousSecretExpiresAt: overlapUntil.toISOString() });
}

/**
 * Sends a signed `webhook.test` payload to the subscription's URL now, whatever its status, and
 * answers what happened; the outcome is kept in its log (the newest WEBHOOK_TESTS_KEPT). The
 * test is not an event: no stream and no other subscriber sees it, and it does not count
 * against the daily cap.
 */
export async function testWebhook(
  service: WebhookService,
  accountId: string,
  id: string,
): Promise<Result<WebhookTestView, DomainError>> {
  const owned = await ownedSubscription(service.db, accountId, id);
  if (!owned.ok) return owned;
  const sentAt = service.clock();
  const secrets = await webhookSigningSecrets(service.db, id, sentAt);
  if (secrets === null) return err(webhookNotFound());
  const eventId = `webhook-test~${randomUUID()}`;
  const body = JSON.stringify({
    id: eventId,
    type: WEBHOOK_TEST_EVENT_TYPE,
    version: EVENT_PAYLOAD_VERSION,
    timestamp: sentAt.toISOString(),
    data: {
      subscription: id,
      message:
        "A test delivery: your endpoint received and can verify this subscription's webhooks.",
    },
  });
  const headers = signWebhook({ id: eventId, timestamp: sentAt, body, secrets });
  const result = await deliverWebhook(owned.value.url, headers, body, service.policy);
  const test: WebhookTestRecord = {
    sentAt,
    delivered: result.ok,
    status: result.status ?? null,
    latencyMs: result.latencyMs,
    error: result.error ?? null,
  };
  // Deleted meanwhile: nothing to keep the outcome for, but the caller still hears it.
  await service.db.$transaction(async (tx) => {
    if ((await findWebhookSubscription(tx, id)) !== null)
      await recordWebhookTest(tx, id, test, WEBHOOK_TESTS_KEPT);
  });
  return ok(testViewOf(test));
}

/**
 * Delivers one event again, by its id (from the log), before what is queued behind it; while a
 * later delivery is in flight to the endpoint, once that one is finished (the claim waits).
 */
export async function redeliverWebhookEvent(
  service: WebhookService,
  accountId: string,
  id: string,
  eventId: string,
): Promise<Result<{ eventId: string; requeued: true }, DomainError>> {
  const owned = await ownedSubscription(service.db, accountId, id);
  if (!owned.ok) return owned;
  const outcome = await service.db.$transaction((tx) =>
    requeueWebhookDelivery(tx, id, eventId, service.clock()),
  );
  if (outcome === "not_found") return err(webhookEventNotFound());
  if (outcome === "queued") return err(webhookConflict(WEBHOOK_MESSAGES.redeliverQueued));
  service.wake?.();
  return ok({ eventId, requeued: true });
}

/** The delivery log, newest event first, paged by position; with the newest test sends. */
export async function webhookDeliveryLog(
  service: WebhookService,
  accountId: string,
  id: string,
  query: DeliveryLogQuery,
): Promise<Result<DeliveryLogPage, DomainError>> {
  const limit = query.limit ?? DELIVERY_LOG_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > DELIVERY_LOG_MAX_LIMIT)
    return err(badRequest(WEBHOOK_MESSAGES.deliveryLogLimit));
  const { before } = query;
  if (before !== undefined && (!Number.isSafeInteger(before) || before < 1))
    return err(badRequest(WEBHOOK_MESSAGES.deliveryLogBefore));
  const owned = await ownedSubscription(service.db, accountId, id);
  if (!owned.ok) return owned;
  const entries = await listWebhookDeliveries(service.db, id, {
    limit: limit + 1,
    ...(before === undefined ? {} : { beforePosition: BigInt(before) }),
  });
  const page = entries.slice(0, limit);
  const last = page.at(-1);
  const tests = await listWebhookTests(service.db, id, WEBHOOK_TESTS_KEPT);
  return ok({
    deliveries: page.map(deliveryViewOf),
    nextBefore: entries.length > limit && last !== undefined ? Number(last.eventPosition) : null,
    tests: tests.map(testViewOf),
  });
}

// --- helpers ---

/** The subscription when it is the account's; "not found" for an unknown id, a malformed one or another account's. */
async function ownedSubscription(
  db: Db,
  accountId: string,
  id: string,
): Promise<Result<WebhookSubscriptionRecord, DomainError>> {
  if (!UUID.test(id)) return err(webhookNotFound());
  const found = await findWebhookSubscription(db, id);
  if (found === null || found.accountId !== accountId) return err(webhookNotFound());
  return ok(found);
}

async function changeStatus(
  service: WebhookService,
  accountId: string,
  id: string,
  change: {
    from: readonly WebhookSubscriptionStatus[];
    to: WebhookSubscriptionStatus;
    refusal: string;
  },
): Promise<Result<WebhookSubscriptionView, DomainError>> {
  const owned = await ownedSubscription(service.db, accountId, id);
  if (!owned.ok) return owned;
  const changed = await changeWebhookSubscriptionStatus(service.db, id, {
    from: change.from,
    to: change.to,
    clearFailure: false,
  });
  if (changed === null) return err(webhookConflict(change.refusal));
  if (change.to === "active") service.wake?.();
  return ok(viewOf(changed));
}

function viewOf(record: WebhookSubscriptionRecord): WebhookSubscriptionView {
  return {
    id: record.id,
    url: record.url,
    filter: record.filter,
    status: record.status,
    disabledReason: record.disabledReason,
    createdAt: record.createdAt.toISOString(),
    failingSince: record.failingSince?.toISOString() ?? null,
  };
}

function deliveryViewOf(entry: WebhookDeliveryLogEntry): WebhookDeliveryView {
  const finished = entry.status !== "pending" && entry.status !== "delivering";
  return {
    position: Number(entry.eventPosition),
    eventId: entry.eventId,
    eventType: entry.eventType,
    publishedAt: entry.publishedAt.toISOString(),
    status: entry.status,
    attempts: entry.attempts,
    lastAttemptAt: entry.lastAttemptAt?.toISOString() ?? null,
    responseStatus: entry.lastStatus,
    error: entry.lastError,
    latencyMs: entry.latencyMs,
    nextAttemptAt: finished ? null : entry.nextAttemptAt.toISOString(),
    deliveredAt: entry.deliveredAt?.toISOString() ?? null,
  };
}

function testViewOf(test: WebhookTestRecord): WebhookTestView {
  return {
    sentAt: test.sentAt.toISOString(),
    delivered: test.delivered,
    responseStatus: test.status,
    latencyMs: test.latencyMs,
    error: test.error,
  };
}
