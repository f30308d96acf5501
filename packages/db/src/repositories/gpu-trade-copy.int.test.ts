// @module-tag zone
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestDatabase } from "../testing/test-postgres";
import type { GpuTradeInput } from "./gpu-index";
import { copyGpuTradesIfAbsent } from "./gpu-trade-copy";

const trade = (tradeId: string, minute: number, price = 2.5): GpuTradeInput => ({
  tradeId,
  gpuName: "H100 SXM",
  executedAt: new Date(Date.UTC(2026, 10, 20, 10, minute)),
  priceUsdPerGpuHour: price,
  gpuHours: 8,
  provider: "provider, with\ttab \\ and\nbreak",
  source: "test",
});

describe("copyGpuTradesIfAbsent", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const rows = async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const result = await client.query<{ trade_id: string; price: number; provider: string }>(
        "select trade_id, price_usd_per_gpu_hour as price, provider from gpu_trade order by executed_at, trade_id",
      );
      return result.rows;
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    database = await createTestDatabase(inject("pgAdminUrl"));
  });
  afterAll(async () => database.drop());

  it("copies into an empty table, falling back to the merge when the input repeats a key", async () => {
    const input = [trade("a", 1, 0.1 + 0.2), trade("b", 2), trade("a", 1, 9)];
    expect(await copyGpuTradesIfAbsent(database.url, () => [input])).toBe(2);
    expect(await rows()).toEqual([
      { trade_id: "a", price: 0.1 + 0.2, provider: "provider, with\ttab \\ and\nbreak" },
      { trade_id: "b", price: 2.5, provider: "provider, with\ttab \\ and\nbreak" },
    ]);
  });

  it("merges into a table that holds trades: stored keys are left as they are", async () => {
    expect(
      await copyGpuTradesIfAbsent(database.url, () => [[trade("b", 2, 7), trade("c", 3)]]),
    ).toBe(1);
    expect((await rows()).map((r) => [r.trade_id, r.price])).toEqual([
      ["a", 0.1 + 0.2],
      ["b", 2.5],
      ["c", 2.5],
    ]);
    expect(await copyGpuTradesIfAbsent(database.url, () => [[trade("c", 3)]])).toBe(0);
  });
});
