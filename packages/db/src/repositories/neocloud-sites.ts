import {
  ImportRefusedError,
  shrinkRefusal,
  type NeocloudDataset,
  type NeocloudSite,
} from "@tpi/domain";
import type { Db } from "../client";
import type { Prisma } from "../generated/prisma/client";

/**
 * The Neo-Cloud Sites market's stored sites and the last import of each Epoch dataset. An import
 * is written in one transaction: only sites whose content hash moved are updated, new ones
 * inserted, those the dataset no longer lists removed; a failed import leaves everything as it was.
 */

export type NeocloudSiteWrite = {
  site: NeocloudSite;
  /** SHA-256 of `siteContentText(site)`. */
  contentHash: string;
};

export type NeocloudDatasetWrite = {
  dataset: NeocloudDataset;
  sourceUrls: string[];
  retrievedAt: Date;
  /**
   * The sites in batches, as their file is read and mapped: written as they come, so the import's
   * memory stays flat in the file's size. A source that throws (a bad record found part way)
   * rolls the whole import back.
   */
  sites: AsyncIterable<readonly NeocloudSiteWrite[]> | Iterable<readonly NeocloudSiteWrite[]>;
};

export type NeocloudWriteCounts = {
  inserted: number;
  updated: number;
  removed: number;
  unchanged: number;
};

/** Long enough for both datasets of 100,000 sites each, read and written in one transaction. */
const IMPORT_TRANSACTION_MS = 600_000;

/**
 * Replaces the stored sites of each dataset given with the ones read, writing only changes, and
 * records each dataset's import; one transaction, rolled back whole when a source throws or a
 * dataset would shrink by more than the domain allows. Counts by dataset.
 */
export async function writeNeocloudImport(
  db: Db,
  datasets: readonly NeocloudDatasetWrite[],
  now: Date,
  /** Lets the import remove more than the domain's share of a dataset (the operator's --allow-shrink). */
  options: { allowShrink: boolean } = { allowShrink: false },
): Promise<Record<string, NeocloudWriteCounts>> {
  return db.$transaction(
    async (tx) => {
      // The ids the import has read, in the database rather than in memory: what a dataset no
      // longer lists is what is stored and not seen. Dropped with the transaction.
      await tx.$executeRaw`create temporary table neocloud_import_seen (id text primary key) on commit drop`;
      const counts: Record<string, NeocloudWriteCounts> = {};
      for (const input of datasets) {
        await tx.$executeRaw`truncate neocloud_import_seen`;
        const stored = await tx.neocloudSite.count({ where: { dataset: input.dataset } });
        const count: NeocloudWriteCounts = { inserted: 0, updated: 0, removed: 0, unchanged: 0 };
        let records = 0;
        for await (const batch of input.sites) {
          records += batch.length;
          await writeSiteBatch(tx, input, batch, now, count);
        }
        // Removed, then refused when too many were (ImportRefusedError rolls back all).
        count.removed = await tx.$executeRaw`
          delete from neocloud_site s
          where s.dataset = ${input.dataset}
            and not exists (select 1 from neocloud_import_seen n where n.id = s.id)`;
        const refusal = shrinkRefusal({
          what: `${input.dataset} sites`,
          stored,
          removed: count.removed,
          allowShrink: options.allowShrink,
        });
        if (refusal !== undefined) throw new ImportRefusedError(refusal);
        await tx.neocloudDataset.upsert({
          where: { dataset: input.dataset },
          create: {
            dataset: input.dataset,
            sourceUrls: input.sourceUrls,
            retrievedAt: input.retrievedAt,
            records,
          },
          update: { sourceUrls: input.sourceUrls, retrievedAt: input.retrievedAt, records },
        });
        counts[input.dataset] = count;
      }
      return counts;
    },
    { timeout: IMPORT_TRANSACTION_MS, maxWait: 10_000 },
  );
}

/** One batch of a dataset's sites: new ones inserted, moved ones updated, all marked seen. */
async function writeSiteBatch(
  tx: Prisma.TransactionClient,
  input: NeocloudDatasetWrite,
  batch: readonly NeocloudSiteWrite[],
  now: Date,
  count: NeocloudWriteCounts,
): Promise<void> {
  if (batch.length === 0) return;
  const ids = batch.map(({ site }) => site.id);
  await tx.$executeRaw`insert into neocloud_import_seen (id) select unnest(${ids}::text[]) on conflict do nothing`;
  // Raw statements of a fixed shape: Prisma compiles and keeps a query plan per list length and
  // per createMany batch, holding every site's JSON, which grew the import's memory with each batch.
  const stored = await tx.$queryRaw<{ id: string; contentHash: string }[]>`
    select id, content_hash as "contentHash" from neocloud_site where id = any(${ids}::text[])`;
  const storedHash = new Map(stored.map((row) => [row.id, row.contentHash]));
  const inserts: NeocloudSiteWrite[] = [];
  for (const write of batch) {
    const { site, contentHash } = write;
    const before = storedHash.get(site.id);
    if (before === contentHash) {
      count.unchanged += 1;
      continue;
    }
    if (before === undefined) {
      inserts.push(write);
      count.inserted += 1;
    } else {
      await tx.neocloudSite.update({
        where: { id: site.id },
        data: {
          contentHash,
          site: site as unknown as Prisma.InputJsonValue,
          retrievedAt: input.retrievedAt,
          updatedAt: now,
        },
      });
      count.updated += 1;
    }
  }
  if (inserts.length > 0)
    await tx.$executeRaw`
      insert into neocloud_site
        (id, dataset, record_name, content_hash, site, retrieved_at, first_seen_at, updated_at)
      select s.id, ${input.dataset}, s.record_name, s.content_hash, s.site::jsonb,
             ${input.retrievedAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz,
             ${now.toISOString()}::timestamptz
      from unnest(
        ${inserts.map(({ site }) => site.id)}::text[],
        ${inserts.map(({ site }) => site.provenance.recordName)}::text[],
        ${inserts.map(({ contentHash }) => contentHash)}::text[],
        ${inserts.map(({ site }) => JSON.stringify(site))}::text[]
      ) as s(id, record_name, content_hash, site)`;
}

export type StoredNeocloudDataset = {
  dataset: string;
  sourceUrls: string[];
  retrievedAt: Date;
  records: number;
};

/** Every stored site (as the import wrote it) and each dataset's last import. */
export async function readNeocloudSites(
  db: Db,
): Promise<{ sites: NeocloudSite[]; datasets: StoredNeocloudDataset[] }> {
  const [rows, datasets] = await Promise.all([
    db.neocloudSite.findMany({ select: { site: true }, orderBy: { id: "asc" } }),
    db.neocloudDataset.findMany({ orderBy: { dataset: "asc" } }),
  ]);
  return { sites: rows.map((row) => row.site as unknown as NeocloudSite), datasets };
}

/**
 * How many sites are stored, how many of them neo-cloud, and how many datasets were imported,
 * counted in the database: what a command says is served without loading every site.
 */
export async function countNeocloudSites(
  db: Db,
): Promise<{ sites: number; neocloud: number; datasets: number }> {
  const [row] = await db.$queryRaw<{ sites: bigint; neocloud: bigint; datasets: bigint }[]>`
    select (select count(*) from neocloud_site) as sites,
           (select count(*) from neocloud_site where (site->>'isNeocloud')::boolean) as neocloud,
           (select count(*) from neocloud_dataset) as datasets`;
  return {
    sites: Number(row?.sites ?? 0),
    neocloud: Number(row?.neocloud ?? 0),
    datasets: Number(row?.datasets ?? 0),
  };
}

/** Moves whenever an import wrote anything (a site, or a dataset's retrieval time). */
export async function neocloudFingerprint(db: Db): Promise<string> {
  const [row] = await db.$queryRaw<
    { sites: bigint; updated: Date | null; retrieved: Date | null }[]
  >`
    select (select count(*) from neocloud_site) as sites,
           (select max(updated_at) from neocloud_site) as updated,
           (select max(retrieved_at) from neocloud_dataset) as retrieved`;
  return `${row?.sites ?? 0}|${row?.updated?.toISOString() ?? ""}|${row?.retrieved?.toISOString() ?? ""}`;
}
