import type { DataProvenance } from "../shared/data-provenance";
import type { EventFact, EventPeriod, EventValue, PreviousValues } from "./event";

/**
 * The value events of a publication, for every market alike: the market states what it
 * publishes before and after a write (each series' periods with their values), and the
 * difference is the events. A period published for the first time is settled; one whose values
 * changed, or that lost its value, is revised. Comparing what is published, rather than what
 * was written, keeps a write that changes nothing a reader sees (a count observed again, a
 * source's time moving) from announcing anything, and makes a second identical run add none.
 */

/** One series' period as the market publishes it. */
export type PublishedSeriesValues = {
  /** The market's key of the series (a memory type id, a product id, `lab/family`). */
  series: string;
  period: EventPeriod;
  /** Never empty; the first is the headline value, the one thresholds compare. */
  values: readonly EventValue[];
  sources: readonly DataProvenance[];
};

/** What a write changed in one series' period. */
export type SeriesValueChange =
  | { kind: "settled"; published: PublishedSeriesValues; previous: PreviousValues | null }
  | {
      kind: "revised";
      published: PublishedSeriesValues;
      oldValues: readonly EventValue[];
      /** The market's words for why, shown to receivers. */
      reason: string;
    };

/** The period as one comparable string: its day, or its hour's start. */
export function periodKey(period: EventPeriod): string {
  return period.grain === "day" ? period.day : period.hour;
}

function sameValues(a: readonly EventValue[], b: readonly EventValue[]): boolean {
  return (
    a.length === b.length &&
    a.every((value, i) => {
      const other = b[i];
      return (
        other !== undefined &&
        value.name === other.name &&
        value.unit === other.unit &&
        value.value === other.value
      );
    })
  );
}

/**
 * The changes from `before` to `after` (each a market's published series' periods, any order),
 * oldest period first, then in `after`'s order: events are delivered in this order.
 * `after` should hold each changed series' earlier periods too, since a settled period's
 * `previous` is the series' latest earlier period in it. A period in `before` and not in
 * `after` was withdrawn: revised to the same values, each null, with no source.
 */
export function seriesValueChanges(
  before: readonly PublishedSeriesValues[],
  after: readonly PublishedSeriesValues[],
  reasonOf: (published: PublishedSeriesValues, oldValues: readonly EventValue[]) => string,
): SeriesValueChange[] {
  const keyOf = (entry: PublishedSeriesValues) => `${entry.series}\n${periodKey(entry.period)}`;
  const stored = new Map(before.map((entry) => [keyOf(entry), entry]));
  const bySeries = new Map<string, PublishedSeriesValues[]>();
  for (const entry of after) {
    const list = bySeries.get(entry.series);
    if (list === undefined) bySeries.set(entry.series, [entry]);
    else list.push(entry);
  }
  for (const list of bySeries.values())
    list.sort((a, b) => (periodKey(a.period) < periodKey(b.period) ? -1 : 1));

  const changes: SeriesValueChange[] = [];
  for (const list of bySeries.values())
    list.forEach((published, i) => {
      const old = stored.get(keyOf(published));
      stored.delete(keyOf(published));
      if (old === undefined) {
        const earlier = list[i - 1];
        changes.push({
          kind: "settled",
          published,
          previous:
            earlier === undefined ? null : { period: earlier.period, values: earlier.values },
        });
      } else if (!sameValues(old.values, published.values))
        changes.push({
          kind: "revised",
          published,
          oldValues: old.values,
          reason: reasonOf(published, old.values),
        });
    });
  for (const old of stored.values()) {
    const withdrawn: PublishedSeriesValues = {
      ...old,
      values: old.values.map((value) => ({ ...value, value: null })),
      sources: [],
    };
    changes.push({
      kind: "revised",
      published: withdrawn,
      oldValues: old.values,
      reason: reasonOf(withdrawn, old.values),
    });
  }
  // Within a period, in `after`'s order (the market's own order of its rows); withdrawn last.
  const position = new Map(after.map((entry, i) => [keyOf(entry), i]));
  const rank = (change: SeriesValueChange) =>
    position.get(keyOf(change.published)) ?? Number.MAX_SAFE_INTEGER;
  return changes.sort((a, b) => {
    const periodA = periodKey(a.published.period);
    const periodB = periodKey(b.published.period);
    if (periodA !== periodB) return periodA < periodB ? -1 : 1;
    return rank(a) - rank(b);
  });
}

/** What a market states once for every value event it publishes. */
export type SeriesMarket = { market: string; methodologyVersion: string };

/**
 * The fact of one change; `revision` numbers a revised period's revisions from 1 (the emitter
 * counts them in the publication's transaction) and is ignored for a settled one.
 */
export function seriesValueFact(
  market: SeriesMarket,
  change: SeriesValueChange,
  revision: number,
): EventFact {
  const data = {
    market: market.market,
    series: change.published.series,
    period: change.published.period,
    values: change.published.values,
    methodologyVersion: market.methodologyVersion,
    sources: change.published.sources,
  };
  return change.kind === "settled"
    ? { type: "value.settled", data: { ...data, previous: change.previous } }
    : {
        type: "value.revised",
        data: { ...data, oldValues: change.oldValues, revision, reason: change.reason },
      };
}
