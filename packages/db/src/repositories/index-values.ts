import type { LabId, UtcDay } from "@tpi/domain";
import type { Db } from "../client";
import { dateToDay } from "./conversions";

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

/**
 * A cheap fingerprint of everything published: it changes whenever a value is added or
 * restated, so readers can cache the published set and reload only when it moves.
 */
export async function publicationFingerprint(db: Db): Promise<string> {
  const [row] = await db.$queryRaw<{ n: bigint; latest: Date | null }[]>`
    select count(*) as n, max(computed_at) as latest from index_value`;
  return `${row?.n ?? 0n}:${row?.latest?.toISOString() ?? "-"}`;
}
