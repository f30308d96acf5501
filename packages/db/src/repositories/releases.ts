import { createHash } from "node:crypto";
import type pg from "pg";
import { BULK_SOURCES_SEPARATOR, periodInRelease } from "@tpi/domain";
import { snapshotDb, transactionOnPool, type Db } from "../client";

/**
 * Releases and their vintage store. A cut writes a release in one transaction: the rows of every
 * dataset are staged, compared with the current vintage rows by key (market, dataset, series,
 * period) and hash, changed or gone rows are closed and new ones opened, the release is recorded
 * and its files are written and recorded. A cut stopped anywhere (abort, a failing source, a
 * crash) commits nothing. Old releases are never rewritten; retention only removes them whole.
 */

/** A dataset row's values, by column name, as the bulk rows carry them. */
export type VintageValues = Readonly<Record<string, string | number | boolean | null>>;

/** One dataset of a cut: its key columns, its columns in file order, and its rows. */
export type CutDataset = {
  market: string;
  dataset: string;
  seriesColumn: string;
  periodColumn: string;
  /** Every column, in file order: the row hash reads the values in this order. */
  columns: readonly string[];
  rows: AsyncIterable<VintageValues> | Iterable<VintageValues>;
  /** Why a row cannot be released (a null in a non-null column...), or undefined when it can. */
  problem?(values: VintageValues): { column: string; problem: string } | undefined;
};

/** A dataset a cut left as the previous release held it, and the row that made it do so. */
export type SkippedDataset = {
  market: string;
  dataset: string;
  series: string;
  period: string;
  column: string;
  problem: string;
};

/** A file of a release as written: what `release_file` records. */
export type ReleaseFileRecord = {
  market: string;
  dataset: string;
  variant: string;
  format: string;
  fileName: string;
  rows: number;
  bytes: number;
  sha256: string;
};

/** What reads the vintage rows as a release holds them: the pool, or the cut's own connection. */
export type VintageSource = { query<T>(text: string, params: readonly unknown[]): Promise<T[]> };

export type CutInput = {
  day: string;
  cutAt: Date;
  /**
   * The datasets, their rows read through `db`: a client bound to one snapshot of the database
   * taken inside the cut, so that a settlement committing while the cut reads is in the release
   * whole or not at all.
   */
  datasets(db: Db): readonly CutDataset[];
  /**
   * The manifest stored with the release (everything but its files), given its number and its
   * vintage rows (read through `source`, inside the cut's transaction).
   */
  manifest(release: number, source: VintageSource): unknown;
  /**
   * Writes the release's files from its vintage rows (read through `source`, inside the cut's
   * transaction) and returns them; a throw rolls the whole cut back.
   */
  files(release: number, source: VintageSource): Promise<readonly ReleaseFileRecord[]>;
  /** Ends the cut between batches: nothing is committed, the signal's reason is raised. */
  signal?: AbortSignal;
};

export type CutOutcome =
  | {
      cut: true;
      release: number;
      day: string;
      opened: number;
      closed: number;
      files: number;
      /** Datasets with a row that cannot be released: kept as the previous release held them. */
      skipped: SkippedDataset[];
    }
  | { cut: false; reason: "exists"; latestDay: string };

export type ReleaseSummary = {
  release: number;
  day: string;
  cutAt: Date;
  manifest: unknown;
  files: ReleaseFileRecord[];
};

export type VintageRowQuery = {
  market: string;
  dataset: string;
  release: number;
  series?: readonly string[];
  fromPeriod?: string;
  toPeriod?: string;
  /**
   * Only the latest this many periods of each series within the range (a history route whose
   * range ends at the series' latest period, or which keeps the latest `limit` rows of it).
   */
  latestPeriods?: number;
  /**
   * Only the earliest this many periods of each series within the range (a route that needs the
   * first period at or after an instant). At most one of latestPeriods and earliestPeriods.
   */
  earliestPeriods?: number;
};

/** One cut at a time across instances: the transaction-scoped advisory lock every cut takes. */
const RELEASE_CUT_LOCK = 7_041_041;
/** Rows staged per insert: one JSON parameter of about a megabyte. */
const STAGE_BATCH = 2_000;
/** Rows read per keyset page when a release's rows are streamed. */
const READ_BATCH = 5_000;

/** The hash a row is compared by: its values in column order, as JSON. */
export function vintageRowHash(columns: readonly string[], values: VintageValues): string {
  return createHash("sha256")
    .update(JSON.stringify(columns.map((column) => values[column] ?? null)))
    .digest("hex");
}

const sourceOf = (client: pg.PoolClient): VintageSource => ({
  async query<T>(text: string, params: readonly unknown[]) {
    return (await client.query(text, params as unknown[])).rows as T[];
  },
});

/** The pool as a vintage source (reads outside a cut: rebuilding a file, a history route). */
export function vintageSourceOf(db: Db): VintageSource {
  return {
    query: <T>(text: string, params: readonly unknown[]) =>
      db.$queryRawUnsafe<T[]>(text, ...params),
  };
}

/**
 * Cuts the release of `day` unless a release of that day or a later one exists (another
 * instance cut it: the lock makes the second wait, then find it). Numbers follow the latest.
 */
export async function cutRelease(db: Db, input: CutInput): Promise<CutOutcome> {
  return transactionOnPool(db, async (client) => {
    await client.query("select pg_advisory_xact_lock($1)", [RELEASE_CUT_LOCK]);
    const latest = await client.query<{ number: number | null; day: string | null }>(
      `select number, to_char(day, 'YYYY-MM-DD') as day from data_release order by number desc limit 1`,
    );
    const latestRow = latest.rows[0];
    if (latestRow?.day != null && latestRow.day >= input.day)
      return { cut: false, reason: "exists", latestDay: latestRow.day };
    const release = (latestRow?.number ?? 0) + 1;
    // Keys collate as release_vintage_row's do ("C"): with the database's default collation the
    // diff's joins cannot use the stage's key index, and while the vintage rows' statistics are
    // stale (a cut soon after a large one, before autovacuum analyses them) PostgreSQL compared
    // every row with every other: a minute for 30,000 hourly prints, past the statement timeout.
    await client.query(
      `create temporary table release_cut_stage (
         series text collate "C" not null, period text collate "C" not null, row_hash text not null,
         "values" jsonb not null, primary key (series, period)) on commit drop`,
    );
    // Every dataset's rows are read in this one snapshot (taken after the lock, so it holds the
    // latest release), whatever settles meanwhile.
    const snapshot = await client.query<{ id: string }>("select pg_export_snapshot() as id");
    const reader = await snapshotDb(db, snapshot.rows[0]?.id ?? "");
    let opened = 0;
    let closed = 0;
    const skipped: SkippedDataset[] = [];
    const datasets = input.datasets(reader.db);
    try {
      for (const dataset of datasets) {
        await client.query("truncate release_cut_stage");
        const bad = await stageRows(client, dataset, input.day, input.signal);
        if (bad !== undefined) {
          // Its current vintage rows stay as they are: this release holds the previous one's.
          skipped.push(bad);
          continue;
        }
        const keys = [dataset.market, dataset.dataset];
        const closing = await client.query(
          `update release_vintage_row v set to_release = $3
           where v.market = $1 and v.dataset = $2 and v.to_release is null
             and not exists (select 1 from release_cut_stage s
                             where s.series = v.series and s.period = v.period and s.row_hash = v.row_hash)`,
          [...keys, release],
        );
        closed += closing.rowCount ?? 0;
        const opening = await client.query(
          `insert into release_vintage_row (market, dataset, series, period, row_hash, "values", from_release)
           select $1, $2, s.series, s.period, s.row_hash, s."values", $3 from release_cut_stage s
           where not exists (select 1 from release_vintage_row v
                             where v.market = $1 and v.dataset = $2 and v.to_release is null
                               and v.series = s.series and v.period = s.period)
           order by s.series, s.period`,
          [...keys, release],
        );
        opened += opening.rowCount ?? 0;
      }
    } finally {
      await reader.close();
    }
    // A dataset no market states any more is gone from this release on.
    const gone = await client.query(
      `update release_vintage_row set to_release = $1
       where to_release is null and (market, dataset) not in (
         select d->>0, d->>1 from jsonb_array_elements($2::jsonb) as d)`,
      [release, JSON.stringify(datasets.map((d) => [d.market, d.dataset]))],
    );
    closed += gone.rowCount ?? 0;
    await client.query(
      `insert into data_release (number, day, cut_at, manifest) values ($1, $2::date, $3, $4::jsonb)`,
      [
        release,
        input.day,
        input.cutAt,
        JSON.stringify(await input.manifest(release, sourceOf(client))),
      ],
    );
    input.signal?.throwIfAborted();
    const files = await input.files(release, sourceOf(client));
    input.signal?.throwIfAborted();
    if (files.length > 0)
      await client.query(
        `insert into release_file (release, market, dataset, variant, format, file_name, rows, bytes, sha256)
         select $1, f->>'market', f->>'dataset', f->>'variant', f->>'format', f->>'fileName',
                (f->>'rows')::int, (f->>'bytes')::bigint, f->>'sha256'
         from jsonb_array_elements($2::jsonb) as f`,
        [release, JSON.stringify(files)],
      );
    return { cut: true, release, day: input.day, opened, closed, files: files.length, skipped };
  });
}

/**
 * Stages a dataset's rows of periods the release of `day` holds (none after `day`). Stops at the
 * first row that cannot be released and returns it, named; undefined when every row was staged.
 */
async function stageRows(
  client: pg.PoolClient,
  dataset: CutDataset,
  day: string,
  signal: AbortSignal | undefined,
): Promise<SkippedDataset | undefined> {
  let batch: unknown[][] = [];
  const flush = async (): Promise<void> => {
    signal?.throwIfAborted();
    if (batch.length === 0) return;
    await client.query(
      `insert into release_cut_stage (series, period, row_hash, "values")
       select r->>0, r->>1, r->>2, r->3 from jsonb_array_elements($1::jsonb) as r`,
      [JSON.stringify(batch)],
    );
    batch = [];
  };
  for await (const values of dataset.rows) {
    const series = values[dataset.seriesColumn];
    const period = values[dataset.periodColumn];
    if (series == null || period == null)
      throw new Error(
        `${dataset.market}/${dataset.dataset}: a row without its series or period (${dataset.seriesColumn}, ${dataset.periodColumn})`,
      );
    if (!periodInRelease(String(period), day)) continue;
    const bad = dataset.problem?.(values);
    if (bad !== undefined)
      return {
        market: dataset.market,
        dataset: dataset.dataset,
        series: String(series),
        period: String(period),
        ...bad,
      };
    batch.push([String(series), String(period), vintageRowHash(dataset.columns, values), values]);
    if (batch.length >= STAGE_BATCH) await flush();
  }
  await flush();
  return undefined;
}

/**
 * A dataset's rows as `query.release` holds them, in series then period order, read in keyset
 * pages so that a year of rows never sits in memory whole.
 */
export async function* vintageRowsAsOf(
  source: VintageSource,
  query: VintageRowQuery,
): AsyncIterable<VintageValues> {
  if (query.latestPeriods !== undefined && query.earliestPeriods !== undefined)
    throw new RangeError("Ask latestPeriods or earliestPeriods, not both");
  if (query.latestPeriods !== undefined) {
    yield* await endVintageRows(source, query, { count: query.latestPeriods, end: "latest" });
    return;
  }
  if (query.earliestPeriods !== undefined) {
    yield* await endVintageRows(source, query, { count: query.earliestPeriods, end: "earliest" });
    return;
  }
  let after: [string, string] | null = null;
  for (;;) {
    const params: unknown[] = [query.market, query.dataset, query.release];
    const where = [
      "market = $1",
      "dataset = $2",
      "from_release <= $3",
      "(to_release is null or to_release > $3)",
    ];
    if (query.series !== undefined) {
      params.push([...query.series]);
      where.push(`series = any ($${params.length}::text[])`);
    }
    if (query.fromPeriod !== undefined) {
      params.push(query.fromPeriod);
      where.push(`period >= $${params.length}`);
    }
    if (query.toPeriod !== undefined) {
      params.push(query.toPeriod);
      where.push(`period <= $${params.length}`);
    }
    if (after !== null) {
      params.push(after[0], after[1]);
      where.push(`(series, period) > ($${params.length - 1}, $${params.length})`);
    }
    const page = await source.query<{ series: string; period: string; values: VintageValues }>(
      `select series, period, "values" from release_vintage_row where ${where.join(" and ")}
       order by series, period limit ${READ_BATCH}`,
      params,
    );
    for (const row of page) yield row.values;
    const last = page.at(-1);
    if (page.length < READ_BATCH || last === undefined) return;
    after = [last.series, last.period];
  }
}

/**
 * The latest (or earliest) `count` rows of each series of the range as the release holds them,
 * in series then period order: per series one backward (forward) scan of the (market, dataset,
 * series, period) index that stops after `count` rows the release holds, so a year of hourly
 * prints is never read for the last day. Without asked series, the dataset's series are found by
 * skipping through the same index (one probe per series, not one read of every row).
 */
async function endVintageRows(
  source: VintageSource,
  query: VintageRowQuery,
  kept: { count: number; end: "latest" | "earliest" },
): Promise<VintageValues[]> {
  const { count, end } = kept;
  if (!Number.isSafeInteger(count) || count < 1)
    throw new RangeError(`${end}Periods must be a positive whole number, got ${count}`);
  const params: unknown[] = [query.market, query.dataset, query.release, count];
  const inRange: string[] = [];
  if (query.fromPeriod !== undefined) {
    params.push(query.fromPeriod);
    inRange.push(`and v.period >= $${params.length}`);
  }
  if (query.toPeriod !== undefined) {
    params.push(query.toPeriod);
    inRange.push(`and v.period <= $${params.length}`);
  }
  let seriesAsked: string;
  if (query.series !== undefined) {
    params.push([...query.series]);
    seriesAsked = `select distinct series collate "C" as series from unnest($${params.length}::text[]) as series`;
  } else {
    seriesAsked = `with recursive kept (series) as (
        (select series from release_vintage_row where market = $1 and dataset = $2
         order by series limit 1)
        union all
        select (select v.series from release_vintage_row v
                where v.market = $1 and v.dataset = $2 and v.series > kept.series
                order by v.series limit 1)
        from kept where kept.series is not null)
      select series from kept where series is not null`;
  }
  const rows = await source.query<{ values: VintageValues }>(
    `select r."values" from (${seriesAsked}) as asked
     cross join lateral (
       select v.series, v.period, v."values" from release_vintage_row v
       where v.market = $1 and v.dataset = $2 and v.series = asked.series
         and v.from_release <= $3 and (v.to_release is null or v.to_release > $3)
         ${inRange.join(" ")}
       order by v.period ${end === "latest" ? "desc" : "asc"} limit $4) as r
     order by r.series, r.period`,
    params,
  );
  return rows.map((row) => row.values);
}

/**
 * One source the rows a release holds of a dataset name: a row standing on several sources names
 * each in its one `source` column (joined by BULK_SOURCES_SEPARATOR), and counts for each. `sample`
 * when any of its rows is; `citation` the newest (by as-of time) of the rows naming it alone, as a
 * joined row's `citation` joins several sources' citations and cannot be told apart.
 */
export type VintageSourceProvenance = {
  source: string;
  sample: boolean;
  citation: string | null;
  rows: number;
};

/** How many rows a release holds of a dataset, and the sources they name, in code point order. */
export type VintageProvenance = { rows: number; sources: VintageSourceProvenance[] };

export async function vintageProvenanceOf(
  source: VintageSource,
  query: Pick<VintageRowQuery, "market" | "dataset" | "release">,
): Promise<VintageProvenance> {
  // The dataset's row count is read with its sources (one scan): it stands on a row of its own
  // when the rows name no source, hence the left join.
  const rows = await source.query<{
    held: number;
    source: string | null;
    sample: boolean | null;
    citation: string | null;
    rows: number | null;
  }>(
    `with held as materialized (
       select string_to_array("values"->>'source', $4) as named,
              coalesce(("values"->>'sample')::boolean, false) as sample,
              "values"->>'citation' as citation, "values"->>'asOf' as as_of
       from release_vintage_row
       where market = $1 and dataset = $2 and from_release <= $3
         and (to_release is null or to_release > $3))
     select counted.held, named.source, named.sample, named.citation, named.rows
     from (select count(*)::int as held from held) as counted
     left join (
       select source, bool_or(sample) as sample,
              (array_agg(citation order by as_of desc nulls last, citation collate "C")
                 filter (where cardinality(named) = 1 and citation is not null))[1] as citation,
              count(*)::int as rows
       from held cross join lateral unnest(named) as source
       group by source) as named on true
     order by named.source collate "C"`,
    [query.market, query.dataset, query.release, BULK_SOURCES_SEPARATOR],
  );
  const sources: VintageSourceProvenance[] = [];
  for (const row of rows)
    if (row.source != null)
      sources.push({
        source: row.source,
        sample: row.sample === true,
        citation: row.citation ?? null,
        rows: row.rows ?? 0,
      });
  return { rows: rows[0]?.held ?? 0, sources };
}

/** A dataset's rows as a release holds them, whole (history routes read bounded ranges). */
export async function readVintageRows(db: Db, query: VintageRowQuery): Promise<VintageValues[]> {
  const rows: VintageValues[] = [];
  for await (const row of vintageRowsAsOf(vintageSourceOf(db), query)) rows.push(row);
  return rows;
}

/**
 * A dataset's rows as a release holds them, whole, with the releases kept, read in one snapshot:
 * a release retention removes meanwhile is either read whole or not kept (`rows` undefined),
 * never read with rows missing. History routes read bounded ranges.
 */
export async function readKeptVintageRows(
  db: Db,
  query: VintageRowQuery,
): Promise<{ kept: { oldest: number; latest: number } | null; rows?: VintageValues[] }> {
  return transactionOnPool(db, async (client) => {
    await client.query("set transaction isolation level repeatable read, read only");
    const range = await client.query<{ oldest: number | null; latest: number | null }>(
      "select min(number) as oldest, max(number) as latest from data_release",
    );
    const row = range.rows[0];
    const kept =
      row?.oldest == null || row.latest == null ? null : { oldest: row.oldest, latest: row.latest };
    if (kept === null || query.release < kept.oldest || query.release > kept.latest)
      return { kept };
    const rows: VintageValues[] = [];
    for await (const values of vintageRowsAsOf(sourceOf(client), query)) rows.push(values);
    return { kept, rows };
  });
}

type ReleaseRow = { number: number; day: string; cut_at: Date; manifest: unknown };
type FileRow = {
  release: number;
  market: string;
  dataset: string;
  variant: string;
  format: string;
  file_name: string;
  rows: number;
  bytes: bigint | number | string;
  sha256: string;
};

const fileOf = (row: FileRow): ReleaseFileRecord => ({
  market: row.market,
  dataset: row.dataset,
  variant: row.variant,
  format: row.format,
  fileName: row.file_name,
  rows: row.rows,
  bytes: Number(row.bytes),
  sha256: row.sha256,
});

async function withFiles(db: Db, releases: readonly ReleaseRow[]): Promise<ReleaseSummary[]> {
  if (releases.length === 0) return [];
  const files = await db.$queryRawUnsafe<FileRow[]>(
    `select release, market, dataset, variant, format, file_name, rows, bytes, sha256
     from release_file where release = any ($1::int[])
     order by market, dataset, variant, format`,
    releases.map((r) => r.number),
  );
  return releases.map((r) => ({
    release: r.number,
    day: r.day,
    cutAt: r.cut_at,
    manifest: r.manifest,
    files: files.filter((f) => f.release === r.number).map(fileOf),
  }));
}

const RELEASE_COLUMNS = `number, to_char(day, 'YYYY-MM-DD') as day, cut_at, manifest`;

/** Releases newest first, `limit` of them, those numbered below `before` when given. */
export async function listReleases(
  db: Db,
  options: { limit: number; before?: number },
): Promise<ReleaseSummary[]> {
  const rows = await db.$queryRawUnsafe<ReleaseRow[]>(
    `select ${RELEASE_COLUMNS} from data_release where number < $1 order by number desc limit $2`,
    options.before ?? 2_147_483_647,
    options.limit,
  );
  return withFiles(db, rows);
}

/** One release with its files (`latest`: the newest); undefined when it is not kept. */
export async function readRelease(
  db: Db,
  release: number | "latest",
): Promise<ReleaseSummary | undefined> {
  const rows =
    release === "latest"
      ? await db.$queryRawUnsafe<ReleaseRow[]>(
          `select ${RELEASE_COLUMNS} from data_release order by number desc limit 1`,
        )
      : await db.$queryRawUnsafe<ReleaseRow[]>(
          `select ${RELEASE_COLUMNS} from data_release where number = $1`,
          release,
        );
  return (await withFiles(db, rows))[0];
}

/** The oldest and newest release kept; null while none was cut. */
export async function keptReleases(db: Db): Promise<{ oldest: number; latest: number } | null> {
  const rows = await db.$queryRawUnsafe<{ oldest: number | null; latest: number | null }[]>(
    "select min(number) as oldest, max(number) as latest from data_release",
  );
  const row = rows[0];
  return row?.oldest == null || row.latest == null
    ? null
    : { oldest: row.oldest, latest: row.latest };
}

export type PruneOutcome = { releases: number[]; vintageRows: number };

/**
 * Removes the releases of days before `oldestKeptDay` (never the latest release), their files,
 * and the vintage rows no kept release reads (closed at or before the oldest kept release). A
 * kept release reads exactly the rows it read before.
 */
export async function pruneReleases(db: Db, oldestKeptDay: string): Promise<PruneOutcome> {
  return transactionOnPool(db, async (client) => {
    await client.query("select pg_advisory_xact_lock($1)", [RELEASE_CUT_LOCK]);
    const removed = await client.query<{ number: number }>(
      `delete from data_release where day < $1::date
         and number < (select max(number) from data_release)
       returning number`,
      [oldestKeptDay],
    );
    const kept = await client.query<{ oldest: number | null }>(
      "select min(number) as oldest from data_release",
    );
    const oldest = kept.rows[0]?.oldest;
    const rows =
      oldest == null
        ? await client.query("delete from release_vintage_row where to_release is not null")
        : await client.query(
            "delete from release_vintage_row where to_release is not null and to_release <= $1",
            [oldest],
          );
    return {
      releases: removed.rows.map((r) => r.number).sort((a, b) => a - b),
      vintageRows: rows.rowCount ?? 0,
    };
  });
}
