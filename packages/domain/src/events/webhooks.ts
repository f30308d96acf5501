import type { AccountPlan } from "../shared/access";
import { DomainError, badRequest, forbidden } from "../shared/errors";
import type { EventType } from "./catalogue";

/**
 * The rules of webhook subscriptions that do not depend on storage or transport: what each plan
 * allows, how long a rotated secret keeps signing, the bounds of a request and the words of every
 * refusal. The api's REST routes, MCP tools, website and operator commands all answer with these.
 */

export type WebhookPlanLimits = {
  /** Subscriptions the account may hold, whatever their status. */
  subscriptions: number;
  /**
   * Event deliveries per UTC day, over all the account's subscriptions: each delivery counts
   * once, on the day of its first attempt (its retries do not count again). Past the cap, a due
   * delivery is skipped (its log says why) rather than held back, so the queue does not grow
   * without bound and the next day starts with that day's events.
   */
  deliveriesPerDay: number;
};

/**
 * The one table of webhook limits by plan. A trial tries the feature with one endpoint; the paid
 * plans' daily caps sit well above one subscription to every series of every market (a few
 * hundred events a day) times their subscriptions' worth of a normal day.
 */
export const WEBHOOK_PLAN_LIMITS: Readonly<Record<AccountPlan, WebhookPlanLimits>> = {
  trial: { subscriptions: 1, deliveriesPerDay: 200 },
  premium: { subscriptions: 5, deliveriesPerDay: 5_000 },
  full: { subscriptions: 25, deliveriesPerDay: 50_000 },
};

/**
 * How long the previous secret keeps signing after a rotation (milliseconds): a day, so a
 * receiver deployed once a day switches in time. Both secrets sign meanwhile (signature.ts).
 */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;

/** The longest target URL accepted (characters): well above any real endpoint, below any header limit. */
export const MAX_WEBHOOK_URL_LENGTH = 2_000;

/** Entries of the delivery log per page, by default and at most. */
export const DELIVERY_LOG_DEFAULT_LIMIT = 50;
export const DELIVERY_LOG_MAX_LIMIT = 200;

/** Test sends kept per subscription for its log (the newest). */
export const WEBHOOK_TESTS_KEPT = 10;

/** The test event's type: not in the catalogue, so no receiver mistakes it for market data. */
export const WEBHOOK_TEST_EVENT_TYPE = "webhook.test";

/** The words of every refusal and every skipped delivery, one place each. */
export const WEBHOOK_MESSAGES = {
  notFound: "No webhook subscription of this account has that id.",
  urlTooLong: `Invalid 'url': at most ${MAX_WEBHOOK_URL_LENGTH} characters.`,
  url: (reason: string) => `Invalid 'url': ${reason}.`,
  subscriptionLimit: (plan: string, limit: number) =>
    `This account already holds ${limit} webhook subscriptions, the most the ${plan} plan allows. Delete one before creating another.`,
  pauseDisabled:
    "This subscription is disabled after failed deliveries: enable it (its queued deliveries resume), or delete it.",
  resumeDisabled:
    "This subscription is disabled after failed deliveries: enable it, rather than resume it, once its endpoint answers.",
  enableNotDisabled: (status: string) =>
    `Only a disabled subscription is enabled again; this one is ${status}.`,
  eventNotFound: "This subscription has no delivery of an event with that id.",
  redeliverQueued:
    "That event's delivery is still queued (pending or in flight): it is delivered in order.",
  deliveryLogBefore: "'before' is an event position from this log: a whole number above 0.",
  deliveryLogLimit: `'limit' is a whole number from 1 to ${DELIVERY_LOG_MAX_LIMIT}.`,
  /** Why a due delivery was skipped, as its log entry says. */
  skippedDailyCap: (plan: string, cap: number) =>
    `skipped: the account reached its ${plan} plan's ${cap} deliveries of the UTC day`,
  skippedNoAccount: "skipped: the subscription's account no longer exists",
  skippedTrialEnded:
    "skipped: the account's trial has ended, so its plan reads nothing (as its keys would)",
  skippedPlan: (refusal: string) =>
    `skipped: the account's plan does not read this event (${refusal})`,
} as const;

export const webhookNotFound = (): DomainError =>
  new DomainError("not_found", WEBHOOK_MESSAGES.notFound);
export const webhookEventNotFound = (): DomainError =>
  new DomainError("not_found", WEBHOOK_MESSAGES.eventNotFound);
export const webhookConflict = (message: string): DomainError =>
  new DomainError("conflict", message);
export const webhookUrlRefused = (reason: string): DomainError =>
  badRequest(WEBHOOK_MESSAGES.url(reason));
export const webhookLimitReached = (planName: string, limit: number): DomainError =>
  forbidden(WEBHOOK_MESSAGES.subscriptionLimit(planName, limit));

/**
 * What a plan check at delivery reads of an event: its type and market, its series (null for a
 * market-wide event) and the grain of its period (null for an event without one). A market says
 * from these alone whether a plan may read the event, as it would for a GET of the same values.
 */
export type EventScope = {
  type: EventType;
  market: string;
  series: string | null;
  grain: "day" | "hour" | null;
};

/** The start (00:00 UTC) of the UTC day of `now`: the daily cap's day. */
export function utcDayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Of `wanted` new deliveries in a day that has already used `used` of `cap`, how many go out
 * (the first ones, in order); the rest are skipped.
 */
export function deliveriesWithinCap(used: number, wanted: number, cap: number): number {
  return Math.max(0, Math.min(wanted, cap - used));
}
