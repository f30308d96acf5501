import { createHash } from "node:crypto";
import { OPENROUTER_SOURCE, SAMPLE_SOURCE } from "@tpi/domain";
import type {
  DayCoverage,
  PriceBasis,
  PriceListModel,
  PriceSnapshotRef,
  PricedRankingsDay,
  UtcDay,
} from "@tpi/domain";
import type { Db, Tx } from "../client";
import type { Prisma } from "../generated/prisma/client";
import { bulkInsert, bulkInsertCountingByDay, type BulkColumn } from "./bulk-insert";
import { dateToDay, dayToDate } from "./conversions";

/**
 * Ranking sources (OpenRouter, the generated sample) as stored: price snapshots with their lists,
 * synced days with their coverage and as-of time, and the log of sync runs.
 */

/** SHA-256 over the list in model-id order: identical lists (most days) share their stored rows. */
export function priceListHash(models: readonly PriceListModel[]): string {
  const ordered = [...models].sort((a, b) =>
    a.modelId < b.modelId ? -1 : a.modelId > b.modelId ? 1 : 0,
  );
  const hash = createHash("sha256");
  for (const m of ordered)
    hash.update(
      JSON.stringify([m.modelId, m.canonicalSlug, m.prompt, m.completion, m.inputCacheRead]),
    );
  return hash.digest("hex");
}

const PRICE_LIST_COLUMNS: readonly BulkColumn[] = [
  { name: "content_hash", type: "text" },
  { name: "model_id", type: "text" },
  { name: "canonical_slug", type: "text" },
  { name: "prompt", type: "text" },
  { name: "completion", type: "text" },
  { name: "input_cache_read", type: "text" },
];

export type PriceSnapshotInput = {
  source: string;
  fetchedAt: Date;
  models: readonly PriceListModel[];
};

/**
 * Stores snapshots (and any list not stored yet) in two statements whatever their number (the
 * sample stores one per day); returns them in input order with their ids.
 */
export async function storePriceSnapshots(
  db: Tx,
  snapshots: readonly PriceSnapshotInput[],
): Promise<PriceSnapshotRef[]> {
  if (snapshots.length === 0) return [];
  const hashes = snapshots.map((snapshot) => priceListHash(snapshot.models));
  const listRows: unknown[][] = [];
  const listed = new Set<string>();
  snapshots.forEach((snapshot, i) => {
    const contentHash = hashes[i] ?? "";
    if (listed.has(contentHash)) return;
    listed.add(contentHash);
    for (const m of snapshot.models)
      listRows.push([
        contentHash,
        m.modelId,
        m.canonicalSlug,
        m.prompt,
        m.completion,
        m.inputCacheRead,
      ]);
  });
  await bulkInsert(
    db,
    "price_list_model",
    PRICE_LIST_COLUMNS,
    listRows,
    "on conflict (content_hash, model_id) do nothing",
  );
  const rows = await db.priceSnapshot.createManyAndReturn({
    data: snapshots.map((snapshot, i) => ({
      source: snapshot.source,
      fetchedAt: snapshot.fetchedAt,
      contentHash: hashes[i] ?? "",
      modelCount: snapshot.models.length,
    })),
    select: { id: true, fetchedAt: true },
  });
  // PostgreSQL returns inserted rows in the order of the values; ids grow with it.
  return rows.sort((a, b) => a.id - b.id).map((row) => ({ id: row.id, fetchedAt: row.fetchedAt }));
}

/** Every snapshot of a source, oldest first: what `choosePricingSnapshot` picks from. */
export async function priceSnapshotsOf(db: Tx, source: string): Promise<PriceSnapshotRef[]> {
  return db.priceSnapshot.findMany({
    where: { source },
    orderBy: [{ fetchedAt: "asc" }, { id: "asc" }],
    select: { id: true, fetchedAt: true },
  });
}

/** The model list a snapshot held. */
export async function priceListOf(db: Tx, snapshotId: number): Promise<PriceListModel[]> {
  return (await priceListsOf(db, [snapshotId])).get(snapshotId) ?? [];
}

/**
 * The model lists of several snapshots in two queries; snapshots holding the same list (most
 * days) share one array, so a caller can index each distinct list once.
 */
export async function priceListsOf(
  db: Tx,
  snapshotIds: readonly number[],
): Promise<Map<number, PriceListModel[]>> {
  const snapshots = await db.priceSnapshot.findMany({
    where: { id: { in: [...new Set(snapshotIds)] } },
    select: { id: true, contentHash: true },
  });
  const rows = await db.priceListModel.findMany({
    where: { contentHash: { in: [...new Set(snapshots.map((s) => s.contentHash))] } },
    orderBy: [{ contentHash: "asc" }, { modelId: "asc" }],
  });
  const byHash = new Map<string, PriceListModel[]>();
  for (const r of rows) {
    const list = byHash.get(r.contentHash) ?? [];
    if (list.length === 0) byHash.set(r.contentHash, list);
    list.push({
      modelId: r.modelId,
      canonicalSlug: r.canonicalSlug,
      prompt: r.prompt,
      completion: r.completion,
      inputCacheRead: r.inputCacheRead,
    });
  }
  return new Map(snapshots.map((s) => [s.id, byHash.get(s.contentHash) ?? []]));
}

export type SourceDayInput = {
  day: PricedRankingsDay;
  source: string;
  asOf: Date;
  pricing: { snapshot: PriceSnapshotRef; basis: PriceBasis };
};

export type SourceDayWrite = {
  date: UtcDay;
  inserted: number;
  updated: number;
  unchanged: number;
  /** This source's rows of the day that the new answer no longer lists: deleted. */
  removed: number;
  /** The day is already settled: stored, published values untouched (a candidate for `tpi restate`). */
  settled: boolean;
};

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
const UPDATED_COLUMNS = OBSERVATION_COLUMNS.map((c) => c.name).filter(
  (name) => name !== "date" && name !== "model_id",
);

/**
 * Writes synced days: each day's observations replace that source's previous rows of the day
 * (a model that left the answer is deleted, an unchanged row is left as it was), and real data
 * replaces the generated sample: a real source's day drops the sample's rows and coverage of that
 * day, so that no day blends sample and market data. Its
 * coverage and as-of time are kept in `source_day`. Call inside a transaction: a day is written
 * whole or not at all. Each step is one statement for all the days given (five round trips per
 * day made the 600-day sample spend most of its seeding time waiting on the database).
 */
export async function writeSourceDays(
  tx: Prisma.TransactionClient,
  days: readonly SourceDayInput[],
  syncedAt: Date,
): Promise<SourceDayWrite[]> {
  const results: SourceDayWrite[] = [];
  // A statement may not touch the same row twice: a day given twice is written in a later chunk.
  let chunk: SourceDayInput[] = [];
  const keys = new Set<string>();
  for (const input of days) {
    const key = `${input.day.date}|${input.source}`;
    if (keys.has(key)) {
      results.push(...(await writeDistinctSourceDays(tx, chunk, syncedAt)));
      chunk = [];
      keys.clear();
    }
    keys.add(key);
    chunk.push(input);
  }
  results.push(...(await writeDistinctSourceDays(tx, chunk, syncedAt)));
  return results;
}

/**
 * For each day of a source about to be written: the observations of that source stored for it,
 * and how many of them the day's answer no longer lists (writeSourceDays would remove them).
 */
export async function sourceDayRemovals(
  tx: Tx,
  days: readonly { date: UtcDay; source: string; modelIds: readonly string[] }[],
): Promise<Map<UtcDay, { stored: number; removed: number }>> {
  if (days.length === 0) return new Map();
  const rows = await tx.$queryRawUnsafe<{ day: string; stored: number; removed: number }[]>(
    `select d->>0 as day, count(o.model_id)::int as stored,
       (count(o.model_id) filter (
         where not (o.model_id in (select jsonb_array_elements_text(d->2)))))::int as removed
     from jsonb_array_elements($1::jsonb) d
     left join observation o on o.date = (d->>0)::date and o.source = d->>1
     group by d->>0`,
    JSON.stringify(days.map((day) => [day.date, day.source, day.modelIds])),
  );
  return new Map(
    rows.map((row) => [row.day, { stored: Number(row.stored), removed: Number(row.removed) }]),
  );
}

const SOURCE_DAY_COLUMNS: readonly BulkColumn[] = [
  { name: "date", type: "date" },
  { name: "source", type: "text" },
  { name: "as_of", type: "timestamptz" },
  { name: "price_snapshot_id", type: "int4" },
  { name: "price_basis", type: "text" },
  { name: "listed_tokens", type: "int8" },
  { name: "other_tokens", type: "int8" },
  { name: "tracked_tokens", type: "int8" },
  { name: "listed_models", type: "int4" },
  { name: "synced_at", type: "timestamptz" },
];

/** Counts per day from rows `{ day: 'YYYY-MM-DD', n: int }`. */
const countsByDay = (rows: readonly { day: string; n: number }[]): Map<string, number> =>
  new Map(rows.map((r) => [r.day, Number(r.n)]));

async function writeDistinctSourceDays(
  tx: Prisma.TransactionClient,
  days: readonly SourceDayInput[],
  syncedAt: Date,
): Promise<SourceDayWrite[]> {
  if (days.length === 0) return [];
  // Each day with its source and the model ids its answer lists, as one JSON parameter.
  const listed = JSON.stringify(
    days.map(({ day, source }) => [day.date, source, day.observations.map((o) => o.modelId)]),
  );
  const removed = countsByDay(
    await tx.$queryRawUnsafe<{ day: string; n: number }[]>(
      `with gone as (
         delete from observation o using jsonb_array_elements($1::jsonb) d
         where o.date = (d->>0)::date
           and ((o.source = d->>1 and not (o.model_id in (select jsonb_array_elements_text(d->2))))
             or (o.source = $2 and d->>1 <> $2))
         returning o.date)
       select to_char(date, 'YYYY-MM-DD') as day, count(*)::int as n from gone group by date`,
      listed,
      SAMPLE_SOURCE,
    ),
  );
  await tx.$executeRawUnsafe(
    `delete from source_day s using jsonb_array_elements($1::jsonb) d
     where s.date = (d->>0)::date and s.source = $2 and d->>1 <> $2`,
    listed,
    SAMPLE_SOURCE,
  );
  const existing = countsByDay(
    await tx.$queryRawUnsafe<{ day: string; n: number }[]>(
      `select d->>0 as day, count(o.model_id)::int as n
       from jsonb_array_elements($1::jsonb) d
       join observation o on o.date = (d->>0)::date
         and o.model_id in (select jsonb_array_elements_text(d->2))
       group by d->>0`,
      listed,
    ),
  );

  const rows = days.flatMap(({ day }) =>
    day.observations.map((o) => [
      o.date,
      o.modelId,
      o.lab,
      o.inputPricePerMtok,
      o.outputPricePerMtok,
      o.inputTokens,
      o.outputTokens,
      o.totalTokens,
      o.cacheReadPricePerMtok,
      o.cacheReadTokens,
      o.source,
      o.priceBasis,
      o.priceSnapshotId,
    ]),
  );
  const assignments = UPDATED_COLUMNS.map((c) => `"${c}" = excluded."${c}"`).join(", ");
  const current = UPDATED_COLUMNS.map((c) => `observation."${c}"`).join(", ");
  const incoming = UPDATED_COLUMNS.map((c) => `excluded."${c}"`).join(", ");
  const written = countsByDay(
    await bulkInsertCountingByDay(
      tx,
      "observation",
      OBSERVATION_COLUMNS,
      rows,
      `on conflict (date, model_id) do update set ${assignments}, recorded_at = now() where (${current}) is distinct from (${incoming})`,
    ),
  );

  await bulkInsert(
    tx,
    "source_day",
    SOURCE_DAY_COLUMNS,
    days.map(({ day, source, asOf, pricing }) => [
      day.date,
      source,
      asOf,
      pricing.snapshot.id,
      pricing.basis,
      day.coverage.listedTokens,
      day.coverage.otherTokens,
      day.coverage.trackedTokens,
      day.observations.length + day.ignoredModels,
      syncedAt,
    ]),
    `on conflict (date, source) do update set ${SOURCE_DAY_COLUMNS.filter(
      (c) => c.name !== "date" && c.name !== "source",
    )
      .map((c) => `"${c.name}" = excluded."${c.name}"`)
      .join(", ")}`,
  );
  const settled = new Set(
    (
      await tx.settledDay.findMany({
        where: { date: { in: days.map(({ day }) => dayToDate(day.date)) } },
        select: { date: true },
      })
    ).map((row) => dateToDay(row.date)),
  );

  return days.map(({ day }) => {
    const models = day.observations.length;
    const inserted = models - (existing.get(day.date) ?? 0);
    const changed = written.get(day.date) ?? 0;
    return {
      date: day.date,
      inserted,
      updated: changed - inserted,
      unchanged: models - changed,
      removed: removed.get(day.date) ?? 0,
      settled: settled.has(day.date),
    };
  });
}

/** A synced day as stored: coverage, as-of time and pricing. */
export type StoredSourceDay = {
  date: UtcDay;
  source: string;
  asOf: Date;
  priceSnapshotId: number;
  priceBasis: PriceBasis;
  coverage: DayCoverage;
  listedModels: number;
  syncedAt: Date;
};

/** Every source's record of one day (usually one). */
export async function readSourceDays(db: Tx, day: UtcDay): Promise<StoredSourceDay[]> {
  const rows = await db.sourceDay.findMany({
    where: { date: dayToDate(day) },
    orderBy: { source: "asc" },
  });
  return rows.map(storedSourceDayOf);
}

/** Synced days of a range, oldest first (coverage over a period). */
export async function readSourceDaysBetween(
  db: Tx,
  from: UtcDay,
  to: UtcDay,
): Promise<StoredSourceDay[]> {
  const rows = await db.sourceDay.findMany({
    where: { date: { gte: dayToDate(from), lte: dayToDate(to) } },
    orderBy: [{ date: "asc" }, { source: "asc" }],
  });
  return rows.map(storedSourceDayOf);
}

function storedSourceDayOf(row: {
  date: Date;
  source: string;
  asOf: Date;
  priceSnapshotId: number;
  priceBasis: string;
  listedTokens: bigint;
  otherTokens: bigint;
  trackedTokens: bigint;
  listedModels: number;
  syncedAt: Date;
}): StoredSourceDay {
  return {
    date: dateToDay(row.date),
    source: row.source,
    asOf: row.asOf,
    priceSnapshotId: row.priceSnapshotId,
    priceBasis: row.priceBasis as PriceBasis,
    coverage: {
      listedTokens: row.listedTokens,
      otherTokens: row.otherTokens,
      trackedTokens: row.trackedTokens,
    },
    listedModels: row.listedModels,
    syncedAt: row.syncedAt,
  };
}

/** The sources behind the stored observations: days held and the newest as-of time of each. */
export type SourceSummary = {
  source: string;
  firstDay: UtcDay;
  lastDay: UtcDay;
  days: number;
  latestAsOf: Date | null;
};

export async function summarizeSources(db: Tx): Promise<SourceSummary[]> {
  const rows = await db.$queryRaw<
    { source: string; first_day: Date; last_day: Date; days: bigint; latest_as_of: Date | null }[]
  >`
    select o.source, min(o.date) as first_day, max(o.date) as last_day,
           count(distinct o.date) as days,
           (select max(s.as_of) from source_day s where s.source = o.source) as latest_as_of
    from observation o group by o.source order by o.source`;
  return rows.map((r) => ({
    source: r.source,
    firstDay: dateToDay(r.first_day),
    lastDay: dateToDay(r.last_day),
    days: Number(r.days),
    latestAsOf: r.latest_as_of,
  }));
}

// --- the sync log and the one-syncer lock ---

export type SourceSyncStart = {
  source: string;
  trigger: string;
  firstDay: UtcDay;
  lastDay: UtcDay;
  startedAt: Date;
};

export async function startSourceSync(db: Tx, run: SourceSyncStart): Promise<number> {
  const row = await db.sourceSync.create({
    data: {
      source: run.source,
      trigger: run.trigger,
      firstDay: dayToDate(run.firstDay),
      lastDay: dayToDate(run.lastDay),
      startedAt: run.startedAt,
      outcome: "running",
    },
    select: { id: true },
  });
  return row.id;
}

export type SourceSyncEnd = {
  finishedAt: Date;
  asOf: Date | null;
  priceSnapshotId: number | null;
  requests: number;
  daysWritten: number;
  daysFailed: number;
  /** `interrupted`: stopped before it finished (a shutdown, or its process died: see closeInterruptedSourceSyncs). */
  outcome: "ok" | "partial" | "failed" | "interrupted";
  message: string;
};

export async function finishSourceSync(db: Tx, id: number, end: SourceSyncEnd): Promise<void> {
  await db.sourceSync.update({ where: { id }, data: end });
}

/**
 * Counts a running sync's requests as they are sent, so that a run that dies halfway still
 * counts against the daily request budget.
 */
export async function recordSourceSyncRequests(
  db: Tx,
  id: number,
  requests: number,
): Promise<void> {
  await db.sourceSync.update({ where: { id }, data: { requests } });
}

/** Requests a source's syncs made since `since` (its daily request budget). */
export async function sourceRequestsSince(db: Tx, source: string, since: Date): Promise<number> {
  const result = await db.sourceSync.aggregate({
    where: { source, startedAt: { gte: since } },
    _sum: { requests: true },
  });
  return result._sum.requests ?? 0;
}

export type SourceSyncRow = SourceSyncStart & SourceSyncEnd & { id: number };

export async function recentSourceSyncs(
  db: Tx,
  source: string,
  limit = 20,
): Promise<SourceSyncRow[]> {
  const rows = await db.sourceSync.findMany({
    where: { source },
    orderBy: { id: "desc" },
    take: limit,
  });
  return rows.map((r) => ({
    id: r.id,
    source: r.source,
    trigger: r.trigger,
    firstDay: dateToDay(r.firstDay),
    lastDay: dateToDay(r.lastDay),
    startedAt: r.startedAt,
    finishedAt: r.finishedAt ?? r.startedAt,
    asOf: r.asOf,
    priceSnapshotId: r.priceSnapshotId,
    requests: r.requests,
    daysWritten: r.daysWritten,
    daysFailed: r.daysFailed,
    outcome: r.outcome as SourceSyncEnd["outcome"],
    message: r.message,
  }));
}

/** Arbitrary constant identifying the source-sync lock among advisory locks. */
const SOURCE_SYNC_LOCK_KEY = 7_224_019_011;
/**
 * Every other source syncs under its own lock, keyed by the hash of its name in the two-key space
 * of advisory locks, so a GPU price sync never waits for an OpenRouter back-fill and the reverse.
 */
const SOURCE_SYNC_LOCK_CLASS = 7_224_019;

/**
 * Closes the source's runs still logged `running` as `interrupted`: call it holding the sync lock
 * (inside `withSourceSyncLock`), when no run can be going on, so such a row is one whose process
 * died (kill -9, a crash, a lost connection) before it could write its end. Returns their ids.
 */
export async function closeInterruptedSourceSyncs(
  db: Tx,
  source: string,
  now: Date,
): Promise<number[]> {
  const rows = await db.sourceSync.findMany({
    where: { source, outcome: "running" },
    select: { id: true, startedAt: true },
  });
  for (const row of rows)
    await db.sourceSync.update({
      where: { id: row.id },
      data: {
        outcome: "interrupted",
        finishedAt: new Date(Math.max(now.getTime(), row.startedAt.getTime())),
        message: `interrupted: the process running this sync stopped before it finished (found ${now.toISOString()}); what it wrote is kept, the days it did not write are missing`,
      },
    });
  return rows.map((row) => row.id);
}

/**
 * The same at any time: when no sync runs (the lock is free), closes the runs a dead process left
 * `running`; when one runs, does nothing and returns null.
 */
export async function closeInterruptedSourceSyncsIfIdle(
  db: Db,
  source: string,
  now: Date,
  /** The lock the source's runs hold, when it is not the source's own (memory imports hold the memory lock). */
  lock: string = source,
): Promise<number[] | null> {
  const locked = await withSourceSyncLock(
    db,
    () => closeInterruptedSourceSyncs(db, source, now),
    60_000,
    lock,
  );
  return locked.locked ? locked.result : null;
}

/**
 * Runs `work` only if no other process is syncing (a transaction-scoped advisory lock held for
 * the whole run; a crashed syncer's connection closes and frees it). Returns `{ locked: false }`
 * without running when another instance holds it.
 */
export async function withSourceSyncLock<T>(
  db: Db,
  work: () => Promise<T>,
  maxRunMs: number,
  /** The source whose syncs exclude each other; OpenRouter's (the original lock key) when absent. */
  source?: string,
): Promise<{ locked: true; result: T } | { locked: false }> {
  return db.$transaction(
    async (tx) => {
      // The lock's transaction sits idle while `work` runs on other connections, often for
      // minutes (a paced back-fill): the pool's idle-in-transaction timeout would end its session,
      // freeing the lock half-way (a second instance would sync too) and failing the commit.
      // Only this transaction is exempt; a crashed process still frees the lock with its socket.
      await tx.$executeRaw`set local idle_in_transaction_session_timeout = 0`;
      const [row] =
        source === undefined || source === OPENROUTER_SOURCE
          ? await tx.$queryRaw<{ locked: boolean }[]>`
              select pg_try_advisory_xact_lock(${SOURCE_SYNC_LOCK_KEY}) as locked`
          : await tx.$queryRaw<{ locked: boolean }[]>`
              select pg_try_advisory_xact_lock(${SOURCE_SYNC_LOCK_CLASS}::int, hashtext(${source})) as locked`;
      if (!row?.locked) return { locked: false as const };
      return { locked: true as const, result: await work() };
    },
    { timeout: maxRunMs, maxWait: 10_000 },
  );
}
