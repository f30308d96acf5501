import {
  GPU_INDEX_UNIT,
  GPU_METHODOLOGY_VERSION,
  dayPeriod,
  hourPeriod,
  provenanceOf,
  settlementPeriod,
  type DailyValue,
  type DataProvenance,
  type EventFact,
  type EventPeriod,
  type EventValue,
  type HourlyPrint,
  type SettlingPrint,
} from "@tpi/domain";
import type { SnapshotAttribution } from "@tpi/db";
import { GPU } from "../read-model/state";

/**
 * The GPU market's events: one series per GPU (`series` is the GPU name, as the answers' `gpu_name`
 * and `gpu_type` give it), a print.published per hourly print (its period the print's hour, as
 * the answers' `timestamp` names it: the print of hour H covers the hour before H) and a
 * value.settled per daily value (its period the New York day that settled at 4 PM), each value
 * named as the answers name it (`index_value`, USD per GPU-hour).
 *
 * Back-filled values (computed more than an hour after their hour or settlement, as the answers
 * mark them: a first start's history, a catch-up after downtime) are history rather than news and
 * give no event; they still serve as the previous value of the next live one.
 */

/** The field of the GPU answers the events' value carries. */
export const GPU_EVENT_VALUE_NAME = "index_value";

const valuesOf = (indexValue: number): EventValue[] => [
  { name: GPU_EVENT_VALUE_NAME, value: indexValue, unit: GPU_INDEX_UNIT },
];

/**
 * The sources behind a value, by the source names stored with it: a quote source with the
 * citation and licence of the latest snapshot the value read (as the answers cite it), a trade
 * source (or the sample) as the token market's provenance describes it.
 */
function sourcesOf(
  names: readonly string[],
  snapshotIds: ReadonlySet<number>,
  attributions: readonly SnapshotAttribution[],
): DataProvenance[] {
  const read = attributions.filter((attribution) => snapshotIds.has(attribution.id));
  return names.map((name): DataProvenance => {
    let latest: SnapshotAttribution | undefined;
    for (const attribution of read)
      if (attribution.source === name && (latest === undefined || attribution.asOf > latest.asOf))
        latest = attribution;
    if (latest === undefined) return provenanceOf(name, null);
    return {
      source: name,
      sample: false,
      asOf: latest.asOf.toISOString(),
      citation: latest.citation,
      licence: { ...latest.licence },
    };
  });
}

/** The snapshots the prints of `day`'s settlement period read. */
function snapshotIdsOfDay(day: DailyValue["day"], prints: readonly SettlingPrint[]): Set<number> {
  const { after, through } = settlementPeriod(day);
  const ids = new Set<number>();
  for (const print of prints)
    if (print.hour > after && print.hour <= through)
      for (const id of print.snapshotIds) ids.add(id);
  return ids;
}

/** The snapshots the live values of these prints read: whose attributions their events cite. */
export function snapshotsCitedByPrints(
  prints: readonly (SettlingPrint & { backfilled: boolean })[],
): number[] {
  return prints.filter((print) => !print.backfilled).flatMap((print) => print.snapshotIds);
}

/** The snapshots the live daily values read through their prints. */
export function snapshotsCitedByDailyValues(
  values: readonly (DailyValue & { backfilled: boolean })[],
  prints: readonly SettlingPrint[],
): number[] {
  return values
    .filter((value) => !value.backfilled)
    .flatMap((value) => [...snapshotIdsOfDay(value.day, prints)]);
}

/** A value and its period, for the `previous` of the next one. */
type Previous = { period: EventPeriod; values: EventValue[] };

/** print.published for each live print of `prints` (in hour order) following `before`. */
export function printFacts(
  prints: readonly (SettlingPrint & { backfilled: boolean })[],
  before: Pick<HourlyPrint, "hour" | "indexValue"> | undefined,
  attributions: readonly SnapshotAttribution[],
): EventFact[] {
  let previous: Previous | null =
    before === undefined
      ? null
      : { period: hourPeriod(before.hour), values: valuesOf(before.indexValue) };
  const facts: EventFact[] = [];
  for (const print of prints) {
    const period = hourPeriod(print.hour);
    const values = valuesOf(print.indexValue);
    if (!print.backfilled)
      facts.push({
        type: "print.published",
        data: {
          market: GPU.name,
          series: print.gpuName,
          period,
          values,
          methodologyVersion: GPU_METHODOLOGY_VERSION,
          sources: sourcesOf(print.sources, new Set(print.snapshotIds), attributions),
          previous,
        },
      });
    previous = { period, values };
  }
  return facts;
}

/**
 * value.settled for each live daily value of `values` (in day order) following `before`; `prints`
 * are those of their settlement periods.
 */
export function dailyValueFacts(
  values: readonly (DailyValue & { backfilled: boolean })[],
  before: Pick<DailyValue, "day" | "indexValue"> | undefined,
  prints: readonly SettlingPrint[],
  attributions: readonly SnapshotAttribution[],
): EventFact[] {
  let previous: Previous | null =
    before === undefined
      ? null
      : { period: dayPeriod(before.day), values: valuesOf(before.indexValue) };
  const facts: EventFact[] = [];
  for (const value of values) {
    const period = dayPeriod(value.day);
    const published = valuesOf(value.indexValue);
    if (!value.backfilled)
      facts.push({
        type: "value.settled",
        data: {
          market: GPU.name,
          series: value.gpuName,
          period,
          values: published,
          methodologyVersion: GPU_METHODOLOGY_VERSION,
          sources: sourcesOf(value.sources, snapshotIdsOfDay(value.day, prints), attributions),
          previous,
        },
      });
    previous = { period, values: published };
  }
  return facts;
}
