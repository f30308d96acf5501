// @module-tag zone
import { describe, expect, it } from "vitest";
import { databaseForFile } from "../testing/database-for-file";
import { hasGpuTrades } from "./gpu-index";
import { copyGpuTradesIfAbsent } from "./gpu-trade-copy";
import { hasObservations } from "./observations";

const { db, url: databaseUrl } = await databaseForFile();

describe("hasGpuTrades and hasObservations (the start-up's emptiness checks)", () => {
  it("are false on an empty database", async () => {
    expect(await hasGpuTrades(db)).toBe(false);
    expect(await hasObservations(db)).toBe(false);
  });

  it("are true once one row is stored", async () => {
    await copyGpuTradesIfAbsent(databaseUrl, () => [
      [
        {
          tradeId: "t1",
          gpuName: "H100 SXM",
          executedAt: new Date("2026-11-20T10:00:00Z"),
          priceUsdPerGpuHour: 2.5,
          gpuHours: 8,
          provider: "p",
          source: "test",
        },
      ],
    ]);
    expect(await hasGpuTrades(db)).toBe(true);
    expect(await hasObservations(db)).toBe(false);
    await db.$executeRawUnsafe(
      "insert into observation (date, model_id, lab, total_tokens, source) values ('2026-11-20', 'anthropic/x', 'anthropic', 1, 'test')",
    );
    expect(await hasObservations(db)).toBe(true);
  });
});
