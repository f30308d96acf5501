import { appendEvents, appendEventsOnClient } from "@tpi/db";
import { eventOf, type EventFact, type MarketEvent } from "@tpi/domain";

/**
 * How a market announces what it publishes: it describes each fact (domain `EventFact`s: a value
 * settled, a print published, a value revised) and hands them here inside the transaction that
 * writes them, so that the events exist exactly when the publication was committed. The outbox
 * derives threshold crossings and queues deliveries (`appendEvents`).
 *
 * `publishedAt` is the publication's recorded time (the `computedAt` or `settledAt` it stored),
 * never the clock at emission: an event emitted again then has the same id and the same bytes,
 * and is stored once.
 */

/** The events of one publication, in the facts' order (the order of delivery). */
export function eventsOf(facts: readonly EventFact[], publishedAt: Date): MarketEvent[] {
  return facts.map((fact): MarketEvent => eventOf(fact, publishedAt));
}

/** Appends the publication's events in its Prisma transaction. */
export async function publishEvents(
  tx: Parameters<typeof appendEvents>[0],
  facts: readonly EventFact[],
  publishedAt: Date,
): Promise<void> {
  await appendEvents(tx, eventsOf(facts, publishedAt));
}

/** Appends the publication's events on its node-postgres connection (`transactionOnPool`). */
export async function publishEventsOnClient(
  client: Parameters<typeof appendEventsOnClient>[0],
  facts: readonly EventFact[],
  publishedAt: Date,
): Promise<void> {
  await appendEventsOnClient(client, eventsOf(facts, publishedAt));
}
