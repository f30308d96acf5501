import type { ObservationRecord, UtcDay } from "@tpi/domain";
import type { Prisma } from "../generated/prisma/client";
import { bulkInsert, type BulkColumn } from "./bulk-insert";
import { dateToDay } from "./conversions";

type Tx = Prisma.TransactionClient;

/**
 * Atomic observation imports. Rows are first staged, with their line numbers, in a temporary
 * table that lives only as long as the caller's transaction; duplicate keys are then found by the
 * database (memory stays flat however large the file), and the staged rows are merged into
 * `observation` with one statement. Roll the transaction back and nothing was written.
 */
export type StagedObservation = { line: number; record: ObservationRecord };

/** A later line that repeats the (date, model) key of an earlier one. */
export type DuplicateLine = { line: number; firstLine: number; date: UtcDay; modelId: string };

export type MergeCounts = {
  /** New (date, model) keys. */
  inserted: number;
  /** Existing keys whose values differed and were replaced. */
  updated: number;
  /** Existing keys with identical values: left untouched (re-importing a file changes nothing). */
  unchanged: number;
  /** Inserted or updated rows on days that are already settled: stored, published values untouched. */
  onSettledDays: number;
  /** The settled days among them, oldest first (candidates for `tpi restate`). */
  settledDaysTouched: UtcDay[];
};

const STAGE_TABLE = "observation_import_stage";
const STAGE_CHUNK = 5_000;

const STAGE_COLUMNS: readonly BulkColumn[] = [
  { name: "line", type: "int8" },
  { name: "date", type: "date" },
  { name: "model_id", type: "text" },
  { name: "lab", type: "text" },
  { name: "input_price_per_mtok", type: "float8" },
  { name: "output_price_per_mtok", type: "float8" },
  { name: "input_tokens", type: "int8" },
  { name: "output_tokens", type: "int8" },
  { name: "cache_read_price_per_mtok", type: "float8" },
  { name: "cache_read_tokens", type: "int8" },
  { name: "source", type: "text" },
];

/** Columns copied from the stage into `observation`, in this order. */
const VALUE_COLUMNS = STAGE_COLUMNS.slice(1).map((c) => c.name);

/** Creates the session's staging table; it is dropped when the transaction ends. */
export async function createImportStage(tx: Tx): Promise<void> {
  await tx.$executeRawUnsafe(
    `create temporary table "${STAGE_TABLE}" (
       line int8 not null, date date not null, model_id text not null, lab text not null,
       input_price_per_mtok float8, output_price_per_mtok float8, input_tokens int8 not null, output_tokens int8 not null,
       cache_read_price_per_mtok float8, cache_read_tokens int8, source text not null
     ) on commit drop`,
  );
}

export async function stageObservations(tx: Tx, rows: readonly StagedObservation[]): Promise<void> {
  for (let start = 0; start < rows.length; start += STAGE_CHUNK) {
    const chunk = rows.slice(start, start + STAGE_CHUNK);
    await bulkInsert(
      tx,
      STAGE_TABLE,
      STAGE_COLUMNS,
      chunk.map(({ line, record: r }) => [
        line,
        r.date,
        r.modelId,
        r.lab,
        r.inputPricePerMtok,
        r.outputPricePerMtok,
        r.inputTokens,
        r.outputTokens,
        r.cacheReadPricePerMtok,
        r.cacheReadTokens,
        r.source,
      ]),
    );
  }
}

/**
 * Lines repeating an earlier line's (date, model) key: how many, and the first `limit` by line
 * number. The first occurrence of a key is not itself a duplicate.
 */
export async function findDuplicateLines(tx: Tx, limit: number): Promise<{ count: number; first: DuplicateLine[] }> {
  // A hash aggregate finds the repeated keys without sorting the whole stage.
  await tx.$executeRawUnsafe(
    `create temporary table "${STAGE_TABLE}_dup" on commit drop as
       select date, model_id, min(line) as first_line from "${STAGE_TABLE}" group by date, model_id having count(*) > 1`,
  );
  const rows = await tx.$queryRawUnsafe<{ line: bigint; first_line: bigint; date: Date; model_id: string; total: bigint }[]>(
    `select s.line, d.first_line, s.date, s.model_id, count(*) over () as total
       from "${STAGE_TABLE}" s join "${STAGE_TABLE}_dup" d using (date, model_id)
      where s.line <> d.first_line
      order by s.line limit $1`,
    limit,
  );
  return {
    count: Number(rows[0]?.total ?? 0),
    first: rows.map((r) => ({ line: Number(r.line), firstLine: Number(r.first_line), date: dateToDay(r.date), modelId: r.model_id })),
  };
}

/** Drops the repeated lines (keeping each key's first line), for imports that skip invalid rows. */
export async function dropDuplicateLines(tx: Tx): Promise<void> {
  await tx.$executeRawUnsafe(
    `delete from "${STAGE_TABLE}" s using "${STAGE_TABLE}_dup" d
      where s.date = d.date and s.model_id = d.model_id and s.line <> d.first_line`,
  );
}

/**
 * Merges the stage into `observation`: new keys are inserted, keys whose values differ are
 * replaced (with a new `recorded_at`), identical rows are not touched. Settlement never reads
 * a settled day again, so rows on settled days change no published value until a restatement.
 */
export async function mergeImportStage(tx: Tx): Promise<MergeCounts> {
  const columns = VALUE_COLUMNS.map((c) => `"${c}"`).join(", ");
  const assignments = VALUE_COLUMNS.filter((c) => c !== "date" && c !== "model_id")
    .map((c) => `"${c}" = excluded."${c}"`)
    .join(", ");
  const current = VALUE_COLUMNS.map((c) => `observation."${c}"`).join(", ");
  const incoming = VALUE_COLUMNS.map((c) => `excluded."${c}"`).join(", ");
  const [counts] = await tx.$queryRawUnsafe<{ staged: bigint; inserted: bigint; updated: bigint; on_settled: bigint; settled_days: Date[] | null }[]>(
    `with merged as (
       insert into observation (${columns}, recorded_at)
       select ${columns}, now() from "${STAGE_TABLE}"
       on conflict (date, model_id) do update set ${assignments}, recorded_at = excluded.recorded_at
       where (${current}) is distinct from (${incoming})
       returning (xmax = 0) as inserted, date
     ), touched as (
       select m.inserted, m.date, exists (select 1 from settled_day sd where sd.date = m.date) as settled from merged m
     )
     select (select count(*) from "${STAGE_TABLE}") as staged,
            count(*) filter (where inserted) as inserted,
            count(*) filter (where not inserted) as updated,
            count(*) filter (where settled) as on_settled,
            array_agg(distinct date order by date) filter (where settled) as settled_days
       from touched`,
  );
  const staged = Number(counts?.staged ?? 0);
  const inserted = Number(counts?.inserted ?? 0);
  const updated = Number(counts?.updated ?? 0);
  return {
    inserted,
    updated,
    unchanged: staged - inserted - updated,
    onSettledDays: Number(counts?.on_settled ?? 0),
    settledDaysTouched: (counts?.settled_days ?? []).map(dateToDay),
  };
}
