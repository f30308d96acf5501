import {
  PLAN_NAMES,
  WEBHOOK_MESSAGES,
  WEBHOOK_PLAN_LIMITS,
  deliveriesWithinCap,
  isAccountPlan,
  trialHasEnded,
  utcDayStart,
} from "@tpi/domain";
import {
  countAccountDeliveriesSince,
  deliveryGateRows,
  type ClaimedDelivery,
  type Db,
} from "@tpi/db";
import type { EventAccess } from "./service";

/**
 * What the dispatcher checks of each claimed delivery before it sends it, so that a delivery
 * reflects the owner as they are now, not as they were when the event was queued:
 *
 * - the account still exists (a deleted account's subscriptions go with it; one deleted between
 *   the claim and now is skipped);
 * - its plan still reads the event, as a GET with its key would (an ended trial reads nothing;
 *   each market says which plans read which of its events);
 * - the account's daily cap (WEBHOOK_PLAN_LIMITS): a delivery counts once, on the UTC day of its
 *   first attempt. First attempts past the cap are skipped, in outbox order; retries of a counted
 *   delivery always go out. Instances count what is recorded, so two instances claiming for the
 *   same account in the same instant may overshoot by at most one round's claims.
 *
 * A refused delivery is not sent: it is recorded as skipped, with the reason in its log entry.
 */
export type DeliveryGate = (
  claims: readonly ClaimedDelivery[],
  now: Date,
) => Promise<ReadonlyMap<ClaimedDelivery, string>>;

export function createDeliveryGate(settings: { db: Db; eventAccess: EventAccess }): DeliveryGate {
  const { db, eventAccess } = settings;
  return async (claims, now) => {
    const skips = new Map<ClaimedDelivery, string>();
    if (claims.length === 0) return skips;
    const rows = await deliveryGateRows(db, claims);
    const rowOf = (claim: ClaimedDelivery) =>
      rows.find(
        (row) =>
          row.subscriptionId === claim.subscriptionId && row.eventPosition === claim.eventPosition,
      );
    const firstAttempts = new Map<string, ClaimedDelivery[]>();
    for (const claim of claims) {
      const row = rowOf(claim);
      if (row === undefined || !isAccountPlan(row.plan)) {
        skips.set(claim, WEBHOOK_MESSAGES.skippedNoAccount);
        continue;
      }
      if (trialHasEnded(row.plan, row.trialEndsAt, now)) {
        skips.set(claim, WEBHOOK_MESSAGES.skippedTrialEnded);
        continue;
      }
      const access = eventAccess(
        { type: row.eventType, market: row.market, series: row.series, grain: row.grain },
        row.plan,
      );
      if (!access.ok) {
        skips.set(claim, WEBHOOK_MESSAGES.skippedPlan(access.error.message));
        continue;
      }
      if (claim.attempt === 1)
        firstAttempts.set(row.accountId, [...(firstAttempts.get(row.accountId) ?? []), claim]);
    }
    if (firstAttempts.size === 0) return skips;
    const used = await countAccountDeliveriesSince(
      db,
      [...firstAttempts.keys()],
      utcDayStart(now),
      claims,
    );
    for (const [accountId, accountClaims] of firstAttempts) {
      const row = rows.find((candidate) => candidate.accountId === accountId);
      if (row === undefined || !isAccountPlan(row.plan)) continue;
      const cap = WEBHOOK_PLAN_LIMITS[row.plan].deliveriesPerDay;
      const sent = deliveriesWithinCap(used.get(accountId) ?? 0, accountClaims.length, cap);
      const byPosition = [...accountClaims].sort((a, b) =>
        a.eventPosition < b.eventPosition ? -1 : 1,
      );
      for (const claim of byPosition.slice(sent))
        skips.set(claim, WEBHOOK_MESSAGES.skippedDailyCap(PLAN_NAMES[row.plan], cap));
    }
    return skips;
  };
}
