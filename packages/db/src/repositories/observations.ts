import type { LabId, ModelDayObservation, PriceBasis, UtcDay } from "@tpi/domain";
import type { Tx } from "../client";
import { bulkInsert, type BulkColumn } from "./bulk-insert";
import { dateToDay, dayToDate } from "./conversions";

export type ObservationInput = {
  date: UtcDay;
  modelId: string;
  lab: LabId;
  inputPricePerMtok: number | null;
  outputPricePerMtok: number | null;
  /** The reported split, or null for both when only the total is known. */
  inputTokens: bigint | null;
  outputTokens: bigint | null;
  totalTokens: bigint;
  cacheReadPricePerMtok?: number | null;
  cacheReadTokens?: bigint | null;
  source: string;
  priceBasis: PriceBasis;
  priceSnapshotId: number | null;
};

export type StoredObservation = ModelDayObservation & { date: UtcDay; lab: LabId };

/** A stored observation row as the model-day the index math reads. */
export function storedObservationOf(row: {
  date: Date;
  lab: string;
  modelId: string;
  inputPricePerMtok: number | null;
  outputPricePerMtok: number | null;
  inputTokens: bigint | null;
  outputTokens: bigint | null;
  totalTokens: bigint;
  source: string;
  priceBasis: string;
  priceSnapshotId: number | null;
}): StoredObservation {
  return {
    date: dateToDay(row.date),
    lab: row.lab as LabId,
    modelId: row.modelId,
    inputPricePerMtok: row.inputPricePerMtok,
    outputPricePerMtok: row.outputPricePerMtok,
    inputTokens: row.inputTokens,
    outputTokens: row.outputTokens,
    totalTokens: row.totalTokens,
    source: row.source,
    priceBasis: row.priceBasis as PriceBasis,
    priceSnapshotId: row.priceSnapshotId,
  };
}

const INSERT_CHUNK = 5_000;

/** Inserts observations; an existing (date, model) is left as it is. Returns how many were new. */
export async function insertObservationsIfAbsent(
  db: Tx,
  rows: readonly ObservationInput[],
): Promise<number> {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    inserted += await bulkInsert(
      db,
      "observation",
      OBSERVATION_COLUMNS,
      chunk.map((row) => [
        row.date,
        row.modelId,
        row.lab,
        row.inputPricePerMtok,
        row.outputPricePerMtok,
        row.inputTokens,
        row.outputTokens,
        row.totalTokens,
        row.cacheReadPricePerMtok ?? null,
        row.cacheReadTokens ?? null,
        row.source,
        row.priceBasis,
        row.priceSnapshotId,
      ]),
      "on conflict (date, model_id) do nothing",
    );
  }
  return inserted;
}

const OBSERVATION_COLUMNS: readonly BulkColumn[] = [
  { name: "date", type: "date" },
  { name: "model_id", type: "text" },
  { name: "lab", type: "text" },
  { name: "input_price_per_mtok", type: "float8" },
  { name: "output_price_per_mtok", type: "float8" },
  { name: "input_tokens", type: "int8" },
  { name: "output_tokens", type: "int8" },
  { name: "total_tokens", type: "int8" },
  { name: "cache_read_price_per_mtok", type: "float8" },
  { name: "cache_read_tokens", type: "int8" },
  { name: "source", type: "text" },
  { name: "price_basis", type: "text" },
  { name: "price_snapshot_id", type: "int4" },
];

export async function countObservations(db: Tx): Promise<number> {
  return db.observation.count();
}

/** Whether any observation is stored: one index probe instead of a count of every row. */
export async function hasObservations(db: Tx): Promise<boolean> {
  return (await db.observation.findFirst({ select: { modelId: true } })) !== null;
}

/** Days of [from, to] holding at least one observation (any source), oldest first. */
export async function daysWithObservations(db: Tx, from: UtcDay, to: UtcDay): Promise<UtcDay[]> {
  const rows = await db.$queryRaw<{ date: Date }[]>`
    select distinct date from observation
    where date between ${dayToDate(from)}::date and ${dayToDate(to)}::date
    order by date`;
  return rows.map((row) => dateToDay(row.date));
}

/** Observations of the given days, all labs. */
export async function observationsOnDays(
  db: Tx,
  days: readonly UtcDay[],
): Promise<StoredObservation[]> {
  if (days.length === 0) return [];
  const rows = await db.observation.findMany({ where: { date: { in: days.map(dayToDate) } } });
  return rows.map(storedObservationOf);
}

/** Days up to `through` that have observations but no settlement yet, oldest first. */
export async function unsettledDaysWithObservations(db: Tx, through: UtcDay): Promise<UtcDay[]> {
  const rows = await db.$queryRaw<{ date: Date }[]>`
    select distinct o.date from observation o
    where o.date <= ${dayToDate(through)}::date
      and not exists (select 1 from settled_day s where s.date = o.date)
    order by o.date`;
  return rows.map((row) => dateToDay(row.date));
}
