import { countGpuTrades } from "@tpi/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../../../testing/test-api";
import { parseCsvRecord } from "../../../platform/ingest/csv-records";
import { parseGpuTrades } from "../sources/trade-file";
import { writeGpuTrades } from "./trade-import";

const NOW = new Date("2026-03-10T12:30:00.000Z");
const CSV = [
  "gpu_name,executed_at,price_usd_per_gpu_hour,gpu_hours,provider,trade_id",
  'H100 SXM,2026-03-10 10:15:00,2.10,8,"Provider, Inc.",t1',
  "H100 SXM,2026-03-10T10:45:00Z,2.30,24,p2,",
  "",
  "RTX PRO 6000 WS,2026-03-10T11:05:00-00:00,1.50,4,p3,t3",
].join("\n");

describe("parsing and validating trade files", () => {
  it("reads CSV with quoted fields and derives a stable trade id when none is given", () => {
    const parsed = parseGpuTrades(Buffer.from(CSV), "csv", { now: NOW, source: "test" });
    expect(parsed.errors).toEqual([]);
    expect(parsed.records).toBe(3);
    expect(parsed.trades[0]).toMatchObject({
      tradeId: "t1",
      gpuName: "H100 SXM",
      provider: "Provider, Inc.",
      priceUsdPerGpuHour: 2.1,
      gpuHours: 8,
    });
    expect(parsed.trades[0]?.executedAt.toISOString()).toBe("2026-03-10T10:15:00.000Z");
    const again = parseGpuTrades(Buffer.from(CSV), "csv", { now: NOW, source: "test" });
    expect(parsed.trades[1]?.tradeId).toMatch(/^sha256:/);
    expect(again.trades[1]?.tradeId).toBe(parsed.trades[1]?.tradeId);
    expect(parseCsvRecord('a,"b ""c""",d')).toEqual(["a", 'b "c"', "d"]);
  });

  it("reports every invalid record with its line number", () => {
    const jsonl = [
      '{"gpu_name":"H100 SXM","executed_at":"2026-03-10T10:00:00Z","price_usd_per_gpu_hour":2,"gpu_hours":1,"provider":"p"}',
      '{"gpu_name":"h100 sxm","executed_at":"2026-03-10T10:00:00Z","price_usd_per_gpu_hour":2,"gpu_hours":1,"provider":"p"}',
      '{"gpu_name":"H200","executed_at":"2026-03-11T10:00:00Z","price_usd_per_gpu_hour":2,"gpu_hours":1,"provider":"p"}',
      '{"gpu_name":"H200","executed_at":"2026-03-10T10:00:00Z","price_usd_per_gpu_hour":-2,"gpu_hours":1,"provider":"p"}',
      '{"gpu_name":"H200","executed_at":"2026-03-10T10:00:00Z","price_usd_per_gpu_hour":2,"gpu_hours":0,"provider":"p"}',
      '{"gpu_name":"H200","executed_at":"soon","price_usd_per_gpu_hour":2,"gpu_hours":1}',
      "not json",
    ].join("\n");
    const parsed = parseGpuTrades(Buffer.from(jsonl), "jsonl", { now: NOW, source: "test" });
    expect(parsed.trades).toHaveLength(1);
    expect(parsed.errors.map((e) => e.line)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(parsed.errors[0]?.message).toContain("Invalid GPU type");
    expect(parsed.errors[1]?.message).toContain("future");
    expect(parsed.errors[4]?.message).toContain("missing provider");
    expect(
      parseGpuTrades(Buffer.from("gpu_name,price\nH200,1"), "csv", { now: NOW, source: "t" })
        .errors[0]?.message,
    ).toContain("header lacks executed_at");
  });
});

describe("writing trades", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ now: NOW });
  });
  afterAll(async () => api.close());

  it("writes once, is idempotent, and counts trades in hours that already have a print", async () => {
    const { trades } = parseGpuTrades(Buffer.from(CSV), "csv", { now: NOW, source: "test" });
    expect(await writeGpuTrades(api.db, trades)).toEqual({
      records: 3,
      inserted: 3,
      alreadyStored: 0,
      inAlreadyPrintedHours: 0,
    });
    await api.loadGpuTrades([]);
    const latest = await api.get("/api/gpu/H100%20SXM");
    expect(latest.body).toMatchObject({
      data: { last_updated: "2026-03-10T12:00:00.000Z", is_carried: true },
    });
    // Second import of the same file: nothing new, and all three trades are in printed hours.
    expect(await writeGpuTrades(api.db, trades)).toEqual({
      records: 3,
      inserted: 0,
      alreadyStored: 3,
      inAlreadyPrintedHours: 3,
    });
    expect(await countGpuTrades(api.db)).toBe(3);
  });
});
