import { describe, expect, it } from "vitest";
import { dayPeriod, eventOf } from "./event";
import {
  seriesValueChanges,
  seriesValueFact,
  type PublishedSeriesValues,
  type SeriesMarket,
} from "./series-values";

const MARKET: SeriesMarket = { market: "memory", methodologyVersion: "1.0" };
const published = (series: string, day: string, value: number): PublishedSeriesValues => ({
  series,
  period: dayPeriod(day),
  values: [{ name: "price", value, unit: "USD per chip" }],
  sources: [],
});
const reason = () => "restated";

describe("seriesValueChanges", () => {
  it("settles new periods with the series' previous one, oldest first, then in the given order", () => {
    const after = [
      published("b", "2026-11-23", 1),
      published("a", "2026-11-24", 3),
      published("a", "2026-11-23", 2),
      published("b", "2026-11-24", 4),
    ];
    const changes = seriesValueChanges([published("b", "2026-11-23", 1)], after, reason);
    expect(changes.map((c) => [c.kind, c.published.series, c.published.period])).toEqual([
      ["settled", "a", dayPeriod("2026-11-23")],
      ["settled", "a", dayPeriod("2026-11-24")],
      ["settled", "b", dayPeriod("2026-11-24")],
    ]);
    const [first, , third] = changes;
    expect(first?.kind === "settled" && first.previous).toBeNull();
    expect(third?.kind === "settled" && third.previous).toEqual({
      period: dayPeriod("2026-11-23"),
      values: [{ name: "price", value: 1, unit: "USD per chip" }],
    });
  });

  it("finds nothing when nothing a reader sees changed (sources aside)", () => {
    const before = [published("a", "2026-11-23", 2)];
    const after = [{ ...published("a", "2026-11-23", 2), sources: [] }];
    expect(seriesValueChanges(before, after, reason)).toEqual([]);
  });

  it("revises a changed value and a withdrawn one (every value null, no source)", () => {
    const before = [published("a", "2026-11-23", 2), published("a", "2026-11-24", 3)];
    const changes = seriesValueChanges(before, [published("a", "2026-11-23", 5)], reason);
    expect(changes).toEqual([
      {
        kind: "revised",
        published: published("a", "2026-11-23", 5),
        oldValues: [{ name: "price", value: 2, unit: "USD per chip" }],
        reason: "restated",
      },
      {
        kind: "revised",
        published: {
          ...published("a", "2026-11-24", 3),
          values: [{ name: "price", value: null, unit: "USD per chip" }],
        },
        oldValues: [{ name: "price", value: 3, unit: "USD per chip" }],
        reason: "restated",
      },
    ]);
  });
});

describe("seriesValueFact", () => {
  it("builds the revised event numbered by the emitter, its id naming the revision", () => {
    const [change] = seriesValueChanges(
      [published("a", "2026-11-23", 2)],
      [published("a", "2026-11-23", 5)],
      reason,
    );
    if (change === undefined) throw new Error("expected a change");
    const event = eventOf(seriesValueFact(MARKET, change, 2), new Date("2026-11-24T10:00:00Z"));
    expect(event).toMatchObject({
      id: "value-revised~memory~a~2026-11-23~r2",
      type: "value.revised",
      data: { revision: 2, reason: "restated", methodologyVersion: "1.0" },
    });
  });
});
