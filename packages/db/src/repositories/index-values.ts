import type { LabId, UtcDay } from "@tpi/domain";
import type { Db, Tx } from "../client";
import { dateToDay, dayToDate } from "./conversions";

/** A published value as the API serves it. */
export type PublishedIndexRow = {
  date: UtcDay;
  lab: LabId;
  indexPerMtok: number;
  /** ISO 8601 UTC with milliseconds. */
  computedAt: string;
  methodologyVersion: string;
  constituentCount: number;
  /**
   * Tokens the value was computed from (frozen at settlement, restated with it), as a JSON
   * number: exact up to 2^53, the nearest double beyond.
   */
  totalTokens: number;
};

export async function allPublishedIndexValues(db: Db): Promise<PublishedIndexRow[]> {
  const rows = await db.indexValue.findMany({ orderBy: [{ date: "asc" }] });
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

/** The values published on `days` (every lab that has one), for what a settlement follows. */
export async function publishedIndexValuesOn(
  db: Tx,
  days: readonly UtcDay[],
): Promise<{ date: UtcDay; lab: string; indexPerMtok: number }[]> {
  if (days.length === 0) return [];
  const rows = await db.indexValue.findMany({
    where: { date: { in: days.map(dayToDate) } },
    select: { date: true, lab: true, indexPerMtok: true },
  });
  return rows.map((row) => ({
    date: dateToDay(row.date),
    lab: row.lab,
    indexPerMtok: row.indexPerMtok,
  }));
}

/**
 * A cheap fingerprint of everything published: it changes whenever a value is added or
 * restated, so readers can cache the published set and reload only when it moves.
 */
export async function publicationFingerprint(db: Db): Promise<string> {
  const [row] = await db.$queryRaw<{ n: bigint; latest: Date | null }[]>`
    select count(*) as n, max(computed_at) as latest from index_value`;
  return `${row?.n ?? 0n}:${row?.latest?.toISOString() ?? "-"}`;
}
