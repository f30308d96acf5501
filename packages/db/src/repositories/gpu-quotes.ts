import {
  type DroppedRows,
  type GpuName,
  type GpuPriceTier,
  type GpuQuote,
  type PrintableSnapshot,
  type QuoteExclusion,
  type QuoteSnapshot,
  type SourceExclusion,
  type UtcDay,
} from "@tpi/domain";
import type { Db, Tx } from "../client";
import type { Prisma } from "../generated/prisma/client";
import { dateToDay, dayToDate } from "./conversions";

/**
 * GPU quote snapshots (one fetch of one public price source, normalised) and their quotes, the
 * frozen quotes behind each daily value from quotes, and the summaries provenance is built from.
 * Prices are USD per GPU-hour.
 */

/** The citation and licence a snapshot was collected under, stored with it. */
export type QuoteAttribution = {
  citation: string;
  licence: { name: string; url: string };
};

export type StoredSnapshotRef = {
  id: number;
  /** False when the same bytes at the same as-of time were stored before (nothing was written). */
  inserted: boolean;
};

/**
 * Stores a snapshot and its quotes in one transaction: all or nothing. The same source, as-of
 * time and content hash is one snapshot: storing it again writes nothing and returns its id.
 */
export async function storeQuoteSnapshot(
  db: Db,
  snapshot: QuoteSnapshot,
  attribution: QuoteAttribution,
  recordedAt: Date,
): Promise<StoredSnapshotRef> {
  return db.$transaction(async (tx) => {
    const existing = await tx.gpuQuoteSnapshot.findUnique({
      where: {
        source_asOf_contentHash: {
          source: snapshot.source,
          asOf: snapshot.asOf,
          contentHash: snapshot.contentHash,
        },
      },
      select: { id: true },
    });
    if (existing) return { id: existing.id, inserted: false };
    const row = await tx.gpuQuoteSnapshot.create({
      data: {
        source: snapshot.source,
        label: snapshot.label,
        asOf: snapshot.asOf,
        contentHash: snapshot.contentHash,
        quoteCount: snapshot.quotes.length,
        dropped: snapshot.dropped as unknown as Prisma.InputJsonValue,
        citation: attribution.citation,
        licenceName: attribution.licence.name,
        licenceUrl: attribution.licence.url,
        recordedAt,
      },
      select: { id: true },
    });
    if (snapshot.quotes.length > 0)
      await tx.gpuQuote.createMany({
        data: snapshot.quotes.map((q) => ({
          snapshotId: row.id,
          gpuName: q.gpuName,
          provider: q.provider,
          tier: q.tier,
          offer: q.offer,
          priceUsdPerGpuHour: q.priceUsdPerGpuHour,
          observedAt: q.observedAt,
          sourceExclusion: q.sourceExclusion,
        })),
      });
    return { id: row.id, inserted: true };
  });
}

/**
 * The snapshots with as-of time in [from, to) that quote `gpuName`, each with its quotes of that
 * GPU, oldest first: what the settlement prints from.
 */
export async function quoteSnapshotsBetween(
  db: Tx,
  gpuName: GpuName,
  from: Date,
  to: Date,
): Promise<PrintableSnapshot[]> {
  const [row] = await db.$queryRaw<{ rows: string | null }[]>`
    select json_agg(json_build_array(s.id, s.source, round(date_part('epoch', s.as_of) * 1000), q.quotes) order by s.as_of, s.id)::text as rows
    from gpu_quote_snapshot s
    join lateral (
      select json_agg(json_build_array(provider, tier, offer, price_usd_per_gpu_hour, round(date_part('epoch', observed_at) * 1000), source_exclusion)
                      order by provider, tier, offer) as quotes
      from gpu_quote where gpu_name = ${gpuName} and snapshot_id = s.id
    ) q on q.quotes is not null
    where s.as_of >= ${from} and s.as_of < ${to}`;
  return printableSnapshots(gpuName, row?.rows ?? null);
}

/** The given snapshots with their quotes of `gpuName` (those quoting it), by id. */
export async function quoteSnapshotsWithIds(
  db: Tx,
  gpuName: GpuName,
  ids: readonly number[],
): Promise<PrintableSnapshot[]> {
  if (ids.length === 0) return [];
  const [row] = await db.$queryRaw<{ rows: string | null }[]>`
    select json_agg(json_build_array(s.id, s.source, round(date_part('epoch', s.as_of) * 1000), q.quotes) order by s.id)::text as rows
    from gpu_quote_snapshot s
    join lateral (
      select json_agg(json_build_array(provider, tier, offer, price_usd_per_gpu_hour, round(date_part('epoch', observed_at) * 1000), source_exclusion)
                      order by provider, tier, offer) as quotes
      from gpu_quote where gpu_name = ${gpuName} and snapshot_id = s.id
    ) q on q.quotes is not null
    where s.id = any(${[...ids]}::int[])`;
  return printableSnapshots(gpuName, row?.rows ?? null);
}

/** Snapshots read as one JSON text (Prisma decodes row by row, which is the slow part). */
function printableSnapshots(gpuName: GpuName, rowsText: string | null): PrintableSnapshot[] {
  const rows = JSON.parse(rowsText ?? "[]") as [
    number,
    string,
    number,
    [string, GpuPriceTier, string, number, number, SourceExclusion | null][],
  ][];
  return rows.map(([id, source, asOfMs, quotes]) => ({
    id,
    source,
    asOf: new Date(asOfMs),
    quotes: quotes.map(([provider, tier, offer, price, observedMs, sourceExclusion]) => ({
      gpuName,
      provider,
      tier,
      offer,
      priceUsdPerGpuHour: price,
      observedAt: new Date(observedMs),
      sourceExclusion,
    })),
  }));
}

/** The as-of time of the earliest snapshot quoting `gpuName`, if any. */
export async function firstQuoteSnapshotAt(db: Tx, gpuName: GpuName): Promise<Date | undefined> {
  const [row] = await db.$queryRaw<{ first: Date | null }[]>`
    select min(s.as_of) as first from gpu_quote_snapshot s
    where exists (select 1 from gpu_quote q where q.gpu_name = ${gpuName} and q.snapshot_id = s.id)`;
  return row?.first ?? undefined;
}

export type StoredQuoteSnapshot = {
  id: number;
  source: string;
  label: string;
  asOf: Date;
  contentHash: string;
  quoteCount: number;
  dropped: DroppedRows;
  recordedAt: Date;
} & QuoteAttribution;

/** The latest stored snapshot of a source (by as-of time), if any. */
export async function latestQuoteSnapshot(
  db: Tx,
  source: string,
): Promise<StoredQuoteSnapshot | undefined> {
  const row = await db.gpuQuoteSnapshot.findFirst({
    where: { source },
    orderBy: [{ asOf: "desc" }, { id: "desc" }],
  });
  return row ? toStoredSnapshot(row) : undefined;
}

/** The labels (ledger days) a source has stored snapshots for. */
export async function quoteSnapshotLabels(db: Tx, source: string): Promise<Set<string>> {
  const rows = await db.gpuQuoteSnapshot.findMany({
    where: { source },
    select: { label: true },
    distinct: ["label"],
  });
  return new Set(rows.map((r) => r.label));
}

/** Snapshots by id (for provenance and constituents), in id order. */
export async function quoteSnapshotsById(
  db: Tx,
  ids: readonly number[],
): Promise<StoredQuoteSnapshot[]> {
  if (ids.length === 0) return [];
  const rows = await db.gpuQuoteSnapshot.findMany({
    where: { id: { in: [...ids] } },
    orderBy: { id: "asc" },
  });
  return rows.map(toStoredSnapshot);
}

/** Whether any quote snapshot is stored. */
export async function hasQuoteSnapshots(db: Tx): Promise<boolean> {
  return (await db.gpuQuoteSnapshot.findFirst({ select: { id: true } })) !== null;
}

function toStoredSnapshot(row: {
  id: number;
  source: string;
  label: string;
  asOf: Date;
  contentHash: string;
  quoteCount: number;
  dropped: Prisma.JsonValue;
  citation: string;
  licenceName: string;
  licenceUrl: string;
  recordedAt: Date;
}): StoredQuoteSnapshot {
  return {
    id: row.id,
    source: row.source,
    label: row.label,
    asOf: row.asOf,
    contentHash: row.contentHash,
    quoteCount: row.quoteCount,
    dropped: row.dropped as unknown as DroppedRows,
    recordedAt: row.recordedAt,
    citation: row.citation,
    licence: { name: row.licenceName, url: row.licenceUrl },
  };
}

// --- the quotes behind a daily value ---

/** A quote as frozen with a daily value: what the day's prints made of it, and in how many prints. */
export type DailyQuote = {
  snapshotId: number;
  quote: Omit<GpuQuote, "observedAt" | "sourceExclusion">;
  exclusion: QuoteExclusion | null;
  prints: number;
};

export async function insertDailyQuotes(
  db: Tx,
  gpuName: GpuName,
  day: UtcDay,
  quotes: readonly DailyQuote[],
): Promise<number> {
  if (quotes.length === 0) return 0;
  const result = await db.gpuDailyQuote.createMany({
    data: quotes.map((q) => ({
      gpuName,
      day: dayToDate(day),
      snapshotId: q.snapshotId,
      provider: q.quote.provider,
      tier: q.quote.tier,
      offer: q.quote.offer,
      priceUsdPerGpuHour: q.quote.priceUsdPerGpuHour,
      exclusion: q.exclusion,
      prints: q.prints,
    })),
    skipDuplicates: true,
  });
  return result.count;
}

/** The frozen quotes of one daily value, by snapshot then provider, tier and offer. */
export async function dailyQuotesOf(db: Tx, gpuName: GpuName, day: UtcDay): Promise<DailyQuote[]> {
  const rows = await db.gpuDailyQuote.findMany({
    where: { gpuName, day: dayToDate(day) },
    orderBy: [{ snapshotId: "asc" }, { provider: "asc" }, { tier: "asc" }, { offer: "asc" }],
  });
  return rows.map((row) => ({
    snapshotId: row.snapshotId,
    quote: {
      gpuName,
      provider: row.provider,
      tier: row.tier as GpuPriceTier,
      offer: row.offer,
      priceUsdPerGpuHour: row.priceUsdPerGpuHour,
    },
    exclusion: row.exclusion as QuoteExclusion | null,
    prints: row.prints,
  }));
}

// --- summaries for provenance ---

/** A quote source as the published data describes it: the days it covers and its latest as-of. */
export type QuoteSourceSummary = {
  source: string;
  firstDay: UtcDay;
  lastDay: UtcDay;
  /** Distinct UTC days with a snapshot. */
  days: number;
  snapshots: number;
  latestAsOf: Date;
} & QuoteAttribution;

/**
 * Per source: the UTC days of its snapshots (first, last, how many), their number, the latest
 * as-of and the attribution of the latest snapshot (what a reader must be shown today).
 */
export async function summarizeQuoteSources(db: Tx): Promise<QuoteSourceSummary[]> {
  const rows = await db.$queryRaw<
    {
      source: string;
      first_day: Date;
      last_day: Date;
      days: bigint;
      snapshots: bigint;
      latest: Date;
      citation: string;
      licence_name: string;
      licence_url: string;
    }[]
  >`
    select s.source, min((s.as_of at time zone 'UTC')::date) as first_day, max((s.as_of at time zone 'UTC')::date) as last_day,
           count(distinct (s.as_of at time zone 'UTC')::date) as days, count(*) as snapshots, max(s.as_of) as latest,
           (array_agg(s.citation order by s.as_of desc, s.id desc))[1] as citation,
           (array_agg(s.licence_name order by s.as_of desc, s.id desc))[1] as licence_name,
           (array_agg(s.licence_url order by s.as_of desc, s.id desc))[1] as licence_url
    from gpu_quote_snapshot s group by s.source order by s.source`;
  return rows.map((r) => ({
    source: r.source,
    firstDay: dateToDay(r.first_day),
    lastDay: dateToDay(r.last_day),
    days: Number(r.days),
    snapshots: Number(r.snapshots),
    latestAsOf: r.latest,
    citation: r.citation,
    licence: { name: r.licence_name, url: r.licence_url },
  }));
}

/** A stored snapshot's source, time and attribution: what a value read from it cites. */
export type SnapshotAttribution = { id: number; source: string; asOf: Date } & QuoteAttribution;

/** The attribution of each snapshot of `ids` (those stored), by id. */
export async function quoteSnapshotAttributions(
  db: Tx,
  ids: readonly number[],
): Promise<SnapshotAttribution[]> {
  if (ids.length === 0) return [];
  const rows = await db.gpuQuoteSnapshot.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: {
      id: true,
      source: true,
      asOf: true,
      citation: true,
      licenceName: true,
      licenceUrl: true,
    },
    orderBy: { id: "asc" },
  });
  return rows.map(({ licenceName, licenceUrl, ...row }) => ({
    ...row,
    licence: { name: licenceName, url: licenceUrl },
  }));
}

/** Moves when a snapshot is stored: part of the GPU read model's fingerprint. */
export async function quoteSnapshotCount(db: Tx): Promise<number> {
  return db.gpuQuoteSnapshot.count();
}
