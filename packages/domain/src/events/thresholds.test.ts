import { describe, expect, it } from "vitest";
import { dayPeriod, eventOf, type EventValue, type MarketEvent } from "./event";
import {
  changedByMoreThan,
  crossedLevel,
  directionCrossed,
  percentChange,
  thresholdCrossingsOf,
  type ThresholdRule,
} from "./thresholds";

describe("crossedLevel", () => {
  it.each([
    [99, 100, "up"],
    [99, 101, "up"],
    [100, 99, "down"],
    [101, 99, "down"],
    [101, 100, null],
    [100, 100, null],
    [100, 101, null],
    [98, 99, null],
    [null, 101, null],
    [99, null, null],
  ] as const)("%s → %s against 100: %s (the level is on the upper side)", (from, to, expected) => {
    expect(crossedLevel(from, to, 100)).toBe(expected);
  });
});

describe("percentChange", () => {
  it("is signed, in percent of the previous value's size", () => {
    expect(percentChange(100, 110)).toBe(10);
    expect(percentChange(100, 90)).toBe(-10);
    expect(percentChange(-100, -90)).toBe(10);
  });

  it("does not exist from zero or with a missing value", () => {
    expect(percentChange(0, 5)).toBeNull();
    expect(percentChange(null, 5)).toBeNull();
    expect(percentChange(5, null)).toBeNull();
  });
});

describe("changedByMoreThan", () => {
  it("is strictly more, either way", () => {
    expect(changedByMoreThan(100, 110, 10)).toBe(false);
    expect(changedByMoreThan(100, 110.01, 10)).toBe(true);
    expect(changedByMoreThan(100, 89.99, 10)).toBe(true);
    expect(changedByMoreThan(100, 90, 10)).toBe(false);
  });

  it("does not count floating-point noise as more: 0.7 → 0.77 is 10 %", () => {
    expect(percentChange(0.7, 0.77)).toBeGreaterThan(10);
    expect(changedByMoreThan(0.7, 0.77, 10)).toBe(false);
  });

  it("is never true from zero", () => {
    expect(changedByMoreThan(0, 1_000, 10)).toBe(false);
  });
});

describe("directionCrossed", () => {
  it("gives a change rule the way the value moved", () => {
    expect(directionCrossed({ kind: "change", percent: 5 }, 100, 90)).toBe("down");
    expect(directionCrossed({ kind: "change", percent: 5 }, 100, 110)).toBe("up");
    expect(directionCrossed({ kind: "change", percent: 5 }, 100, 104)).toBeNull();
  });
});

const unit = "USD per GPU-hour";
const values = (value: number | null, second = 0): EventValue[] => [
  { name: "value", value, unit },
  { name: "value2", value: second, unit },
];

function settledEvent(before: number | null, now: number | null, second = 0) {
  return eventOf(
    {
      type: "value.settled",
      data: {
        market: "gpu",
        series: "H100 SXM",
        period: dayPeriod("2026-11-28"),
        values: values(now, second),
        methodologyVersion: "1.0",
        sources: [],
        previous: { period: dayPeriod("2026-11-27"), values: values(before) },
      },
    },
    new Date("2026-11-28T21:05:00Z"),
  );
}

describe("thresholdCrossingsOf", () => {
  const level: ThresholdRule = { kind: "level", level: 2.5 };
  const change: ThresholdRule = { kind: "change", percent: 10 };

  it("gives one event per rule crossed, in the rules' order, from the published event", () => {
    const published = settledEvent(2.2, 2.6);
    const crossings = thresholdCrossingsOf(published, [change, level, { kind: "level", level: 9 }]);
    expect(crossings.map((event) => event.data.threshold)).toEqual([change, level]);
    expect(crossings[1]).toEqual({
      id: "threshold-crossed~gpu~H100_20SXM~2026-11-28~level-2_2E5",
      type: "threshold.crossed",
      version: 1,
      timestamp: published.timestamp,
      data: {
        ...published.data,
        threshold: level,
        direction: "up",
        changePercent: expect.closeTo(18.18, 2),
        triggeredBy: published.id,
      },
    });
  });

  it("compares the headline value, the first of the values", () => {
    expect(thresholdCrossingsOf(settledEvent(2.2, 2.3, 100), [level, change])).toEqual([]);
  });

  it("gives nothing without a previous value, or with a null one", () => {
    const first: MarketEvent<"value.settled"> = {
      ...settledEvent(2.2, 2.6),
      data: { ...settledEvent(2.2, 2.6).data, previous: null },
    };
    expect(thresholdCrossingsOf(first, [level])).toEqual([]);
    expect(thresholdCrossingsOf(settledEvent(null, 2.6), [level])).toEqual([]);
  });

  it("derives the same ids on every call, distinct per rule", () => {
    const rules = [level, change, { kind: "change", percent: 2.5 } as const];
    const first = thresholdCrossingsOf(settledEvent(2.2, 2.6), rules).map((event) => event.id);
    const again = thresholdCrossingsOf(settledEvent(2.2, 2.6), rules).map((event) => event.id);
    expect(again).toEqual(first);
    expect(new Set(first).size).toBe(3);
  });
});
