import type { LabId, UtcDay } from "@tpi/domain";
import type { Tx } from "../client";
import { dateToDay, dayToDate } from "./conversions";

/** One entry of the revision log. Values in USD per Mtok; null where the lab-day had no value. */
export type RevisionRecord = {
  id: number;
  date: UtcDay;
  lab: LabId;
  oldIndexPerMtok: number | null;
  newIndexPerMtok: number | null;
  oldSuppressionReason: string | null;
  newSuppressionReason: string | null;
  oldComputedAt: Date | null;
  changePercent: number | null;
  reason: string;
  forced: boolean;
  methodologyVersion: string;
  restatedAt: Date;
};

export async function insertRevision(
  tx: Tx,
  revision: Omit<RevisionRecord, "id">,
): Promise<RevisionRecord> {
  const row = await tx.indexRevision.create({
    data: { ...revision, date: dayToDate(revision.date) },
  });
  return { ...row, date: dateToDay(row.date), lab: row.lab as LabId };
}

/** How many revisions a lab-day has had (the latest's number, counting from 1). */
export async function revisionCountOf(tx: Tx, date: UtcDay, lab: LabId): Promise<number> {
  return tx.indexRevision.count({ where: { date: dayToDate(date), lab } });
}

/** Revisions of lab-days in the date range (inclusive; either bound optional), oldest day first, then in the order they were made. */
export async function listRevisions(
  db: Tx,
  filter: { startDate?: UtcDay; endDate?: UtcDay; lab?: LabId },
): Promise<RevisionRecord[]> {
  const rows = await db.indexRevision.findMany({
    where: {
      date: {
        ...(filter.startDate === undefined ? {} : { gte: dayToDate(filter.startDate) }),
        ...(filter.endDate === undefined ? {} : { lte: dayToDate(filter.endDate) }),
      },
      ...(filter.lab === undefined ? {} : { lab: filter.lab }),
    },
    orderBy: [{ date: "asc" }, { id: "asc" }],
  });
  return rows.map((row) => ({ ...row, date: dateToDay(row.date), lab: row.lab as LabId }));
}
