import type { DailyValue, GpuName, GpuTrade, HourlyPrint, UtcDay } from "@tpi/domain";
import type { Db } from "../client";
import type { Prisma } from "../generated/prisma/client";
import { bulkInsert, type BulkColumn } from "./bulk-insert";
import { dateToDay } from "./conversions";

type Tx = Db | Prisma.TransactionClient;

/** A trade as stored: the domain trade plus its idempotency key and origin. */
export type GpuTradeInput = GpuTrade & { tradeId: string; source: string };

const INSERT_CHUNK = 10_000;
/** Arbitrary constant identifying the GPU settlement lock among advisory locks. */
const GPU_SETTLEMENT_LOCK_KEY = 7_224_019_005;

const TRADE_COLUMNS: readonly BulkColumn[] = [
  { name: "trade_id", type: "text" },
  { name: "gpu_name", type: "text" },
  { name: "executed_at", type: "timestamptz" },
  { name: "price_usd_per_gpu_hour", type: "float8" },
  { name: "gpu_hours", type: "float8" },
  { name: "provider", type: "text" },
  { name: "source", type: "text" },
];

/** Inserts trades; a trade id already stored is left as it is. Returns how many were new. */
export async function insertGpuTradesIfAbsent(db: Tx, trades: readonly GpuTradeInput[]): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < trades.length; start += INSERT_CHUNK) {
    const chunk = trades.slice(start, start + INSERT_CHUNK);
    inserted += await bulkInsert(
      db,
      "gpu_trade",
      TRADE_COLUMNS,
      chunk.map((t) => [t.tradeId, t.gpuName, t.executedAt, t.priceUsdPerGpuHour, t.gpuHours, t.provider, t.source]),
      "on conflict (trade_id) do nothing",
    );
  }
  return inserted;
}

export async function countGpuTrades(db: Tx): Promise<number> {
  return db.gpuTrade.count();
}

/** Trades of one GPU executed in [from, to). */
export async function gpuTradesBetween(db: Tx, gpuName: GpuName, from: Date, to: Date): Promise<GpuTrade[]> {
  const rows = await db.$queryRaw<{ executed_at: Date; price: number; gpu_hours: number; provider: string }[]>`
    select executed_at, price_usd_per_gpu_hour as price, gpu_hours, provider from gpu_trade
    where gpu_name = ${gpuName} and executed_at >= ${from} and executed_at < ${to}`;
  return rows.map((r) => ({ gpuName, executedAt: r.executed_at, priceUsdPerGpuHour: r.price, gpuHours: r.gpu_hours, provider: r.provider }));
}

export async function firstGpuTradeAt(db: Tx, gpuName: GpuName): Promise<Date | undefined> {
  const row = await db.gpuTrade.findFirst({ where: { gpuName }, orderBy: { executedAt: "asc" }, select: { executedAt: true } });
  return row?.executedAt;
}

/** Which of `tradeIds` fall in hours that already have a print (imports report them: prints are never silently restated). */
export async function countTradesInPrintedHours(db: Tx, tradeIds: readonly string[]): Promise<number> {
  if (tradeIds.length === 0) return 0;
  const [row] = await db.$queryRaw<{ n: bigint }[]>`
    select count(*) as n from gpu_trade t
    where t.trade_id = any(${tradeIds as string[]}::text[])
      and exists (select 1 from gpu_hourly_print p
                  where p.gpu_name = t.gpu_name and p.hour = date_trunc('hour', t.executed_at) + interval '1 hour')`;
  return Number(row?.n ?? 0n);
}

export async function lockGpuSettlement(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`select pg_advisory_xact_lock(${GPU_SETTLEMENT_LOCK_KEY})`;
}

export async function latestGpuPrint(db: Tx, gpuName: GpuName): Promise<HourlyPrint | undefined> {
  const row = await db.gpuHourlyPrint.findFirst({ where: { gpuName }, orderBy: { hour: "desc" } });
  return row ? toPrint(row) : undefined;
}

const PRINT_COLUMNS: readonly BulkColumn[] = [
  { name: "gpu_name", type: "text" },
  { name: "hour", type: "timestamptz" },
  { name: "index_value", type: "float8" },
  { name: "carried", type: "bool" },
  { name: "trade_count", type: "int4" },
  { name: "gpu_hours", type: "float8" },
  { name: "computed_at", type: "timestamptz" },
];

/** Published prints are final: an existing (gpu, hour) is never overwritten. */
export async function insertGpuPrints(db: Tx, prints: readonly HourlyPrint[], computedAt: Date): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < prints.length; start += INSERT_CHUNK) {
    const chunk = prints.slice(start, start + INSERT_CHUNK);
    inserted += await bulkInsert(
      db,
      "gpu_hourly_print",
      PRINT_COLUMNS,
      chunk.map((p) => [p.gpuName, p.hour, p.indexValue, p.carried, p.tradeCount, p.gpuHours, computedAt]),
      "on conflict (gpu_name, hour) do nothing",
    );
  }
  return inserted;
}

/** Prints of one GPU with after < hour <= through, oldest first. */
export async function gpuPrintsBetween(db: Tx, gpuName: GpuName, after: Date, through: Date): Promise<HourlyPrint[]> {
  const rows = await db.gpuHourlyPrint.findMany({ where: { gpuName, hour: { gt: after, lte: through } }, orderBy: { hour: "asc" } });
  return rows.map(toPrint);
}

export async function latestGpuDailyValue(db: Tx, gpuName: GpuName): Promise<DailyValue | undefined> {
  const row = await db.gpuDailyValue.findFirst({ where: { gpuName }, orderBy: { day: "desc" } });
  return row ? toDaily(row) : undefined;
}

const DAILY_COLUMNS: readonly BulkColumn[] = [
  { name: "gpu_name", type: "text" },
  { name: "day", type: "date" },
  { name: "settled_at", type: "timestamptz" },
  { name: "index_value", type: "float8" },
  { name: "print_count", type: "int4" },
  { name: "computed_at", type: "timestamptz" },
];

export async function insertGpuDailyValues(db: Tx, values: readonly DailyValue[], computedAt: Date): Promise<number> {
  return bulkInsert(
    db,
    "gpu_daily_value",
    DAILY_COLUMNS,
    values.map((v) => [v.gpuName, v.day, v.settledAt, v.indexValue, v.printCount, computedAt]),
    "on conflict (gpu_name, day) do nothing",
  );
}

/** Everything published, for the in-memory read model; ordered by GPU then time. */
export async function allGpuPrints(db: Tx): Promise<HourlyPrint[]> {
  const rows = await db.$queryRaw<{ gpu_name: string; hour: Date; index_value: number; carried: boolean; trade_count: number; gpu_hours: number }[]>`
    select gpu_name, hour, index_value, carried, trade_count, gpu_hours from gpu_hourly_print order by gpu_name, hour`;
  return rows.map((r) => ({
    gpuName: r.gpu_name as GpuName,
    hour: r.hour,
    indexValue: r.index_value,
    carried: r.carried,
    tradeCount: r.trade_count,
    gpuHours: r.gpu_hours,
  }));
}

export async function allGpuDailyValues(db: Tx): Promise<DailyValue[]> {
  const rows = await db.gpuDailyValue.findMany({ orderBy: [{ gpuName: "asc" }, { day: "asc" }] });
  return rows.map(toDaily);
}

/** Moves whenever a print or a daily value is published. */
export async function gpuPublicationFingerprint(db: Tx): Promise<string> {
  const [row] = await db.$queryRaw<{ prints: bigint; daily: bigint; latest_print: Date | null; latest_daily: Date | null }[]>`
    select (select count(*) from gpu_hourly_print) as prints, (select count(*) from gpu_daily_value) as daily,
           (select max(computed_at) from gpu_hourly_print) as latest_print, (select max(computed_at) from gpu_daily_value) as latest_daily`;
  return [row?.prints ?? 0n, row?.daily ?? 0n, row?.latest_print?.toISOString() ?? "-", row?.latest_daily?.toISOString() ?? "-"].join(":");
}

type PrintRow = { gpuName: string; hour: Date; indexValue: number; carried: boolean; tradeCount: number; gpuHours: number };
type DailyRow = { gpuName: string; day: Date; settledAt: Date; indexValue: number; printCount: number };

function toPrint(row: PrintRow): HourlyPrint {
  return { gpuName: row.gpuName as GpuName, hour: row.hour, indexValue: row.indexValue, carried: row.carried, tradeCount: row.tradeCount, gpuHours: row.gpuHours };
}

function toDaily(row: DailyRow): DailyValue {
  return { gpuName: row.gpuName as GpuName, day: dateToDay(row.day) as UtcDay, settledAt: row.settledAt, indexValue: row.indexValue, printCount: row.printCount };
}

