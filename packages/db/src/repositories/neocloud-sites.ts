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
  sites: readonly NeocloudSiteWrite[];
};

export type NeocloudWriteCounts = {
  inserted: number;
  updated: number;
  removed: number;
  unchanged: number;
};

/** Long enough for a full import of both datasets (a few thousand rows). */
const IMPORT_TRANSACTION_MS = 120_000;

/**
 * Replaces the stored sites of each dataset given with the ones read, writing only changes, and
 * records each dataset's import; one transaction. Counts by dataset.
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
      const counts: Record<string, NeocloudWriteCounts> = {};
      for (const input of datasets) {
        const stored = await tx.neocloudSite.findMany({
          where: { dataset: input.dataset },
          select: { id: true, contentHash: true },
        });
        const storedHash = new Map(stored.map((row) => [row.id, row.contentHash]));
        // Refused before anything of the dataset is written (ImportRefusedError rolls back all).
        const incoming = new Set(input.sites.map(({ site }) => site.id));
        const refusal = shrinkRefusal({
          what: `${input.dataset} sites`,
          stored: stored.length,
          removed: stored.filter((row) => !incoming.has(row.id)).length,
          allowShrink: options.allowShrink,
        });
        if (refusal !== undefined) throw new ImportRefusedError(refusal);
        const seen = new Set<string>();
        const count: NeocloudWriteCounts = { inserted: 0, updated: 0, removed: 0, unchanged: 0 };
        const inserts: Prisma.NeocloudSiteCreateManyInput[] = [];
        for (const { site, contentHash } of input.sites) {
          seen.add(site.id);
          const before = storedHash.get(site.id);
          if (before === contentHash) {
            count.unchanged += 1;
            continue;
          }
          const json = site as unknown as Prisma.InputJsonValue;
          if (before === undefined) {
            inserts.push({
              id: site.id,
              dataset: input.dataset,
              recordName: site.provenance.recordName,
              contentHash,
              site: json,
              retrievedAt: input.retrievedAt,
              firstSeenAt: now,
              updatedAt: now,
            });
            count.inserted += 1;
          } else {
            await tx.neocloudSite.update({
              where: { id: site.id },
              data: { contentHash, site: json, retrievedAt: input.retrievedAt, updatedAt: now },
            });
            count.updated += 1;
          }
        }
        if (inserts.length > 0) await tx.neocloudSite.createMany({ data: inserts });
        const gone = stored.filter((row) => !seen.has(row.id)).map((row) => row.id);
        if (gone.length > 0) await tx.neocloudSite.deleteMany({ where: { id: { in: gone } } });
        count.removed = gone.length;
        await tx.neocloudDataset.upsert({
          where: { dataset: input.dataset },
          create: {
            dataset: input.dataset,
            sourceUrls: input.sourceUrls,
            retrievedAt: input.retrievedAt,
            records: input.sites.length,
          },
          update: {
            sourceUrls: input.sourceUrls,
            retrievedAt: input.retrievedAt,
            records: input.sites.length,
          },
        });
        counts[input.dataset] = count;
      }
      return counts;
    },
    { timeout: IMPORT_TRANSACTION_MS, maxWait: 10_000 },
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
    db.neocloudDataset.findMany({ orderBy: { dataset: "asc" } }),
  ]);
  return { sites: rows.map((row) => row.site as unknown as NeocloudSite), datasets };
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
