import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import {
  BULK_FORMATS,
  bulkColumnsOf,
  bulkFileName,
  type BulkFormat,
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

/** One file of a release, before it is written. */
export type PlannedFile = {
  market: Market;
  dataset: MarketBulkDataset;
  variant: BulkVariant;
  format: BulkFormat;
  fileName: string;
  /** The periods of a free file (the free window at the cut); all for a full file. */
  fromPeriod?: UtcDay;
  toPeriod?: string;
};

/**
 * The files of release `release` cut at `cutAt`: a full file of every dataset, and a free one of
 * a dataset with free series in a market with a free window (its series over the window at the
 * cut, which is what a keyless caller reads while this release is the latest).
 */
export function plannedFiles(
  markets: readonly Market[],
  release: number,
  cutAt: Date,
): PlannedFile[] {
  const files: PlannedFile[] = [];
  for (const market of markets) {
    const window = market.freeWindow(cutAt);
    for (const dataset of market.bulkDatasets) {
      for (const format of BULK_FORMATS) {
        files.push({
          market,
          dataset,
          variant: "full",
          format,
          fileName: bulkFileName(dataset, release, "full", format),
        });
        if (dataset.freeSeries.length === 0 || window === null) continue;
        files.push({
          market,
          dataset,
          variant: "free",
          format,
          fileName: bulkFileName(dataset, release, "free", format),
          fromPeriod: window.startDate,
          // Through the end of the window's last day, whether periods are days or instants.
          toPeriod: `${window.endDate}T23:59:59.999Z`,
        });
      }
    }
  }
  return files;
}

/** The rows of a planned file as release `release` holds them. */
function rowsOf(source: VintageSource, file: PlannedFile, release: number): AsyncIterable<BulkRow> {
  return vintageRowsAsOf(source, {
    market: file.dataset.market,
    dataset: file.dataset.name,
    release,
    ...(file.variant === "free" ? { series: file.dataset.freeSeries } : {}),
    ...(file.fromPeriod === undefined ? {} : { fromPeriod: file.fromPeriod }),
    ...(file.toPeriod === undefined ? {} : { toPeriod: file.toPeriod }),
  });
}

/** Writes a planned file into `dir` from the vintage store and returns its record. */
export async function buildFile(
  source: VintageSource,
  file: PlannedFile,
  release: number,
  dir: string,
): Promise<ReleaseFileRecord> {
  await mkdir(dir, { recursive: true });
  const written = await writeBulkFile(
    file.format,
    bulkColumnsOf(file.dataset),
    rowsOf(source, file, release),
    join(dir, file.fileName),
  );
  return {
    market: file.dataset.market,
    dataset: file.dataset.name,
    variant: file.variant,
    format: file.format,
    fileName: file.fileName,
    ...written,
  };
}

/** The hex SHA-256 of a file on disk, streamed. */
export async function sha256Of(path: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

/**
 * The local copy of a recorded file, built from the vintage store when absent or when its bytes
 * are not the recorded ones (a cut that was rolled back left another file of the same name).
 * Checked once per process; concurrent requests for one file share one build.
 */
export class ReleaseFileCache {
  private readonly verified = new Set<string>();
  private readonly building = new Map<string, Promise<string>>();

  constructor(readonly dir: string) {}

  async pathOf(
    record: ReleaseFileRecord,
    plan: PlannedFile,
    release: number,
    source: VintageSource,
  ): Promise<string> {
    const path = join(this.dir, record.fileName);
    if (this.verified.has(record.fileName)) return path;
    const pending = this.building.get(record.fileName);
    if (pending !== undefined) return pending;
    const work = (async () => {
      if (!(await this.matches(path, record))) {
        await buildFile(source, plan, release, this.dir);
        if (!(await this.matches(path, record)))
          throw new Error(
            `release ${release}: ${record.fileName} rebuilt from the vintage store does not match its recorded SHA-256`,
          );
      }
      this.verified.add(record.fileName);
      return path;
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
  }

  private async matches(path: string, record: ReleaseFileRecord): Promise<boolean> {
    const found = await stat(path).catch(() => undefined);
    if (found === undefined || found.size !== record.bytes) return false;
    return (await sha256Of(path)) === record.sha256;
  }
}
