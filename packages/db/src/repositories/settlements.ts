import type { Constituent, LabDayComputation, UtcDay } from "@tpi/domain";
import type { Tx } from "../client";
import type { Prisma } from "../generated/prisma/client";
import { bulkInsert, type BulkColumn } from "./bulk-insert";
import { dateToDay, dayToDate } from "./conversions";

/** Arbitrary constant identifying the settlement lock among advisory locks. */
const SETTLEMENT_LOCK_KEY = 7_224_019_002;

/**
 * Serialises settlement across processes for the rest of the transaction: a second settler
 * waits here, then sees the days the first one settled.
 */
export async function lockSettlement(tx: Prisma.TransactionClient): Promise<void> {
  await tx.$executeRaw`select pg_advisory_xact_lock(${SETTLEMENT_LOCK_KEY})`;
}

export async function settledDaysAmong(db: Tx, days: readonly UtcDay[]): Promise<Set<UtcDay>> {
  const rows = await db.settledDay.findMany({
    where: { date: { in: days.map(dayToDate) } },
    select: { date: true },
  });
  return new Set(rows.map((row) => dateToDay(row.date)));
}

type PublishedRow = {
  date: UtcDay;
  lab: string;
  indexPerMtok: number;
  computedAt: Date;
  methodologyVersion: string;
  constituentCount: number;
  totalTokens: bigint;
  totalSpendUsd: number;
};
type SuppressionRow = {
  date: UtcDay;
  lab: string;
  reason: string;
  recordedAt: Date;
  methodologyVersion: string;
};
export type ConstituentRow = Omit<Constituent, "exclusionReason"> & {
  date: UtcDay;
  lab: string;
  exclusionReason: string | null;
};

export const CONSTITUENT_COLUMNS: readonly BulkColumn[] = [
  { name: "date", type: "date" },
  { name: "lab", type: "text" },
  { name: "model_id", type: "text" },
  { name: "input_price_per_mtok", type: "float8" },
  { name: "output_price_per_mtok", type: "float8" },
  { name: "input_tokens", type: "int8" },
  { name: "output_tokens", type: "int8" },
  { name: "total_tokens", type: "int8" },
  { name: "split_basis", type: "text" },
  { name: "input_share", type: "float8" },
  { name: "weight", type: "float8" },
  { name: "blended_price_per_mtok", type: "float8" },
  { name: "exclusion_reason", type: "text" },
  { name: "source", type: "text" },
  { name: "price_basis", type: "text" },
  { name: "price_snapshot_id", type: "int4" },
];

export function constituentRow(c: ConstituentRow): unknown[] {
  return [
    c.date,
    c.lab,
    c.modelId,
    c.inputPricePerMtok,
    c.outputPricePerMtok,
    c.inputTokens,
    c.outputTokens,
    c.totalTokens,
    c.split,
    c.inputShare,
    c.weight,
    c.blendedPricePerMtok,
    c.exclusionReason,
    c.source,
    c.priceBasis,
    c.priceSnapshotId,
  ];
}

export type DaySettlement = { day: UtcDay; labs: readonly LabDayComputation[] };

/**
 * Writes the settlements of several days: the settled-day marker, each published value, each
 * suppression with its reason, and every constituent considered. Call inside a transaction so
 * that a crash leaves no half-settled day.
 */
export async function writeSettlements(
  tx: Prisma.TransactionClient,
  settlements: readonly DaySettlement[],
  settledAt: Date,
  methodologyVersion: string,
): Promise<{ published: number; suppressed: number }> {
  if (settlements.length === 0) return { published: 0, suppressed: 0 };
  const published: PublishedRow[] = [];
  const suppressed: SuppressionRow[] = [];
  const constituents: ConstituentRow[] = [];

  for (const { day, labs } of settlements) {
    const date = day;
    for (const computation of labs) {
      const { outcome, lab } = computation;
      if (outcome.published) {
        published.push({
          date,
          lab,
          indexPerMtok: outcome.indexPerMtok,
          computedAt: settledAt,
          methodologyVersion,
          constituentCount: outcome.constituentCount,
          totalTokens: outcome.totalTokens,
          totalSpendUsd: outcome.totalSpendUsd,
        });
      } else {
        suppressed.push({
          date,
          lab,
          reason: outcome.reason,
          recordedAt: settledAt,
          methodologyVersion,
        });
      }
      for (const c of computation.constituents) {
        constituents.push({ ...c, date, lab });
      }
    }
  }

  await bulkInsert(
    tx,
    "settled_day",
    [
      { name: "date", type: "date" },
      { name: "settled_at", type: "timestamptz" },
      { name: "methodology_version", type: "text" },
    ],
    settlements.map(({ day }) => [day, settledAt, methodologyVersion]),
  );
  await bulkInsert(
    tx,
    "index_value",
    [
      { name: "date", type: "date" },
      { name: "lab", type: "text" },
      { name: "index_per_mtok", type: "float8" },
      { name: "computed_at", type: "timestamptz" },
      { name: "methodology_version", type: "text" },
      { name: "constituent_count", type: "int4" },
      { name: "total_tokens", type: "int8" },
      { name: "total_spend_usd", type: "float8" },
    ],
    published.map((r) => [
      r.date,
      r.lab,
      r.indexPerMtok,
      r.computedAt,
      r.methodologyVersion,
      r.constituentCount,
      r.totalTokens,
      r.totalSpendUsd,
    ]),
  );
  await bulkInsert(
    tx,
    "lab_day_suppression",
    [
      { name: "date", type: "date" },
      { name: "lab", type: "text" },
      { name: "reason", type: "text" },
      { name: "recorded_at", type: "timestamptz" },
      { name: "methodology_version", type: "text" },
    ],
    suppressed.map((r) => [r.date, r.lab, r.reason, r.recordedAt, r.methodologyVersion]),
  );
  await bulkInsert(tx, "index_constituent", CONSTITUENT_COLUMNS, constituents.map(constituentRow));
  return { published: published.length, suppressed: suppressed.length };
}
