import type { UtcDay } from "../shared/calendar";
import type { DataProvenance } from "../shared/data-provenance";
import { EVENT_PAYLOAD_VERSION, type EventType } from "./catalogue";
import type { CrossingDirection, ThresholdRule } from "./thresholds";

/**
 * The events' JSON shapes and ids. Pure: the api builds an event from what it publishes, in the
 * publication's transaction, and stores, signs, streams and delivers it.
 *
 * Every event is one envelope, the payload structure of the Standard Webhooks specification
 * 1.0.0 (github.com/standard-webhooks/standard-webhooks, spec/standard-webhooks.md, sections
 * "Payload" and "Payload structure"): `type` (the catalogue's name, which also names the schema of
 * `data`), `timestamp` (when the event occurred: the publication's time, not a delivery's) and
 * `data`. The specification allows further top-level metadata; we add two:
 * - `id`: the event's id, the same string as the `webhook-id` header (and the idempotency key a
 *   receiver keeps), so a receiver that logs bodies alone can still deduplicate;
 * - `version`: EVENT_PAYLOAD_VERSION, the version of the layout.
 *
 *   { "id": "value-settled~gpu~H100_20SXM~2026-11-28", "type": "value.settled", "version": 1,
 *     "timestamp": "2026-11-28T21:05:00.000Z",
 *     "data": { "market": "gpu", "series": "H100 SXM", "period": { "grain": "day", "day": "2026-11-28" },
 *               "values": [{ "name": "value", "value": 2.31, "unit": "USD per GPU-hour" }],
 *               "previous": { "period": { "grain": "day", "day": "2026-11-27" }, "values": [...] },
 *               "methodologyVersion": "1.0", "sources": [{ "source": ..., "sample": false, ... }] } }
 *
 * Payloads are "full" rather than "thin" (the specification's "Thin vs full payloads"): a
 * subscriber gets only the series its plan may read (the api checks that at delivery, as it
 * does for a GET), so the values give nothing away, and a receiver that had to call back for
 * every value would turn each publication into a burst of reads. A payload stays far below the
 * specification's advice of 20 kB ("Payload size"): one series, one period.
 */

/** The day (UTC) or the hour (its start, UTC, `YYYY-MM-DDTHH:00:00Z`) a value is for. */
export type EventPeriod = { grain: "day"; day: UtcDay } | { grain: "hour"; hour: string };

export function dayPeriod(day: UtcDay): EventPeriod {
  return { grain: "day", day };
}

/** The hour starting at `start`; a start that is not a whole UTC hour is a bug. */
export function hourPeriod(start: Date): EventPeriod {
  if (start.getTime() % 3_600_000 !== 0)
    throw new RangeError(`An hour period starts on a whole UTC hour, not ${start.toISOString()}`);
  return { grain: "hour", hour: `${start.toISOString().slice(0, 13)}:00:00Z` };
}

/**
 * One published number of a series. `name` is the market's own field name (`value`, `value2`,
 * `index`, ...), `unit` its unit as the market's answers state it; `value` is null where the
 * market publishes none (a merge rate of a day without pull requests).
 */
export type EventValue = { name: string; value: number | null; unit: string };

/** The value of the series' period before this one: what a change is measured against. */
export type PreviousValues = { period: EventPeriod; values: readonly EventValue[] };

/**
 * What every event about a series' value says. `series` is the market's own key of the series
 * (a lab, a GPU name, a memory type id, a product id, ...); `values` is never empty, and its
 * first entry is the series' headline value, the one thresholds compare.
 */
export type SeriesValueData = {
  market: string;
  series: string;
  period: EventPeriod;
  values: readonly EventValue[];
  methodologyVersion: string;
  /** The sources behind the values, as the answers' `dataSources.sources[]` name them. */
  sources: readonly DataProvenance[];
};

export type ValueSettledData = SeriesValueData & { previous: PreviousValues | null };
export type PrintPublishedData = SeriesValueData & { previous: PreviousValues | null };

/**
 * `values` are the new values, `oldValues` those they replace. `revision` counts the revisions
 * of this series' period, from 1: the emitter numbers them in the publication's transaction, so
 * that a value revised twice (even back and forth) gives two events and one re-emission one.
 */
export type ValueRevisedData = SeriesValueData & {
  oldValues: readonly EventValue[];
  revision: number;
  /** The market's words for why (a restatement, a maturing count, a corrected input). */
  reason: string;
};

/**
 * A threshold of one subscription crossed by a published value (see thresholds.ts): the values
 * and period of the event that crossed it, the previous values it was measured against, the
 * rule, the direction, the change in percent (null when the previous value is 0), and the id
 * of the value.settled or print.published event it follows.
 */
export type ThresholdCrossedData = SeriesValueData & {
  previous: PreviousValues;
  threshold: ThresholdRule;
  direction: CrossingDirection;
  changePercent: number | null;
  triggeredBy: string;
};

/** Why a source degraded: a sync failed (data grows stale), or data fell back to the sample. */
export const DEGRADATION_REASONS = ["sync_failed", "sample_fallback"] as const;
export type DegradationReason = (typeof DEGRADATION_REASONS)[number];

/**
 * A source's state changed. A source event concerns the whole market, so its `series` is null
 * (a series filter does not hide it: see filter.ts). `since` (ISO 8601 UTC) is when the
 * degradation began; the recovery that ends it carries the same `since`, which pairs the two.
 */
export type SourceStateData = {
  market: string;
  series: null;
  source: string;
  reason: DegradationReason;
  since: string;
  /** What happened, in the operator's words (the sync's error, or the fallback's cause). */
  message: string;
};

export type EventData = {
  "value.settled": ValueSettledData;
  "print.published": PrintPublishedData;
  "value.revised": ValueRevisedData;
  "threshold.crossed": ThresholdCrossedData;
  "source.degraded": SourceStateData;
  "source.recovered": SourceStateData;
};

/** What happened, before it gets an id and a time: what the emitter describes. */
export type EventFact = { [Type in EventType]: { type: Type; data: EventData[Type] } }[EventType];

/** The payload's fields besides `type` and `data`. */
export type EventEnvelope = {
  id: string;
  version: typeof EVENT_PAYLOAD_VERSION;
  /** ISO 8601 UTC with milliseconds. */
  timestamp: string;
};

/** An event as stored, streamed and delivered (the payload, field for field). */
export type MarketEvent<Type extends EventType = EventType> = {
  [T in Type]: EventEnvelope & { type: T; data: EventData[T] };
}[Type];

/**
 * The event of a fact published at `publishedAt`. `publishedAt` must be the publication's
 * recorded time, not the emitter's clock: then a second instance, or a re-emission after a
 * crash, builds the same bytes as well as the same id.
 */
export function eventOf<Fact extends EventFact>(
  fact: Fact,
  publishedAt: Date,
): Fact & EventEnvelope {
  if ("values" in fact.data && fact.data.values.length === 0)
    throw new RangeError(`A ${fact.type} event needs at least one value`);
  if (
    fact.type === "value.revised" &&
    !(Number.isInteger(fact.data.revision) && fact.data.revision >= 1)
  )
    throw new RangeError(`A revision number counts from 1, not ${fact.data.revision}`);
  const envelope: EventEnvelope & { type: EventType } = {
    id: eventIdOf(fact),
    type: fact.type,
    version: EVENT_PAYLOAD_VERSION,
    timestamp: publishedAt.toISOString(),
  };
  return { ...envelope, ...fact };
}

/**
 * Event ids. An id names the fact, not the emission: the type and the fact's key (market,
 * series, period; the revision number; the threshold rule; the source and the start of its
 * degradation), so a re-delivery, a retry, a re-emission after a crash and a second instance
 * emitting the same fact all give the same id, and a receiver deduplicates on it (the
 * specification's `webhook-id`: "the same no matter how many times a webhook ... is retried").
 * Two facts never share one: the parts are escaped (below) and joined with `~`, which no
 * escaped part contains.
 *
 * The id is readable, so an operator can tell from a log line what an event was about, and
 * holds only `[A-Za-z0-9_~-]`: no `.` (the specification's signed content is
 * `{id}.{timestamp}.{payload}`, and it asks that the id hold no `.`), nothing that needs
 * escaping in a URL path, a header or an SSE `id:` line. Its length follows the series key's.
 */
export const EVENT_ID_SEPARATOR = "~";

const utf8 = new TextEncoder();

/** Letters, digits and `-` stand for themselves; every other UTF-8 byte is `_` and two hex digits. */
export function eventIdPart(text: string): string {
  let escaped = "";
  for (const character of text) {
    if (/^[A-Za-z0-9-]$/.test(character)) escaped += character;
    else
      for (const byte of utf8.encode(character))
        escaped += `_${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return escaped;
}

export function eventIdOf(fact: EventFact): string {
  const parts: string[] = [fact.type.replace(".", "-"), eventIdPart(fact.data.market)];
  switch (fact.type) {
    case "value.settled":
    case "print.published":
      parts.push(eventIdPart(fact.data.series), periodToken(fact.data.period));
      break;
    case "value.revised":
      parts.push(
        eventIdPart(fact.data.series),
        periodToken(fact.data.period),
        `r${fact.data.revision}`,
      );
      break;
    case "threshold.crossed":
      parts.push(
        eventIdPart(fact.data.series),
        periodToken(fact.data.period),
        thresholdToken(fact.data.threshold),
      );
      break;
    case "source.degraded":
    case "source.recovered":
      parts.push(eventIdPart(fact.data.source), instantToken(fact.data.since));
      break;
  }
  return parts.join(EVENT_ID_SEPARATOR);
}

/** `2026-11-28` for a day, `2026-11-28T13` for an hour: distinct by shape, so no grain tag. */
function periodToken(period: EventPeriod): string {
  return eventIdPart(period.grain === "day" ? period.day : period.hour.slice(0, 13));
}

/** `level-3`, `change-12_2E5`: the kind and the number as JavaScript writes it, escaped. */
function thresholdToken(rule: ThresholdRule): string {
  const number = rule.kind === "level" ? rule.level : rule.percent;
  return `${rule.kind}-${eventIdPart(String(number))}`;
}

/** `20261128T130500000Z`: the instant to the millisecond, whatever ISO form it was given in. */
function instantToken(iso: string): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not an ISO 8601 instant: ${iso}`);
  return instant.toISOString().replace(/[-:.]/g, "");
}
