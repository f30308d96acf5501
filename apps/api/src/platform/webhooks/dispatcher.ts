import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import {
  claimDueDeliveries,
  enqueueMail,
  recordAttempt,
  recordSkippedDelivery,
  type AttemptOutcome,
  type ClaimedDelivery,
  type Db,
  type DisabledSubscription,
  type Prisma,
} from "@tpi/db";
import { EVENT_RETENTION_DAYS } from "../events/live-events";
import { deliverWebhook, DELIVERY_TIMEOUT_MS, type DeliveryPolicy } from "./deliver";
import type { DeliveryGate } from "./gate";
import { signWebhook, type WebhookHeaders } from "./signature";

/**
 * Delivers the webhook outbox at least once. Any instance may run it, as often as it likes: each
 * round claims due deliveries in the database (a claim per event and endpoint, skip locked, so
 * instances share the work and one endpoint gets one request at a time, in outbox order), signs
 * each with its subscription's secret(s), posts it and records the outcome.
 *
 * - The `webhook-id` is the event's id on every attempt, so a receiver drops a repeat; the
 *   `webhook-timestamp` is the attempt's time (receivers refuse stale ones against replays).
 * - A failed attempt is retried after RETRY_FIRST_DELAY_MS, doubling up to RETRY_MAX_DELAY_MS,
 *   for GIVE_UP_AFTER_MS from the first attempt; the first failure after that marks the delivery
 *   failed, disables the subscription and mails its owner, in one transaction.
 * - A dispatcher that dies mid-delivery leaves its claim, which lapses after deliveryLeaseMs (four
 *   delivery time limits: 60 s by default); another then delivers again, with the same id.
 */

/** The wait after the first failed attempt (milliseconds). */
export const RETRY_FIRST_DELAY_MS = 30_000;
/** The longest wait between two attempts: an endpoint down for hours is tried hourly. */
export const RETRY_MAX_DELAY_MS = 3_600_000;
/** How long failed deliveries are retried, from the first attempt, before giving up. */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;
/**
 * How long a claim is its dispatcher's (milliseconds) for a delivery time limit: four of them, so
 * a live dispatcher always records its outcome before another may take the delivery over.
 */
export function deliveryLeaseMs(deliveryTimeoutMs: number): number {
  return 4 * deliveryTimeoutMs;
}
/** The claim with the default delivery time limit: 60 s. */
export const DELIVERY_LEASE_MS = deliveryLeaseMs(DELIVERY_TIMEOUT_MS);
/** Deliveries claimed per round (each to a different endpoint: see claimDueDeliveries). */
export const DISPATCH_BATCH_SIZE = 20;

/** The wait before the attempt after the `attempt`-th (from 1) failed one: 30 s, 1 min, 2 min, ... 1 h. */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_FIRST_DELAY_MS * 2 ** Math.max(0, attempt - 1), RETRY_MAX_DELAY_MS);
}

/** After a failed attempt at `now`: when to try again, or null to give up. */
export function nextAttemptAt(attempt: number, firstAttemptAt: Date, now: Date): Date | null {
  if (now.getTime() - firstAttemptAt.getTime() >= GIVE_UP_AFTER_MS) return null;
  return new Date(now.getTime() + retryDelayMs(attempt));
}

export interface WebhookDispatcher {
  /** Every instance's claims carry a name of their own. */
  readonly owner: string;
  /** One round: claims what is due, delivers it and records the outcomes. */
  dispatchDue(): Promise<DispatchRound>;
}

export interface DispatchRound {
  readonly delivered: number;
  readonly retried: number;
  readonly failed: number;
  /** Claims recorded by nobody: this dispatcher's claim lapsed and another took the delivery. */
  readonly lost: number;
  /** Claims the gate refused (the owner's plan, its daily cap, a deleted account): not sent. */
  readonly skipped: number;
}

export interface WebhookDispatcherSettings {
  readonly db: Db;
  /** The operator's target policy (https only and public addresses, unless allowed). */
  readonly policy: DeliveryPolicy;
  /** The service's clock: due times, claims, signatures' timestamps and the retry schedule. */
  readonly now: () => Date;
  /** A name for this dispatcher's claims; the host, the process and a random part by default. */
  readonly owner?: string;
  readonly batchSize?: number;
  /** How long a claim lasts; four of the policy's delivery time limits by default. */
  readonly leaseMs?: number;
  /** Checks each claim against its owner before sending (gate.ts); without one, all are sent. */
  readonly gate?: DeliveryGate;
}

export function createWebhookDispatcher(settings: WebhookDispatcherSettings): WebhookDispatcher {
  const { db, policy, now } = settings;
  const owner = settings.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const batchSize = settings.batchSize ?? DISPATCH_BATCH_SIZE;
  const leaseMs = settings.leaseMs ?? deliveryLeaseMs(policy.timeoutMs ?? DELIVERY_TIMEOUT_MS);

  async function deliverOne(claimed: ClaimedDelivery): Promise<AttemptOutcome> {
    let headers: WebhookHeaders;
    try {
      headers = signWebhook({
        id: claimed.eventId,
        timestamp: now(),
        body: claimed.body,
        secrets: claimed.secrets,
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return failedAttempt(claimed, now(), null, 0, `the delivery could not be signed: ${reason}`);
    }
    const result = await deliverWebhook(claimed.url, headers, claimed.body, policy);
    const at = now();
    if (result.ok) {
      return {
        result: "delivered",
        at,
        status: result.status ?? null,
        latencyMs: result.latencyMs,
        error: null,
      };
    }
    const error = result.error ?? "the delivery failed";
    return failedAttempt(claimed, at, result.status ?? null, result.latencyMs, error);
  }

  async function record(claimed: ClaimedDelivery, outcome: AttemptOutcome): Promise<boolean> {
    return db.$transaction(async (tx) => {
      const recorded = await recordAttempt(tx, owner, claimed, outcome);
      if (!recorded.recorded) return false;
      if (recorded.disabled !== null)
        await mailOwnerOfDisabledSubscription(tx, recorded.disabled, outcome.at);
      return true;
    });
  }

  return {
    owner,
    async dispatchDue() {
      const claimedAt = now();
      const lockedUntil = new Date(claimedAt.getTime() + leaseMs);
      const claims = await claimDueDeliveries(db, owner, batchSize, claimedAt, lockedUntil);
      const round = { delivered: 0, retried: 0, failed: 0, lost: 0, skipped: 0 };
      const skips =
        settings.gate === undefined
          ? new Map<ClaimedDelivery, string>()
          : await settings.gate(claims, claimedAt);
      await Promise.all(
        claims.map(async (claimed) => {
          const skipped = skips.get(claimed);
          if (skipped !== undefined) {
            const at = now();
            const recorded = await db.$transaction((tx) =>
              recordSkippedDelivery(tx, owner, claimed, { at, reason: skipped }),
            );
            if (recorded) round.skipped += 1;
            else round.lost += 1;
            return;
          }
          const outcome = await deliverOne(claimed);
          if (!(await record(claimed, outcome))) round.lost += 1;
          else if (outcome.result === "delivered") round.delivered += 1;
          else if (outcome.result === "retry") round.retried += 1;
          else round.failed += 1;
        }),
      );
      return round;
    },
  };
}

function failedAttempt(
  claimed: ClaimedDelivery,
  at: Date,
  status: number | null,
  latencyMs: number,
  error: string,
): AttemptOutcome {
  const retryAt = nextAttemptAt(claimed.attempt, claimed.firstAttemptAt, at);
  if (retryAt !== null)
    return { result: "retry", at, status, latencyMs, error, nextAttemptAt: retryAt };
  const hours = GIVE_UP_AFTER_MS / 3_600_000;
  const disabledReason = `deliveries failed for ${hours} hours (${claimed.attempt} attempts of event ${claimed.eventId}); the last: ${error}`;
  return { result: "failed", at, status, latencyMs, error, disabledReason };
}

/** The mail's kind in the outbox (the account mails have theirs). */
export const SUBSCRIPTION_DISABLED_MAIL_KIND = "webhook-disabled";

/**
 * Tells the owner their subscription was disabled, through the mail outbox in the transaction
 * that disables it, and until when enabling it delivers everything it missed: events are still
 * queued for it, and the outbox holds its deliveries for EVENT_RETENTION_DAYS from `now` (the
 * moment it was disabled; `pruneEvents`). The mail names the target's host only: a URL's path or
 * query may hold the subscriber's token. An account without an address (API keys only) gets no
 * mail: its delivery log and the subscription's status say it.
 */
export async function mailOwnerOfDisabledSubscription(
  tx: Prisma.TransactionClient,
  disabled: DisabledSubscription,
  now: Date,
): Promise<void> {
  if (disabled.ownerEmail === null) return;
  const host = hostOf(disabled.url);
  const hours = GIVE_UP_AFTER_MS / 3_600_000;
  const heldUntil = new Date(now.getTime() + EVENT_RETENTION_DAYS * 86_400_000);
  await enqueueMail(tx, {
    to: disabled.ownerEmail,
    subject: `Your Token Price Index webhook to ${host} was disabled`,
    textBody: `Deliveries to your webhook subscription ${disabled.id} (${host}) failed for ${hours} hours, so it was disabled: nothing is sent to it until you enable it again on your account page.

Why: ${disabled.reason}

Events are still queued for it meanwhile. Enable it before ${mailTime(heldUntil)} and it receives everything it missed, in order, starting with the delivery that gave up. Events are kept ${EVENT_RETENTION_DAYS} days: enabled after that time, it receives only what is still kept (at least the events of the last ${EVENT_RETENTION_DAYS} days), in order, and the older ones are lost to it.
`,
    kind: SUBSCRIPTION_DISABLED_MAIL_KIND,
    createdAt: now,
  });
}

/** A time as a mail states it: minutes, UTC ("2026-12-06 14:05 UTC"). */
export function mailTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return "an invalid URL";
  }
}
