import { eventOf, type MarketEvent } from "./event";

/**
 * Threshold rules of a subscription, and the threshold.crossed events a published value gives.
 *
 * A rule is evaluated when a series publishes a new period's value (value.settled or
 * print.published), against the value of the period before (the event's `previous`): a
 * threshold is about a series moving over time. A revision is not evaluated: it is its own
 * event (value.revised), with the old and new values, for whoever subscribes to it. Rules
 * compare the headline value (the first of `values`); when either value is null (the market
 * published none) no rule is crossed.
 */
export type ThresholdRule =
  /** The value crossed `level` (in the series' unit), up or down. */
  | { kind: "level"; level: number }
  /** The value changed by more than `percent` percent of the previous value, up or down. */
  | { kind: "change"; percent: number };

export const THRESHOLD_KINDS = ["level", "change"] as const;

export type CrossingDirection = "up" | "down";

/**
 * Whether the move from `previous` to `current` crossed `level`, and which way. The level
 * belongs to the upper side: a value at or above it is "above". So `99 → 100` crosses up,
 * `100 → 99` crosses down, and `101 → 100` or `100 → 100` cross nothing: a series that touches
 * the level from above, or stays on it, gives no event, and one that oscillates around it gives
 * one event per side change, never two for the same move.
 */
export function crossedLevel(
  previous: number | null,
  current: number | null,
  level: number,
): CrossingDirection | null {
  if (previous === null || current === null) return null;
  const wasAbove = previous >= level;
  const isAbove = current >= level;
  if (wasAbove === isAbove) return null;
  return isAbove ? "up" : "down";
}

/**
 * The change from `previous` to `current` in percent of `previous` (signed: negative for a
 * fall). Null when either is null, or when `previous` is 0: no percentage of nothing exists
 * (a level rule covers a move away from zero).
 */
export function percentChange(previous: number | null, current: number | null): number | null {
  if (previous === null || current === null || previous === 0) return null;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/**
 * Changes are compared to this many percentage points: far below any published precision, and
 * enough that an exact N % move computed in binary floating point (0.7 → 0.77 gives
 * 10.000000000000009) is not "more than N".
 */
export const CHANGE_TOLERANCE_PERCENT = 1e-9;

/** Whether the value moved, either way, by strictly more than `percent` percent. */
export function changedByMoreThan(
  previous: number | null,
  current: number | null,
  percent: number,
): boolean {
  const change = percentChange(previous, current);
  return change !== null && Math.abs(change) > percent + CHANGE_TOLERANCE_PERCENT;
}

/**
 * The threshold.crossed events `rules` give for a published value, one per rule crossed, in
 * the rules' order. Each has the publication's timestamp and an id derived from the value's
 * key and the rule, so every instance and every subscription with the same rule derives the
 * same event.
 */
export function thresholdCrossingsOf(
  published: MarketEvent<"value.settled" | "print.published">,
  rules: readonly ThresholdRule[],
): MarketEvent<"threshold.crossed">[] {
  const { previous, ...facts } = published.data;
  if (previous === null) return [];
  const before = previous.values[0]?.value ?? null;
  const now = published.data.values[0]?.value ?? null;
  const changePercent = percentChange(before, now);
  const crossings: MarketEvent<"threshold.crossed">[] = [];
  for (const threshold of rules) {
    const direction = directionCrossed(threshold, before, now);
    if (direction === null) continue;
    const data = {
      ...facts,
      previous,
      threshold,
      direction,
      changePercent,
      triggeredBy: published.id,
    };
    crossings.push(eventOf({ type: "threshold.crossed", data }, new Date(published.timestamp)));
  }
  return crossings;
}

/** The way `rule` was crossed by the move from `before` to `now`; null when it was not. */
export function directionCrossed(
  rule: ThresholdRule,
  before: number | null,
  now: number | null,
): CrossingDirection | null {
  if (rule.kind === "level") return crossedLevel(before, now, rule.level);
  const change = percentChange(before, now);
  if (change === null || !changedByMoreThan(before, now, rule.percent)) return null;
  return change > 0 ? "up" : "down";
}
