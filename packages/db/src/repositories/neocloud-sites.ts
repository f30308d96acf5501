import {
  ImportRefusedError,
  shrinkRefusal,
  type NeocloudDataset,
  type NeocloudSite,
} from "@tpi/domain";
import type pg from "pg";
import { transactionOnPool, type Db } from "../client";

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

/**
 * Replaces the stored sites of each dataset given with the ones read, writing only changes, and
 * records each dataset's import; one transaction, rolled back whole when a source throws or a
 * dataset would shrink by more than the domain allows. Counts by dataset. Written through
 * node-postgres on a connection of the pool (`transactionOnPool`): each batch's parameters are
 * megabytes of site JSON, which Prisma would keep reachable long after the batch.
 */
export async function writeNeocloudImport(
  db: Db,
  datasets: readonly NeocloudDatasetWrite[],
  now: Date,
  /** Lets the import remove more than the domain's share of a dataset (the operator's --allow-shrink). */
  options: { allowShrink: boolean } = { allowShrink: false },
): Promise<Record<string, NeocloudWriteCounts>> {
  return transactionOnPool(db, async (client) => {
    // The ids the import has read, in the database rather than in memory: what a dataset no
    // longer lists is what is stored and not seen. Dropped with the transaction.
    await client.query(
      "create temporary table neocloud_import_seen (id text primary key) on commit drop",
    );
    const counts: Record<string, NeocloudWriteCounts> = {};
    for (const input of datasets) {
      await client.query("truncate neocloud_import_seen");
      const storedRows = await client.query<{ stored: string }>(
        "select count(*) as stored from neocloud_site where dataset = $1",
        [input.dataset],
      );
      const stored = Number(storedRows.rows[0]?.stored ?? 0);
      const count: NeocloudWriteCounts = { inserted: 0, updated: 0, removed: 0, unchanged: 0 };
      let records = 0;
      for await (const batch of input.sites) {
        records += batch.length;
        await writeSiteBatch(client, input, batch, now, count);
      }
      // Removed, then refused when too many were (ImportRefusedError rolls back all).
      const removed = await client.query(
        `delete from neocloud_site s
         where s.dataset = $1
           and not exists (select 1 from neocloud_import_seen n where n.id = s.id)`,
        [input.dataset],
      );
      count.removed = removed.rowCount ?? 0;
      const refusal = shrinkRefusal({
        what: `${input.dataset} sites`,
        stored,
        removed: count.removed,
        allowShrink: options.allowShrink,
      });
      if (refusal !== undefined) throw new ImportRefusedError(refusal);
      await client.query(
        `insert into neocloud_dataset (dataset, source_urls, retrieved_at, records)
         values ($1, $2::text[], $3::timestamptz, $4)
         on conflict (dataset) do update
           set source_urls = excluded.source_urls, retrieved_at = excluded.retrieved_at,
               records = excluded.records`,
        [input.dataset, input.sourceUrls, input.retrievedAt.toISOString(), records],
      );
      counts[input.dataset] = count;
    }
    return counts;
  });
}

/** One batch of a dataset's sites: new ones inserted, moved ones updated, all marked seen. */
async function writeSiteBatch(
  client: pg.PoolClient,
  input: NeocloudDatasetWrite,
  batch: readonly NeocloudSiteWrite[],
  now: Date,
  count: NeocloudWriteCounts,
): Promise<void> {
  if (batch.length === 0) return;
  const ids = batch.map(({ site }) => site.id);
  await client.query(
    "insert into neocloud_import_seen (id) select unnest($1::text[]) on conflict do nothing",
    [ids],
  );
  const stored = await client.query<{ id: string; content_hash: string }>(
    "select id, content_hash from neocloud_site where id = any($1::text[])",
    [ids],
  );
  const storedHash = new Map(stored.rows.map((row) => [row.id, row.content_hash]));
  const inserts: NeocloudSiteWrite[] = [];
  const updates: NeocloudSiteWrite[] = [];
  for (const write of batch) {
    const before = storedHash.get(write.site.id);
    if (before === write.contentHash) count.unchanged += 1;
    else if (before === undefined) inserts.push(write);
    else updates.push(write);
  }
  count.inserted += inserts.length;
  count.updated += updates.length;
  const retrievedAt = input.retrievedAt.toISOString();
  const at = now.toISOString();
  if (inserts.length > 0)
    await client.query(
      `insert into neocloud_site
         (id, dataset, record_name, content_hash, site, retrieved_at, first_seen_at, updated_at)
       select s.id, $1, s.record_name, s.content_hash, s.site::jsonb,
              $2::timestamptz, $3::timestamptz, $3::timestamptz
       from unnest($4::text[], $5::text[], $6::text[], $7::text[])
         as s(id, record_name, content_hash, site)`,
      [
        input.dataset,
        retrievedAt,
        at,
        inserts.map(({ site }) => site.id),
        inserts.map(({ site }) => site.provenance.recordName),
        inserts.map(({ contentHash }) => contentHash),
        inserts.map(({ site }) => JSON.stringify(site)),
      ],
    );
  if (updates.length > 0)
    await client.query(
      `update neocloud_site n
         set content_hash = s.content_hash, site = s.site::jsonb,
             retrieved_at = $1::timestamptz, updated_at = $2::timestamptz
       from unnest($3::text[], $4::text[], $5::text[]) as s(id, content_hash, site)
       where n.id = s.id`,
      [
        retrievedAt,
        at,
        updates.map(({ site }) => site.id),
        updates.map(({ contentHash }) => contentHash),
        updates.map(({ site }) => JSON.stringify(site)),
      ],
    );
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
    readNeocloudDatasets(db),
  ]);
  return { sites: rows.map((row) => row.site as unknown as NeocloudSite), datasets };
}

/**
 * A site with its fields in the order a stored site is read back in (the `site` column is jsonb,
 * which keeps an object's keys shorter first, then in byte order, at every level): what a site
 * rebuilt from other storage (a release's row) is put in, to serialize as the stored one does.
 */
export function inStoredSiteOrder(site: NeocloudSite): NeocloudSite {
  return inJsonbKeyOrder(site) as NeocloudSite;
}

function inJsonbKeyOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inJsonbKeyOrder);
  if (value === null || typeof value !== "object") return value;
  const keys = Object.keys(value).sort(
    (a, b) =>
      Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)),
  );
  return Object.fromEntries(
    keys.map((key) => [key, inJsonbKeyOrder((value as Record<string, unknown>)[key])]),
  );
}

/**
 * One page of the stored sites by id (byte order), after `afterId`, each with the UTC day this
 * service first stored it: keyset pages, so a bulk read holds one page of site JSON at a time.
 */
export async function readNeocloudSitePage(
  db: Db,
  page: { afterId?: string; limit: number },
): Promise<{ site: NeocloudSite; firstSeenDay: string }[]> {
  const rows = await db.$queryRaw<{ site: unknown; first_seen_day: string }[]>`
    select site, to_char(first_seen_at at time zone 'UTC', 'YYYY-MM-DD') as first_seen_day
    from neocloud_site
    where id collate "C" > ${page.afterId ?? ""}
    order by id collate "C"
    limit ${page.limit}`;
  return rows.map((row) => ({
    site: row.site as NeocloudSite,
    firstSeenDay: row.first_seen_day,
  }));
}

/** Each dataset's last import, without its sites. */
export async function readNeocloudDatasets(db: Db): Promise<StoredNeocloudDataset[]> {
  return db.neocloudDataset.findMany({ orderBy: { dataset: "asc" } });
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
