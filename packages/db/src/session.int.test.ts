// @module-tag zone
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDb, type Db } from "./client";
import { createTestDatabase } from "./testing/test-postgres";
import { copyGpuTradesIfAbsent } from "./repositories/gpu-trade-copy";

/**
 * A server whose default time zone is not UTC (a server configured for its city, or an embedded
 * one initialised under another TZ) must not move any day or hour: every session is UTC.
 */
describe("database sessions on a server whose default time zone is New York", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  beforeAll(async () => {
    database = await createTestDatabase(inject("pgAdminUrl"));
    const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
    await admin.connect();
    await admin.query(`alter database "${database.name}" set timezone to 'America/New_York'`);
    await admin.end();
    db = createDb(database.url);
  });
  afterAll(async () => {
    await db.$disconnect();
    await database.drop();
  });

  it("the database's own default is New York (so the next checks can fail)", async () => {
    const plain = new pg.Client({ connectionString: database.url });
    await plain.connect();
    const { rows } = await plain.query<{ tz: string }>("select current_setting('TimeZone') as tz");
    await plain.end();
    expect(rows[0]?.tz).toBe("America/New_York");
  });

  it("the api's connections run in UTC, so a 03:00 UTC trade falls on its UTC day", async () => {
    await copyGpuTradesIfAbsent(database.url, () => [
      [
        {
          tradeId: "early",
          gpuName: "H100 SXM",
          executedAt: new Date("2026-11-20T03:00:00Z"),
          priceUsdPerGpuHour: 2.5,
          gpuHours: 8,
          provider: "p",
          source: "test",
        },
      ],
    ]);
    const rows = await db.$queryRaw<{ tz: string; day: string; hour: string }[]>`
      select current_setting('TimeZone') as tz, executed_at::date::text as day,
             date_trunc('hour', executed_at)::text as hour
      from gpu_trade where trade_id = 'early'`;
    expect(rows).toEqual([{ tz: "UTC", day: "2026-11-20", hour: "2026-11-20 03:00:00+00" }]);
  });
});
