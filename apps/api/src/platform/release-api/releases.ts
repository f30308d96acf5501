import type { Progress } from "../observability/progress";
import { join } from "node:path";
import {
  apiKeyRequired,
  bulkColumnsOf,
  dueReleaseDay,
  err,
  ok,
  bulkRowProblem,
  OLD_FREE_FILE_MESSAGE,
  oldestKeptReleaseDay,
  releaseCitation,
  releaseFileNotFound,
  releaseFileUnavailable,
  releaseNotFound,
  type BulkRow,
  type DomainError,
  type Result,
} from "@tpi/domain";
import {
  cutRelease,
  keptReleases,
  listReleases,
  pruneReleases,
  readRelease,
  vintageProvenanceOf,
  vintageSourceOf,
  type CutOutcome,
  type Db,
  type PruneOutcome,
  type ReleaseFileRecord,
  type ReleaseSummary,
  type SkippedDataset,
  type VintageSource,
} from "@tpi/db";
import type { Caller } from "../auth/api-key-authenticator";
import type { Market, MarketStates } from "../core/market";
import type { DataSource } from "../provenance/data-sources";
import {
  buildFile,
  BULK_WRITER,
  plannedFiles,
  recordedDataset,
  ReleaseFileCache,
  DEFAULT_RELEASE_CACHE_DIR,
  sweepCacheDir,
  type BulkWriter,
  type PlannedFile,
  type RecordedDataset,
} from "./release-files";

/**
 * Releases as the routes, the website, the command line and the cut job use them: cutting the
 * due day, the list, a manifest, a file for a caller, retention.
 */

export const RELEASES_PATH = "/api/v1/releases";

/** What the releases read and write, from the api's dependencies or the runtime. */
export type ReleaseContext = {
  db: Db;
  marketList: readonly Market[];
  markets: MarketStates;
  clock: () => Date;
  /** Where built files are kept (under TPI_DATA_DIR in the server; the OS temp dir otherwise). */
  cacheDir?: string;
  /** The public address the citation line names (TPI_PUBLIC_SITE_URL). */
  publicUrl?: string;
  /** Progress lines of a cut (datasets read, then files written); none when absent. */
  progress?: (label: string) => Progress;
};

/** Where an instance keeps the release files it built: under its data directory (TPI_DATA_DIR). */
export function releaseCacheDirOf(dataDir: string): string {
  return join(dataDir, "releases");
}

const DEFAULT_PUBLIC_URL = "http://localhost:3000";
const caches = new Map<string, ReleaseFileCache>();
/** One cache per directory in a process: the instance's files, checked once. */
export function releaseFileCache(dir = DEFAULT_RELEASE_CACHE_DIR): ReleaseFileCache {
  let cache = caches.get(dir);
  if (cache === undefined) {
    cache = new ReleaseFileCache(dir);
    caches.set(dir, cache);
  }
  return cache;
}

/** The markets in releases: those that state datasets. */
const releasedMarkets = (markets: readonly Market[]) =>
  markets.filter((market) => market.bulkDatasets.length > 0);

/** A source as a manifest names it: its sample mark, citation and licence. */
export type ManifestSource = {
  source: string;
  sample: boolean;
  citation: string | null;
  licence: { name: string; url: string } | null;
};

/**
 * A dataset as the manifest stored with a release states it: as recorded for its files, with how
 * many rows the release holds of it and the sources those rows name (none when it holds none).
 * Releases cut before the manifest named each dataset's sources have neither.
 */
export type StoredDataset = RecordedDataset & { rows?: number; sources?: ManifestSource[] };

/** The manifest stored with a release: everything but its files. */
export type StoredManifest = {
  citation: string;
  methodologyVersions: Record<string, string>;
  /** Every source the release's rows name, by market (before, each market's sources at the cut). */
  sources: (ManifestSource & { market: string })[];
  datasets: StoredDataset[];
  /** What wrote the files: only the same writer rebuilds them byte for byte. */
  writer: BulkWriter;
};

/**
 * The rows a release holds of a dataset and each source they name (a row standing on several
 * names each; a market whose sample is only shown, never stored, names none): its rows' `sample`
 * mark, and the market's citation and licence for it. A source the market no longer knows has no
 * licence and the citation of its rows that name it alone.
 */
async function heldSources(
  source: VintageSource,
  release: number,
  dataset: RecordedDataset,
  known: readonly Pick<DataSource, "source" | "citation" | "licence">[],
): Promise<{ rows: number; sources: ManifestSource[] }> {
  const held = await vintageProvenanceOf(source, {
    market: dataset.market,
    dataset: dataset.name,
    release,
  });
  return {
    rows: held.rows,
    sources: held.sources.map(({ source: name, sample, citation }) => {
      const market = known.find((entry) => entry.source === name);
      return market === undefined
        ? { source: name, sample, citation, licence: null }
        : { source: name, sample, citation: market.citation, licence: market.licence };
    }),
  };
}

async function storedManifest(
  context: ReleaseContext,
  release: number,
  day: string,
  cutAt: Date,
  source: VintageSource,
): Promise<StoredManifest> {
  const markets = releasedMarkets(context.marketList);
  const methodologyVersions: Record<string, string> = {};
  const sources: StoredManifest["sources"] = [];
  const datasets: StoredDataset[] = [];
  for (const market of markets) {
    const provenance = context.markets.get(market.name).provenance();
    methodologyVersions[market.name] = provenance.methodologyVersion;
    for (const dataset of market.bulkDatasets) {
      const recorded = recordedDataset(market, dataset, cutAt);
      const held = await heldSources(source, release, recorded, provenance.dataSources.sources);
      datasets.push({ ...recorded, ...held });
      for (const named of held.sources)
        if (!sources.some((s) => s.market === market.name && s.source === named.source))
          sources.push({ market: market.name, ...named });
    }
  }
  // The website's page of the release (its files, checksums and this line): the api's own path
  // on the website's address would be a 404, and the api's public address is the website's to know.
  const url = `${context.publicUrl ?? DEFAULT_PUBLIC_URL}/downloads?release=${release}`;
  return {
    citation: releaseCitation(release, day, url, sources),
    methodologyVersions,
    sources,
    datasets,
    writer: BULK_WRITER,
  };
}

/**
 * Cuts the release of the due day (yesterday once `delayMinutes` past midnight UTC) unless it
 * exists: one transaction stages every dataset's rows, updates the vintage store, records the
 * release and writes and records its files. Stopped or failed anywhere, nothing is kept.
 */
export async function cutDueRelease(
  context: ReleaseContext,
  delayMinutes: number,
  stopping?: AbortSignal,
): Promise<CutOutcome | { cut: false; reason: "no-datasets" }> {
  const cutAt = context.clock();
  const day = dueReleaseDay(cutAt, delayMinutes);
  const markets = releasedMarkets(context.marketList);
  // No release is numbered before some market states its published series.
  if (markets.length === 0) return { cut: false, reason: "no-datasets" };
  const cache = releaseFileCache(context.cacheDir);
  let manifest: StoredManifest | undefined;
  // A first cut reads every market's whole history: seconds to minutes, so it shows progress.
  const datasetCount = markets.reduce((count, market) => count + market.bulkDatasets.length, 0);
  const reading = context.progress?.(`release of ${day}: datasets read`);
  let datasetsRead = 0;
  const counted = (rows: AsyncIterable<BulkRow>): AsyncIterable<BulkRow> => ({
    async *[Symbol.asyncIterator]() {
      yield* rows;
      reading?.update((datasetsRead += 1), datasetCount);
    },
  });
  const outcome = await cutRelease(context.db, {
    day,
    cutAt,
    // Read through the cut's snapshot (`snapshot`), not the pool.
    datasets: (snapshot) =>
      markets.flatMap((market) =>
        market.bulkDatasets.map((dataset) => {
          const columns = bulkColumnsOf(dataset);
          return {
            market: dataset.market,
            dataset: dataset.name,
            seriesColumn: dataset.seriesColumn,
            periodColumn: dataset.periodColumn,
            columns: columns.map((column) => column.name),
            rows: counted(dataset.rows(snapshot, stopping)),
            problem: (values: BulkRow) => bulkRowProblem(columns, values),
          };
        }),
      ),
    manifest: async (release, source) => {
      manifest = await storedManifest(context, release, day, cutAt, source);
      return manifest;
    },
    async files(release, source) {
      if (manifest === undefined) throw new Error("the manifest is recorded before the files");
      reading?.finish(`${datasetsRead} dataset(s) of release ${release} read`);
      const written: ReleaseFileRecord[] = [];
      const planned = plannedFiles(manifest.datasets, release);
      const writing = context.progress?.(`release ${release}: files written`);
      for (const file of planned) {
        stopping?.throwIfAborted();
        written.push(await buildFile(source, file, release, cache.dir));
        writing?.update(written.length, planned.length);
      }
      writing?.finish(`${written.length} file(s) of release ${release} written`);
      return written;
    },
    ...(stopping === undefined ? {} : { signal: stopping }),
  });
  // Files of a rolled-back cut may be left in the cache under the same names: checked again.
  cache.forget();
  return outcome;
}

/**
 * A dataset a cut kept as the previous release held it, for the log and the command line: which
 * row and column could not be released, and why.
 */
export function skippedDatasetText(bad: SkippedDataset): string {
  return `${bad.market}/${bad.dataset} kept as the previous release held it: row ${bad.series} ${bad.period}, column ${bad.column}: ${bad.problem}`;
}

/**
 * Removes the releases retention no longer keeps (never the latest), their vintage rows, and
 * their files from this instance's cache directory (with files a stopped writer left there).
 */
export async function pruneOldReleases(
  context: ReleaseContext,
  retentionDays: number,
): Promise<PruneOutcome & { files: string[] }> {
  const outcome = await pruneReleases(
    context.db,
    oldestKeptReleaseDay(context.clock(), retentionDays),
  );
  const cache = releaseFileCache(context.cacheDir);
  cache.forget();
  const kept = await keptReleases(context.db);
  const files = await sweepCacheDir(cache.dir, kept?.oldest ?? null, context.clock());
  return { ...outcome, files };
}

/** A file of a release as the list and the manifest show it. */
export type FileEntry = Omit<ReleaseFileRecord, "market" | "dataset"> & { url: string };

const fileUrl = (release: number, fileName: string) =>
  `${RELEASES_PATH}/${release}/files/${fileName}`;
const fileEntry = (release: number, file: ReleaseFileRecord): FileEntry => ({
  variant: file.variant,
  format: file.format,
  fileName: file.fileName,
  rows: file.rows,
  bytes: file.bytes,
  sha256: file.sha256,
  url: fileUrl(release, file.fileName),
});

export type ReleaseListEntry = {
  release: number;
  day: string;
  cutAt: string;
  files: number;
  url: string;
};

/** The releases kept, newest first. */
export async function releaseList(
  db: Db,
  options: { limit: number; before?: number },
): Promise<ReleaseListEntry[]> {
  return (await listReleases(db, options)).map((release) => ({
    release: release.release,
    day: release.day,
    cutAt: release.cutAt.toISOString(),
    files: release.files.length,
    url: `${RELEASES_PATH}/${release.release}`,
  }));
}

export type Manifest = {
  release: number;
  day: string;
  cutAt: string;
  citation: string;
  methodologyVersions: Record<string, string>;
  sources: StoredManifest["sources"];
  datasets: (Omit<StoredDataset, "free"> & { files: FileEntry[] })[];
};

async function found(
  db: Db,
  release: number | "latest",
): Promise<Result<ReleaseSummary, DomainError>> {
  const summary = await readRelease(db, release);
  return summary === undefined
    ? err(releaseNotFound(release, await keptReleases(db)))
    : ok(summary);
}

/** A release's manifest (`latest`: the newest). */
export async function releaseManifest(
  db: Db,
  release: number | "latest",
): Promise<Result<Manifest, DomainError>> {
  const summary = await found(db, release);
  if (!summary.ok) return summary;
  const { release: number, day, cutAt, files } = summary.value;
  const stored = summary.value.manifest as StoredManifest;
  return ok({
    release: number,
    day,
    cutAt: cutAt.toISOString(),
    citation: stored.citation,
    methodologyVersions: stored.methodologyVersions,
    sources: stored.sources,
    datasets: stored.datasets.map(({ free: _free, ...dataset }) => ({
      ...dataset,
      files: files
        .filter((file) => file.market === dataset.market && file.dataset === dataset.name)
        .map((file) => fileEntry(number, file)),
    })),
  });
}

/** A file to send: where it is on this instance and what it is. */
export type ServedFile = ReleaseFileRecord & { path: string };

/** What a request for a release's file looks up before its access check (cached with its path). */
type FileLookup = {
  number: number;
  record: ReleaseFileRecord;
  plan: PlannedFile;
  writer: BulkWriter | undefined;
  /** Where the checked file is on this instance: absent until a request with access found it. */
  path?: string;
};

/**
 * A release's file for a caller, from the local cache (built and checked first when needed).
 * A free file is keyless for the latest release only; a full file needs a key whose plan reads
 * the dataset (as its history route would answer that key). The release's row, the file's plan
 * and its path are remembered for RELEASE_LOOKUP_TTL_MS (releases are immutable); `fresh` reads
 * them again (the file left the disk: see the route).
 */
export async function releaseFileFor(
  context: ReleaseContext,
  release: number | "latest",
  fileName: string,
  caller: Caller,
  options: { fresh?: boolean } = {},
): Promise<Result<ServedFile, DomainError>> {
  const cache = releaseFileCache(context.cacheDir);
  const key = `${release}/${fileName}`;
  if (options.fresh === true) cache.forgetFile(fileName);
  let lookup = cache.lookup<FileLookup>(key);
  if (lookup === undefined) {
    const looked = await lookUpFile(context.db, release, fileName);
    if (!looked.ok) return looked;
    lookup = looked.value;
  }
  const { number, record, plan } = lookup;
  const access = await accessTo(context, plan, number, caller);
  if (!access.ok) return access;
  if (lookup.path !== undefined) return ok({ ...record, path: lookup.path });
  const unavailable = releaseFileUnavailable(number, fileName, plan.dataset.historyRoute);
  if (!sameWriter(lookup.writer, BULK_WRITER)) return err(unavailable);
  const path = await cache.pathOf(record, plan, number, vintageSourceOf(context.db));
  if (!path.ok) {
    // Retention may have removed the release while its file was rebuilt (fewer rows).
    if ((await readRelease(context.db, number)) === undefined)
      return err(releaseNotFound(number, await keptReleases(context.db)));
    return path;
  }
  cache.remember(key, { ...lookup, path: path.value });
  return ok({ ...record, path: path.value });
}

/** The release's row and the file's plan, from the database. */
async function lookUpFile(
  db: Db,
  release: number | "latest",
  fileName: string,
): Promise<Result<FileLookup, DomainError>> {
  const summary = await found(db, release);
  if (!summary.ok) return summary;
  const { release: number, files } = summary.value;
  const stored = summary.value.manifest as StoredManifest;
  const record = files.find((file) => file.fileName === fileName);
  // Planned from what the release recorded at its cut, not from today's definitions.
  const plan = plannedFiles(stored.datasets, number).find((file) => file.fileName === fileName);
  if (record === undefined || plan === undefined) return err(releaseFileNotFound(number, fileName));
  return ok({ number, record, plan, writer: stored.writer });
}

const sameWriter = (a: BulkWriter | undefined, b: BulkWriter) =>
  a !== undefined && a.name === b.name && a.version === b.version;

async function accessTo(
  context: ReleaseContext,
  plan: PlannedFile,
  release: number,
  caller: Caller,
): Promise<Result<unknown, DomainError>> {
  const db = context.db;
  if (caller.kind === "anonymous") {
    if (plan.variant === "full")
      return err(
        apiKeyRequired(
          `An API key is required for the full file of ${plan.dataset.market}/${plan.dataset.name}: without a key only the latest release's free files can be downloaded.`,
        ),
      );
    const kept = await keptReleases(db);
    return kept !== null && kept.latest === release
      ? ok(undefined)
      : err(apiKeyRequired(OLD_FREE_FILE_MESSAGE));
  }
  // Today's access rule of the dataset (none for a dataset no market states any more).
  const dataset = context.marketList
    .flatMap((market) => market.bulkDatasets)
    .find((d) => d.market === plan.dataset.market && d.name === plan.dataset.name);
  return dataset?.keyedAccess?.(caller.plan) ?? ok(undefined);
}
