import { describe, expect, it } from "vitest";
import { Scheduler } from "./scheduler";
import { createLogger } from "../observability/logger";
import { webhookDispatchJob, webhookPolicyFrom } from "./webhook-dispatch";
import type { DispatchRound, WebhookDispatcher } from "../webhooks/dispatcher";

const IDLE: DispatchRound = { delivered: 0, retried: 0, failed: 0, lost: 0, skipped: 0 };
const BUSY: DispatchRound = { ...IDLE, delivered: 3, skipped: 1 };

/** A dispatcher whose rounds the test answers one by one. */
function heldDispatcher() {
  const waiting: ((round: DispatchRound) => void)[] = [];
  let rounds = 0;
  const dispatcher: WebhookDispatcher = {
    owner: "test",
    dispatchDue: () => {
      rounds += 1;
      return new Promise((resolve) => waiting.push(resolve));
    },
  };
  const nextRoundStarted = async (count: number): Promise<void> => {
    while (rounds < count) await new Promise((resolve) => setImmediate(resolve));
  };
  const answer = (round: DispatchRound): void => waiting.shift()?.(round);
  return { dispatcher, rounds: () => rounds, nextRoundStarted, answer };
}

describe("the webhook dispatch job", () => {
  it("dispatches rounds until one finds nothing due", async () => {
    const held = heldDispatcher();
    const run = webhookDispatchJob(held.dispatcher, 2_000).run(new AbortController().signal);
    await held.nextRoundStarted(1);
    held.answer(BUSY);
    await held.nextRoundStarted(2);
    held.answer(BUSY);
    await held.nextRoundStarted(3);
    held.answer(IDLE);
    await run;
    expect(held.rounds()).toBe(3);
  });

  it("on stop, finishes the round in flight and starts no other", async () => {
    const held = heldDispatcher();
    const scheduler = new Scheduler(createLogger("silent"));
    const job = scheduler.every(webhookDispatchJob(held.dispatcher, 60_000));
    job.wake();
    await held.nextRoundStarted(1);
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    // The round in flight had work: without the stop, another round would follow.
    held.answer(BUSY);
    await stopping;
    expect(held.rounds()).toBe(1);
  });

  it("reads the operator's target policy and delivery time limit, https to public addresses unless allowed", () => {
    const defaults = { WEBHOOK_DELIVERY_TIMEOUT_MS: 15_000 };
    expect(
      webhookPolicyFrom({
        ...defaults,
        WEBHOOK_ALLOW_HTTP: false,
        WEBHOOK_ALLOW_PRIVATE_TARGETS: false,
      }),
    ).toEqual({ allowHttp: false, allowPrivateAddresses: false, timeoutMs: 15_000 });
    expect(
      webhookPolicyFrom({
        WEBHOOK_ALLOW_HTTP: true,
        WEBHOOK_ALLOW_PRIVATE_TARGETS: true,
        WEBHOOK_DELIVERY_TIMEOUT_MS: 3_000,
      }),
    ).toEqual({ allowHttp: true, allowPrivateAddresses: true, timeoutMs: 3_000 });
  });
});
