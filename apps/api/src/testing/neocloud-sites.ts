import {
  EPOCH_LICENCE,
  NEOCLOUD_DATASET_INFO,
  neocloudSampleSites,
  type NeocloudDataset,
  type NeocloudSite,
} from "@tpi/domain";
import { writeNeocloudImport, type Db } from "@tpi/db";

/**
 * The sample's sites as if imported from Epoch's files (not marked sample): the fourth from the
 * Frontier Data Centers dataset and without coordinates (as hub sites may be), the others GPU
 * Clusters', each with its provenance as retrieved at `retrievedAt`.
 */
export function importedNeocloudSites(retrievedAt: Date): NeocloudSite[] {
  return neocloudSampleSites().map((site, i) => {
    const dataset: NeocloudDataset = i === 3 ? "data-centers" : "gpu-clusters";
    const info = NEOCLOUD_DATASET_INFO[dataset];
    const name = `Site ${String.fromCharCode(65 + i)}`;
    return {
      ...site,
      id: `${dataset}:${name}`,
      dataset,
      siteName: name,
      sample: false,
      ...(i === 3 ? { latitude: null, longitude: null, coordinatePrecision: null } : {}),
      provenance: {
        dataset,
        source: info.source,
        recordName: name,
        sourceUrls: [...info.defaultUrls],
        retrievedAt: retrievedAt.toISOString(),
        licence: { ...EPOCH_LICENCE },
        citation: info.citation,
        sourceLinks: ["https://example.com/a"],
        confidence: { [site.company ?? "x"]: "likely" },
        certainty: dataset === "gpu-clusters" ? "Likely" : null,
      },
    };
  });
}

/** Stores `sites` as one import of Epoch's two datasets at `at`, as the import job does. */
export async function importNeocloudSites(
  db: Db,
  sites: readonly NeocloudSite[],
  at: Date,
): Promise<void> {
  const byDataset = (dataset: NeocloudDataset) => ({
    dataset,
    sourceUrls: [...NEOCLOUD_DATASET_INFO[dataset].defaultUrls],
    retrievedAt: at,
    sites: [
      sites
        .filter((site) => site.dataset === dataset)
        .map((site) => ({ site, contentHash: JSON.stringify({ ...site, provenance: null }) })),
    ],
  });
  await writeNeocloudImport(db, [byDataset("gpu-clusters"), byDataset("data-centers")], at, {
    allowShrink: true,
  });
}
