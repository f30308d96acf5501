import {
  eventOf,
  periodKey,
  seriesValueFact,
  type MarketEvent,
  type SeriesMarket,
  type SeriesValueChange,
} from "@tpi/domain";
import type { Tx } from "../client";
import { appendEvents } from "./webhooks";

/**
 * Stores the value events of a publication's changes (`seriesValueChanges`) in the outbox, in
 * the publication's own transaction: they exist exactly when what they announce is committed.
 * `publishedAt` is the time the publication records (the rows' `updated_at`, `observed_at` or
 * `synced_at`), so the payload of a fact is the same bytes whoever emits it. Each revision takes
 * its period's next number here, under the row lock of its counter, so two writers of one period
 * number theirs one after the other, and a rolled-back write takes none.
 */
export async function appendSeriesValueEvents(
  tx: Tx,
  market: SeriesMarket,
  changes: readonly SeriesValueChange[],
  publishedAt: Date,
): Promise<MarketEvent[]> {
  const events: MarketEvent[] = [];
  for (const change of changes) {
    const revision =
      change.kind === "revised"
        ? await nextRevision(
            tx,
            market.market,
            change.published.series,
            periodKey(change.published.period),
          )
        : 0;
    events.push(eventOf(seriesValueFact(market, change, revision), publishedAt));
  }
  await appendEvents(tx, events);
  return events;
}

async function nextRevision(
  tx: Tx,
  market: string,
  series: string,
  period: string,
): Promise<number> {
  const [row] = await tx.$queryRaw<{ revisions: number }[]>`
    insert into published_value_revision (market, series, period, revisions)
    values (${market}, ${series}, ${period}, 1)
    on conflict (market, series, period)
      do update set revisions = published_value_revision.revisions + 1
    returning revisions`;
  if (row === undefined) throw new Error(`no revision number for ${market} ${series} ${period}`);
  return row.revisions;
}
