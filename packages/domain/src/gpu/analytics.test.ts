import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, type UtcDay } from "../shared/calendar";
import {
  ANALYTICS_END_DATE_REQUIRED_MESSAGE,
  ANALYTICS_START_DATE_REQUIRED_MESSAGE,
  VOLATILITY_WINDOW_DEFAULT_DAYS,
  VOLUME_MAX_SPAN_DAYS,
  WINDOW_DAYS_MESSAGE,
  parseWindowDays,
  resolveAnalyticsRange,
  rollingVolatilityAt,
  rollingVolatilitySeries,
  spanTooLongMessage,
  type DailyPoint,
} from "./analytics";

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
