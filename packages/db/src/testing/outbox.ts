import type { MarketEvent } from "@tpi/domain";
import type { Db } from "../client";

/** Every event in the outbox, in order of position (the order of delivery). */
export async function storedEvents(db: Db): Promise<MarketEvent[]> {
  const rows = await db.webhookEvent.findMany({ orderBy: { position: "asc" } });
  return rows.map((row) => row.payload as MarketEvent);
}

/** The events `run` added to the outbox, in order. */
export async function eventsAddedBy(db: Db, run: () => Promise<unknown>): Promise<MarketEvent[]> {
  const before = await db.webhookEvent.count();
  await run();
  return (await storedEvents(db)).slice(before);
}
