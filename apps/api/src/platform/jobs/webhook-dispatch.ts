import type { PeriodicJob } from "./scheduler";
import type { DeliveryPolicy } from "../webhooks/deliver";
import type { WebhookDispatcher } from "../webhooks/dispatcher";

/** The operator's webhook target policy and delivery time limit from the validated environment. */
export function webhookPolicyFrom(env: {
  WEBHOOK_ALLOW_HTTP: boolean;
  WEBHOOK_ALLOW_PRIVATE_TARGETS: boolean;
  WEBHOOK_DELIVERY_TIMEOUT_MS: number;
}): DeliveryPolicy {
  return {
    allowHttp: env.WEBHOOK_ALLOW_HTTP,
    allowPrivateAddresses: env.WEBHOOK_ALLOW_PRIVATE_TARGETS,
    timeoutMs: env.WEBHOOK_DELIVERY_TIMEOUT_MS,
  };
}

/**
 * The dispatcher as a periodic job, on every instance (claims are shared through the database):
 * each run dispatches rounds until one finds nothing due, so a burst of events drains without
 * waiting for the next interval. Once the scheduler stops (SIGTERM), the run ends after the round
 * in flight: its deliveries are sent and recorded, no other round starts. A delivery cut off by
 * the shutdown grace keeps its claim, which lapses (deliveryLeaseMs) and is delivered again,
 * with the same webhook-id, by another instance.
 */
export function webhookDispatchJob(dispatcher: WebhookDispatcher, intervalMs: number): PeriodicJob {
  return {
    name: "webhook dispatch",
    intervalMs,
    failureMessage: "could not dispatch webhook deliveries; will retry",
    async run(stopping) {
      while (!stopping.aborted) {
        const round = await dispatcher.dispatchDue();
        const claimed = round.delivered + round.retried + round.failed + round.lost + round.skipped;
        if (claimed === 0) return;
      }
    },
  };
}
