// @module-tag zone
import { computeDailyValue, computeHourlyPrints } from "@tpi/domain";
import { describe, expect, it } from "vitest";
import { databaseForFile } from "../testing/database-for-file";
import {
  allGpuDailyValues,
  allGpuPrints,
  gpuPrintsBetween,
  gpuTradesBetween,
  insertGpuDailyValues,
  insertGpuPrints,
  insertGpuTradesIfAbsent,
  type GpuTradeInput,
} from "./gpu-index";

const { db } = await databaseForFile();

describe("GPU prints and daily values store the volume of their trades", () => {
  // Provider names with the characters of the trade read's line format (comma, line break).
  const trade = (
    id: string,
    executedAt: string,
    provider: string,
    gpuHours = 1,
  ): GpuTradeInput => ({
    tradeId: id,
    gpuName: "B200",
    executedAt: new Date(executedAt),
    priceUsdPerGpuHour: 5,
    gpuHours,
    provider,
    source: "test",
  });
  const trades = [
    trade("t1", "2026-03-09T10:10:00.000Z", "Alpha, Inc.", 1.5),
    trade("t2", "2026-03-09T10:20:00.000Z", 'Beta "GPU"\nCloud', 2),
    trade("t3", "2026-03-09T11:30:00.000Z", "Alpha, Inc.", 0.25),
  ];

  it("reads each trade's provider intact, whatever characters its name holds", async () => {
    await insertGpuTradesIfAbsent(db, trades);
    const read = await gpuTradesBetween(
      db,
      "B200",
      new Date("2026-03-09T00:00:00.000Z"),
      new Date("2026-03-10T00:00:00.000Z"),
    );
    expect(read.map((t) => [t.executedAt.toISOString(), t.gpuHours, t.provider])).toEqual(
      trades.map((t) => [t.executedAt.toISOString(), t.gpuHours, t.provider]),
    );
  });

  it("writes and reads back the counts computed with each print and daily value", async () => {
    const read = await gpuTradesBetween(
      db,
      "B200",
      new Date("2026-03-09T10:00:00.000Z"),
      new Date("2026-03-09T13:00:00.000Z"),
    );
    const prints = computeHourlyPrints(
      "B200",
      read,
      new Date("2026-03-09T11:00:00.000Z"),
      new Date("2026-03-09T13:00:00.000Z"),
      undefined,
    );
    await insertGpuPrints(
      db,
      prints.map((p, i) => ({ ...p, backfilled: i === 0 })),
      new Date(),
    );
    const stored = await gpuPrintsBetween(
      db,
      "B200",
      new Date("2026-03-09T00:00:00.000Z"),
      new Date("2026-03-10T00:00:00.000Z"),
    );
    expect(stored).toEqual(prints);
    expect(
      stored.map((p) => [p.tradeCount, p.gpuHours, p.providerCount, p.carried, p.providers]),
    ).toEqual([
      [2, 3.5, 2, false, ["Alpha, Inc.", 'Beta "GPU"\nCloud']],
      [1, 0.25, 1, false, ["Alpha, Inc."]],
      [0, 0, 0, true, []],
    ]);
    // The read model's load: counts only, never the names.
    const loaded = await allGpuPrints(db);
    expect(loaded.map((p) => [p.tradeCount, p.gpuHours, p.providerCount])).toEqual([
      [2, 3.5, 2],
      [1, 0.25, 1],
      [0, 0, 0],
    ]);
    expect(JSON.stringify(loaded)).not.toContain("Alpha");
    // Basis, sources and the back-filled mark travel with each print.
    expect(loaded.map((p) => [p.basis, p.sources, p.backfilled])).toEqual([
      ["trades", ["test"], true],
      ["trades", ["test"], false],
      ["trades", ["test"], false],
    ]);

    const daily = computeDailyValue("B200", "2026-03-09", stored);
    expect(daily).toMatchObject({ tradeCount: 3, gpuHours: 3.75, providerCount: 2 });
    await insertGpuDailyValues(db, daily ? [{ ...daily, backfilled: true }] : [], new Date());
    expect(await allGpuDailyValues(db)).toEqual([{ ...daily, backfilled: true }]);
  });
});
