import type { Tx } from "../client";
import { dateToDay, dayToDate } from "./conversions";
import type { PublishedIndexRow } from "./index-values";
import type { LabId, UtcDay } from "@tpi/domain";

/**
 * Published values read a page at a time in series then period order (keyset pagination: each
 * page starts after the last key of the one before), for bulk files: a year of hourly prints is
 * never held whole. Each reader takes the key to start after (none for the first page).
 */

/** A page's position: the series and period of its last row. */
export type SeriesKey<Period> = { series: string; period: Period };

/**
 * Every page of a keyset read, in order, until a page comes back short; `stopping` ends it
 * between pages.
 */
export async function* seriesPages<Row, Period>(
  readPage: (after: SeriesKey<Period> | undefined, limit: number) => Promise<Row[]>,
  keyOf: (row: Row) => SeriesKey<Period>,
  limit: number,
  stopping?: AbortSignal,
): AsyncGenerator<Row[]> {
  let after: SeriesKey<Period> | undefined;
  while (stopping?.aborted !== true) {
    const page = await readPage(after, limit);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (page.length < limit || last === undefined) return;
    after = keyOf(last);
  }
}

/** Rows after `after` in (series, period) order, as a Prisma `where` on two columns. */
function after<S extends string, P extends string, V>(
  seriesField: S,
  periodField: P,
  key: SeriesKey<V> | undefined,
) {
  if (key === undefined) return {};
  return {
    OR: [
      { [seriesField]: { gt: key.series } },
      { [seriesField]: key.series, [periodField]: { gt: key.period } },
    ],
  } as Record<string, unknown>;
}

/** Token index values: lab then day. */
export async function indexValuesPage(
  db: Tx,
  key: SeriesKey<UtcDay> | undefined,
  limit: number,
): Promise<PublishedIndexRow[]> {
  const rows = await db.indexValue.findMany({
    where: after("lab", "date", key && { series: key.series, period: dayToDate(key.period) }),
    orderBy: [{ lab: "asc" }, { date: "asc" }],
    take: limit,
  });
  return rows.map((row) => ({
    date: dateToDay(row.date),
    lab: row.lab as LabId,
    indexPerMtok: row.indexPerMtok,
    computedAt: row.computedAt.toISOString(),
    methodologyVersion: row.methodologyVersion,
    constituentCount: row.constituentCount,
    totalTokens: Number(row.totalTokens),
  }));
}

/** The tokens of one lab-day's constituents by source and price basis (its provenance). */
export type LabDaySourceVolume = {
  date: UtcDay;
  lab: string;
  source: string;
  priceBasis: string;
  totalTokens: bigint;
};

/** Constituent tokens per lab-day, source and price basis, of `labs` from `from` to `to`. */
export async function labDaySourceVolumes(
  db: Tx,
  labs: readonly string[],
  from: UtcDay,
  to: UtcDay,
): Promise<LabDaySourceVolume[]> {
  const groups = await db.indexConstituent.groupBy({
    by: ["date", "lab", "source", "priceBasis"],
    where: { lab: { in: [...labs] }, date: { gte: dayToDate(from), lte: dayToDate(to) } },
    _sum: { totalTokens: true },
  });
  return groups.map((group) => ({
    date: dateToDay(group.date),
    lab: group.lab,
    source: group.source,
    priceBasis: group.priceBasis,
    totalTokens: group._sum.totalTokens ?? 0n,
  }));
}

/**
 * What token volume rows are computed against, over all history of `labs`: each lab's first
 * published day and its tokens, and each day's summed tokens and number of labs published.
 * Small (one row per lab, one per day), so a bulk read holds it while it streams the rows.
 */
export async function tokenVolumeAggregates(db: Tx, labs: readonly string[]) {
  const [firsts, days] = await Promise.all([
    db.$queryRaw<{ lab: string; date: Date; total_tokens: bigint }[]>`
      select distinct on (lab) lab, date, total_tokens from index_value
      where lab = any(${[...labs]}) order by lab, date`,
    db.$queryRaw<{ date: Date; total_tokens: string; labs: bigint }[]>`
      select date, sum(total_tokens)::text as total_tokens, count(*) as labs from index_value
      where lab = any(${[...labs]}) group by date order by date`,
  ]);
  return {
    baselines: firsts.map((row) => ({
      lab: row.lab as LabId,
      date: dateToDay(row.date),
      totalTokens: Number(row.total_tokens),
    })),
    days: days.map((row) => ({
      date: dateToDay(row.date),
      totalTokens: Number(row.total_tokens),
      labs: Number(row.labs),
    })),
  };
}

/** A stored GPU value (print or daily) with what its bulk row carries. */
export type GpuValueRow = {
  gpuName: string;
  /** The print's hour, or the daily value's settlement instant. */
  at: Date;
  indexValue: number;
  carried: boolean;
  providerCount: number;
  offerCount: number;
  basis: string;
  sources: string[];
  backfilled: boolean;
  computedAt: Date;
};

/** GPU daily values: GPU then day. */
export async function gpuDailyValuesPage(
  db: Tx,
  key: SeriesKey<Date> | undefined,
  limit: number,
): Promise<GpuValueRow[]> {
  const rows = await db.gpuDailyValue.findMany({
    where: after("gpuName", "settledAt", key),
    orderBy: [{ gpuName: "asc" }, { settledAt: "asc" }],
    take: limit,
  });
  return rows.map((row) => ({ ...row, at: row.settledAt, carried: false }));
}

/** GPU hourly prints: GPU then hour. */
export async function gpuPrintsPage(
  db: Tx,
  key: SeriesKey<Date> | undefined,
  limit: number,
): Promise<GpuValueRow[]> {
  const rows = await db.gpuHourlyPrint.findMany({
    where: after("gpuName", "hour", key),
    orderBy: [{ gpuName: "asc" }, { hour: "asc" }],
    take: limit,
    omit: { providers: true, snapshotIds: true },
  });
  return rows.map((row) => ({ ...row, at: row.hour }));
}

/** Settled memory values: type then day. */
export async function memorySettlementsPage(
  db: Tx,
  key: SeriesKey<UtcDay> | undefined,
  limit: number,
) {
  const rows = await db.memorySettlement.findMany({
    where: after("typeId", "day", key && { series: key.series, period: dayToDate(key.period) }),
    orderBy: [{ typeId: "asc" }, { day: "asc" }],
    take: limit,
  });
  return rows.map((row) => ({ ...row, day: dateToDay(row.day) }));
}

/** Rows a bulk read asks per page: a few megabytes at most, whatever the history's length. */
export const SERIES_PAGE_ROWS = 5_000;
