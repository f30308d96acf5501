import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeDailyValue,
  computeHourlyPrints,
  percentileOfSorted,
  printHourOfTrade,
  settlementPeriod,
  winsorizedVolumeWeightedMean,
  type PrintableTrade,
  type SettlingPrint,
} from "./index-math";
import { latestSettledDayAt, newYorkDayOf, settlementInstant } from "./settlement-calendar";

const trade = (
  executedAt: string,
  price: number,
  gpuHours = 1,
  provider = "p",
  source = "market",
): PrintableTrade => ({
  gpuName: "H100 SXM",
  executedAt: new Date(executedAt),
  priceUsdPerGpuHour: price,
  gpuHours,
  provider,
  source,
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

describe("volume frozen with the prints and daily values", () => {
  it("puts a trade exactly on an hour boundary in the next hour's print", () => {
    const onTheHour = new Date("2026-03-09T12:00:00.000Z");
    const justBefore = new Date("2026-03-09T11:59:59.999Z");
    expect(new Date(printHourOfTrade(onTheHour)).toISOString()).toBe("2026-03-09T13:00:00.000Z");
    expect(new Date(printHourOfTrade(justBefore)).toISOString()).toBe("2026-03-09T12:00:00.000Z");
  });

  it("counts exactly the trades each print used: trades, GPU-hours, distinct providers; zeros when carried", () => {
    const prints = computeHourlyPrints(
      "H100 SXM",
      [
        trade("2026-03-09T10:05:00Z", 2, 1.5, "a"),
        trade("2026-03-09T10:30:00Z", 3, 2, "b"),
        trade("2026-03-09T10:59:00Z", 4, 0.25, "a"),
        // Outside the printed hours: counted nowhere.
        trade("2026-03-09T13:00:00Z", 9, 7, "c"),
      ],
      new Date("2026-03-09T11:00:00Z"),
      new Date("2026-03-09T12:00:00Z"),
      undefined,
    );
    expect(
      prints.map((p) => [p.carried, p.tradeCount, p.gpuHours, p.providerCount, p.providers]),
    ).toEqual([
      [false, 3, 3.75, 2, ["a", "b"]],
      [true, 0, 0, 0, []],
    ]);
  });

  it("sums a day's trades and GPU-hours over its prints and counts distinct providers over the whole period", () => {
    const print = (hourIso: string, tradeCount: number, gpuHours: number, providers: string[]) => ({
      gpuName: "H100 SXM" as const,
      hour: new Date(hourIso),
      indexValue: 2,
      carried: tradeCount === 0,
      tradeCount,
      gpuHours,
      providerCount: providers.length,
      providers,
      basis: "trades" as const,
      sources: ["market"],
      offerCount: 0,
      snapshotIds: [],
    });
    // 2026-03-09 settles at 20:00 UTC: the 21:00 print belongs to 2026-03-10.
    const prints = [
      print("2026-03-09T11:00:00Z", 3, 5, ["a", "b"]),
      print("2026-03-09T12:00:00Z", 1, 0.5, ["b"]),
      print("2026-03-09T13:00:00Z", 0, 0, []),
      print("2026-03-09T20:00:00Z", 2, 1, ["a"]),
      print("2026-03-09T21:00:00Z", 2, 4, ["c"]),
    ];
    expect(computeDailyValue("H100 SXM", "2026-03-09", prints)).toMatchObject({
      printCount: 4,
      tradeCount: 6,
      gpuHours: 6.5,
      // a and b, each in several hours: 2, not the 4 the hours' counts add up to.
      providerCount: 2,
    });
    expect(computeDailyValue("H100 SXM", "2026-03-10", prints)).toMatchObject({
      printCount: 1,
      tradeCount: 2,
      gpuHours: 4,
      providerCount: 1,
    });
  });

  it("equals the volume of the period's trades, whatever the trades", () => {
    const hourMs = 3_600_000;
    const start = Date.parse("2026-03-08T12:00:00Z");
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            offsetMs: fc.integer({ min: 0, max: 40 * hourMs }),
            gpuHours: fc.integer({ min: 1, max: 8 }),
            provider: fc.constantFrom("a", "b", "c", "d"),
          }),
          { maxLength: 60 },
        ),
        (specs) => {
          const trades = specs.map((t) =>
            trade(new Date(start + t.offsetMs).toISOString(), 2, t.gpuHours, t.provider),
          );
          const prints = computeHourlyPrints(
            "H100 SXM",
            trades,
            new Date(start + hourMs),
            new Date(start + 41 * hourMs),
            { indexValue: 1 },
          );
          const { after, through } = settlementPeriod("2026-03-09");
          const inPeriod = trades.filter(
            (t) =>
              printHourOfTrade(t.executedAt) > after.getTime() &&
              printHourOfTrade(t.executedAt) <= through.getTime(),
          );
          expect(computeDailyValue("H100 SXM", "2026-03-09", prints)).toMatchObject({
            tradeCount: inPeriod.length,
            gpuHours: inPeriod.reduce((total, t) => total + t.gpuHours, 0),
            providerCount: new Set(inPeriod.map((t) => t.provider)).size,
          });
        },
      ),
    );
  });
});

describe("daily value", () => {
  const hourlyOver = (
    fromIso: string,
    count: number,
    value: (i: number) => number,
  ): SettlingPrint[] =>
    Array.from({ length: count }, (_, i) => ({
      gpuName: "H100 SXM",
      hour: new Date(new Date(fromIso).getTime() + i * 3_600_000),
      indexValue: value(i),
      carried: false,
      tradeCount: 1,
      gpuHours: 1,
      providerCount: 1,
      providers: ["p"],
      basis: "trades",
      sources: ["market"],
      offerCount: 0,
      snapshotIds: [],
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
