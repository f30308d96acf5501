// @module-tag zone
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { createDb } from "../client";
import { applyMigrations, readMigrations } from "../migrate";
import { databaseForFile } from "../testing/database-for-file";
import { withDatabase } from "../testing/test-postgres";
import { insertGpuTradesIfAbsent, summarizeGpuSources, type GpuTradeInput } from "./gpu-index";
import { copyGpuTradesIfAbsent } from "./gpu-trade-copy";

const trade = (tradeId: string, executedAt: string, source: string): GpuTradeInput => ({
  tradeId,
  gpuName: "H100 SXM",
  executedAt: new Date(executedAt),
  priceUsdPerGpuHour: 2.5,
  gpuHours: 8,
  provider: "Alpha",
  source,
});

const { db, url: databaseUrl } = await databaseForFile();

/**
 * The sources behind the GPU index are counted per source and UTC day by the database on every
 * insert, whichever way the trades are written, and a trade already stored is never counted again.
 */
describe("summarizeGpuSources", () => {
  it("counts trades written by COPY, by the staged merge and by the JSON insert, each once", async () => {
    expect(await summarizeGpuSources(db)).toEqual([]);
    // Into the empty table: COPY straight into gpu_trade. Days are UTC days of execution.
    await copyGpuTradesIfAbsent(databaseUrl, () => [
      [
        trade("s1", "2026-11-20T00:10:00Z", "sample"),
        trade("s2", "2026-11-20T23:30:00Z", "sample"),
        trade("s3", "2026-11-21T04:00:00Z", "sample"),
      ],
    ]);
    // The merge: one trade already stored (not counted again), one new.
    await copyGpuTradesIfAbsent(databaseUrl, () => [
      [
        trade("s3", "2026-11-21T04:00:00Z", "sample"),
        trade("s4", "2026-11-21T05:00:00Z", "sample"),
      ],
    ]);
    // The JSON insert, from another source, with a repeat.
    await insertGpuTradesIfAbsent(db, [
      trade("m1", "2026-11-22T09:00:00Z", "acme-exchange"),
      trade("m1", "2026-11-22T09:00:00Z", "acme-exchange"),
    ]);
    await insertGpuTradesIfAbsent(db, [trade("m1", "2026-11-22T09:00:00Z", "acme-exchange")]);

    expect(await summarizeGpuSources(db)).toEqual([
      {
        source: "acme-exchange",
        firstDay: "2026-11-22",
        lastDay: "2026-11-22",
        days: 1,
        latestAsOf: new Date("2026-11-22T09:00:00Z"),
      },
      {
        source: "sample",
        firstDay: "2026-11-20",
        lastDay: "2026-11-21",
        days: 2,
        latestAsOf: new Date("2026-11-21T05:00:00Z"),
      },
    ]);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ source: string; trades: number }>(
      "select source, sum(trades)::int as trades from gpu_trade_source_day group by source order by source",
    );
    await client.end();
    expect(rows).toEqual([
      { source: "acme-exchange", trades: 1 },
      { source: "sample", trades: 4 },
    ]);
  });

  it("counts a trade on its UTC day whatever the writing session's time zone", async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      // UTC+14: 2026-11-23T23:30Z is already 24 Nov there.
      await client.query("set time zone 'Pacific/Kiritimati'");
      await client.query(
        `insert into gpu_trade (trade_id, gpu_name, executed_at, price_usd_per_gpu_hour, gpu_hours, provider, source)
         values ('k1', 'H100 SXM', '2026-11-23T23:30:00Z', 2.5, 8, 'Alpha', 'kiritimati-desk')`,
      );
    } finally {
      await client.end();
    }
    const [desk] = (await summarizeGpuSources(db)).filter((s) => s.source === "kiritimati-desk");
    expect(desk).toMatchObject({ firstDay: "2026-11-23", lastDay: "2026-11-23", days: 1 });
  });

  it("counts the trades stored before the migration that introduced the counts", async () => {
    const name = `tpi_sources_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = withDatabase(inject("pgAdminUrl"), name);
    try {
      const migrations = readMigrations();
      const at = migrations.findIndex((m) => m.name.endsWith("_gpu_trade_sources"));
      expect(at).toBeGreaterThan(0);
      await applyMigrations(url, () => undefined, migrations.slice(0, at));
      await copyGpuTradesIfAbsent(url, () => [
        [
          trade("old1", "2026-03-07T20:30:00Z", "sample"),
          trade("old2", "2026-03-08T01:00:00Z", "sample"),
        ],
      ]);
      await applyMigrations(url);
      const later = createDb(url);
      try {
        expect(await summarizeGpuSources(later)).toEqual([
          {
            source: "sample",
            firstDay: "2026-03-07",
            lastDay: "2026-03-08",
            days: 2,
            latestAsOf: new Date("2026-03-08T01:00:00Z"),
          },
        ]);
      } finally {
        await later.$disconnect();
      }
    } finally {
      const cleanup = new pg.Client({ connectionString: inject("pgAdminUrl") });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    }
  });
});
