import {
  GPU_NAMES,
  type DailyBasis,
  type DailyValue,
  type GpuName,
  type GpuTrade,
  type HourlyPrint,
  type PreviousPrint,
  type PrintBasis,
  type PrintableTrade,
  type SettlingPrint,
} from "@tpi/domain";
import type { Tx } from "../client";
import type { Prisma } from "../generated/prisma/client";
import { dateToDay } from "./conversions";
import type { SourceSummary } from "./source-data";

/** A print as published: marked back-filled when it was computed more than an hour after its hour. */
export type PublishedPrint = HourlyPrint & { backfilled: boolean };
/** A daily value as published, marked back-filled like a print. */
export type PublishedDailyValue = DailyValue & { backfilled: boolean };

/**
 * Many prints name the same sources: one shared array per distinct list keeps the in-memory read
 * model from holding 80k copies of `["sample"]`.
 */
function internSources(): (sources: readonly string[]) => readonly string[] {
  const seen = new Map<string, readonly string[]>();
  return (sources) => {
    const key = sources.join("\u0000");
    const known = seen.get(key);
    if (known) return known;
    const frozen = Object.freeze([...sources]);
    seen.set(key, frozen);
    return frozen;
  };
}

/** A trade as stored: the domain trade plus its idempotency key and origin. */
export type GpuTradeInput = GpuTrade & { tradeId: string; source: string };

const INSERT_CHUNK = 10_000;
/** Arbitrary base of the GPU settlement locks among advisory locks: one lock per GPU (base + catalog position). */
const GPU_SETTLEMENT_LOCK_BASE = 7_224_019_100;

/**
 * Inserts trades; a trade already stored (same GPU, time and trade id) is left as it is. Returns
 * how many were new. The rows travel as one JSON text parameter: Prisma's driver adapter converts
 * array parameters element by element, which costs more than PostgreSQL's insert itself.
 */
export async function insertGpuTradesIfAbsent(
  db: Tx,
  trades: readonly GpuTradeInput[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < trades.length; start += INSERT_CHUNK) {
    const chunk = trades.slice(start, start + INSERT_CHUNK);
    const json = JSON.stringify(
      chunk.map((t) => [
        t.tradeId,
        t.gpuName,
        t.executedAt.toISOString(),
        t.priceUsdPerGpuHour,
        t.gpuHours,
        t.provider,
        t.source,
      ]),
    );
    inserted += await db.$executeRawUnsafe(
      `insert into gpu_trade (trade_id, gpu_name, executed_at, price_usd_per_gpu_hour, gpu_hours, provider, source)
       select r->>0, r->>1, (r->>2)::timestamptz, (r->>3)::float8, (r->>4)::float8, r->>5, r->>6
       from jsonb_array_elements($1::jsonb) as r
       on conflict (gpu_name, executed_at, trade_id) do nothing`,
      json,
    );
  }
  return inserted;
}

export async function countGpuTrades(db: Tx): Promise<number> {
  return db.gpuTrade.count();
}

/**
 * Whether any trade is stored: one index probe, where a count reads every row (0.7 s at 5.4 M
 * trades), so that the start-up's emptiness check stays flat as trades accumulate.
 */
export async function hasGpuTrades(db: Tx): Promise<boolean> {
  return (await db.gpuTrade.findFirst({ select: { tradeId: true } })) !== null;
}

/**
 * Trades of one GPU executed in [from, to), in key order (time, then trade id). The order is part
 * of the result: a print sums floating-point products, so it depends on the order of its trades
 * in the last bit. Unordered, the rows came in heap order, which depends on how the trades were
 * written (concurrent batches interleave pages) and made two loads of the same trades publish
 * prints differing in the last digit.
 *
 * Read as one text, a line per trade, of what a print needs: Prisma's per-row decoding is the
 * slow part of large reads, and building JSON arrays with `extract(epoch ...)` (numeric) cost
 * twice this. The time is float8 epoch milliseconds, rounded (exact: timestamps have millisecond
 * precision); prices and hours are float8 text (shortest round-trip, exact); the provider and the
 * source come last as a JSON array, so a comma or line break in a name cannot split a line.
 */
export async function gpuTradesBetween(
  db: Tx,
  gpuName: GpuName,
  from: Date,
  to: Date,
): Promise<PrintableTrade[]> {
  const [row] = await db.$queryRaw<{ rows: string | null }[]>`
    select string_agg(concat_ws(',', round(date_part('epoch', executed_at) * 1000), price_usd_per_gpu_hour, gpu_hours, json_build_array(provider, source)::text), chr(10) order by executed_at, trade_id) as rows
    from gpu_trade where gpu_name = ${gpuName} and executed_at >= ${from} and executed_at < ${to}`;
  if (!row?.rows) return [];
  return row.rows.split("\n").map((line) => {
    const [ms, price, gpuHours] = line.split(",", 3);
    const namesAt = line.indexOf(",", line.indexOf(",", line.indexOf(",") + 1) + 1) + 1;
    const [provider, source] = JSON.parse(line.slice(namesAt)) as [string, string];
    return {
      gpuName,
      executedAt: new Date(Number(ms)),
      priceUsdPerGpuHour: Number(price),
      gpuHours: Number(gpuHours),
      provider,
      source,
    };
  });
}

export async function firstGpuTradeAt(db: Tx, gpuName: GpuName): Promise<Date | undefined> {
  const row = await db.gpuTrade.findFirst({
    where: { gpuName },
    orderBy: { executedAt: "asc" },
    select: { executedAt: true },
  });
  return row?.executedAt;
}

/** Serialises settlers of one GPU; different GPUs settle concurrently. */
export async function lockGpuSettlement(
  tx: Prisma.TransactionClient,
  gpuName: GpuName,
): Promise<void> {
  const position = GPU_NAMES.indexOf(gpuName);
  await tx.$executeRaw`select pg_advisory_xact_lock(${GPU_SETTLEMENT_LOCK_BASE + position})`;
}

export async function latestGpuPrint(
  db: Tx,
  gpuName: GpuName,
): Promise<(HourlyPrint & PreviousPrint) | undefined> {
  const row = await db.gpuHourlyPrint.findFirst({
    where: { gpuName },
    orderBy: { hour: "desc" },
    omit: { providers: true, snapshotIds: true },
  });
  return row ? toPrint(row) : undefined;
}

/** The hour of the GPU's first print, if any. */
export async function firstGpuPrintHour(db: Tx, gpuName: GpuName): Promise<Date | undefined> {
  const row = await db.gpuHourlyPrint.findFirst({
    where: { gpuName },
    orderBy: { hour: "asc" },
    select: { hour: true },
  });
  return row?.hour;
}

/**
 * Published prints are final: an existing (gpu, hour) is never overwritten, so neither is the
 * volume stored with a print (its trades' count, GPU-hours and providers). Rows travel as one
 * JSON text.
 */
export async function insertGpuPrints(
  db: Tx,
  prints: readonly (SettlingPrint & { backfilled: boolean })[],
  computedAt: Date,
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < prints.length; start += INSERT_CHUNK) {
    const json = JSON.stringify(
      prints
        .slice(start, start + INSERT_CHUNK)
        .map((p) => [
          p.gpuName,
          p.hour.toISOString(),
          p.indexValue,
          p.carried,
          p.tradeCount,
          p.gpuHours,
          p.providerCount,
          p.providers,
          p.basis,
          p.sources,
          p.offerCount,
          p.snapshotIds,
          p.backfilled,
        ]),
    );
    inserted += await db.$executeRawUnsafe(
      `insert into gpu_hourly_print (gpu_name, hour, index_value, carried, trade_count, gpu_hours, provider_count, providers, computed_at,
                                     basis, sources, offer_count, snapshot_ids, backfilled)
       select r->>0, (r->>1)::timestamptz, (r->>2)::float8, (r->>3)::boolean, (r->>4)::int, (r->>5)::float8, (r->>6)::int,
              array(select jsonb_array_elements_text(r->7)), $2::timestamptz,
              r->>8, array(select jsonb_array_elements_text(r->9)), (r->>10)::int,
              array(select (jsonb_array_elements_text(r->11))::int), (r->>12)::boolean
       from jsonb_array_elements($1::jsonb) as r
       on conflict (gpu_name, hour) do nothing`,
      json,
      computedAt.toISOString(),
    );
  }
  return inserted;
}

/**
 * Prints of one GPU with after < hour <= through, oldest first, with their providers (for the
 * daily values' distinct providers). Read as one JSON text, like the trades (Prisma decodes row
 * by row).
 */
export async function gpuPrintsBetween(
  db: Tx,
  gpuName: GpuName,
  after: Date,
  through: Date,
): Promise<SettlingPrint[]> {
  const [row] = await db.$queryRaw<{ rows: string | null }[]>`
    select json_agg(json_build_array(round(date_part('epoch', hour) * 1000), index_value, carried, trade_count, gpu_hours, provider_count, providers,
                                     basis, sources, offer_count, snapshot_ids) order by hour)::text as rows
    from gpu_hourly_print where gpu_name = ${gpuName} and hour > ${after} and hour <= ${through}`;
  const rows = JSON.parse(row?.rows ?? "[]") as [
    number,
    number,
    boolean,
    number,
    number,
    number,
    string[],
    PrintBasis,
    string[],
    number,
    number[],
  ][];
  return rows.map(
    ([
      ms,
      indexValue,
      carried,
      tradeCount,
      gpuHours,
      providerCount,
      providers,
      basis,
      sources,
      offerCount,
      snapshotIds,
    ]) => ({
      gpuName,
      hour: new Date(ms),
      indexValue,
      carried,
      tradeCount,
      gpuHours,
      providerCount,
      providers,
      basis,
      sources,
      offerCount,
      snapshotIds,
    }),
  );
}

export async function latestGpuDailyValue(
  db: Tx,
  gpuName: GpuName,
): Promise<DailyValue | undefined> {
  const row = await db.gpuDailyValue.findFirst({ where: { gpuName }, orderBy: { day: "desc" } });
  return row ? toDaily(row) : undefined;
}

export async function insertGpuDailyValues(
  db: Tx,
  values: readonly PublishedDailyValue[],
  computedAt: Date,
): Promise<number> {
  if (values.length === 0) return 0;
  const json = JSON.stringify(
    values.map((v) => [
      v.gpuName,
      v.day,
      v.settledAt.toISOString(),
      v.indexValue,
      v.printCount,
      v.tradeCount,
      v.gpuHours,
      v.providerCount,
      v.basis,
      v.sources,
      v.offerCount,
      v.backfilled,
    ]),
  );
  return db.$executeRawUnsafe(
    `insert into gpu_daily_value (gpu_name, day, settled_at, index_value, print_count, trade_count, gpu_hours, provider_count, computed_at,
                                  basis, sources, offer_count, backfilled)
     select r->>0, (r->>1)::date, (r->>2)::timestamptz, (r->>3)::float8, (r->>4)::int, (r->>5)::int, (r->>6)::float8, (r->>7)::int, $2::timestamptz,
            r->>8, array(select jsonb_array_elements_text(r->9)), (r->>10)::int, (r->>11)::boolean
     from jsonb_array_elements($1::jsonb) as r
     on conflict (gpu_name, day) do nothing`,
    json,
    computedAt.toISOString(),
  );
}

/**
 * Everything published, for the in-memory read model, with the volume frozen in each print (never
 * the provider names); ordered by GPU then time. Read as one JSON text (about 80k rows), hours as
 * float8 epoch milliseconds (exact; numeric `extract` is slower).
 */
export async function allGpuPrints(db: Tx): Promise<PublishedPrint[]> {
  const [row] = await db.$queryRaw<{ rows: string | null }[]>`
    select json_agg(json_build_array(gpu_name, round(date_part('epoch', hour) * 1000), index_value, carried, trade_count, gpu_hours, provider_count,
                                     basis, sources, offer_count, backfilled) order by gpu_name, hour)::text as rows
    from gpu_hourly_print`;
  const rows = JSON.parse(row?.rows ?? "[]") as [
    string,
    number,
    number,
    boolean,
    number,
    number,
    number,
    PrintBasis,
    string[],
    number,
    boolean,
  ][];
  const intern = internSources();
  return rows.map(
    ([
      gpuName,
      ms,
      indexValue,
      carried,
      tradeCount,
      gpuHours,
      providerCount,
      basis,
      sources,
      offerCount,
      backfilled,
    ]) => ({
      gpuName: gpuName as GpuName,
      hour: new Date(ms),
      indexValue,
      carried,
      tradeCount,
      gpuHours,
      providerCount,
      basis,
      sources: intern(sources),
      offerCount,
      backfilled,
    }),
  );
}

/** Every daily value with its frozen volume, for the read model; ordered by GPU then day. */
export async function allGpuDailyValues(db: Tx): Promise<PublishedDailyValue[]> {
  const rows = await db.gpuDailyValue.findMany({ orderBy: [{ gpuName: "asc" }, { day: "asc" }] });
  const intern = internSources();
  return rows.map((row) => ({ ...toDaily(row), sources: intern(row.sources) }));
}

/**
 * Moves whenever a print or a daily value is published, or trades or quote snapshots are stored
 * (their sources are part of what the read model says, even when they fall in hours already
 * printed).
 */
export async function gpuPublicationFingerprint(db: Tx): Promise<string> {
  const [row] = await db.$queryRaw<
    {
      prints: bigint;
      daily: bigint;
      latest_print: Date | null;
      latest_daily: Date | null;
      trades: bigint;
      snapshots: number | null;
    }[]
  >`
    select (select count(*) from gpu_hourly_print) as prints, (select count(*) from gpu_daily_value) as daily,
           (select max(computed_at) from gpu_hourly_print) as latest_print, (select max(computed_at) from gpu_daily_value) as latest_daily,
           (select coalesce(sum(trades), 0) from gpu_trade_source_day) as trades,
           (select max(id) from gpu_quote_snapshot) as snapshots`;
  return [
    row?.prints ?? 0n,
    row?.daily ?? 0n,
    row?.latest_print?.toISOString() ?? "-",
    row?.latest_daily?.toISOString() ?? "-",
    row?.trades ?? 0n,
    row?.snapshots ?? 0,
  ].join(":");
}

type PrintRow = {
  gpuName: string;
  hour: Date;
  indexValue: number;
  carried: boolean;
  tradeCount: number;
  gpuHours: number;
  providerCount: number;
  basis: string;
  sources: string[];
  offerCount: number;
};
type DailyRow = {
  gpuName: string;
  day: Date;
  settledAt: Date;
  indexValue: number;
  printCount: number;
  tradeCount: number;
  gpuHours: number;
  providerCount: number;
  basis: string;
  sources: string[];
  offerCount: number;
  backfilled: boolean;
};

function toPrint(row: PrintRow): HourlyPrint {
  return {
    gpuName: row.gpuName as GpuName,
    hour: row.hour,
    indexValue: row.indexValue,
    carried: row.carried,
    tradeCount: row.tradeCount,
    gpuHours: row.gpuHours,
    providerCount: row.providerCount,
    basis: row.basis as PrintBasis,
    sources: row.sources,
    offerCount: row.offerCount,
  };
}

function toDaily(row: DailyRow): PublishedDailyValue {
  return {
    gpuName: row.gpuName as GpuName,
    day: dateToDay(row.day),
    settledAt: row.settledAt,
    indexValue: row.indexValue,
    printCount: row.printCount,
    tradeCount: row.tradeCount,
    gpuHours: row.gpuHours,
    providerCount: row.providerCount,
    basis: row.basis as DailyBasis,
    sources: row.sources,
    offerCount: row.offerCount,
    backfilled: row.backfilled,
  };
}

/**
 * The sources of the stored trades (the generated sample, or an import's `--source`): UTC days
 * with trades and the newest trade of each, read from the per-day counts the database keeps on
 * every insert, so the cost does not grow with the trades. The newest trade is the source's as-of
 * time: the data describes the market up to it.
 */
export async function summarizeGpuSources(db: Tx): Promise<SourceSummary[]> {
  const rows = await db.$queryRaw<
    { source: string; first_day: Date; last_day: Date; days: bigint; latest: Date }[]
  >`
    select source, min(day) as first_day, max(day) as last_day, count(*) as days,
           max(last_executed_at) as latest
    from gpu_trade_source_day group by source order by source`;
  return rows.map((r) => ({
    source: r.source,
    firstDay: dateToDay(r.first_day),
    lastDay: dateToDay(r.last_day),
    days: Number(r.days),
    latestAsOf: r.latest,
  }));
}
