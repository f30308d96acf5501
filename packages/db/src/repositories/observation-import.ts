import { once } from "node:events";
import { finished } from "node:stream/promises";
import type { ObservationRecord, UtcDay } from "@tpi/domain";
import pg from "pg";
import { setSessionUtc } from "../session";
import { from as copyFrom, type CopyStreamQuery } from "pg-copy-streams";
// Dates travel as `date::text` (YYYY-MM-DD): node-postgres would parse them at local midnight.

/**
 * Atomic observation imports on a connection of their own. Rows are streamed with COPY (a few
 * microseconds per row; Prisma's raw queries cost tens) into a temporary table that lives only as
 * long as the session's transaction, with their line numbers; duplicate keys are then found by the
 * database (memory stays flat however large the file), and the staged rows are merged into
 * `observation` with one statement. Roll back, or crash, and nothing was written.
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

export type ObservationImportSession = {
  /** Streams one row into the stage; await the promise it may return (the connection is busy). */
  stage(row: StagedObservation): Promise<void> | undefined;
  /** Ends the stream of staged rows; call once, before the checks and the merge. */
  endStaging(): Promise<void>;
  /** How many lines repeat an earlier line's key, and the first `limit` of them by line number. */
  findDuplicateLines(limit: number): Promise<{ count: number; first: DuplicateLine[] }>;
  /** Drops repeated lines, keeping each key's first line (imports that skip invalid rows). */
  dropDuplicateLines(): Promise<void>;
  /** Merges the stage into `observation`; the stage must hold each key once. */
  merge(): Promise<MergeCounts>;
  commit(): Promise<void>;
  /** Rolls back (if still open) and closes the connection; safe to call after commit. */
  close(): Promise<void>;
};

const STAGE = "observation_import_stage";
/** COPY data is sent in pieces of about 64 KiB. */
const COPY_CHUNK_CHARS = 1 << 16;
const DUPLICATES = "observation_import_duplicate";

/** Columns copied from the stage into `observation`, in this order. */
const VALUE_COLUMNS = [
  "date",
  "model_id",
  "lab",
  "input_price_per_mtok",
  "output_price_per_mtok",
  "input_tokens",
  "output_tokens",
  "total_tokens",
  "cache_read_price_per_mtok",
  "cache_read_tokens",
  "source",
  "price_basis",
  "price_snapshot_id",
] as const;

/** COPY text format: `\N` is null; backslash is the escape character. Tabs and line breaks cannot occur (validated away). */
const copyText = (value: string): string =>
  value.includes("\\") ? value.replace(/\\/g, "\\\\") : value;
const copyValue = (value: number | bigint | null): string =>
  value === null ? "\\N" : String(value);

function copyValues(r: ObservationRecord): string {
  return `${r.date}\t${copyText(r.modelId)}\t${r.lab}\t${copyValue(r.inputPricePerMtok)}\t${copyValue(r.outputPricePerMtok)}\t${copyValue(r.inputTokens)}\t${copyValue(r.outputTokens)}\t${r.totalTokens}\t${copyValue(r.cacheReadPricePerMtok)}\t${copyValue(r.cacheReadTokens)}\t${copyText(r.source)}\t${r.priceBasis}\t${copyValue(r.priceSnapshotId)}\n`;
}

/**
 * One COPY stream for a whole file: the database ingests while the caller parses the next rows.
 * A database error (say a duplicate key) is kept and rethrown at the next write or at the end.
 */
class CopyWriter {
  private stream: CopyStreamQuery | undefined;
  private ended = false;
  private failure: Error | undefined;
  private pending = "";

  constructor(
    private readonly client: pg.Client,
    private readonly sql: string,
  ) {}

  write(text: string): Promise<void> | undefined {
    if (this.failure) throw this.failure;
    if (this.stream === undefined) {
      const stream = this.client.query(copyFrom(this.sql));
      stream.on("error", (error: Error) => {
        this.failure ??= error;
      });
      this.stream = stream;
    }
    this.pending += text;
    if (this.pending.length < COPY_CHUNK_CHARS) return undefined;
    const accepted = this.stream.write(this.pending);
    this.pending = "";
    return accepted ? undefined : once(this.stream, "drain").then(() => undefined);
  }

  async end(): Promise<void> {
    if (this.stream === undefined || this.ended) return;
    this.ended = true;
    this.stream.end(this.pending);
    this.pending = "";
    await finished(this.stream);
  }

  /** A caller that fails mid-file leaves the COPY open; abort it (CopyFail) or the next query would queue behind it forever. */
  async abort(): Promise<void> {
    if (this.stream === undefined || this.ended) return;
    this.ended = true;
    const stream = this.stream;
    stream.destroy(new Error("import aborted"));
    await finished(stream).catch(() => undefined);
  }
}

/**
 * A connection of its own in an open transaction, with one COPY writer on it: the lifecycle both
 * import paths share. `prepare` runs inside the transaction before any row is copied. `commit`
 * ends it; `close` aborts an unfinished COPY, rolls back anything uncommitted, and disconnects.
 */
type CopyTransaction = {
  client: pg.Client;
  copy: CopyWriter;
  // Closures over the connection, not methods: callers take them apart.
  commit: () => Promise<void>;
  close: () => Promise<void>;
};

async function openCopyTransaction(
  databaseUrl: string,
  copySql: string,
  prepare: (client: pg.Client) => Promise<void> = () => Promise.resolve(),
): Promise<CopyTransaction> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let open = true;
  const copy = new CopyWriter(client, copySql);
  try {
    await setSessionUtc(client);
    await client.query("begin");
    await prepare(client);
  } catch (error) {
    await client.end();
    throw error;
  }
  return {
    client,
    copy,
    commit: async () => {
      await client.query("commit");
      open = false;
    },
    close: async () => {
      try {
        await copy.abort();
        if (open) await client.query("rollback");
      } finally {
        open = false;
        await client.end();
      }
    },
  };
}

export async function openObservationImport(
  databaseUrl: string,
): Promise<ObservationImportSession> {
  const { client, copy, commit, close } = await openCopyTransaction(
    databaseUrl,
    `copy "${STAGE}" from stdin`,
    async (connection) => {
      // Enough memory for the duplicate check's hash aggregate over millions of keys to stay off disk.
      await connection.query("set local work_mem = '128MB'");
      await connection.query(
        `create temporary table "${STAGE}" (
           line int8 not null, date date not null, model_id text not null, lab text not null,
           input_price_per_mtok float8, output_price_per_mtok float8, input_tokens int8, output_tokens int8, total_tokens int8 not null,
           cache_read_price_per_mtok float8, cache_read_tokens int8, source text not null,
           price_basis text not null, price_snapshot_id int4
         ) on commit drop`,
      );
    },
  );

  return {
    stage({ line, record }) {
      return copy.write(`${line}\t${copyValues(record)}`);
    },

    endStaging: () => copy.end(),

    async findDuplicateLines(limit) {
      // Most files have no duplicate: one aggregate that stops at the first repeated key decides that.
      const { rowCount } = await client.query(
        `select 1 from "${STAGE}" group by date, model_id having count(*) > 1 limit 1`,
      );
      if (rowCount === 0) return { count: 0, first: [] };
      await client.query(
        `create temporary table "${DUPLICATES}" on commit drop as
           select date, model_id, min(line) as first_line from "${STAGE}" group by date, model_id having count(*) > 1`,
      );
      const { rows } = await client.query<{
        line: string;
        first_line: string;
        date: string;
        model_id: string;
        total: string;
      }>(
        `select s.line, d.first_line, s.date::text as date, s.model_id, count(*) over () as total
           from "${STAGE}" s join "${DUPLICATES}" d using (date, model_id)
          where s.line <> d.first_line
          order by s.line limit $1`,
        [limit],
      );
      return {
        count: Number(rows[0]?.total ?? 0),
        first: rows.map((r) => ({
          line: Number(r.line),
          firstLine: Number(r.first_line),
          date: r.date,
          modelId: r.model_id,
        })),
      };
    },

    async dropDuplicateLines() {
      await client.query(
        `delete from "${STAGE}" s using "${DUPLICATES}" d
          where s.date = d.date and s.model_id = d.model_id and s.line <> d.first_line`,
      );
    },

    async merge() {
      const columns = VALUE_COLUMNS.map((c) => `"${c}"`).join(", ");
      const assignments = VALUE_COLUMNS.filter((c) => c !== "date" && c !== "model_id")
        .map((c) => `"${c}" = excluded."${c}"`)
        .join(", ");
      const current = VALUE_COLUMNS.map((c) => `observation."${c}"`).join(", ");
      const incoming = VALUE_COLUMNS.map((c) => `excluded."${c}"`).join(", ");
      // Rows in key order: the primary-key index then grows at its right edge instead of splitting pages at random.
      const { rows } = await client.query<{
        staged: string;
        inserted: string;
        updated: string;
        on_settled: string;
        settled_days: string[] | null;
      }>(
        `with merged as (
           insert into observation (${columns}, recorded_at)
           select ${columns}, now() from "${STAGE}" order by date, model_id
           on conflict (date, model_id) do update set ${assignments}, recorded_at = excluded.recorded_at
           where (${current}) is distinct from (${incoming})
           returning (xmax = 0) as inserted, date
         ), per_day as (
           select date, count(*) filter (where inserted) as inserted, count(*) filter (where not inserted) as updated
             from merged group by date
         )
         select (select count(*) from "${STAGE}") as staged,
                coalesce(sum(inserted), 0) as inserted,
                coalesce(sum(updated), 0) as updated,
                coalesce(sum(inserted + updated) filter (where settled), 0) as on_settled,
                (array_agg(date order by date) filter (where settled))::text[] as settled_days
           from (select p.*, exists (select 1 from settled_day sd where sd.date = p.date) as settled from per_day p) days`,
      );
      const counts = rows[0];
      const staged = Number(counts?.staged ?? 0);
      const inserted = Number(counts?.inserted ?? 0);
      const updated = Number(counts?.updated ?? 0);
      return {
        inserted,
        updated,
        unchanged: staged - inserted - updated,
        onSettledDays: Number(counts?.on_settled ?? 0),
        settledDaysTouched: counts?.settled_days ?? [],
      };
    },

    commit,
    close,
  };
}

/**
 * The fast path for files of new keys only: rows are COPYed straight into `observation` in one
 * transaction, with no staging and no merge (about half the database work). Any key that exists
 * already, or repeats within the file, makes PostgreSQL refuse the COPY (unique violation):
 * `endStaging` or `stage` then throws `DirectCopyConflict`, nothing is written, and the caller
 * imports again through the staged session, which merges and reports duplicates by line.
 */
export type DirectObservationCopy = {
  stage(record: ObservationRecord): Promise<void> | undefined;
  endStaging(): Promise<void>;
  /** Which of these days are settled (for the report). */
  settledDaysAmong(days: readonly UtcDay[]): Promise<UtcDay[]>;
  commit(): Promise<void>;
  close(): Promise<void>;
};

export class DirectCopyConflict extends Error {}

const UNIQUE_VIOLATION = "23505";

export async function openDirectObservationCopy(
  databaseUrl: string,
): Promise<DirectObservationCopy> {
  const { client, copy, commit, close } = await openCopyTransaction(
    databaseUrl,
    `copy observation (${VALUE_COLUMNS.map((c) => `"${c}"`).join(", ")}) from stdin`,
  );
  const conflictOr = (error: unknown): Error =>
    (error as { code?: string }).code === UNIQUE_VIOLATION
      ? new DirectCopyConflict("a key exists already or repeats in the file")
      : (error as Error);
  return {
    stage(record) {
      try {
        return copy.write(copyValues(record))?.catch((error: unknown) => {
          throw conflictOr(error);
        });
      } catch (error) {
        throw conflictOr(error);
      }
    },
    async endStaging() {
      try {
        await copy.end();
      } catch (error) {
        throw conflictOr(error);
      }
    },
    async settledDaysAmong(days) {
      const { rows } = await client.query<{ date: string }>(
        "select date::text as date from settled_day where date = any($1::date[]) order by date",
        [days],
      );
      return rows.map((row) => row.date);
    },
    commit,
    close,
  };
}
