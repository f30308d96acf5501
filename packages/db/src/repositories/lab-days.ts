import type { LabDayComputation, LabId, PriceBasis, SplitBasis, UtcDay } from "@tpi/domain";
import type { Tx } from "../client";
import type { Prisma } from "../generated/prisma/client";
import { bulkInsert } from "./bulk-insert";
import { dayToDate } from "./conversions";
import { storedObservationOf, type StoredObservation } from "./observations";
import { CONSTITUENT_COLUMNS, constituentRow } from "./settlements";

/**
 * One settled lab-day as stored: its published value or suppression, and the constituent
 * snapshot frozen at (re)settlement. Reads for the constituents route, writes for restatements.
 */
export type StoredLabDay = {
  date: UtcDay;
  lab: LabId;
  settled: boolean;
  value: {
    indexPerMtok: number;
    computedAt: Date;
    methodologyVersion: string;
    constituentCount: number;
    /** Exact: a lab-day may hold more than 2^53 tokens. */
    totalTokens: bigint;
    totalSpendUsd: number;
  } | null;
  suppression: { reason: string; recordedAt: Date; methodologyVersion: string } | null;
};

/** A frozen constituent: the split the formula used (reported, or estimated with `inputShare`) and where its prices came from. */
export type StoredConstituent = {
  modelId: string;
  inputPricePerMtok: number | null;
  outputPricePerMtok: number | null;
  inputTokens: bigint;
  outputTokens: bigint;
  totalTokens: bigint;
  split: SplitBasis;
  inputShare: number | null;
  weight: number;
  blendedPricePerMtok: number | null;
  exclusionReason: string | null;
  source: string;
  priceBasis: PriceBasis;
  priceSnapshotId: number | null;
};

export async function readLabDay(db: Tx, date: UtcDay, lab: LabId): Promise<StoredLabDay> {
  const key = { date: dayToDate(date), lab };
  const [settled, value, suppression] = await Promise.all([
    db.settledDay.findUnique({ where: { date: key.date }, select: { date: true } }),
    db.indexValue.findUnique({ where: { date_lab: key } }),
    db.labDaySuppression.findUnique({ where: { date_lab: key } }),
  ]);
  return {
    date,
    lab,
    settled: settled !== null,
    value: value && {
      indexPerMtok: value.indexPerMtok,
      computedAt: value.computedAt,
      methodologyVersion: value.methodologyVersion,
      constituentCount: value.constituentCount,
      totalTokens: value.totalTokens,
      totalSpendUsd: value.totalSpendUsd,
    },
    suppression: suppression && {
      reason: suppression.reason,
      recordedAt: suppression.recordedAt,
      methodologyVersion: suppression.methodologyVersion,
    },
  };
}

/** The frozen snapshot of a lab-day, in model-id order (the order the blend was summed in). */
export async function readConstituents(
  db: Tx,
  date: UtcDay,
  lab: LabId,
): Promise<StoredConstituent[]> {
  const rows = await db.indexConstituent.findMany({
    where: { date: dayToDate(date), lab },
    orderBy: { modelId: "asc" },
  });
  return rows.map((row) => ({
    modelId: row.modelId,
    inputPricePerMtok: row.inputPricePerMtok,
    outputPricePerMtok: row.outputPricePerMtok,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    totalTokens: row.totalTokens,
    split: row.splitBasis as SplitBasis,
    inputShare: row.inputShare,
    weight: row.weight,
    blendedPricePerMtok: row.blendedPricePerMtok,
    exclusionReason: row.exclusionReason,
    source: row.source,
    priceBasis: row.priceBasis as PriceBasis,
    priceSnapshotId: row.priceSnapshotId,
  }));
}

/** Current stored observations of one lab on one day: the inputs a restatement recomputes from. */
export async function observationsOfLabDay(
  db: Tx,
  date: UtcDay,
  lab: LabId,
): Promise<StoredObservation[]> {
  const rows = await db.observation.findMany({ where: { date: dayToDate(date), lab } });
  return rows.map(storedObservationOf);
}

/**
 * Replaces a settled lab-day with a new computation: value or suppression, and the constituent
 * snapshot. `computedAt` must be new so that every reader's publication fingerprint moves.
 */
export async function replaceLabDay(
  tx: Prisma.TransactionClient,
  date: UtcDay,
  computation: LabDayComputation,
  computedAt: Date,
  methodologyVersion: string,
): Promise<void> {
  const key = { date: dayToDate(date), lab: computation.lab };
  await tx.indexValue.deleteMany({ where: key });
  await tx.labDaySuppression.deleteMany({ where: key });
  await tx.indexConstituent.deleteMany({ where: key });
  const { outcome } = computation;
  if (outcome.published) {
    await tx.indexValue.create({
      data: {
        ...key,
        indexPerMtok: outcome.indexPerMtok,
        computedAt,
        methodologyVersion,
        constituentCount: outcome.constituentCount,
        totalTokens: outcome.totalTokens,
        totalSpendUsd: outcome.totalSpendUsd,
      },
    });
  } else {
    await tx.labDaySuppression.create({
      data: { ...key, reason: outcome.reason, recordedAt: computedAt, methodologyVersion },
    });
  }
  await bulkInsert(
    tx,
    "index_constituent",
    CONSTITUENT_COLUMNS,
    computation.constituents.map((c) => constituentRow({ ...c, date, lab: computation.lab })),
  );
}
