import {
  MEMORY_EVENTS,
  MEMORY_TYPE_IDS,
  latestSettledTradingDayAt,
  memoryPublishedValues,
  periodKey,
  seriesValueChanges,
  memoryObservationKey,
  planMemorySettlement,
  revisionChangePercent,
  settleMemory,
  type MemoryImportRow,
  type MemoryObservation,
  type MemorySettledValue,
  type SeriesValueChange,
  type StoredMemorySettlement,
  type UtcDay,
} from "@tpi/domain";
import type { Db, Tx } from "../client";
import type { Prisma } from "../generated/prisma/client";
import { dateToDay, dayToDate } from "./conversions";
import { appendSeriesValueEvents } from "./series-events";

/** Longest an import or a settlement may hold its transaction (a large back-fill file). */
export const MEMORY_WRITE_TIMEOUT_MS = 300_000;

export async function readMemoryObservations(
  db: Tx,
  /** One type's only (the settlement reads a type at a time, to keep its memory small). */
  typeId?: string,
): Promise<MemoryObservation[]> {
  const rows = await db.memoryObservation.findMany({
    ...(typeId === undefined ? {} : { where: { typeId } }),
    select: { typeId: true, observedAt: true, source: true, price: true, sourceUpdatedAt: true },
    orderBy: [{ observedAt: "asc" }, { id: "asc" }],
  });
  return rows;
}

/** The stored settled values, per type, oldest day first. */
export async function readMemorySettlements(
  db: Tx,
  typeId?: string,
): Promise<StoredMemorySettlement[]> {
  const rows = await db.memorySettlement.findMany({
    ...(typeId === undefined ? {} : { where: { typeId } }),
    orderBy: [{ typeId: "asc" }, { day: "asc" }],
  });
  return rows.map((row) => ({ ...row, day: dateToDay(row.day) }));
}

/** One entry of the Memory revision log (USD; null where the day had no value). */
export type MemoryRevisionRecord = {
  id: number;
  typeId: string;
  day: UtcDay;
  oldPrice: number | null;
  newPrice: number | null;
  oldUpdatedAt: Date | null;
  changePercent: number | null;
  reason: string;
  recordedAt: Date;
};

/** Every revision, oldest day first, then in the order they were recorded. */
export async function readMemoryRevisions(db: Tx): Promise<MemoryRevisionRecord[]> {
  const rows = await db.memoryRevision.findMany({ orderBy: [{ day: "asc" }, { id: "asc" }] });
  return rows.map((row) => ({ ...row, day: dateToDay(row.day) }));
}

/** What the latest observation of a source says about it: its licence, citation and address. */
export type MemorySourceTerms = {
  source: string;
  licence: string | null;
  citation: string | null;
  url: string | null;
  /** The source's latest publication time (its latest observation time where it gave none). */
  latestAsOf: Date;
};

export async function readMemorySourceTerms(db: Tx): Promise<MemorySourceTerms[]> {
  const latest = await db.memoryObservation.findMany({
    distinct: ["source"],
    orderBy: [{ source: "asc" }, { observedAt: "desc" }, { id: "desc" }],
    select: { source: true, licence: true, citation: true, url: true },
  });
  const times = await db.$queryRaw<{ source: string; latest: Date }[]>`
    select source, max(coalesce(source_updated_at, observed_at)) as latest
    from memory_observation group by source`;
  const timeOf = new Map(times.map((row) => [row.source, row.latest]));
  return latest.map((row) => ({ ...row, latestAsOf: timeOf.get(row.source) ?? new Date(0) }));
}

/**
 * Moves whenever an import or a settlement wrote: observation count and latest change, settled
 * values' count and latest settlement, revisions' latest id. The read model reloads on a change.
 */
export async function memoryFingerprint(db: Tx): Promise<string> {
  const [row] = await db.$queryRaw<
    {
      observations: bigint;
      observed: Date | null;
      settled: bigint;
      settledAt: Date | null;
      revision: number | null;
    }[]
  >`
    select (select count(*) from memory_observation) as observations,
           (select max(updated_at) from memory_observation) as observed,
           (select count(*) from memory_settlement) as settled,
           (select max(updated_at) from memory_settlement) as "settledAt",
           (select max(id) from memory_revision) as revision`;
  if (row === undefined) return "";
  return [
    row.observations,
    row.observed?.toISOString(),
    row.settled,
    row.settledAt?.toISOString(),
    row.revision,
  ].join("|");
}

/** What a settlement changed. */
export type MemorySettlementReport = {
  /** The latest trading day whose 4 PM settlement had passed. */
  throughDay: UtcDay;
  /** Type-days settled for the first time. */
  settled: number;
  /** Type-days whose price changed: one revision each. */
  resettled: number;
  /** Type-days whose price stands but whose derived fields moved with a neighbour. */
  rederived: number;
  /** Type-days that lost every observation (a revision to no value). */
  withdrawn: number;
  revisions: MemoryRevisionRecord[];
  /** Value events stored with the settlement: one per new type-day, one per changed price. */
  events: number;
};

/**
 * Settles every trading day whose 4 PM New York settlement is at or before `now`, from every
 * stored observation, inside the caller's transaction: new days are written, a changed price is
 * rewritten with a revision (`reason`), derived fields follow, and the value events of what
 * changed (`MEMORY_EVENTS`: value.settled per new type-day, value.revised per changed or
 * withdrawn price) go to the outbox, published at `now`. Running it again changes nothing.
 */
export async function settleStoredMemory(
  tx: Prisma.TransactionClient,
  now: Date,
  reason: string,
): Promise<MemorySettlementReport> {
  const throughDay = latestSettledTradingDayAt(now);
  const report: MemorySettlementReport = {
    throughDay,
    settled: 0,
    resettled: 0,
    rederived: 0,
    withdrawn: 0,
    revisions: [],
    events: 0,
  };
  const terms = new Map((await readMemorySourceTerms(tx)).map((term) => [term.source, term]));
  const termsOf = (source: string) => terms.get(source);
  const changes: SeriesValueChange[] = [];
  // A type's values depend on its own observations only: settled a type at a time, the
  // settlement holds one type's observations in memory, not every type's.
  for (const typeId of MEMORY_TYPE_IDS) {
    const computed = settleMemory(await readMemoryObservations(tx, typeId), throughDay);
    const stored = await readMemorySettlements(tx, typeId);
    const plan = planMemorySettlement(stored, computed);
    await writeMemorySettlementPlan(tx, plan, now, reason, report);
    changes.push(
      ...seriesValueChanges(
        memoryPublishedValues(stored, termsOf),
        memoryPublishedValues(computed, termsOf),
        () => reason,
      ),
    );
  }
  // Oldest day first across the types (each type's changes already are): the order of delivery.
  changes.sort((a, b) =>
    periodKey(a.published.period) < periodKey(b.published.period)
      ? -1
      : periodKey(a.published.period) > periodKey(b.published.period)
        ? 1
        : 0,
  );
  report.events = (await appendSeriesValueEvents(tx, MEMORY_EVENTS, changes, now)).length;
  return report;
}

/** Writes one type's settlement plan and adds it to the report (revisions included). */
async function writeMemorySettlementPlan(
  tx: Prisma.TransactionClient,
  plan: ReturnType<typeof planMemorySettlement>,
  now: Date,
  reason: string,
  report: MemorySettlementReport,
): Promise<void> {
  const data = (value: MemorySettledValue) => ({
    price: value.price,
    changePct: value.changePct,
    weeklyHigh: value.weeklyHigh,
    weeklyLow: value.weeklyLow,
    sourceUpdatedAt: value.sourceUpdatedAt,
    observations: value.observations,
    sources: value.sources,
    updatedAt: now,
  });
  if (plan.added.length > 0) await insertSettlements(tx, plan.added, now);
  for (const { after } of [...plan.revised, ...plan.rederived])
    await tx.memorySettlement.update({
      where: { typeId_day: { typeId: after.typeId, day: dayToDate(after.day) } },
      data: data(after),
    });
  for (const before of plan.withdrawn)
    await tx.memorySettlement.delete({
      where: { typeId_day: { typeId: before.typeId, day: dayToDate(before.day) } },
    });
  const changes = [
    ...plan.revised.map(({ before, after }) => ({
      before,
      newPrice: after.price as number | null,
    })),
    ...plan.withdrawn.map((before) => ({ before, newPrice: null })),
  ];
  for (const { before, newPrice } of changes) {
    const row = await tx.memoryRevision.create({
      data: {
        typeId: before.typeId,
        day: dayToDate(before.day),
        oldPrice: before.price,
        newPrice,
        oldUpdatedAt: before.updatedAt,
        changePercent: revisionChangePercent(before.price, newPrice),
        reason,
        recordedAt: now,
      },
    });
    report.revisions.push({ ...row, day: dateToDay(row.day) });
  }
  report.settled += plan.added.length;
  report.resettled += plan.revised.length;
  report.rederived += plan.rederived.length;
  report.withdrawn += plan.withdrawn.length;
}

/**
 * Inserts settled values with one statement of a fixed shape (a column per array, the sources as
 * JSON text), in batches: Prisma's `createMany` keeps a compiled plan holding every row's
 * parameters, which a back-fill of thousands of type-days grew by tens of MB.
 */
async function insertSettlements(
  tx: Prisma.TransactionClient,
  values: readonly MemorySettledValue[],
  now: Date,
): Promise<void> {
  for (let start = 0; start < values.length; start += MEMORY_IMPORT_BATCH_ROWS) {
    const batch = values.slice(start, start + MEMORY_IMPORT_BATCH_ROWS);
    const column = <T>(pick: (value: MemorySettledValue) => T) => batch.map(pick);
    await tx.$executeRaw`
      insert into memory_settlement
        (type_id, day, price, change_pct, weekly_high, weekly_low, source_updated_at,
         observations, sources, updated_at)
      select v.type_id, v.day::date, v.price::float8, v.change_pct::float8, v.weekly_high::float8,
             v.weekly_low::float8, v.source_updated_at::timestamptz, v.observations::int,
             array(select jsonb_array_elements_text(v.sources::jsonb)),
             ${now.toISOString()}::timestamptz
      from unnest(
        ${column((value) => value.typeId)}::text[],
        ${column((value) => value.day)}::text[],
        ${column((value) => String(value.price))}::text[],
        ${column((value) => (value.changePct === null ? null : String(value.changePct)))}::text[],
        ${column((value) => String(value.weeklyHigh))}::text[],
        ${column((value) => String(value.weeklyLow))}::text[],
        ${column((value) => value.sourceUpdatedAt.toISOString())}::text[],
        ${column((value) => String(value.observations))}::text[],
        ${column((value) => JSON.stringify(value.sources))}::text[]
      ) as v(type_id, day, price, change_pct, weekly_high, weekly_low, source_updated_at,
             observations, sources)`;
  }
}

/** Settles in a transaction of its own (the settlement job). */
export function settleMemoryNow(
  db: Db,
  now: Date,
  reason: string,
): Promise<MemorySettlementReport> {
  return db.$transaction((tx) => settleStoredMemory(tx, now, reason), {
    timeout: MEMORY_WRITE_TIMEOUT_MS,
  });
}

/** A stored observation whose price an import changed. */
export type MemoryPriceUpdate = {
  line: number;
  typeId: string;
  observedAt: Date;
  source: string;
  oldPrice: number;
  newPrice: number;
};

export type MemoryImportReport = {
  read: number;
  inserted: number;
  /** Rows whose natural key was stored with another price or other details. */
  updated: number;
  unchanged: number;
  /** The first LISTED_MEMORY_PRICE_UPDATES updates that changed a price, in file order. */
  priceUpdates: MemoryPriceUpdate[];
  settlement: MemorySettlementReport;
};

/** Price updates an import report lists (the count of updates is always whole). */
export const LISTED_MEMORY_PRICE_UPDATES = 20;

/**
 * Writes checked import rows and settles, all in one transaction: a failed or killed import
 * leaves nothing, and so does a source of rows that throws part way (a file found bad while it
 * is read). The rows come in batches as the file is read and are written in batches of
 * MEMORY_IMPORT_BATCH_ROWS, so the import's memory stays flat in the file's size. A row whose
 * natural key (type, observation time, source) is stored with the same price and details is
 * unchanged; with another price or details, an update.
 */
export async function importMemoryObservations(
  db: Db,
  rows: AsyncIterable<readonly MemoryImportRow[]> | readonly MemoryImportRow[],
  now: Date,
  reason: string,
): Promise<MemoryImportReport> {
  return db.$transaction(
    async (tx) => {
      const report = { read: 0, inserted: 0, updated: 0, unchanged: 0 };
      const priceUpdates: MemoryPriceUpdate[] = [];
      let batch: MemoryImportRow[] = [];
      const write = async () => {
        const counts = await writeImportBatch(tx, batch, now, priceUpdates);
        report.read += batch.length;
        report.inserted += counts.inserted;
        report.updated += counts.updated;
        report.unchanged += counts.unchanged;
        batch = [];
      };
      const batches = Symbol.asyncIterator in rows ? rows : [rows];
      for await (const piece of batches)
        for (const row of piece) {
          batch.push(row);
          if (batch.length >= MEMORY_IMPORT_BATCH_ROWS) await write();
        }
      if (batch.length > 0) await write();
      const settlement = await settleStoredMemory(tx, now, reason);
      return { ...report, priceUpdates, settlement };
    },
    { timeout: MEMORY_WRITE_TIMEOUT_MS, maxWait: 10_000 },
  );
}

/**
 * Rows an import writes per statement. A single statement of 200,000 rows took gigabytes; and
 * Prisma keeps the arguments of its last 100 debug calls whether or not debugging is on (in the
 * client and again in the pg adapter), which hold each recent statement's parameters: at 2,000
 * rows that kept about 55 MB of past batches alive through the import, at 500 about 20 MB.
 */
const MEMORY_IMPORT_BATCH_ROWS = 500;

type StoredImportRow = {
  id: number;
  typeId: string;
  observedAt: Date;
  source: string;
  price: number;
  sourceUpdatedAt: Date | null;
  url: string | null;
  licence: string | null;
  citation: string | null;
};

/** One batch of an import (rows in any order): inserts, updates and the unchanged, counted. */
async function writeImportBatch(
  tx: Prisma.TransactionClient,
  batch: readonly MemoryImportRow[],
  now: Date,
  priceUpdates: MemoryPriceUpdate[],
): Promise<{ inserted: number; updated: number; unchanged: number }> {
  if (batch.length === 0) return { inserted: 0, updated: 0, unchanged: 0 };
  // The stored rows of this batch's keys only: a file in any order reads each stored row once.
  const stored = await tx.$queryRaw<StoredImportRow[]>`
    select o.id, o.type_id as "typeId", o.observed_at as "observedAt", o.source, o.price,
           o.source_updated_at as "sourceUpdatedAt", o.url, o.licence, o.citation
    from memory_observation o
    join unnest(
      ${batch.map((row) => row.typeId)}::text[],
      ${batch.map((row) => row.observedAt.toISOString())}::text[]::timestamptz[],
      ${batch.map((row) => row.source)}::text[]
    ) as k(type_id, observed_at, source)
      on o.type_id = k.type_id and o.observed_at = k.observed_at and o.source = k.source`;
  const storedByKey = new Map(stored.map((row) => [memoryObservationKey(row), row]));
  const inserts: MemoryImportRow[] = [];
  let updated = 0;
  let unchanged = 0;
  for (const row of batch) {
    const before = storedByKey.get(memoryObservationKey(row));
    if (before === undefined) {
      inserts.push(row);
      continue;
    }
    const same =
      before.price === row.price &&
      (before.sourceUpdatedAt?.getTime() ?? null) === (row.sourceUpdatedAt?.getTime() ?? null) &&
      before.url === row.url &&
      before.licence === row.licence &&
      before.citation === row.citation;
    if (same) {
      unchanged++;
      continue;
    }
    updated++;
    if (before.price !== row.price && priceUpdates.length < LISTED_MEMORY_PRICE_UPDATES)
      priceUpdates.push({
        line: row.line,
        typeId: row.typeId,
        observedAt: row.observedAt,
        source: row.source,
        oldPrice: before.price,
        newPrice: row.price,
      });
    await tx.memoryObservation.update({
      where: { id: before.id },
      data: {
        price: row.price,
        sourceUpdatedAt: row.sourceUpdatedAt,
        url: row.url,
        licence: row.licence,
        citation: row.citation,
        updatedAt: now,
      },
    });
  }
  if (inserts.length > 0) await insertObservations(tx, inserts, now);
  return { inserted: inserts.length, updated, unchanged };
}

/**
 * Inserts rows with one statement of a fixed shape (a column per array): Prisma's `createMany`
 * compiles and keeps a query plan per batch, holding every row's parameters, which grew the
 * import's memory by megabytes with each batch.
 */
async function insertObservations(
  tx: Prisma.TransactionClient,
  rows: readonly MemoryImportRow[],
  now: Date,
): Promise<void> {
  const column = <T>(pick: (row: MemoryImportRow) => T) => rows.map(pick);
  await tx.$executeRaw`
    insert into memory_observation
      (type_id, observed_at, source, price, source_updated_at, url, licence, citation,
       imported_at, updated_at)
    select r.type_id, r.observed_at::timestamptz, r.source, r.price::float8,
           r.source_updated_at::timestamptz, r.url, r.licence, r.citation,
           ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from unnest(
      ${column((row) => row.typeId)}::text[],
      ${column((row) => row.observedAt.toISOString())}::text[],
      ${column((row) => row.source)}::text[],
      ${column((row) => String(row.price))}::text[],
      ${column((row) => row.sourceUpdatedAt?.toISOString() ?? null)}::text[],
      ${column((row) => row.url)}::text[],
      ${column((row) => row.licence)}::text[],
      ${column((row) => row.citation)}::text[]
    ) as r(type_id, observed_at, source, price, source_updated_at, url, licence, citation)`;
}

/** Stored observations (for commands and tests that show what an import wrote). */
export function countMemoryObservations(db: Tx): Promise<number> {
  return db.memoryObservation.count();
}
