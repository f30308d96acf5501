import type { MarketEvent } from "@tpi/domain";
import type { Db } from "@tpi/db";

/** The publication events stored for the webhooks, in the order they were appended. */
export async function storedMarketEvents(db: Db): Promise<MarketEvent[]> {
  const rows = await db.webhookEvent.findMany({ orderBy: { position: "asc" } });
  return rows.map((row) => row.payload as MarketEvent);
}

/** An event's source entry for a value from the tests' own source (`test`), which asks for no citation. */
export const TEST_EVENT_SOURCE = {
  source: "test",
  sample: false,
  asOf: null,
  citation: null,
  licence: null,
};
