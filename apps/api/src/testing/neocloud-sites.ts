import {
  EPOCH_LICENCE,
  NEOCLOUD_DATASET_INFO,
  neocloudSampleSites,
  type NeocloudDataset,
  type NeocloudSite,
} from "@tpi/domain";
import { writeNeocloudImport, type Db } from "@tpi/db";

/**
 * Neo-Cloud sites as the tests store them without Epoch's files: the sample's sites as an import
 * would have read them, written as the import job writes them.
 */

/** The sample's sites as if imported from Epoch's files at `retrievedAt` (not marked sample). */
export function importedSites(retrievedAt: Date): NeocloudSite[] {
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
      // One site without coordinates, as hub sites may be.
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

/** Stores `sites` as one import of both of Epoch's datasets at `at`, the shrink guard off. */
export async function importSites(db: Db, sites: readonly NeocloudSite[], at: Date): Promise<void> {
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
