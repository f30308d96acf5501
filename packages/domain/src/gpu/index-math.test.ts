import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeDailyValue,
  computeHourlyPrints,
  percentileOfSorted,
  settlementPeriod,
  winsorizedVolumeWeightedMean,
  type GpuTrade,
  type HourlyPrint,
} from "./index-math";
import { latestSettledDayAt, newYorkDayOf, settlementInstant } from "./settlement-calendar";

const trade = (executedAt: string, price: number, gpuHours = 1): GpuTrade => ({
  gpuName: "H100 SXM",
  executedAt: new Date(executedAt),
  priceUsdPerGpuHour: price,
  gpuHours,
  provider: "p",
});

describe("settlement instant (4 PM America/New_York)", () => {
  it("is 20:00 UTC under daylight saving time and 21:00 UTC in winter", () => {
    expect(settlementInstant("2026-08-21").toISOString()).toBe("2026-08-21T20:00:00.000Z");
    expect(settlementInstant("2025-11-24").toISOString()).toBe("2025-11-24T21:00:00.000Z");
  });

  it("switches on the DST change days themselves (2026-03-08 spring forward, 2026-11-01 fall back)", () => {
    expect(settlementInstant("2026-03-07").toISOString()).toBe("2026-03-07T21:00:00.000Z");
    expect(settlementInstant("2026-03-08").toISOString()).toBe("2026-03-08T20:00:00.000Z");
    expect(settlementInstant("2026-10-31").toISOString()).toBe("2026-10-31T20:00:00.000Z");
    expect(settlementInstant("2026-11-01").toISOString()).toBe("2026-11-01T21:00:00.000Z");
    expect(settlementInstant("2025-03-09").toISOString()).toBe("2025-03-09T20:00:00.000Z");
    expect(settlementInstant("2025-11-02").toISOString()).toBe("2025-11-02T21:00:00.000Z");
  });

  it("gives 23 and 25 hour settlement periods on the switch days and 24 otherwise", () => {
    const hours = (day: string) => {
      const { after, through } = settlementPeriod(day);
      return (through.getTime() - after.getTime()) / 3_600_000;
    };
    expect(hours("2026-03-08")).toBe(23);
    expect(hours("2026-11-01")).toBe(25);
    expect(hours("2026-06-15")).toBe(24);
    expect(hours("2026-03-09")).toBe(24);
  });

  it("knows which New York day has settled at an instant", () => {
    expect(newYorkDayOf(new Date("2026-08-22T02:00:00Z"))).toBe("2026-08-21");
    expect(latestSettledDayAt(new Date("2026-08-21T19:59:59Z"))).toBe("2026-08-20");
    expect(latestSettledDayAt(new Date("2026-08-21T20:00:00Z"))).toBe("2026-08-21");
    expect(latestSettledDayAt(new Date("2026-12-01T20:30:00Z"))).toBe("2026-11-30");
  });
});

describe("winsorized volume-weighted mean", () => {
  it("is the plain volume-weighted mean when no price is beyond the bounds", () => {
    expect(
      winsorizedVolumeWeightedMean(
        [
          { price: 2, gpuHours: 1 },
          { price: 4, gpuHours: 3 },
        ],
        { lower: 0, upper: 1 },
      ),
    ).toBe(3.5);
  });

  it("clamps an outlier to the upper percentile instead of letting it move the index", () => {
    const normalTrades = Array.from({ length: 19 }, () => ({ price: 2, gpuHours: 1 }));
    const withOutlier = [...normalTrades, { price: 100, gpuHours: 1 }];
    const sorted = withOutlier.map((t) => t.price).sort((a, b) => a - b);
    const cap = percentileOfSorted(sorted, 0.95);
    expect(cap).toBeCloseTo(6.9, 10); // 2 + 0.05 * (100 - 2)
    expect(winsorizedVolumeWeightedMean(withOutlier)).toBeCloseTo((19 * 2 + cap) / 20, 12);
    expect(winsorizedVolumeWeightedMean(withOutlier, { lower: 0, upper: 1 })).toBeCloseTo(
      (19 * 2 + 100) / 20,
      12,
    );
  });

  it("stays within the traded price range and is undefined without usable trades", () => {
    expect(winsorizedVolumeWeightedMean([])).toBeUndefined();
    expect(winsorizedVolumeWeightedMean([{ price: 2, gpuHours: 0 }])).toBeUndefined();
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            price: fc.double({ min: 0.1, max: 10, noNaN: true }),
            gpuHours: fc.double({ min: 0.1, max: 100, noNaN: true }),
          }),
          { minLength: 1 },
        ),
        (trades) => {
          const value = winsorizedVolumeWeightedMean(trades) as number;
          const prices = trades.map((t) => t.price);
          return value >= Math.min(...prices) - 1e-9 && value <= Math.max(...prices) + 1e-9;
        },
      ),
    );
  });
});

describe("hourly prints", () => {
  it("prints on the hour from the trailing hour's trades and carries the last value forward, marked", () => {
    const trades = [
      trade("2026-05-01T10:15:00Z", 2, 1),
      trade("2026-05-01T10:59:59Z", 3, 3),
      trade("2026-05-01T13:00:00Z", 5),
    ];
    const prints = computeHourlyPrints(
      "H100 SXM",
      trades,
      new Date("2026-05-01T10:00:00Z"),
      new Date("2026-05-01T14:00:00Z"),
      undefined,
      { lower: 0, upper: 1 },
    );
    expect(prints.map((p) => [p.hour.toISOString(), p.indexValue, p.carried])).toEqual([
      // 10:00 covers 09:00-10:00: no trades and nothing to carry, so no print
      ["2026-05-01T11:00:00.000Z", 2.75, false],
      ["2026-05-01T12:00:00.000Z", 2.75, true],
      ["2026-05-01T13:00:00.000Z", 2.75, true],
      ["2026-05-01T14:00:00.000Z", 5, false],
    ]);
  });

  it("carries a previous print into a first hour without trades", () => {
    const prints = computeHourlyPrints(
      "H100 SXM",
      [],
      new Date("2026-05-01T10:00:00Z"),
      new Date("2026-05-01T11:00:00Z"),
      { indexValue: 2.5 },
    );
    expect(prints.map((p) => [p.indexValue, p.carried])).toEqual([
      [2.5, true],
      [2.5, true],
    ]);
  });
});

describe("daily value", () => {
  const hourlyOver = (
    fromIso: string,
    count: number,
    value: (i: number) => number,
  ): HourlyPrint[] =>
    Array.from({ length: count }, (_, i) => ({
      gpuName: "H100 SXM",
      hour: new Date(new Date(fromIso).getTime() + i * 3_600_000),
      indexValue: value(i),
      carried: false,
      tradeCount: 1,
      gpuHours: 1,
    }));

  it("is the mean of the prints after the previous settlement through this one, stamped 4 PM New York", () => {
    const prints = hourlyOver("2026-08-20T18:00:00Z", 30, (i) => i);
    const daily = computeDailyValue("H100 SXM", "2026-08-21", prints);
    // period (2026-08-20T20:00Z, 2026-08-21T20:00Z]: prints i = 3 .. 26
    expect(daily).toMatchObject({ day: "2026-08-21", printCount: 24, indexValue: (3 + 26) / 2 });
    expect(daily?.settledAt.toISOString()).toBe("2026-08-21T20:00:00.000Z");
  });

  it("averages 23 prints on the spring-forward day and 25 on the fall-back day", () => {
    const spring = computeDailyValue(
      "H100 SXM",
      "2026-03-08",
      hourlyOver("2026-03-07T00:00:00Z", 72, () => 2),
    );
    expect(spring).toMatchObject({ printCount: 23, indexValue: 2 });
    expect(spring?.settledAt.toISOString()).toBe("2026-03-08T20:00:00.000Z");
    const fall = computeDailyValue(
      "H100 SXM",
      "2026-11-01",
      hourlyOver("2026-10-31T00:00:00Z", 72, () => 2),
    );
    expect(fall).toMatchObject({ printCount: 25, indexValue: 2 });
    expect(fall?.settledAt.toISOString()).toBe("2026-11-01T21:00:00.000Z");
  });

  it("has no value without prints in the period", () => {
    expect(computeDailyValue("H100 SXM", "2026-08-21", [])).toBeUndefined();
  });
});
