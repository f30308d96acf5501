import { describe, expect, it } from "vitest";
import {
  dayPeriod,
  eventIdOf,
  eventIdPart,
  eventOf,
  hourPeriod,
  type EventFact,
  type SeriesValueData,
} from "./event";

const publishedAt = new Date("2026-11-28T21:05:00Z");

const gpuDay: SeriesValueData = {
  market: "gpu",
  series: "H100 SXM",
  period: dayPeriod("2026-11-28"),
  values: [{ name: "value", value: 2.31, unit: "USD per GPU-hour" }],
  methodologyVersion: "1.0",
  sources: [{ source: "sample", sample: true, asOf: null, citation: "Sample data", licence: null }],
};

const settled = (data: Partial<SeriesValueData> = {}): EventFact => ({
  type: "value.settled",
  data: { ...gpuDay, ...data, previous: null },
});

const revised = (revision: number): EventFact => ({
  type: "value.revised",
  data: { ...gpuDay, oldValues: gpuDay.values, revision, reason: "Restated input" },
});

const degraded = (since: string, type: "source.degraded" | "source.recovered"): EventFact => ({
  type,
  data: {
    market: "token",
    series: null,
    source: "openrouter",
    reason: "sync_failed",
    since,
    message: "Sync failed",
  },
});

describe("eventOf", () => {
  it("lays the payload out as id, type, version, timestamp, data", () => {
    const event = eventOf(settled(), publishedAt);
    expect(Object.keys(event)).toEqual(["id", "type", "version", "timestamp", "data"]);
    expect(event).toMatchObject({
      id: "value-settled~gpu~H100_20SXM~2026-11-28",
      type: "value.settled",
      version: 1,
      timestamp: "2026-11-28T21:05:00.000Z",
    });
  });

  it("refuses a value event without values and a revision not counted from 1 (bugs)", () => {
    expect(() => eventOf(settled({ values: [] }), publishedAt)).toThrow(/at least one value/);
    expect(() => eventOf(revised(0), publishedAt)).toThrow(/counts from 1/);
    expect(() => eventOf(revised(1.5), publishedAt)).toThrow(/counts from 1/);
    expect(eventOf(revised(1), publishedAt).id).toBe("value-revised~gpu~H100_20SXM~2026-11-28~r1");
  });
});

describe("event ids", () => {
  it("name the fact, not the emission: another value, source or time gives the same id", () => {
    const first = eventOf(settled(), publishedAt);
    const again = eventOf(
      settled({ values: [{ name: "value", value: 9, unit: "USD" }], sources: [] }),
      new Date("2026-11-29T00:00:00Z"),
    );
    expect(again.id).toBe(first.id);
  });

  it("differ between facts: market, series, period, grain, revision, type", () => {
    const ids = [
      eventIdOf(settled()),
      eventIdOf(settled({ market: "memory" })),
      eventIdOf(settled({ series: "H200" })),
      eventIdOf(settled({ period: dayPeriod("2026-11-27") })),
      eventIdOf(settled({ period: hourPeriod(new Date("2026-11-28T00:00:00Z")) })),
      eventIdOf({ type: "print.published", data: { ...gpuDay, previous: null } }),
      eventIdOf(revised(1)),
      eventIdOf(revised(2)),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("escape every character but letters, digits and '-', so no two parts can collide", () => {
    expect(eventIdPart("H100 SXM")).toBe("H100_20SXM");
    expect(eventIdPart("Z.ai")).toBe("Z_2Eai");
    expect(eventIdPart("a~b")).toBe("a_7Eb");
    expect(eventIdPart("ä")).toBe("_C3_A4");
    // An underscore is escaped too: "a_2E" cannot be read as the escape of "a.".
    expect(eventIdPart("a_2E")).not.toBe(eventIdPart("a."));
    expect(eventIdPart("cc-prs")).toBe("cc-prs");
  });

  it("hold no '.' (signed content is id.timestamp.payload) and nothing a URL or header escapes", () => {
    const id = eventIdOf(settled({ market: "llm-coding", series: "z.ai/glm 4.6 ~ä" }));
    expect(id).toMatch(/^[A-Za-z0-9_~-]+$/);
    expect(id.split("~")).toHaveLength(4);
  });

  it("give an hour as its start to the hour, distinct from the day", () => {
    const hour = eventIdOf(settled({ period: hourPeriod(new Date("2026-11-28T13:00:00Z")) }));
    expect(hour).toBe("value-settled~gpu~H100_20SXM~2026-11-28T13");
  });

  it("pair a degradation and its recovery by the instant it began, in any ISO form", () => {
    const down = eventIdOf(degraded("2026-11-28T13:05:00Z", "source.degraded"));
    const up = eventIdOf(degraded("2026-11-28T13:05:00.000Z", "source.recovered"));
    expect(down).toBe("source-degraded~token~openrouter~20261128T130500000Z");
    expect(up).toBe("source-recovered~token~openrouter~20261128T130500000Z");
    expect(() => eventIdOf(degraded("yesterday", "source.degraded"))).toThrow(/ISO 8601/);
  });
});

describe("periods", () => {
  it("write an hour as its UTC start and refuse a start inside an hour", () => {
    expect(hourPeriod(new Date("2026-11-28T13:00:00Z"))).toEqual({
      grain: "hour",
      hour: "2026-11-28T13:00:00Z",
    });
    expect(() => hourPeriod(new Date("2026-11-28T13:00:01Z"))).toThrow(/whole UTC hour/);
  });
});
