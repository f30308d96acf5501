import { dayPeriod, eventOf, type EventFilter } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { cursorId, itemsAfter, parseCursor, streamItemsOf } from "./live-events";

const everything: EventFilter = { types: null, markets: null, series: null, thresholds: [] };

const settled = eventOf(
  {
    type: "value.settled",
    data: {
      market: "gpu",
      series: "H200",
      period: dayPeriod("2026-11-28"),
      values: [{ name: "value", value: 110, unit: "USD" }],
      methodologyVersion: "1.0",
      sources: [],
      previous: {
        period: dayPeriod("2026-11-27"),
        values: [{ name: "value", value: 90, unit: "USD" }],
      },
    },
  },
  new Date("2026-11-28T21:05:00Z"),
);
const rules: EventFilter = {
  ...everything,
  thresholds: [
    { kind: "level", level: 100 },
    { kind: "change", percent: 50 },
    { kind: "change", percent: 10 },
  ],
};

describe("what a stream sends for one stored event", () => {
  it("is the event, then the crossings its own rules give, in the rules' order", () => {
    const items = streamItemsOf(settled, rules);
    expect(items.map((item) => item.type)).toEqual([
      "value.settled",
      "threshold.crossed",
      "threshold.crossed",
    ]);
    expect(items.slice(1).map((item) => item.id)).toEqual([
      "threshold-crossed~gpu~H200~2026-11-28~level-100",
      "threshold-crossed~gpu~H200~2026-11-28~change-10",
    ]);
  });

  it("never repeats a crossing stored for a webhook's rules: its twin is derived here", () => {
    const [stored] = streamItemsOf(settled, rules).slice(1);
    if (stored === undefined) throw new Error("a crossing");
    expect(streamItemsOf(stored, rules)).toEqual([]);
  });

  it("narrows crossings by the filter like any event", () => {
    const crossingsOnly = { ...rules, types: ["threshold.crossed" as const] };
    expect(streamItemsOf(settled, crossingsOnly).map((item) => item.type)).toEqual([
      "threshold.crossed",
      "threshold.crossed",
    ]);
    expect(streamItemsOf(settled, { ...rules, series: ["H100 SXM"] })).toEqual([]);
  });
});

describe("stream ids", () => {
  it("are the position, then the position and rank, and read back", () => {
    expect(cursorId({ position: 42n, index: 0 })).toBe("42");
    expect(cursorId({ position: 42n, index: 2 })).toBe("42-2");
    expect(parseCursor("42")).toEqual({ position: 42n, index: 0 });
    expect(parseCursor("42-2")).toEqual({ position: 42n, index: 2 });
    expect(parseCursor("9223372036854775807")).toEqual({
      position: 9223372036854775807n,
      index: 0,
    });
    for (const bad of [
      "",
      "0",
      "-1",
      "42-0",
      "042",
      "42-",
      "4.2",
      "1".repeat(20),
      "42-1000",
      // 19 digits above PostgreSQL's bigint: refused here, not by the database (a 500).
      "9223372036854775808",
      "9999999999999999999",
      "9999999999999999999-2",
    ])
      expect(parseCursor(bad), bad).toBeUndefined();
  });

  it("resume exactly after the item seen, inside one position too", () => {
    const stored = { position: 7n, appendedAt: new Date(), event: settled };
    const ids = (cursor: Parameters<typeof itemsAfter>[2]) =>
      itemsAfter(stored, rules, cursor).map((item) => item.id);
    expect(ids(undefined)).toEqual(["7", "7-1", "7-2"]);
    expect(ids({ position: 6n, index: 0 })).toEqual(["7", "7-1", "7-2"]);
    expect(ids({ position: 7n, index: 0 })).toEqual(["7-1", "7-2"]);
    expect(ids({ position: 7n, index: 2 })).toEqual([]);
    expect(ids({ position: 8n, index: 0 })).toEqual([]);
  });
});
