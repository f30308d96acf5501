import {
  EPOCH_LICENCE,
  NEOCLOUD_DATASET_INFO,
  SAMPLE_SOURCE,
  neocloudSampleSites,
  provenanceOf,
  type DataProvenance,
  type NeocloudDataset,
  type NeocloudSite,
} from "@tpi/domain";
import {
  countNeocloudSites,
  neocloudFingerprint,
  readNeocloudSites,
  type Db,
  type StoredNeocloudDataset,
} from "@tpi/db";
import type { DataSources } from "../../../platform/provenance/data-sources";
import {
  PublishedReadModel,
  servedDataSources,
  type LoadedData,
} from "../../../platform/publication/published-read-model";

/** What is served, in one phrase: "1,234 neocloud site(s)", or "12 sample neocloud site(s)". */
export function describeServedSites(sites: number, sample: boolean): string {
  return `${sites.toLocaleString("en-US")} ${sample ? "sample " : ""}neocloud site(s)`;
}

/**
 * What the api serves once it loads the stored sites, counted in the database rather than
 * loaded (commands say it; loading 100,000 sites takes ~700 MB): the stored sites, or the sample
 * while nothing is imported and the sample is allowed, and how many of them are neo-cloud.
 */
export async function countServedSites(
  db: Db,
  sampleAllowed: boolean,
): Promise<{ description: string; neocloud: number }> {
  const stored = await countNeocloudSites(db);
  if (sampleAllowed && stored.datasets === 0 && stored.sites === 0) {
    const sample = neocloudSampleSites();
    return {
      description: describeServedSites(sample.length, true),
      neocloud: sample.filter((site) => site.isNeocloud).length,
    };
  }
  return { description: describeServedSites(stored.sites, false), neocloud: stored.neocloud };
}

/** What the api serves once it loads the stored sites, in one phrase (see `countServedSites`). */
export async function describeStoredSites(db: Db, sampleAllowed: boolean): Promise<string> {
  return (await countServedSites(db, sampleAllowed)).description;
}

/**
 * The Neo-Cloud sites held in memory: every stored site as the last import wrote it, and each
 * dataset's last import (its retrieval time is the answers' as-of). Reads never touch the
 * database; it reloads when an import wrote anything. While nothing is imported and the sample is
 * allowed (SEED_SAMPLE_ON_EMPTY), it holds the generated sample, marked as such, which the first
 * real import replaces.
 */
export class PublishedNeocloudSites extends PublishedReadModel {
  private loaded: NeocloudSite[] = [];
  private datasetImports: StoredNeocloudDataset[] = [];

  constructor(private readonly db: Db) {
    // The sample does not change with the calendar.
    super("neocloud sites", () => neocloudFingerprint(db), {
      allowedAtFirst: true,
      edition: () => "sample",
    });
  }

  protected async load(sampleAllowed: boolean): Promise<LoadedData> {
    const { sites, datasets } = await readNeocloudSites(this.db);
    this.datasetImports = datasets;
    if (datasets.length === 0 && sites.length === 0) {
      this.loaded = sampleAllowed ? neocloudSampleSites() : [];
      return sampleAllowed ? "sample" : "stored";
    }
    this.loaded = sites;
    return "stored";
  }

  get sites(): readonly NeocloudSite[] {
    return this.loaded;
  }

  get datasets(): readonly StoredNeocloudDataset[] {
    return this.datasetImports;
  }

  /**
   * The sources of the sites given (every dataset imported when none is given): each Epoch
   * dataset with its retrieval time, citation and licence; or the sample.
   */
  sourcesOf(sites: readonly NeocloudSite[] = []): DataProvenance[] {
    if (this.isSample) return [provenanceOf(SAMPLE_SOURCE, null)];
    const wanted = new Set<string>(sites.map((site) => site.dataset));
    const datasets =
      wanted.size === 0
        ? this.datasetImports
        : this.datasetImports.filter((d) => wanted.has(d.dataset));
    return datasets.map((imported) => {
      const info = NEOCLOUD_DATASET_INFO[imported.dataset as NeocloudDataset];
      return {
        source: info?.source ?? imported.dataset,
        sample: false,
        asOf: imported.retrievedAt.toISOString(),
        citation: info?.citation ?? null,
        licence: { ...EPOCH_LICENCE },
      };
    });
  }

  /** Every dataset imported, each one day: the day it was retrieved (the market's provenance). */
  get dataSources(): DataSources {
    return servedDataSources(this.isSample, this.sourcesOf(), (source) => ({
      firstDay: source.asOf?.slice(0, 10) ?? "",
      lastDay: source.asOf?.slice(0, 10) ?? "",
      days: source.asOf === null ? 0 : 1,
    }));
  }

  describe(): string {
    return describeServedSites(this.loaded.length, this.isSample);
  }
}
