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
  neocloudFingerprint,
  readNeocloudSites,
  type Db,
  type StoredNeocloudDataset,
} from "@tpi/db";
import { PublishedReload } from "../../../platform/publication/published-reload";

/**
 * The Neo-Cloud sites held in memory: every stored site as the last import wrote it, and each
 * dataset's last import (its retrieval time is the answers' as-of). Reads never touch the
 * database; it reloads when an import wrote anything. While nothing is imported and the sample is
 * allowed (SEED_SAMPLE_ON_EMPTY), it holds the generated sample, marked as such, which the first
 * real import replaces.
 */
export class PublishedNeocloudSites {
  private loaded: NeocloudSite[] = [];
  private datasetImports: StoredNeocloudDataset[] = [];
  private sample = false;
  private sampleAllowed = true;
  private readonly reload: PublishedReload;

  readonly name = "neocloud sites";

  constructor(db: Db) {
    this.reload = new PublishedReload(
      "neocloud sites",
      async () => `${await neocloudFingerprint(db)}|${this.sampleAllowed ? "sample" : "off"}`,
      async () => {
        const { sites, datasets } = await readNeocloudSites(db);
        this.datasetImports = datasets;
        if (datasets.length === 0 && sites.length === 0) {
          this.sample = this.sampleAllowed;
          this.loaded = this.sampleAllowed ? neocloudSampleSites() : [];
          return;
        }
        this.sample = false;
        this.loaded = sites;
      },
    );
  }

  /** Whether an empty store shows the sample (SEED_SAMPLE_ON_EMPTY); set before the first load. */
  allowSample(allowed: boolean): void {
    this.sampleAllowed = allowed;
  }

  refresh(): Promise<boolean> {
    return this.reload.refresh();
  }

  get version(): string {
    return this.reload.version;
  }

  onChange(listener: () => void): void {
    this.reload.onChange(listener);
  }

  get refreshFailureMessage(): string {
    return this.reload.refreshFailureMessage;
  }

  get isSample(): boolean {
    return this.sample;
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
    if (this.sample) return [provenanceOf(SAMPLE_SOURCE, null)];
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

  describe(): string {
    return `${this.loaded.length.toLocaleString("en-US")} ${this.sample ? "sample " : ""}neocloud site(s)`;
  }
}
