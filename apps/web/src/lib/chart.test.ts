import { describe, expect, it } from "vitest";
import {
  chartGeometry,
  describeSeries,
  fittedDomain,
  logTicks,
  niceDomain,
  niceStep,
  PLOT_HEIGHT,
  PLOT_WIDTH,
  X_TICK_COUNT,
  xTickYears,
  yScale,
} from "./chart";

describe("niceStep / niceDomain", () => {
  it("picks 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceStep(6, 4)).toBe(2);
    expect(niceStep(0.4, 4)).toBe(0.1);
    expect(niceStep(9, 4)).toBe(2.5);
  });
  it("encloses the data with round bounds", () => {
    expect(niceDomain(0.38, 5.96)).toEqual({ low: 0, high: 6, step: 2 });
  });
  it("gives a flat series a band around its value", () => {
    const domain = niceDomain(3, 3);
    expect(domain.low).toBeLessThan(3);
    expect(domain.high).toBeGreaterThan(3);
  });
  it("treats a span within float noise as flat, so the ticks end", () => {
    expect(niceDomain(2.99, 2.9900000000000007)).toEqual(niceDomain(2.99, 2.99));
  });
});

describe("chartGeometry", () => {
  const series = (points: { date: string; value: number }[]) => [{ key: "a", label: "A", points }];

  it("is undefined without points", () => {
    expect(chartGeometry([{ key: "a", label: "A", points: [] }])).toBeUndefined();
  });

  it("maps the first day to the left edge, the last to the right, and breaks the line at a missing day", () => {
    const geometry = chartGeometry(
      series([
        { date: "2026-03-01", value: 0 },
        { date: "2026-03-02", value: 2 },
        { date: "2026-03-05", value: 4 },
      ]),
      { yScale: "zero" },
    );
    expect(geometry?.series[0]?.path).toBe(
      `M0,${PLOT_HEIGHT} L250,${PLOT_HEIGHT / 2} M${PLOT_WIDTH},0`,
    );
    expect(geometry?.firstDay).toBe("2026-03-01");
    expect(geometry?.lastDay).toBe("2026-03-05");
    expect(geometry?.xTicks.at(-1)?.value).toBe("2026-03-05");
    expect(geometry?.yTicks.map((tick) => tick.value)).toEqual([0, 1, 2, 3, 4]);
  });

  it("joins a weekly series' weeks and breaks it at a missing week", () => {
    const weeks = series([
      { date: "2026-03-01", value: 0 },
      { date: "2026-03-08", value: 2 },
      { date: "2026-03-22", value: 4 },
    ]);
    const weekly = chartGeometry(weeks, { yScale: "zero", cadenceDays: 7 });
    expect(weekly?.series[0]?.path).toBe(
      `M0,${PLOT_HEIGHT} L333.33,${PLOT_HEIGHT / 2} M${PLOT_WIDTH},0`,
    );
    // Read as daily, every week is a gap: no line at all.
    expect(chartGeometry(weeks, { yScale: "zero" })?.series[0]?.path).not.toContain("L");
  });

  it("places ticks in percent of the plot box, so the drawing can stretch to any width", () => {
    const geometry = chartGeometry(
      series([
        { date: "2026-03-01", value: 0 },
        { date: "2026-03-05", value: 4 },
      ]),
      { yScale: "zero" },
    );
    expect(geometry?.yTicks.map((tick) => tick.percent)).toEqual([100, 75, 50, 25, 0]);
    expect(geometry?.xTicks.map((tick) => tick.percent)).toEqual([0, 100]);
    expect(geometry?.series[0]?.points.map((point) => point.x)).toEqual([0, PLOT_WIDTH]);
  });

  it("labels at most the tick count and drops a regular tick that would collide with the last day's label", () => {
    // 31 days: ticks every 8 days on days 0, 8, 16, 24; the last day (30) is 6/30 = 20 % after
    // day 24, one tick interval (100 % / 5), so both stay. 30 days: the last day (29) is 5/29 =
    // 17 % after day 24, closer than one interval, so day 24's label goes.
    const days = (count: number) =>
      Array.from({ length: count }, (_, index) => ({
        date: `2026-03-${String(index + 1).padStart(2, "0")}`,
        value: index,
      }));
    const wide = chartGeometry(series(days(31)));
    expect(wide?.xTicks.map((tick) => tick.value)).toEqual([
      "2026-03-01",
      "2026-03-09",
      "2026-03-17",
      "2026-03-25",
      "2026-03-31",
    ]);
    const tight = chartGeometry(series(days(30)));
    expect(tight?.xTicks.map((tick) => tick.value)).toEqual([
      "2026-03-01",
      "2026-03-09",
      "2026-03-17",
      "2026-03-30",
    ]);
    for (const geometry of [wide, tight])
      expect(geometry?.xTicks.length).toBeLessThanOrEqual(X_TICK_COUNT);
  });

  it("puts the year on the first x tick and on each tick in a new year", () => {
    const crossing = chartGeometry(
      series([
        { date: "2025-12-20", value: 1 },
        { date: "2026-01-10", value: 2 },
      ]),
    );
    expect(crossing?.xTicks.map((tick) => tick.year)).toEqual(["2025", "2026"]);
    const thisYear = chartGeometry(
      series([
        { date: "2026-01-01", value: 1 },
        { date: "2026-01-10", value: 2 },
      ]),
    );
    expect(thisYear?.xTicks.map((tick) => tick.year)).toEqual(["2026", undefined]);
  });
});

describe("xTickYears", () => {
  it("names the year at the first tick and at each tick in a new year", () => {
    expect(xTickYears(["2024-11-01", "2025-02-01", "2025-05-01", "2026-01-01"])).toEqual([
      "2024",
      "2025",
      undefined,
      "2026",
    ]);
  });
});

describe("describeSeries", () => {
  it("states first, last, low and high of each series", () => {
    const text = describeSeries(
      [
        {
          key: "a",
          label: "A",
          points: [
            { date: "d1", value: 2 },
            { date: "d2", value: 1 },
            { date: "d3", value: 3 },
          ],
        },
      ],
      (value) => `$${value}`,
      (day) => day,
    );
    expect(text).toBe("A: $2 on d1, $3 on d3; low $1, high $3.");
  });
});

describe("y scales", () => {
  // The sample's home chart: four labs from $0.43 to $6.21.
  const [min, max] = [0.4268, 6.21];

  it("fits the axis to the data with a 5% margin, not to the next round number below", () => {
    const { low, high } = fittedDomain(min, max);
    expect(low).toBeCloseTo(min - (max - min) * 0.05, 10);
    expect(high).toBeCloseTo(max + (max - min) * 0.05, 10);
    const fit = yScale(5.9018, 6.21, "fit");
    expect(fit.fraction(5.9018)).toBeCloseTo(0.05 / 1.1, 10);
    expect(fit.fraction(6.21)).toBeCloseTo(1.05 / 1.1, 10);
    // Nice values inside the domain, at least three.
    expect(fit.ticks).toEqual([5.9, 6, 6.1, 6.2]);
  });

  it("never fits a positive axis below zero, and gives a flat series a band", () => {
    expect(fittedDomain(0.01, 10).low).toBe(0);
    const flat = fittedDomain(3, 3);
    expect(flat.low).toBeLessThan(3);
    expect(flat.high).toBeGreaterThan(3);
    expect(yScale(3, 3, "fit").fraction(3)).toBeCloseTo(0.5, 10);
  });

  it("starts at zero on the zero-based axis, with round bounds", () => {
    const zero = yScale(min, max, "zero");
    expect(zero.ticks).toEqual([0, 2, 4, 6, 8]);
    expect(zero.fraction(0)).toBe(0);
    expect(zero.fraction(8)).toBe(1);
    expect(yScale(5.9, 6.2, "zero").ticks[0]).toBe(0);
  });

  it("spaces equal ratios equally on the log axis, with 1-2-5 ticks", () => {
    const log = yScale(min, max, "log");
    expect(log.kind).toBe("log");
    expect(log.fraction(1) - log.fraction(0.5)).toBeCloseTo(log.fraction(4) - log.fraction(2), 10);
    expect(log.ticks).toEqual([0.5, 1, 2, 5]);
    expect(logTicks(0.9, 1.2)).toEqual([0.9, 1]);
    expect(logTicks(0.001, 5_000_000)).toEqual([
      0.001, 0.01, 0.1, 1, 10, 100, 1000, 10000, 100000, 1000000,
    ]);
  });

  it("draws a log request of values that are not all positive as fitted", () => {
    expect(yScale(0, 0.8, "log").kind).toBe("fit");
    const geometry = chartGeometry(
      [
        {
          key: "a",
          label: "A",
          points: [
            { date: "2026-03-01", value: 0 },
            { date: "2026-03-02", value: 1 },
          ],
        },
      ],
      { yScale: "log" },
    );
    expect(geometry?.yScale).toBe("fit");
  });
});
