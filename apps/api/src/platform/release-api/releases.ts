import { join } from "node:path";
import {
  apiKeyRequired,
  bulkColumnsOf,
  dueReleaseDay,
  err,
  ok,
  OLD_FREE_FILE_MESSAGE,
  oldestKeptReleaseDay,
  releaseCitation,
  releaseNotFound,
  type DomainError,
  type Result,
} from "@tpi/domain";
import {
  cutRelease,
  keptReleases,
  listReleases,
  pruneReleases,
  readRelease,
  vintageSourceOf,
  type CutOutcome,
  type Db,
  type PruneOutcome,
  type ReleaseFileRecord,
  type ReleaseSummary,
} from "@tpi/db";
import type { Caller } from "../auth/api-key-authenticator";
import type { Market, MarketStates } from "../core/market";
import {
  buildFile,
  plannedFiles,
  ReleaseFileCache,
  DEFAULT_RELEASE_CACHE_DIR,
  type PlannedFile,
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

/** The manifest stored with a release: everything but its files. */
export type StoredManifest = {
  citation: string;
  methodologyVersions: Record<string, string>;
  sources: {
    market: string;
    source: string;
    sample: boolean;
    citation: string | null;
    licence: { name: string; url: string } | null;
  }[];
  datasets: {
    market: string;
    name: string;
    title: string;
    description: string;
    historyRoute: string;
    columns: {
      name: string;
      type: string;
      nullable: boolean;
      description: string;
      scale?: number;
    }[];
  }[];
};

function storedManifest(context: ReleaseContext, release: number, day: string): StoredManifest {
  const markets = releasedMarkets(context.marketList);
  const methodologyVersions: Record<string, string> = {};
  const sources: StoredManifest["sources"] = [];
  for (const market of markets) {
    const provenance = context.markets.get(market.name).provenance();
    methodologyVersions[market.name] = provenance.methodologyVersion;
    for (const source of provenance.dataSources.sources)
      sources.push({
        market: market.name,
        source: source.source,
        sample: source.sample,
        citation: source.citation,
        licence: source.licence,
      });
  }
  // The website's page of the release (its files, checksums and this line): the api's own path
  // on the website's address would be a 404, and the api's public address is the website's to know.
  const url = `${context.publicUrl ?? DEFAULT_PUBLIC_URL}/downloads?release=${release}`;
  return {
    citation: releaseCitation(release, day, url, sources),
    methodologyVersions,
    sources,
    datasets: markets.flatMap((market) =>
      market.bulkDatasets.map((dataset) => ({
        market: dataset.market,
        name: dataset.name,
        title: dataset.title,
        description: dataset.description,
        historyRoute: dataset.historyRoute,
        columns: bulkColumnsOf(dataset).map((column) => ({ ...column })),
      })),
    ),
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
  const datasets = markets.flatMap((market) =>
    market.bulkDatasets.map((dataset) => ({
      market: dataset.market,
      dataset: dataset.name,
      seriesColumn: dataset.seriesColumn,
      periodColumn: dataset.periodColumn,
      columns: bulkColumnsOf(dataset).map((column) => column.name),
      rows: dataset.rows(context.db, stopping),
    })),
  );
  const outcome = await cutRelease(context.db, {
    day,
    cutAt,
    datasets,
    manifest: (release) => storedManifest(context, release, day),
    async files(release, source) {
      const written: ReleaseFileRecord[] = [];
      for (const file of plannedFiles(markets, release, cutAt)) {
        stopping?.throwIfAborted();
        written.push(await buildFile(source, file, release, cache.dir));
      }
      return written;
    },
    ...(stopping === undefined ? {} : { signal: stopping }),
  });
  // Files of a rolled-back cut may be left in the cache under the same names: checked again.
  cache.forget();
  return outcome;
}

/** Removes the releases retention no longer keeps (never the latest), and their vintage rows. */
export async function pruneOldReleases(
  context: ReleaseContext,
  retentionDays: number,
): Promise<PruneOutcome> {
  const outcome = await pruneReleases(
    context.db,
    oldestKeptReleaseDay(context.clock(), retentionDays),
  );
  releaseFileCache(context.cacheDir).forget();
  return outcome;
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
  datasets: (StoredManifest["datasets"][number] & { files: FileEntry[] })[];
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
    datasets: stored.datasets.map((dataset) => ({
      ...dataset,
      files: files
        .filter((file) => file.market === dataset.market && file.dataset === dataset.name)
        .map((file) => fileEntry(number, file)),
    })),
  });
}

/** A file to send: where it is on this instance and what it is. */
export type ServedFile = ReleaseFileRecord & { path: string };

/**
 * A release's file for a caller, from the local cache (built and checked first when needed).
 * A free file is keyless for the latest release only; a full file needs a key whose plan reads
 * the dataset (as its history route would answer that key).
 */
export async function releaseFileFor(
  context: ReleaseContext,
  release: number | "latest",
  fileName: string,
  caller: Caller,
): Promise<Result<ServedFile, DomainError>> {
  const summary = await found(context.db, release);
  if (!summary.ok) return summary;
  const { release: number, cutAt, files } = summary.value;
  const record = files.find((file) => file.fileName === fileName);
  if (record === undefined) return err(releaseNotFound(number, await keptReleases(context.db)));
  const plan = plannedFiles(releasedMarkets(context.marketList), number, cutAt).find(
    (file) => file.fileName === fileName,
  );
  if (plan === undefined) return err(releaseNotFound(number, await keptReleases(context.db)));
  const access = await accessTo(context.db, plan, number, caller);
  if (!access.ok) return access;
  const path = await releaseFileCache(context.cacheDir).pathOf(
    record,
    plan,
    number,
    vintageSourceOf(context.db),
  );
  return ok({ ...record, path });
}

async function accessTo(
  db: Db,
  plan: PlannedFile,
  release: number,
  caller: Caller,
): Promise<Result<unknown, DomainError>> {
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
  return plan.dataset.keyedAccess?.(caller.plan) ?? ok(undefined);
}
