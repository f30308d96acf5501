import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { applyMigrations, readMigrations } from "./migrate";
import { withDatabase } from "./testing/test-postgres";

/**
 * The migration that freezes the GPU traded volume in the published rows backfills the prints and
 * daily values published before it from the stored trades: each non-carried print the distinct
 * providers of its hour's trades, each daily value the sums of its prints and the distinct
 * providers over its whole settlement period (23 hours on the spring-forward day).
 */
const FROZEN_VOLUME_MIGRATION = "20261123194330_gpu_frozen_volume";

async function freshDatabase(): Promise<string> {
  const name = `tpi_frozen_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return withDatabase(inject("pgAdminUrl"), name);
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

// [executed_at, provider, gpu_hours]
const TRADES: [string, string, number][] = [
  // 2026-03-07 settles at 21:00 UTC (standard time): the 21:00 print is that day's ...
  ["2026-03-07T20:30:00.000Z", "Delta", 1],
  // ... the 22:00 print the next day's (2026-03-08 settles at 20:00 UTC, after the clock change).
  ["2026-03-07T21:30:00.000Z", "Echo", 1],
  // Day 2026-03-09 (settles 20:00 UTC): prints 11:00 (Alpha, Beta), 12:00 (Alpha, on the hour).
  ["2026-03-09T10:10:00.000Z", "Alpha", 1],
  ["2026-03-09T10:40:00.000Z", "Beta", 2],
  ["2026-03-09T11:00:00.000Z", "Alpha", 4],
  // Stored for the 13:00 hour after it was printed carried: that print used no trade.
  ["2026-03-09T12:30:00.000Z", "Gamma", 8],
  // The 21:00 print: day 2026-03-10.
  ["2026-03-09T20:15:00.000Z", "Gamma", 1],
];

// [hour, carried, trade_count, gpu_hours]
const PRINTS: [string, boolean, number, number][] = [
  ["2026-03-07T21:00:00.000Z", false, 1, 1],
  ["2026-03-07T22:00:00.000Z", false, 1, 1],
  ["2026-03-09T11:00:00.000Z", false, 2, 3],
  ["2026-03-09T12:00:00.000Z", false, 1, 4],
  ["2026-03-09T13:00:00.000Z", true, 0, 0],
  ["2026-03-09T21:00:00.000Z", false, 1, 1],
];

// [day, settled_at, print_count]
const DAILY: [string, string, number][] = [
  ["2026-03-07", "2026-03-07T21:00:00.000Z", 1],
  ["2026-03-08", "2026-03-08T20:00:00.000Z", 1],
  ["2026-03-09", "2026-03-09T20:00:00.000Z", 3],
  ["2026-03-10", "2026-03-10T20:00:00.000Z", 1],
];

describe("migration freezing the GPU traded volume", () => {
  it("backfills prints and daily values published before it from the stored trades", async () => {
    const url = await freshDatabase();
    const migrations = readMigrations();
    expect(migrations.map((m) => m.name)).toContain(FROZEN_VOLUME_MIGRATION);
    await applyMigrations(
      url,
      undefined,
      migrations.filter((m) => m.name < FROZEN_VOLUME_MIGRATION),
    );
    await withClient(url, async (client) => {
      for (const [i, [executedAt, provider, gpuHours]] of TRADES.entries())
        await client.query(
          `insert into gpu_trade (trade_id, gpu_name, executed_at, price_usd_per_gpu_hour, gpu_hours, provider, source)
           values ($1, 'B200', $2, 5, $3, $4, 'test')`,
          [`t${i}`, executedAt, gpuHours, provider],
        );
      for (const [hour, carried, tradeCount, gpuHours] of PRINTS)
        await client.query(
          `insert into gpu_hourly_print (gpu_name, hour, index_value, carried, trade_count, gpu_hours, computed_at)
           values ('B200', $1, 5, $2, $3, $4, now())`,
          [hour, carried, tradeCount, gpuHours],
        );
      for (const [day, settledAt, printCount] of DAILY)
        await client.query(
          `insert into gpu_daily_value (gpu_name, day, settled_at, index_value, print_count, computed_at)
           values ('B200', $1, $2, 5, $3, now())`,
          [day, settledAt, printCount],
        );
    });

    const report = await applyMigrations(url);
    expect(report.applied).toContain(FROZEN_VOLUME_MIGRATION);

    await withClient(url, async (client) => {
      const prints = await client.query<{
        hour: Date;
        trade_count: number;
        provider_count: number;
        providers: string[];
      }>(`select hour, trade_count, provider_count, providers from gpu_hourly_print order by hour`);
      expect(prints.rows.map((p) => [p.hour.toISOString(), p.provider_count, p.providers])).toEqual(
        [
          ["2026-03-07T21:00:00.000Z", 1, ["Delta"]],
          ["2026-03-07T22:00:00.000Z", 1, ["Echo"]],
          ["2026-03-09T11:00:00.000Z", 2, ["Alpha", "Beta"]],
          ["2026-03-09T12:00:00.000Z", 1, ["Alpha"]],
          ["2026-03-09T13:00:00.000Z", 0, []],
          ["2026-03-09T21:00:00.000Z", 1, ["Gamma"]],
        ],
      );
      const daily = await client.query<{
        day: string;
        trade_count: number;
        gpu_hours: number;
        provider_count: number;
      }>(
        `select day::text as day, trade_count, gpu_hours, provider_count from gpu_daily_value order by day`,
      );
      expect(daily.rows.map((d) => [d.day, d.trade_count, d.gpu_hours, d.provider_count])).toEqual([
        // The 23-hour period of 2026-03-08 starts after 2026-03-07T21:00Z: Echo only.
        ["2026-03-07", 1, 1, 1],
        ["2026-03-08", 1, 1, 1],
        // Alpha traded in two hours: 2 distinct providers, not the hours' 3.
        ["2026-03-09", 3, 7, 2],
        ["2026-03-10", 1, 1, 1],
      ]);
      // New rows must state their counts: no default is left behind.
      const defaults = await client.query<{ column_name: string }>(
        `select column_name from information_schema.columns
         where table_name in ('gpu_hourly_print', 'gpu_daily_value')
           and column_name in ('provider_count', 'providers', 'trade_count', 'gpu_hours')
           and column_default is not null`,
      );
      expect(defaults.rows).toEqual([]);
    });
  });
});
