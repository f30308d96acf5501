import { describe, expect, it } from "vitest";
import { computeDailyValue, computeGpuPrints, type PrintableTrade } from "./index-math";
import {
  computeQuotePrint,
  median,
  snapshotsForPrint,
  type PrintableSnapshot,
  type QuoteRules,
} from "./quote-math";
import type { GpuPriceTier, GpuQuote } from "./quotes";

const quote = (
  provider: string,
  price: number,
  options: { tier?: GpuPriceTier; offer?: string; stale?: boolean; gpu?: GpuQuote["gpuName"] } = {},
): GpuQuote => ({
  gpuName: options.gpu ?? "H100 SXM",
  provider,
  tier: options.tier ?? "on-demand",
  priceUsdPerGpuHour: price,
  offer: options.offer ?? "",
  observedAt: new Date("2026-08-22T06:21:00Z"),
  sourceExclusion: options.stale ? "stale" : null,
});

const snapshot = (
  id: number,
  source: string,
  asOf: string,
  quotes: GpuQuote[],
): PrintableSnapshot => ({ id, source, asOf: new Date(asOf), quotes });

const RULES: QuoteRules = {
  minProviders: 2,
  maxSnapshotAgeHours: { ledger: 36, market: 2 },
};

describe("median", () => {
  it("is the middle value of an odd list and the mean of the two middle values of an even one", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(() => median([])).toThrow(RangeError);
  });
});

describe("the snapshots a print uses", () => {
  const ledgerDay1 = snapshot(1, "ledger", "2026-08-21T06:00:00Z", []);
  const ledgerDay2 = snapshot(2, "ledger", "2026-08-22T06:21:55Z", []);
  const market = snapshot(3, "market", "2026-08-22T09:30:00Z", []);

  it("takes of each source the latest snapshot taken before the hour", () => {
    const used = snapshotsForPrint(
      [ledgerDay1, ledgerDay2, market],
      new Date("2026-08-22T10:00:00Z"),
      RULES,
    );
    expect(used.map((s) => s.id)).toEqual([2, 3]);
  });

  it("leaves a snapshot taken exactly on the hour to the next print", () => {
    const onTheHour = snapshot(4, "market", "2026-08-22T10:00:00Z", []);
    const used = snapshotsForPrint([market, onTheHour], new Date("2026-08-22T10:00:00Z"), RULES);
    expect(used.map((s) => s.id)).toEqual([3]);
    expect(
      snapshotsForPrint([market, onTheHour], new Date("2026-08-22T11:00:00Z"), RULES).map(
        (s) => s.id,
      ),
    ).toEqual([4]);
  });

  it("drops a snapshot older than its source's limit and a source the rules do not name", () => {
    // The market snapshot is 2.5 hours old at 12:00 (limit 2); the ledger's 29.6 hours (limit 36).
    const used = snapshotsForPrint(
      [ledgerDay2, market, snapshot(5, "unknown", "2026-08-22T11:00:00Z", [])],
      new Date("2026-08-23T12:00:00Z"),
      RULES,
    );
    expect(used.map((s) => s.id)).toEqual([2]);
    expect(
      snapshotsForPrint([ledgerDay2], new Date("2026-08-23T18:22:00Z"), RULES).map((s) => s.id),
    ).toEqual([]);
  });

  it("prefers the later-stored of two snapshots with the same as-of time", () => {
    const rewrite = snapshot(9, "ledger", "2026-08-22T06:21:55Z", []);
    const used = snapshotsForPrint([rewrite, ledgerDay2], new Date("2026-08-22T10:00:00Z"), RULES);
    expect(used.map((s) => s.id)).toEqual([9]);
  });
});

describe("a print from quotes", () => {
  it("is the median across providers of each provider's median on-demand offer", () => {
    const used = [
      snapshot(1, "ledger", "2026-08-22T06:00:00Z", [
        quote("lambda", 2.0, { offer: "1x" }),
        quote("lambda", 2.4, { offer: "8x" }),
        quote("nebius", 3.0),
        quote("runpod", 2.69, { tier: "community" }),
        quote("vultr", 1.0, { stale: true }),
        quote("aws", 12.29, { gpu: "H200" }),
      ]),
      snapshot(2, "market", "2026-08-22T09:30:00Z", [
        quote("vast.ai", 2.6, { offer: "machine 1" }),
        quote("vast.ai", 2.4, { offer: "machine 2" }),
      ]),
    ];
    const print = computeQuotePrint("H100 SXM", used, RULES);
    // lambda 2.2 (median of 2.0 and 2.4), nebius 3.0, vast.ai 2.5: the median is 2.5.
    expect(print.providers).toEqual([
      { provider: "lambda", priceUsdPerGpuHour: 2.2, offers: 2 },
      { provider: "nebius", priceUsdPerGpuHour: 3, offers: 1 },
      { provider: "vast.ai", priceUsdPerGpuHour: 2.5, offers: 2 },
    ]);
    expect(print.value).toBe(2.5);
    expect(print.offerCount).toBe(5);
    expect(print.sources).toEqual(["ledger", "market"]);
    expect(print.snapshotIds).toEqual([1, 2]);
    const excluded = print.verdicts
      .filter((v) => v.exclusion !== null)
      .map((v) => [v.quote.provider, v.exclusion]);
    expect(excluded).toEqual([
      ["runpod", "tier"],
      ["vultr", "stale"],
    ]);
    // Other GPUs' quotes are not verdicts of this print.
    expect(print.verdicts.some((v) => v.quote.gpuName !== "H100 SXM")).toBe(false);
  });

  it("groups one provider quoted by two sources into one vote", () => {
    const print = computeQuotePrint(
      "H100 SXM",
      [
        snapshot(1, "ledger", "2026-08-22T06:00:00Z", [quote("lambda", 2), quote("nebius", 4)]),
        snapshot(2, "market", "2026-08-22T09:30:00Z", [quote("lambda", 3)]),
      ],
      RULES,
    );
    // lambda: median(2, 3) = 2.5; nebius 4: median 3.25.
    expect(print.providers.map((p) => [p.provider, p.priceUsdPerGpuHour])).toEqual([
      ["lambda", 2.5],
      ["nebius", 4],
    ]);
    expect(print.value).toBe(3.25);
  });

  it("has no value with fewer providers than the minimum", () => {
    const used = [snapshot(1, "ledger", "2026-08-22T06:00:00Z", [quote("runpod", 1.89)])];
    expect(computeQuotePrint("H100 SXM", used, RULES).value).toBeUndefined();
    expect(computeQuotePrint("H100 SXM", used, { minProviders: 1 }).value).toBe(1.89);
  });
});

describe("the evidence of each print", () => {
  const trade = (executedAt: string, price: number, source: string): PrintableTrade => ({
    gpuName: "H100 SXM",
    executedAt: new Date(executedAt),
    priceUsdPerGpuHour: price,
    gpuHours: 1,
    provider: "p",
    source,
  });
  const ledger = snapshot(1, "ledger", "2026-08-22T06:30:00Z", [
    quote("lambda", 2),
    quote("nebius", 3),
  ]);
  const rules = { bounds: { lower: 0, upper: 1 }, quotes: RULES };

  it("prefers executed market trades, then quotes, then the sample's trades, then carries forward", () => {
    const prints = computeGpuPrints(
      "H100 SXM",
      {
        trades: [
          trade("2026-08-22T05:10:00Z", 9, "sample"),
          trade("2026-08-22T06:10:00Z", 9, "sample"),
          trade("2026-08-22T07:10:00Z", 9, "sample"),
          trade("2026-08-22T07:20:00Z", 4, "acme"),
        ],
        snapshots: [ledger],
      },
      new Date("2026-08-22T06:00:00Z"),
      new Date("2026-08-22T08:00:00Z"),
      undefined,
      rules,
    );
    expect(prints.map((p) => [p.hour.toISOString(), p.indexValue, p.basis, p.sources])).toEqual([
      // 06:00: no snapshot before it, the sample's trade of 05:10.
      ["2026-08-22T06:00:00.000Z", 9, "trades", ["sample"]],
      // 07:00: the 06:30 ledger beats the sample's 06:10 trade.
      ["2026-08-22T07:00:00.000Z", 2.5, "quotes", ["ledger"]],
      // 08:00: the market trade beats the quotes and the sample.
      ["2026-08-22T08:00:00.000Z", 4, "trades", ["acme"]],
    ]);
    expect(prints[1]).toMatchObject({ providerCount: 2, offerCount: 2, snapshotIds: [1] });
  });

  it("carries the last print forward with its basis and sources, and marks a day of both bases mixed", () => {
    const prints = computeGpuPrints(
      "H100 SXM",
      { trades: [trade("2026-08-22T12:10:00Z", 5, "acme")], snapshots: [] },
      new Date("2026-08-22T12:00:00Z"),
      new Date("2026-08-22T14:00:00Z"),
      { indexValue: 2.5, basis: "quotes", sources: ["ledger"] },
      rules,
    );
    expect(prints.map((p) => [p.indexValue, p.carried, p.basis, p.sources])).toEqual([
      [2.5, true, "quotes", ["ledger"]],
      [5, false, "trades", ["acme"]],
      [5, true, "trades", ["acme"]],
    ]);
    expect(computeDailyValue("H100 SXM", "2026-08-22", prints)).toMatchObject({
      basis: "mixed",
      sources: ["acme", "ledger"],
      indexValue: 12.5 / 3,
    });
  });
});
