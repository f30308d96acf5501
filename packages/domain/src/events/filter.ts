import { badRequest, type DomainError } from "../shared/errors";
import { err, ok, type Result } from "../shared/result";
import { EVENT_TYPE_NAMES, isEventType, type EventType } from "./catalogue";
import type { MarketEvent } from "./event";
import { THRESHOLD_KINDS, type ThresholdRule } from "./thresholds";

/**
 * What a subscription (a webhook or a live stream) receives. Each list narrows; `null` means no
 * narrowing (every type, every market, every series), never an empty list, which the
 * validation refuses so that "nothing" and "everything" cannot be confused.
 */
export type EventFilter = {
  types: readonly EventType[] | null;
  markets: readonly string[] | null;
  /** Series keys, in any of the filter's markets. */
  series: readonly string[] | null;
  /** The rules threshold.crossed events are derived for (thresholds.ts); empty when none. */
  thresholds: readonly ThresholdRule[];
};

/**
 * Whether `event` goes to a subscription with `filter`. A market-wide event (a source event,
 * `series` null) passes a series filter: a degraded source affects every series of its
 * market. A threshold.crossed event passes only when its rule is one of the filter's.
 */
export function matches(filter: EventFilter, event: MarketEvent): boolean {
  if (filter.types !== null && !filter.types.includes(event.type)) return false;
  if (filter.markets !== null && !filter.markets.includes(event.data.market)) return false;
  const { series } = event.data;
  if (filter.series !== null && series !== null && !filter.series.includes(series)) return false;
  if (event.type === "threshold.crossed")
    return filter.thresholds.some((rule) => sameRule(rule, event.data.threshold));
  return true;
}

function sameRule(a: ThresholdRule, b: ThresholdRule): boolean {
  if (a.kind === "level") return b.kind === "level" && a.level === b.level;
  return b.kind === "change" && a.percent === b.percent;
}

/** A series list longer than this is a subscription to the whole market (omit `series`). */
export const MAX_SERIES_PER_FILTER = 50;
/** Each rule is evaluated for each published value of each matching series. */
export const MAX_THRESHOLDS_PER_FILTER = 10;
/** A change rule's percent is in (0, MAX_CHANGE_PERCENT]: a tenfold move is the largest asked. */
export const MAX_CHANGE_PERCENT = 1000;
/** A series key as the markets write them (a GPU name, a memory type id: at most 32 so far). */
export const MAX_SERIES_KEY_LENGTH = 100;

/**
 * A market the api serves and the keys of its series; `series` null when the market's series
 * are not a fixed list (then a key is checked for its form only). The domain names no market:
 * the api passes its own list.
 */
export type MarketSeries = { market: string; series: readonly string[] | null };

/** A filter as a request gives it (after the api's schema has checked the JSON types). */
export type EventFilterInput = {
  types?: readonly string[] | undefined;
  markets?: readonly string[] | undefined;
  series?: readonly string[] | undefined;
  thresholds?: readonly ThresholdInput[] | undefined;
};
export type ThresholdInput = {
  kind: string;
  level?: number | undefined;
  percent?: number | undefined;
};

/** The messages of the filter's validation, one place for each. */
export const EVENT_FILTER_MESSAGES = {
  emptyList: (field: string) =>
    `'${field}' must list at least one value; omit it to receive every one.`,
  unknownType: (value: string) =>
    `Invalid event type '${value}'. Allowed values (case-sensitive): ${EVENT_TYPE_NAMES.join(", ")}.`,
  unknownMarket: (value: string, markets: readonly string[]) =>
    `Invalid market '${value}'. Allowed values (case-sensitive): ${markets.join(", ")}.`,
  tooManySeries: `'series' may list at most ${MAX_SERIES_PER_FILTER} series; omit it to receive every series.`,
  seriesForm: (value: string) =>
    `Invalid series '${value.slice(0, MAX_SERIES_KEY_LENGTH)}': a series key has 1 to ${MAX_SERIES_KEY_LENGTH} characters, no control characters and no leading or trailing space.`,
  unknownSeries: (value: string, markets: readonly string[]) =>
    `Invalid series '${value}': no series of ${markets.join(", ")} has this key (case-sensitive).`,
  tooManyThresholds: `'thresholds' may list at most ${MAX_THRESHOLDS_PER_FILTER} rules.`,
  thresholdKind: (value: string) =>
    `Invalid threshold kind '${value}'. Allowed values (case-sensitive): ${THRESHOLD_KINDS.join(", ")}.`,
  level: "A level threshold needs 'level', a finite number in the series' unit, and no 'percent'.",
  percent: `A change threshold needs 'percent', a number greater than 0 and at most ${MAX_CHANGE_PERCENT}, and no 'level'.`,
  thresholdsWithoutType:
    "'thresholds' apply to threshold.crossed events only: add threshold.crossed to 'types', or omit 'types'.",
  typeWithoutThresholds:
    "threshold.crossed events need at least one rule in 'thresholds' (a level, or a change percent).",
} as const;

/**
 * The filter a request describes, as the api accepts it, or a bad_request naming what is wrong
 * and what is allowed. Repeated values are kept once, in the order given.
 */
export function validateEventFilter(
  input: EventFilterInput,
  served: readonly MarketSeries[],
): Result<EventFilter, DomainError> {
  const messages = EVENT_FILTER_MESSAGES;
  // An empty `thresholds` is no rule at all, which a filter without threshold.crossed has.
  for (const field of ["types", "markets", "series"] as const)
    if (input[field]?.length === 0) return err(badRequest(messages.emptyList(field)));

  const unknownType = input.types?.find((type) => !isEventType(type));
  if (unknownType !== undefined) return err(badRequest(messages.unknownType(unknownType)));
  const types = input.types === undefined ? null : unique(input.types).filter(isEventType);

  const marketNames = served.map((market) => market.market);
  const markets = input.markets === undefined ? null : unique(input.markets);
  const unknownMarket = markets?.find((market) => !marketNames.includes(market));
  if (unknownMarket !== undefined)
    return err(badRequest(messages.unknownMarket(unknownMarket, marketNames)));

  const series = input.series === undefined ? null : unique(input.series);
  if (series !== null) {
    if (series.length > MAX_SERIES_PER_FILTER) return err(badRequest(messages.tooManySeries));
    const inScope = served.filter((market) => markets === null || markets.includes(market.market));
    const scopeNames = inScope.map((market) => market.market);
    for (const key of series) {
      if (!isSeriesKey(key)) return err(badRequest(messages.seriesForm(key)));
      const known = inScope.some((market) => market.series === null || market.series.includes(key));
      if (!known) return err(badRequest(messages.unknownSeries(key, scopeNames)));
    }
  }

  const thresholds: ThresholdRule[] = [];
  const thresholdInputs = input.thresholds ?? [];
  if (thresholdInputs.length > MAX_THRESHOLDS_PER_FILTER)
    return err(badRequest(messages.tooManyThresholds));
  for (const given of thresholdInputs) {
    const rule = thresholdRuleOf(given);
    if (!rule.ok) return rule;
    if (!thresholds.some((kept) => sameRule(kept, rule.value))) thresholds.push(rule.value);
  }
  const wantsCrossings = types === null || types.includes("threshold.crossed");
  if (thresholds.length > 0 && !wantsCrossings)
    return err(badRequest(messages.thresholdsWithoutType));
  if (types !== null && types.includes("threshold.crossed") && thresholds.length === 0)
    return err(badRequest(messages.typeWithoutThresholds));

  return ok({ types, markets, series, thresholds });
}

function thresholdRuleOf(given: ThresholdInput): Result<ThresholdRule, DomainError> {
  const messages = EVENT_FILTER_MESSAGES;
  if (given.kind === "level") {
    if (given.level === undefined || !Number.isFinite(given.level) || given.percent !== undefined)
      return err(badRequest(messages.level));
    return ok({ kind: "level", level: given.level });
  }
  if (given.kind === "change") {
    const { percent } = given;
    const inRange = percent !== undefined && percent > 0 && percent <= MAX_CHANGE_PERCENT;
    if (!inRange || given.level !== undefined) return err(badRequest(messages.percent));
    return ok({ kind: "change", percent });
  }
  return err(badRequest(messages.thresholdKind(given.kind)));
}

function isSeriesKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= MAX_SERIES_KEY_LENGTH &&
    key.trim() === key &&
    !/\p{Cc}/u.test(key)
  );
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
