// @module-tag zone
import { createWebhookSubscription, insertObservationsIfAbsent } from "@tpi/db";
import { DEFAULT_METHODOLOGY_RULES, addDays, utcDayOf, type MarketEvent } from "@tpi/domain";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { closedAfterFile, jsonStubForFile } from "../../../testing/file-fixtures";
import type { StubRequest } from "../../../testing/loopback-stub";
import { observation, startTestApi } from "../../../testing/test-api";
import { createWebhookDispatcher } from "../../../platform/webhooks/dispatcher";
import { newWebhookSecret } from "../../../platform/webhooks/signature";
import { restateLabDay } from "./restatement";
import { settleDueDays } from "./settlement";

/**
 * From publication to a subscriber's endpoint: the token market settles and restates, the outbox
 * derives the threshold crossing, and the dispatcher delivers, signed. The clock is the real one:
 * the receiver's library refuses a signature more than 5 minutes from its own clock.
 */
const rules = DEFAULT_METHODOLOGY_RULES;
const api = closedAfterFile(await startTestApi({ now: new Date() }));
const receiver = await jsonStubForFile(() => ({ status: 200, body: { received: true } }));

const header = (request: StubRequest, name: string): string => {
  const value = request.headers[name];
  return typeof value === "string" ? value : "";
};

/** The subscriber's side: the Standard Webhooks library verifies each delivery. */
const verified = (secret: string, request: StubRequest): MarketEvent =>
  new Webhook(secret).verify(request.body, {
    "webhook-id": header(request, "webhook-id"),
    "webhook-timestamp": header(request, "webhook-timestamp"),
    "webhook-signature": header(request, "webhook-signature"),
  }) as MarketEvent;

const dispatcher = createWebhookDispatcher({
  db: api.db,
  policy: { allowHttp: true, allowPrivateAddresses: true },
  now: () => new Date(),
});

/** Dispatch rounds until one attempts nothing. */
async function dispatchAll(): Promise<void> {
  for (;;) {
    const round = await dispatcher.dispatchDue();
    if (round.delivered + round.retried + round.failed + round.lost === 0) return;
  }
}

describe("token events delivered to a webhook", () => {
  it("delivers a settlement, a restatement and a threshold crossing once each, signed, in publication order", async () => {
    const now = new Date();
    const dayBefore = addDays(utcDayOf(now), -4);
    const day = addDays(dayBefore, 1);
    const account = await api.db.account.create({ data: { name: "subscriber", plan: "full" } });
    const secret = newWebhookSecret();
    await createWebhookSubscription(api.db, {
      accountId: account.id,
      url: `${receiver.url}/hook`,
      filter: {
        types: ["value.settled", "value.revised", "threshold.crossed"],
        markets: ["token"],
        series: ["openai"],
        thresholds: [{ kind: "level", level: 3 }],
      },
      secret,
      createdAt: now,
    });

    // Settle the first day: openai at 1.6 (anthropic's value is not for this subscriber).
    const firstDay = [
      observation({ date: dayBefore, modelId: "openai/a" }),
      observation({ date: dayBefore, modelId: "anthropic/a" }),
    ];
    await insertObservationsIfAbsent(api.db, firstDay);
    await settleDueDays(api.db, { now, rules, through: dayBefore });
    // Restate it to 2.0 (input at 1.5 rather than 1).
    await api.db.observation.update({
      where: { date_modelId: { date: new Date(`${dayBefore}T00:00:00Z`), modelId: "openai/a" } },
      data: { inputPricePerMtok: 1.5 },
    });
    const restated = await restateLabDay(
      api.db,
      rules,
      { date: dayBefore, lab: "openai", reason: "corrected input price", force: false },
      new Date(),
    );
    expect(restated.ok).toBe(true);
    // The next day settles at 3.2: up through the level 3 from the restated 2.0.
    await insertObservationsIfAbsent(api.db, [
      observation({ date: day, modelId: "openai/a", inputPricePerMtok: 2, outputPricePerMtok: 8 }),
    ]);
    await settleDueDays(api.db, { now, rules, through: day });

    await dispatchAll();

    const deliveries = receiver.requests.filter((request) => request.path === "/hook");
    const events = deliveries.map((request) => verified(secret, request));
    expect(events.map((event) => event.id)).toEqual([
      `value-settled~token~openai~${dayBefore}`,
      `value-revised~token~openai~${dayBefore}~r1`,
      `value-settled~token~openai~${day}`,
      `threshold-crossed~token~openai~${day}~level-3`,
    ]);
    expect(deliveries.map((request) => header(request, "webhook-id"))).toEqual(
      events.map((event) => event.id),
    );
    const value = (indexPerMtok: number) => [
      { name: "indexPerMtok", value: indexPerMtok, unit: "USD per million tokens" },
    ];
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({ values: value(1.6), previous: null }),
      expect.objectContaining({
        values: value(2),
        oldValues: value(1.6),
        revision: 1,
        reason: "corrected input price",
      }),
      expect.objectContaining({
        values: value(3.2),
        previous: { period: { grain: "day", day: dayBefore }, values: value(2) },
      }),
      expect.objectContaining({
        values: value(3.2),
        threshold: { kind: "level", level: 3 },
        direction: "up",
        triggeredBy: `value-settled~token~openai~${day}`,
      }),
    ]);
    // Each body is the stored payload, byte for byte.
    const stored = await api.db.$queryRawUnsafe<{ body: string }[]>(
      "select payload::text as body from webhook_event where market = 'token' and payload->'data'->>'series' = 'openai' order by position",
    );
    expect(deliveries.map((request) => request.body)).toEqual(stored.map((row) => row.body));

    // Nothing is delivered twice: a later round finds nothing due.
    await dispatchAll();
    expect(receiver.requests.filter((request) => request.path === "/hook")).toHaveLength(4);
  });
});
