import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import {
  BULK_FORMATS,
  bulkColumnsOf,
  bulkFileName,
  err,
  ok,
  releaseFileUnavailable,
  releaseOfFileName,
  type BulkColumn,
  type BulkFormat,
  type DomainError,
  type Result,
  type BulkRow,
  type BulkVariant,
  type UtcDay,
} from "@tpi/domain";
import { vintageRowsAsOf, type ReleaseFileRecord, type VintageSource } from "@tpi/db";
import type { MarketBulkDataset } from "../bulk/dataset";
import { writeBulkFile } from "../bulk/write-file";
import type { Market } from "../core/market";

/**
 * A release's files: which ones it has (every dataset x variant x format), how each is built from
 * the vintage store, and the local cache they are served from. Files are byte-identical for equal
 * rows, so any instance rebuilds one into its cache and checks it against the recorded SHA-256.
 */

/** Where this instance keeps built files when the operator names no data directory. */
export const DEFAULT_RELEASE_CACHE_DIR = join(tmpdir(), "tpi-release-files");

/**
 * What writes the files: raised whenever equal rows would be written to other bytes (an encoding
 * change, an upgrade of the Parquet library), so that a kept release's files are rebuilt only by
 * the writer that wrote them. Recorded in each release's manifest.
 */
// Version: this writer's own, then the Parquet library's (checked against package.json).
export const BULK_WRITER = { name: "tpi-bulk-writer/hyparquet-writer", version: "1/0.17.0" };
export type BulkWriter = typeof BULK_WRITER;

/**
 * A dataset as a release records it at its cut: its columns in file order and its free file's
 * series and periods. Files are built from this, never from today's definitions, so a kept
 * release's file is rebuilt as it was written whatever the dataset became since.
 */
export type RecordedDataset = {
  market: string;
  name: string;
  title: string;
  description: string;
  historyRoute: string;
  columns: BulkColumn[];
  /** The free file's series and periods (the free window at the cut); null when it has none. */
  free: { series: string[]; fromPeriod: UtcDay; toPeriod: string } | null;
};

/** A dataset as release `release` cut at `cutAt` records it, from the market's definition. */
export function recordedDataset(
  market: Market,
  dataset: MarketBulkDataset,
  cutAt: Date,
): RecordedDataset {
  const window = market.freeWindow(cutAt);
  return {
    market: dataset.market,
    name: dataset.name,
    title: dataset.title,
    description: dataset.description,
    historyRoute: dataset.historyRoute,
    columns: bulkColumnsOf(dataset).map((column) => ({ ...column })),
    free:
      dataset.freeSeries.length === 0 || window === null
        ? null
        : {
            series: [...dataset.freeSeries],
            fromPeriod: window.startDate,
            // Through the end of the window's last day, whether periods are days or instants.
            toPeriod: `${window.endDate}T23:59:59.999Z`,
          },
  };
}

/** One file of a release, before it is written. */
export type PlannedFile = {
  dataset: RecordedDataset;
  variant: BulkVariant;
  format: BulkFormat;
  fileName: string;
};

/**
 * The files of release `release` holding `datasets`: a full file of every dataset, and a free one
 * of a dataset with a free file (its series over the free window at the cut, which is what a
 * keyless caller reads while this release is the latest).
 */
export function plannedFiles(datasets: readonly RecordedDataset[], release: number): PlannedFile[] {
  const files: PlannedFile[] = [];
  for (const dataset of datasets)
    for (const format of BULK_FORMATS) {
      files.push({
        dataset,
        variant: "full",
        format,
        fileName: bulkFileName(dataset, release, "full", format),
      });
      if (dataset.free !== null)
        files.push({
          dataset,
          variant: "free",
          format,
          fileName: bulkFileName(dataset, release, "free", format),
        });
    }
  return files;
}

/** The rows of a planned file as release `release` holds them. */
function rowsOf(source: VintageSource, file: PlannedFile, release: number): AsyncIterable<BulkRow> {
  const free = file.variant === "free" ? file.dataset.free : null;
  return vintageRowsAsOf(source, {
    market: file.dataset.market,
    dataset: file.dataset.name,
    release,
    ...(free === null
      ? {}
      : { series: free.series, fromPeriod: free.fromPeriod, toPeriod: free.toPeriod }),
  });
}

/**
 * Writes a planned file into `dir` from the vintage store and returns its record. Written under a
 * name of its own, then renamed: instances sharing the directory never write into one file.
 */
export async function buildFile(
  source: VintageSource,
  file: PlannedFile,
  release: number,
  dir: string,
): Promise<ReleaseFileRecord> {
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `${file.fileName}${TEMPORARY_MARK}${randomUUID()}`);
  try {
    const written = await writeBulkFile(
      file.format,
      file.dataset.columns,
      rowsOf(source, file, release),
      temporary,
    );
    await rename(temporary, join(dir, file.fileName));
    return {
      market: file.dataset.market,
      dataset: file.dataset.name,
      variant: file.variant,
      format: file.format,
      fileName: file.fileName,
      ...written,
    };
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** Marks a file being written (then `.partial` while the writer streams): never served. */
const TEMPORARY_MARK = ".building-";
/**
 * A file being written that has not grown for this long is left over by a stopped instance: a
 * writer in progress appends to its file every few seconds, even on a loaded machine.
 */
const LEFTOVER_AFTER_MS = 60 * 60_000;

/**
 * Removes from the cache directory the files of releases before `oldestKept` (retention removed
 * them) and files left half-written by a stopped writer. Returns the names removed.
 */
export async function sweepCacheDir(
  dir: string,
  oldestKept: number | null,
  now: Date,
): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    let remove: boolean;
    if (name.includes(TEMPORARY_MARK) || name.endsWith(".partial")) {
      const found = await stat(join(dir, name)).catch(() => undefined);
      remove = found !== undefined && now.getTime() - found.mtimeMs > LEFTOVER_AFTER_MS;
    } else {
      const release = releaseOfFileName(name);
      remove = release !== undefined && oldestKept !== null && release < oldestKept;
    }
    if (!remove) continue;
    await rm(join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** The hex SHA-256 of a file on disk, streamed. */
export async function sha256Of(path: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

/**
 * How long an instance answers a release file's request from what it last looked up (its row,
 * plan and path), in milliseconds, instead of reading the release from the database (2 to 3 ms of
 * the main thread per request). A release another instance's retention removed is served at most
 * this long after, from the file still on this instance's disk (its bytes unchanged: releases are
 * never rewritten); a file gone from this disk is looked up again at once.
 */
export const RELEASE_LOOKUP_TTL_MS = 10_000;

/**
 * The local copy of a recorded file, built from the vintage store when absent or when its bytes
 * are not the recorded ones (a cut that was rolled back left another file of the same name).
 * Checked once per process; concurrent requests for one file share one build.
 */
export class ReleaseFileCache {
  private readonly verified = new Set<string>();
  private readonly building = new Map<string, Promise<Result<string, DomainError>>>();
  private readonly lookups = new Map<string, { expiresMs: number; lookup: unknown }>();

  constructor(
    readonly dir: string,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  /**
   * What a request for `key` last looked up (a release's file: its row, plan and path), while
   * younger than RELEASE_LOOKUP_TTL_MS: releases are immutable, so only retention (here or on
   * another instance) makes it wrong, and that is bounded by the TTL and by a file gone from
   * disk (the caller looks again: see forgetFile).
   */
  lookup<T>(key: string): T | undefined {
    const found = this.lookups.get(key);
    if (found === undefined) return undefined;
    if (found.expiresMs <= this.nowMs()) {
      this.lookups.delete(key);
      return undefined;
    }
    return found.lookup as T;
  }

  remember(key: string, lookup: unknown): void {
    // Bounded by the requests' keys that found a kept file: dropped when expired or forgotten.
    for (const [old, entry] of this.lookups)
      if (entry.expiresMs <= this.nowMs()) this.lookups.delete(old);
    this.lookups.set(key, { expiresMs: this.nowMs() + RELEASE_LOOKUP_TTL_MS, lookup });
  }

  /** Forgets what was checked of one file and every lookup that led to it (it left the disk). */
  forgetFile(fileName: string): void {
    this.verified.delete(fileName);
    for (const key of this.lookups.keys())
      if (key.endsWith(`/${fileName}`)) this.lookups.delete(key);
  }

  /**
   * The path of the file, or a 503 naming it when this instance cannot rebuild it byte for byte
   * (written by another writer than this one).
   */
  async pathOf(
    record: ReleaseFileRecord,
    plan: PlannedFile,
    release: number,
    source: VintageSource,
  ): Promise<Result<string, DomainError>> {
    const path = join(this.dir, record.fileName);
    if (this.verified.has(record.fileName)) return ok(path);
    const pending = this.building.get(record.fileName);
    if (pending !== undefined) return pending;
    const work = (async (): Promise<Result<string, DomainError>> => {
      if (!(await this.matches(path, record))) {
        await buildFile(source, plan, release, this.dir);
        if (!(await this.matches(path, record)))
          return err(releaseFileUnavailable(release, record.fileName, plan.dataset.historyRoute));
      }
      this.verified.add(record.fileName);
      return ok(path);
    })();
    this.building.set(record.fileName, work);
    try {
      return await work;
    } finally {
      this.building.delete(record.fileName);
    }
  }

  /** Forgets what was checked (retention removed files, or a test changed them on disk). */
  forget(): void {
    this.verified.clear();
    this.lookups.clear();
  }

  private async matches(path: string, record: ReleaseFileRecord): Promise<boolean> {
    const found = await stat(path).catch(() => undefined);
    if (found === undefined || found.size !== record.bytes) return false;
    return (await sha256Of(path)) === record.sha256;
  }
}
