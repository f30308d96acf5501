import { describe, expect, it } from "vitest";
import { quoteExclusionDescription, tradeConstituents, tradesOfTradePrint } from "./constituents";
import type { PrintableTrade } from "./index-math";
import { QUOTE_EXCLUSIONS } from "./quote-math";

const trade = (
  at: string,
  price: number,
  gpuHours: number,
  provider: string,
  source = "desk",
): PrintableTrade => ({
  gpuName: "H100 SXM",
  executedAt: new Date(at),
  priceUsdPerGpuHour: price,
  gpuHours,
  provider,
  source,
});
const print = (hour: string, basis: "trades" | "quotes", carried = false) => ({
  hour: new Date(hour),
  basis,
  carried,
});

describe("tradeConstituents", () => {
  // 2026-03-06 settles at 21:00 UTC: its prints are those after 03-05 21:00 through 03-06 21:00.
  const day = "2026-03-06";

  it("counts only the trades of the period's prints from trades, per source and provider", () => {
    const trades = [
      trade("2026-03-05T20:30:00Z", 9, 1, "p1"), // previous day's last print
      trade("2026-03-05T21:10:00Z", 2, 4, "p1"),
      trade("2026-03-05T21:20:00Z", 4, 4, "p1"),
      trade("2026-03-05T21:40:00Z", 3, 2, "p2"),
      trade("2026-03-06T05:30:00Z", 7, 1, "p1"), // its print is from quotes
      trade("2026-03-06T20:59:00Z", 5, 8, "p1", "acme"),
    ];
    const prints = [
      print("2026-03-05T21:00:00Z", "trades"),
      print("2026-03-05T22:00:00Z", "trades"),
      print("2026-03-06T06:00:00Z", "quotes"),
      print("2026-03-06T21:00:00Z", "trades"),
    ];
    expect(tradeConstituents(day, trades, prints)).toEqual([
      { source: "acme", provider: "p1", tradeCount: 1, gpuHours: 8, averagePriceUsdPerGpuHour: 5 },
      { source: "desk", provider: "p1", tradeCount: 2, gpuHours: 8, averagePriceUsdPerGpuHour: 3 },
      { source: "desk", provider: "p2", tradeCount: 1, gpuHours: 2, averagePriceUsdPerGpuHour: 3 },
    ]);
  });

  it("leaves out the sample's trades of an hour with market trades, and carried prints", () => {
    const trades = [
      trade("2026-03-06T10:10:00Z", 2, 1, "p1"),
      trade("2026-03-06T10:20:00Z", 9, 1, "s", "sample"),
      trade("2026-03-06T11:20:00Z", 8, 1, "s", "sample"),
      trade("2026-03-06T12:20:00Z", 8, 1, "s", "sample"),
    ];
    const prints = [
      print("2026-03-06T11:00:00Z", "trades"),
      print("2026-03-06T12:00:00Z", "trades"),
      print("2026-03-06T13:00:00Z", "trades", true),
    ];
    expect(
      tradeConstituents(day, trades, prints).map((row) => [row.source, row.tradeCount]),
    ).toEqual([
      ["desk", 1],
      ["sample", 1],
    ]);
    expect(tradesOfTradePrint(trades.slice(0, 2))).toEqual([trades[0]]);
  });

  it("describes each exclusion reason from the one table", () => {
    expect(quoteExclusionDescription("tier")).toBe(QUOTE_EXCLUSIONS.tier);
    expect(quoteExclusionDescription(null)).toBeNull();
  });
});
