import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, type UtcDay } from "../shared/calendar";
import {
  ANALYTICS_END_DATE_REQUIRED_MESSAGE,
  ANALYTICS_START_DATE_REQUIRED_MESSAGE,
  NO_VOLUME,
  VOLATILITY_WINDOW_DEFAULT_DAYS,
  VOLUME_MAX_SPAN_DAYS,
  WINDOW_DAYS_MESSAGE,
  aggregateTradeVolume,
  parseWindowDays,
  printHourOfTrade,
  resolveAnalyticsRange,
  rollingVolatilityAt,
  rollingVolatilitySeries,
  settlementDayOfPrintHour,
  spanTooLongMessage,
  type DailyPoint,
} from "./analytics";
import { computeDailyValue, computeHourlyPrints, settlementPeriod } from "./index-math";

const START: UtcDay = "2026-01-01";
const series = (values: readonly number[], start: UtcDay = START): DailyPoint[] =>
  values.map((indexValue, i) => ({ day: addDays(start, i), indexValue }));
const lookup = (points: readonly DailyPoint[]) => {
  const byDay = new Map(points.map((p) => [p.day, p.indexValue]));
  return (day: UtcDay) => byDay.get(day);
};

describe("rolling volatility", () => {
  it("matches a hand-computed 4-value example", () => {
    // Values 1, e^0.1, 1, e^0.1: log returns 0.1, -0.1, 0.1 with mean 1/30; squared deviations
    // (1/15)^2 + (2/15)^2 + (1/15)^2 = 6/225 = 0.04/1.5, over n - 1 = 2: variance 0.04/3;
    // SD 0.1154700538; times sqrt(365) = 19.1049731745: 2.2060522810.
    const points = series([1, Math.exp(0.1), 1, Math.exp(0.1)]);
    expect(rollingVolatilityAt(addDays(START, 3), 3, lookup(points))).toBeCloseTo(
      2.206052281036573,
      12,
    );
  });

  it("is undefined, never 0, when the window reaches past the stored values or has one return", () => {
    const points = series([1, 2, 3, 4]);
    expect(rollingVolatilityAt(addDays(START, 2), 3, lookup(points))).toBeUndefined();
    expect(rollingVolatilityAt(addDays(START, 3), 3, lookup(points))).toBeDefined();
    // A sample standard deviation needs two returns.
    expect(rollingVolatilityAt(addDays(START, 3), 1, lookup(points))).toBeUndefined();
  });

  it("is undefined when a day inside the window has no value (no multi-day return)", () => {
    const points = series([1, 2, 3, 4, 5]).filter((p) => p.day !== addDays(START, 1));
    expect(rollingVolatilityAt(addDays(START, 4), 2, lookup(points))).toBeDefined();
    expect(rollingVolatilityAt(addDays(START, 4), 3, lookup(points))).toBeUndefined();
  });

  const positiveSeries = fc.array(fc.double({ min: 0.01, max: 1000, noNaN: true }), {
    minLength: 3,
    maxLength: 40,
  });

  it("is 0 for a constant series", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 1000, noNaN: true }),
        fc.integer({ min: 2, max: 30 }),
        (value, window) => {
          const points = series(Array.from({ length: window + 1 }, () => value));
          expect(rollingVolatilityAt(addDays(START, window), window, lookup(points))).toBe(0);
        },
      ),
    );
  });

  it("is unchanged when the series is scaled by a positive constant", () => {
    fc.assert(
      fc.property(
        positiveSeries,
        fc.double({ min: 0.001, max: 1000, noNaN: true }),
        (values, factor) => {
          const window = values.length - 1;
          const last = addDays(START, window);
          const base = rollingVolatilityAt(last, window, lookup(series(values)));
          const scaled = rollingVolatilityAt(
            last,
            window,
            lookup(series(values.map((v) => v * factor))),
          );
          expect(base).toBeDefined();
          expect(scaled).toBeCloseTo(base as number, 6);
        },
      ),
    );
  });

  it("is never negative and the series comes most recent first, its window reaching before the requested days", () => {
    const history = series([10, 11, 10.5, 12, 11.5, 11, 12.5]);
    const requested = history.slice(4);
    const rows = rollingVolatilitySeries(requested, history, 3);
    expect(rows.map((r) => r.day)).toEqual([
      addDays(START, 6),
      addDays(START, 5),
      addDays(START, 4),
    ]);
    // Day 4's window takes returns of days 2..4, before the first requested day.
    expect(rows[2]?.rollingVolatility).toBe(
      rollingVolatilityAt(addDays(START, 4), 3, lookup(history)),
    );
    expect(rows.every((r) => (r.rollingVolatility ?? -1) >= 0)).toBe(true);
  });
});

describe("rolling volatility series", () => {
  it("equals rollingVolatilityAt on every requested day, gaps and short windows included", () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.double({ min: 0.01, max: 1000, noNaN: true }), { freq: 6 }), {
          minLength: 1,
          maxLength: 60,
        }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 0, max: 59 }),
        (maybeValues, windowDays, skip) => {
          const history = series(maybeValues.map((v) => v ?? 0)).filter(
            (_, i) => maybeValues[i] !== null,
          );
          const requested = history.filter((_, i) => i >= Math.min(skip, history.length - 1));
          const rows = rollingVolatilitySeries(requested, history, windowDays);
          expect(rows.map((r) => r.day)).toEqual(requested.map((p) => p.day).reverse());
          for (const row of rows)
            expect(row.rollingVolatility).toBe(
              rollingVolatilityAt(row.day, windowDays, lookup(history)),
            );
        },
      ),
    );
  });
});

describe("analytics query rules", () => {
  it("requires both dates, real days, in order, within a cap", () => {
    expect(resolveAnalyticsRange({ endDate: "2026-01-02" })).toMatchObject({
      ok: false,
      error: { message: ANALYTICS_START_DATE_REQUIRED_MESSAGE },
    });
    expect(resolveAnalyticsRange({ startDate: "2026-01-02" })).toMatchObject({
      ok: false,
      error: { message: ANALYTICS_END_DATE_REQUIRED_MESSAGE },
    });
    expect(resolveAnalyticsRange({ startDate: "2026-02-30", endDate: "2026-03-01" }).ok).toBe(
      false,
    );
    expect(resolveAnalyticsRange({ startDate: "2026-03-02", endDate: "2026-03-01" }).ok).toBe(
      false,
    );
    const oneYear = {
      startDate: "2025-01-01",
      endDate: addDays("2025-01-01", VOLUME_MAX_SPAN_DAYS - 1),
    };
    expect(resolveAnalyticsRange(oneYear, VOLUME_MAX_SPAN_DAYS).ok).toBe(true);
    expect(
      resolveAnalyticsRange(
        { ...oneYear, endDate: addDays(oneYear.endDate, 1) },
        VOLUME_MAX_SPAN_DAYS,
      ),
    ).toMatchObject({ ok: false, error: { message: spanTooLongMessage(VOLUME_MAX_SPAN_DAYS) } });
  });

  it("reads windowDays as an integer from 1 to 365, 30 by default", () => {
    expect(parseWindowDays(undefined)).toEqual({ ok: true, value: VOLATILITY_WINDOW_DEFAULT_DAYS });
    expect(parseWindowDays("1")).toEqual({ ok: true, value: 1 });
    expect(parseWindowDays("365")).toEqual({ ok: true, value: 365 });
    for (const bad of ["0", "366", "1.5", "x", "", "-3", "1e2", " 5"])
      expect(parseWindowDays(bad)).toMatchObject({
        ok: false,
        error: { message: WINDOW_DAYS_MESSAGE },
      });
  });
});

describe("traded volume per published period", () => {
  it("puts a trade exactly on an hour boundary in the print the index puts it in", () => {
    const onTheHour = new Date("2026-03-09T12:00:00.000Z");
    const justBefore = new Date("2026-03-09T11:59:59.999Z");
    expect(printHourOfTrade(onTheHour).toISOString()).toBe("2026-03-09T13:00:00.000Z");
    expect(printHourOfTrade(justBefore).toISOString()).toBe("2026-03-09T12:00:00.000Z");
    // The index itself: the 13:00 print holds the on-the-hour trade, the 12:00 print the other.
    const prints = computeHourlyPrints(
      "H100 SXM",
      [
        { gpuName: "H100 SXM", executedAt: onTheHour, priceUsdPerGpuHour: 3, gpuHours: 2 },
        { gpuName: "H100 SXM", executedAt: justBefore, priceUsdPerGpuHour: 2, gpuHours: 1 },
      ],
      new Date("2026-03-09T12:00:00.000Z"),
      new Date("2026-03-09T13:00:00.000Z"),
      undefined,
    );
    expect(prints.map((p) => [p.hour.toISOString(), p.tradeCount, p.gpuHours])).toEqual([
      ["2026-03-09T12:00:00.000Z", 1, 1],
      ["2026-03-09T13:00:00.000Z", 1, 2],
    ]);
  });

  it("puts each print hour in the settlement period whose daily value averages it", () => {
    // 2026-03-09 settles at 20:00 UTC (daylight saving time); 2026-01-15 at 21:00 UTC.
    for (const [hour, day] of [
      ["2026-03-09T20:00:00.000Z", "2026-03-09"],
      ["2026-03-09T21:00:00.000Z", "2026-03-10"],
      ["2026-01-15T21:00:00.000Z", "2026-01-15"],
      ["2026-01-15T22:00:00.000Z", "2026-01-16"],
      ["2026-01-16T03:00:00.000Z", "2026-01-16"],
    ] as const) {
      expect(settlementDayOfPrintHour(new Date(hour))).toBe(day);
      const { after, through } = settlementPeriod(day);
      expect(new Date(hour) > after && new Date(hour) <= through).toBe(true);
    }
    // Every hour of a year lands in the day computeDailyValue averages it into.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 366 * 24 }), (offset) => {
        const hour = new Date(Date.parse("2026-01-01T00:00:00.000Z") + offset * 3_600_000);
        const day = settlementDayOfPrintHour(hour);
        const print = {
          gpuName: "B200" as const,
          hour,
          indexValue: 1,
          carried: false,
          tradeCount: 1,
          gpuHours: 1,
        };
        expect(computeDailyValue("B200", day, [print])?.printCount).toBe(1);
      }),
    );
  });

  it("counts distinct providers of a day over the day's union, not the sum of its hours", () => {
    const volume = aggregateTradeVolume([
      // Executed 10:xx and 11:xx UTC on 2026-03-09: prints 11:00 and 12:00, both of day 03-09.
      {
        hourStart: new Date("2026-03-09T10:00:00.000Z"),
        tradeCount: 3,
        gpuHours: 5,
        providerIds: [1, 2],
      },
      {
        hourStart: new Date("2026-03-09T11:00:00.000Z"),
        tradeCount: 1,
        gpuHours: 0.5,
        providerIds: [2],
      },
      // Executed 20:xx: the 21:00 print, after the 20:00 settlement, so day 03-10.
      {
        hourStart: new Date("2026-03-09T20:00:00.000Z"),
        tradeCount: 2,
        gpuHours: 4,
        providerIds: [3],
      },
    ]);
    expect(volume.hourly.get(Date.parse("2026-03-09T11:00:00.000Z"))).toEqual({
      tradeCount: 3,
      gpuHours: 5,
      distinctProviders: 2,
    });
    expect(volume.daily.get("2026-03-09")).toEqual({
      tradeCount: 4,
      gpuHours: 5.5,
      distinctProviders: 2,
    });
    expect(volume.daily.get("2026-03-10")).toEqual({
      tradeCount: 2,
      gpuHours: 4,
      distinctProviders: 1,
    });
    expect(volume.daily.get("2026-03-11")).toBeUndefined();
    expect(NO_VOLUME).toEqual({ tradeCount: 0, gpuHours: 0, distinctProviders: 0 });
  });
});
