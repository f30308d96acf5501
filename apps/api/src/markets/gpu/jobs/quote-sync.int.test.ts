// @module-tag zone
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { databaseForFile, closedAfterFile } from "../../../testing/file-fixtures";
import { insertGpuTradesIfAbsent, recentSourceSyncs } from "@tpi/db";
import { GPU_LEDGER_CITATION } from "@tpi/domain";
import { MARKETS } from "../..";
import { createLogger } from "../../../platform/observability/logger";
import { readEnv } from "../../../platform/runtime/env";
import { startGpuLedgerStub } from "../../../testing/gpu-ledger-stub";
import {
  QUOTE_DAY_1,
  QUOTE_DAY_3,
  hoursFromTo,
  ledgerSettingsOf,
  printAt,
  printsOf,
  quoteSourceVariables,
  serveHandPricedDays,
  truncateGpuData,
} from "../../../testing/gpu-quote-fixtures";
import { ledgerSnapshot } from "../../../testing/gpu-ledger-stub";
import { gpuCommands } from "../cli/commands";
import { syncGpuLedger } from "./quote-sync";
import { settleGpuIndex } from "./settlement";

/**
 * The ledger synced into a fresh database and printed, every value worked out by hand from the
 * method (see testing/gpu-quote-fixtures.ts for the three days' prices). "Now" is 2026-11-22
 * 21:40 UTC: New York is on standard time, so each day settles at 21:00 UTC; the prints through
 * 21:00 are published, those up to 20:00 more than an hour late (back-filled), 21:00 40 minutes
 * late (not back-filled).
 */
const NOW = new Date("2026-11-22T21:40:00.000Z");
const FIRST_PRINT = "2026-11-20T07:00:00.000Z"; // the first hour after day 1's file (06:21:55)
const LAST_PRINT = "2026-11-22T21:00:00.000Z";

let settings: ReturnType<typeof ledgerSettingsOf>;

const stub = closedAfterFile(await startGpuLedgerStub());
const { db, url: databaseUrl } = await databaseForFile();
beforeAll(async () => {
  settings = ledgerSettingsOf(stub.url);
});
beforeEach(async () => {
  serveHandPricedDays(stub);
  await truncateGpuData(db);
});

const sync = (now = NOW) =>
  syncGpuLedger(db, settings.ledger.config, settings.ledger.description, {
    from: QUOTE_DAY_1,
    to: QUOTE_DAY_3,
    trigger: "manual",
    now,
  });
const settle = (now = NOW) => settleGpuIndex(db, { now, rules: settings.rules });

/** The daily value of a GPU and day, as the tests compare it. */
async function dailyOf(gpuName: "H100 SXM" | "H200" | "RTX 5090", day: string) {
  const row = await db.gpuDailyValue.findUniqueOrThrow({
    where: { gpuName_day: { gpuName, day: new Date(day) } },
  });
  return {
    value: row.indexValue,
    printCount: row.printCount,
    basis: row.basis,
    sources: row.sources,
    providerCount: row.providerCount,
    offerCount: row.offerCount,
    backfilled: row.backfilled,
  };
}

/** H100 SXM's hand-computed prints: each provider's median, then the median of the providers. */
const H100_DAY_1 = 2.49; // aws median [2.90, 3.10] = 3.00; median of [2.10, 2.49, 3.00] = 2.49
const H100_DAY_2 = 2.59; // aws 3.00; median of [2.20, 2.59, 3.00] = 2.59
const H100_DAY_3 = 2.69; // aws median [2.80, 3.00, 3.20] = 3.00; median of [2.30, 2.69, 3.00] = 2.69

/** The published H100 SXM prints must be exactly these (the hierarchy never reaches trades here). */
async function expectHandComputedH100Prints(): Promise<void> {
  const prints = await printsOf(db, "H100 SXM");
  expect(prints.map((p) => p.hour)).toEqual(hoursFromTo(FIRST_PRINT, LAST_PRINT));
  for (const print of prints) {
    // Day 1's file serves the hours up to 06:00 of day 2; day 2's from 07:00 of day 2 on.
    const expected =
      print.hour < "2026-11-21T07:00"
        ? H100_DAY_1
        : print.hour < "2026-11-22T07:00"
          ? H100_DAY_2
          : H100_DAY_3;
    expect(print.value, print.hour).toBeCloseTo(expected, 10);
    expect(print).toMatchObject({
      carried: false,
      basis: "quotes",
      sources: ["gpurentalprices"],
      providerCount: 3,
      // lambda 1 + aws 2 (3 on day 3) + runpod 1; community, reserved and spot rows never count.
      offerCount: print.hour < "2026-11-22T07:00" ? 4 : 5,
      backfilled: print.hour !== LAST_PRINT,
    });
  }
  expect(await dailyOf("H100 SXM", "2026-11-20")).toMatchObject({
    printCount: 15, // 07:00 to 21:00
    basis: "quotes",
    sources: ["gpurentalprices"],
    providerCount: 3,
    offerCount: 15 * 4,
    backfilled: true,
  });
  expect((await dailyOf("H100 SXM", "2026-11-20")).value).toBeCloseTo(H100_DAY_1, 10);
  // (2026-11-20 21:00, 2026-11-21 21:00]: nine prints from day 1's file (22:00 to 06:00), 15 from day 2's.
  const day2 = await dailyOf("H100 SXM", "2026-11-21");
  expect(day2).toMatchObject({ printCount: 24, offerCount: 24 * 4, backfilled: true });
  expect(day2.value).toBeCloseTo((9 * 2.49 + 15 * 2.59) / 24, 10); // 2.5525
  const day3 = await dailyOf("H100 SXM", "2026-11-22");
  // Settled at 21:00, computed at 21:40: on time.
  expect(day3).toMatchObject({ printCount: 24, offerCount: 9 * 4 + 15 * 5, backfilled: false });
  expect(day3.value).toBeCloseTo((9 * 2.59 + 15 * 2.69) / 24, 10); // 2.6525
}

describe("the ledger synced and printed, by hand", () => {
  it("stores each day whole, drops what is not ours, and prints the medians worked out by hand", async () => {
    const report = await sync();
    if (!report.ran) throw new Error(report.reason);
    expect(report.outcome).toBe("ok");
    // Three day files, then latest.json: the same bytes as day 3's file, stored once.
    expect(report.snapshots.map((s) => [s.label, s.inserted])).toEqual([
      ["2026-11-20", true],
      ["2026-11-21", true],
      ["2026-11-22", true],
      ["2026-11-22", false],
    ]);
    expect(report.snapshots[0]?.dropped).toEqual([
      { reason: "other-gpu", count: 1, examples: ["lambda h100-pcie"] },
      { reason: "memory-mismatch", count: 1, examples: ["coreweave h100-sxm at 94 GB"] },
    ]);
    // Day 1: 4 H100 on demand + 3 other tiers + 2 H200 + 2 RTX 5090 + 1 community RTX 5090.
    expect(report.snapshots[0]?.quotes).toBe(12);
    expect(report.missing).toEqual([]);
    const [logged] = await recentSourceSyncs(db, "gpurentalprices", 1);
    expect(logged).toMatchObject({
      trigger: "manual",
      outcome: "ok",
      requests: 5, // the listing, three days, latest.json
      daysWritten: 3,
      daysFailed: 0,
      firstDay: QUOTE_DAY_1,
      lastDay: QUOTE_DAY_3,
    });
    expect(await db.gpuQuoteSnapshot.count()).toBe(3);
    // Stored per GPU-hour as published: an 8-GPU instance's row is not divided again.
    const aws = await db.gpuQuote.findMany({
      where: { provider: "aws", gpuName: "H100 SXM" },
      orderBy: { priceUsdPerGpuHour: "asc" },
      select: { priceUsdPerGpuHour: true },
      take: 2,
    });
    expect(aws.map((q) => q.priceUsdPerGpuHour)).toEqual([2.8, 2.9]);

    // Evidence beside the quotes: a sample trade of H100 SXM (quotes come first) and of RTX 5090
    // (one provider quotes it: the sample comes next); a market trade of H200 (it comes first).
    await insertGpuTradesIfAbsent(db, [
      sampleTrade("H100 SXM", "2026-11-22T10:30:00Z", 9.99),
      sampleTrade("RTX 5090", "2026-11-22T10:30:00Z", 0.55),
      {
        tradeId: "market-1",
        gpuName: "H200",
        executedAt: new Date("2026-11-22T12:15:00Z"),
        priceUsdPerGpuHour: 4,
        gpuHours: 8,
        provider: "p1",
        source: "import",
      },
    ]);
    const settled = await settle();
    expect(settled.prints).toBe(3 * 63); // 2026-11-20 07:00 to 2026-11-22 21:00 for three GPUs
    await expectHandComputedH100Prints();

    // H200: two providers, the print is the mean of the two middle (the only two) prices.
    expect((await printAt(db, "H200", FIRST_PRINT)).value).toBeCloseTo((3.2 + 3.6) / 2, 10);
    expect((await printAt(db, "H200", "2026-11-21T07:00:00.000Z")).value).toBeCloseTo(
      (3.3 + 3.7) / 2,
      10,
    );
    expect(await printAt(db, "H200", "2026-11-22T13:00:00.000Z")).toMatchObject({
      value: 4,
      basis: "trades",
      sources: ["import"],
    });
    const h200Day3 = await dailyOf("H200", "2026-11-22");
    expect(h200Day3).toMatchObject({ basis: "mixed", sources: ["gpurentalprices", "import"] });
    // Nine prints at 3.50 (day 2's file), the market trade's 4.00, fourteen at 3.60 (day 3's).
    expect(h200Day3.value).toBeCloseTo((9 * 3.5 + 4 + 14 * 3.6) / 24, 10);

    // RTX 5090: two providers on day 1 (median of [0.76, 0.80] = 0.78); one from day 2 on: no
    // quote print, the previous print is carried, until the sample trade's hour.
    expect(await printAt(db, "RTX 5090", "2026-11-21T06:00:00.000Z")).toMatchObject({
      carried: false,
      basis: "quotes",
      providerCount: 2,
      offerCount: 2,
    });
    expect(await printAt(db, "RTX 5090", "2026-11-21T07:00:00.000Z")).toMatchObject({
      value: 0.78,
      carried: true,
      basis: "quotes",
      sources: ["gpurentalprices"],
      providerCount: 0,
      offerCount: 0,
    });
    expect(await printAt(db, "RTX 5090", "2026-11-22T11:00:00.000Z")).toMatchObject({
      value: 0.55,
      carried: false,
      basis: "trades",
      sources: ["sample"],
    });
    expect(await printAt(db, "RTX 5090", "2026-11-22T12:00:00.000Z")).toMatchObject({
      value: 0.55,
      carried: true,
      basis: "trades",
      sources: ["sample"],
    });
    const rtxDay3 = await dailyOf("RTX 5090", "2026-11-22");
    expect(rtxDay3.basis).toBe("mixed");
    // 22:00 to 10:00: 13 carried at 0.78; 11:00 to 21:00: 11 at 0.55 (one sample, ten carried).
    expect(rtxDay3.value).toBeCloseTo((13 * 0.78 + 11 * 0.55) / 24, 10);
    // The quotes behind a daily value are frozen with it, counted or not.
    const frozen = await db.gpuDailyQuote.findMany({
      where: { gpuName: "H100 SXM", day: new Date("2026-11-20") },
    });
    expect(frozen.filter((q) => q.exclusion === null)).toHaveLength(4);
    expect(
      frozen
        .filter((q) => q.exclusion === "tier")
        .map((q) => q.tier)
        .sort(),
    ).toEqual(["community", "reserved", "spot"]);
  }, 60_000);

  it("`tpi gpu-sync` stores and prints the same, and says where the data comes from", async () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((line: unknown) => {
      lines.push(String(line));
    });
    try {
      const env = readEnv(MARKETS, {
        ...quoteSourceVariables(stub.url),
        DATABASE_URL: databaseUrl,
        TPI_TEST_CLOCK: NOW.toISOString(),
      });
      const context = { env, log: createLogger("silent"), markets: MARKETS };
      await gpuCommands["gpu-sync"]?.(["--from", QUOTE_DAY_1, "--to", QUOTE_DAY_3], context);
      await gpuCommands["gpu-sources"]?.([], context);
    } finally {
      log.mockRestore();
    }
    const output = lines.join("\n");
    expect(output).toContain(
      "gpurentalprices sync #1 (ok): 3 snapshot(s) stored, 1 already stored",
    );
    expect(output).toContain("2026-11-20 (as of 2026-11-20T06:21:55.020Z): stored, 12 quote(s)");
    expect(output).toContain(GPU_LEDGER_CITATION);
    expect(output).toMatch(/published 189 hourly GPU print\(s\) \(39 carried forward\)/);
    expect(output).toContain("gpurentalprices: on,");
    expect(output).toContain("latest snapshot 2026-11-22 (as of 2026-11-22T06:21:55.020Z");
    expect(output).toContain("sync #1 manual 2026-11-22T21:40:00.000Z ok:");
    await expectHandComputedH100Prints();
  }, 60_000);

  it("quotes synced later never change a published print or daily value", async () => {
    await sync();
    await settle();
    const before = {
      prints: await db.gpuHourlyPrint.findMany({ orderBy: [{ gpuName: "asc" }, { hour: "asc" }] }),
      daily: await db.gpuDailyValue.findMany({ orderBy: [{ gpuName: "asc" }, { day: "asc" }] }),
    };
    // The publisher rewrites day 3 at 15:00 with other prices, and day 1's file changes too.
    const rewritten = ledgerSnapshot({
      date: QUOTE_DAY_3,
      generatedAt: "2026-11-22T15:00:00.000Z",
      offers: [
        { provider: "lambda", gpuName: "H100 SXM", usd_hr: 5 },
        { provider: "aws", gpuName: "H100 SXM", usd_hr: 6 },
        { provider: "runpod", gpuName: "H100 SXM", usd_hr: 7, kind: "secure" },
      ],
    });
    stub.days.set(QUOTE_DAY_3, rewritten);
    stub.days.set(
      QUOTE_DAY_1,
      ledgerSnapshot({
        date: QUOTE_DAY_1,
        offers: [{ provider: "lambda", gpuName: "H100 SXM", usd_hr: 9 }],
      }),
    );
    const again = await sync();
    if (!again.ran) throw new Error(again.reason);
    // Days already stored are not asked for again; latest.json is a new snapshot (new bytes).
    expect(again.snapshots.map((s) => [s.label, s.asOf.toISOString(), s.inserted])).toEqual([
      [QUOTE_DAY_3, "2026-11-22T15:00:00.000Z", true],
    ]);
    expect((await settle()).prints).toBe(0);
    expect(
      await db.gpuHourlyPrint.findMany({ orderBy: [{ gpuName: "asc" }, { hour: "asc" }] }),
    ).toEqual(before.prints);
    expect(
      await db.gpuDailyValue.findMany({ orderBy: [{ gpuName: "asc" }, { day: "asc" }] }),
    ).toEqual(before.daily);
    // The next hour's print reads the rewrite: median of [5, 6, 7] = 6.
    await settle(new Date("2026-11-22T22:05:00.000Z"));
    expect(await printAt(db, "H100 SXM", "2026-11-22T22:00:00.000Z")).toMatchObject({
      value: 6,
      basis: "quotes",
      backfilled: false,
    });
    expect((await printAt(db, "H100 SXM", LAST_PRINT)).value).toBeCloseTo(H100_DAY_3, 10);
  }, 60_000);
});

function sampleTrade(gpuName: "H100 SXM" | "RTX 5090", at: string, price: number) {
  return {
    tradeId: `sample-${gpuName}-${at}`,
    gpuName,
    executedAt: new Date(at),
    priceUsdPerGpuHour: price,
    gpuHours: 1,
    provider: "sample-provider",
    source: "sample",
  } as const;
}
