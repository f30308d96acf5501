import { describe, expect, it } from "vitest";
import { dayPeriod, eventOf, type MarketEvent } from "./event";
import {
  EVENT_FILTER_MESSAGES,
  MAX_SERIES_PER_FILTER,
  matches,
  validateEventFilter,
  type EventFilter,
  type EventFilterInput,
  type MarketSeries,
} from "./filter";
import { thresholdCrossingsOf } from "./thresholds";

const at = new Date("2026-11-28T21:05:00Z");

function settled(market: string, series: string): MarketEvent {
  return eventOf(
    {
      type: "value.settled",
      data: {
        market,
        series,
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
    at,
  );
}

const degraded = eventOf(
  {
    type: "source.degraded",
    data: {
      market: "token",
      series: null,
      source: "openrouter",
      reason: "sample_fallback",
      since: "2026-11-28T13:00:00Z",
      message: "Served data fell back to the sample",
    },
  },
  at,
);

const everything: EventFilter = { types: null, markets: null, series: null, thresholds: [] };

describe("matches", () => {
  it("lets everything through a filter without narrowing", () => {
    expect(matches(everything, settled("gpu", "H200"))).toBe(true);
    expect(matches(everything, degraded)).toBe(true);
  });

  it("narrows by type, market and series", () => {
    const event = settled("gpu", "H200");
    expect(matches({ ...everything, types: ["value.revised"] }, event)).toBe(false);
    expect(matches({ ...everything, types: ["value.settled"] }, event)).toBe(true);
    expect(matches({ ...everything, markets: ["memory"] }, event)).toBe(false);
    expect(matches({ ...everything, markets: ["gpu"] }, event)).toBe(true);
    expect(matches({ ...everything, series: ["H100 SXM"] }, event)).toBe(false);
    expect(matches({ ...everything, series: ["H200"] }, event)).toBe(true);
  });

  it("lets a market-wide source event through a series filter, not through a market filter", () => {
    expect(matches({ ...everything, series: ["anthropic"] }, degraded)).toBe(true);
    expect(matches({ ...everything, markets: ["gpu"] }, degraded)).toBe(false);
  });

  it("passes a threshold.crossed event only to a filter holding its rule", () => {
    const [crossing] = thresholdCrossingsOf(
      settled("gpu", "H200") as MarketEvent<"value.settled">,
      [{ kind: "level", level: 100 }],
    );
    expect(crossing).toBeDefined();
    if (crossing === undefined) return;
    expect(matches({ ...everything, thresholds: [{ kind: "level", level: 100 }] }, crossing)).toBe(
      true,
    );
    expect(matches({ ...everything, thresholds: [{ kind: "level", level: 99 }] }, crossing)).toBe(
      false,
    );
    expect(
      matches({ ...everything, thresholds: [{ kind: "change", percent: 100 }] }, crossing),
    ).toBe(false);
    expect(matches(everything, crossing)).toBe(false);
  });
});

const served: MarketSeries[] = [
  { market: "token", series: ["anthropic", "openai"] },
  { market: "gpu", series: ["H100 SXM", "H200"] },
  { market: "workload", series: null },
];

const refusal = (input: EventFilterInput): string => {
  const result = validateEventFilter(input, served);
  if (result.ok) throw new Error("expected a refusal");
  expect(result.error.code).toBe("bad_request");
  return result.error.message;
};

describe("validateEventFilter", () => {
  it("accepts an empty filter as everything", () => {
    expect(validateEventFilter({}, served)).toEqual({ ok: true, value: everything });
  });

  it("keeps repeated values once, in the order given", () => {
    const result = validateEventFilter(
      {
        types: ["value.settled", "threshold.crossed", "value.settled"],
        markets: ["gpu", "token", "gpu"],
        series: ["H200", "anthropic", "H200"],
        thresholds: [
          { kind: "change", percent: 5 },
          { kind: "level", level: 3 },
          { kind: "change", percent: 5 },
        ],
      },
      served,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        types: ["value.settled", "threshold.crossed"],
        markets: ["gpu", "token"],
        series: ["H200", "anthropic"],
        thresholds: [
          { kind: "change", percent: 5 },
          { kind: "level", level: 3 },
        ],
      },
    });
  });

  it("refuses an empty list: omitting it means every value", () => {
    expect(refusal({ types: [] })).toBe(EVENT_FILTER_MESSAGES.emptyList("types"));
    expect(refusal({ markets: [] })).toBe(EVENT_FILTER_MESSAGES.emptyList("markets"));
    expect(refusal({ series: [] })).toBe(EVENT_FILTER_MESSAGES.emptyList("series"));
    expect(validateEventFilter({ thresholds: [] }, served).ok).toBe(true);
  });

  it("names the allowed types and markets when one is unknown", () => {
    expect(refusal({ types: ["value.restated"] })).toBe(
      "Invalid event type 'value.restated'. Allowed values (case-sensitive): value.settled, print.published, value.revised, threshold.crossed, source.degraded, source.recovered.",
    );
    expect(refusal({ markets: ["GPU"] })).toBe(
      "Invalid market 'GPU'. Allowed values (case-sensitive): token, gpu, workload.",
    );
  });

  it(`allows at most ${MAX_SERIES_PER_FILTER} series`, () => {
    const many = Array.from({ length: MAX_SERIES_PER_FILTER + 1 }, (_, i) => `s${i}`);
    expect(refusal({ markets: ["workload"], series: many })).toBe(
      EVENT_FILTER_MESSAGES.tooManySeries,
    );
    expect(validateEventFilter({ markets: ["workload"], series: many.slice(1) }, served).ok).toBe(
      true,
    );
  });

  it("refuses a series key of the wrong form", () => {
    for (const key of ["", " H200", "H200 ", "a\u0000b", "x".repeat(101)])
      expect(refusal({ markets: ["workload"], series: [key] })).toBe(
        EVENT_FILTER_MESSAGES.seriesForm(key),
      );
    expect(
      validateEventFilter({ markets: ["workload"], series: ["x".repeat(100)] }, served).ok,
    ).toBe(true);
  });

  it("refuses a series no chosen market has, and takes any key of an open market", () => {
    expect(refusal({ markets: ["token"], series: ["H200"] })).toBe(
      "Invalid series 'H200': no series of token has this key (case-sensitive).",
    );
    expect(validateEventFilter({ markets: ["gpu"], series: ["H200"] }, served).ok).toBe(true);
    expect(validateEventFilter({ series: ["H200"] }, served).ok).toBe(true);
    expect(validateEventFilter({ series: ["anything"] }, served).ok).toBe(true);
    expect(refusal({ markets: ["token", "gpu"], series: ["h200"] })).toBe(
      "Invalid series 'h200': no series of token, gpu has this key (case-sensitive).",
    );
  });

  it("checks each threshold rule", () => {
    expect(refusal({ thresholds: [{ kind: "above", level: 1 }] })).toBe(
      "Invalid threshold kind 'above'. Allowed values (case-sensitive): level, change.",
    );
    for (const level of [undefined, Number.NaN, Number.POSITIVE_INFINITY])
      expect(refusal({ thresholds: [{ kind: "level", level }] })).toBe(EVENT_FILTER_MESSAGES.level);
    expect(refusal({ thresholds: [{ kind: "level", level: 1, percent: 2 }] })).toBe(
      EVENT_FILTER_MESSAGES.level,
    );
    for (const percent of [undefined, 0, -5, 1000.001, Number.NaN])
      expect(refusal({ thresholds: [{ kind: "change", percent }] })).toBe(
        EVENT_FILTER_MESSAGES.percent,
      );
    expect(refusal({ thresholds: [{ kind: "change", percent: 5, level: 1 }] })).toBe(
      EVENT_FILTER_MESSAGES.percent,
    );
    expect(
      validateEventFilter({ thresholds: [{ kind: "change", percent: 1000 }] }, served).ok,
    ).toBe(true);
    expect(validateEventFilter({ thresholds: [{ kind: "level", level: -0.5 }] }, served).ok).toBe(
      true,
    );
  });

  it("allows at most 10 threshold rules", () => {
    const rules = Array.from({ length: 11 }, (_, level) => ({ kind: "level", level }));
    expect(refusal({ thresholds: rules })).toBe(EVENT_FILTER_MESSAGES.tooManyThresholds);
    expect(validateEventFilter({ thresholds: rules.slice(1) }, served).ok).toBe(true);
  });

  it("ties thresholds to threshold.crossed, both ways", () => {
    expect(refusal({ types: ["value.settled"], thresholds: [{ kind: "level", level: 3 }] })).toBe(
      EVENT_FILTER_MESSAGES.thresholdsWithoutType,
    );
    expect(refusal({ types: ["threshold.crossed"] })).toBe(
      EVENT_FILTER_MESSAGES.typeWithoutThresholds,
    );
    expect(validateEventFilter({ thresholds: [{ kind: "level", level: 3 }] }, served).ok).toBe(
      true,
    );
  });
});
