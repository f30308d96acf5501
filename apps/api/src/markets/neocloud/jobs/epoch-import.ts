import { createHash } from "node:crypto";
import {
  DATA_CENTERS_REQUIRED_COLUMNS,
  DATA_CENTER_TIMELINES_REQUIRED_COLUMNS,
  GPU_CLUSTERS_REQUIRED_COLUMNS,
  ImportRefusedError,
  NEOCLOUD_SYNC_SOURCE,
  siteContentText,
  siteFromDataCenter,
  siteFromGpuCluster,
  timelineRowOf,
  type Geocoder,
  type NeocloudSite,
  type TimelineRow,
} from "@tpi/domain";
import {
  writeNeocloudImport,
  type Db,
  type NeocloudDatasetWrite,
  type NeocloudSiteWrite,
  type NeocloudWriteCounts,
} from "@tpi/db";
import {
  dayOfRun,
  runSourceSync,
  type SourceSyncOptions,
  type SourceSyncReport,
  type SourceSyncRun,
} from "../../../platform/jobs/source-sync";
import { gazetteerGeocoder } from "../sources/gazetteer";
import { EpochFileError, readEpochCsv, recordOrError } from "../sources/epoch-files";
import type { NeocloudFiles } from "./settings";
import { NEOCLOUD } from "../read-model/state";

/**
 * Epoch AI's GPU Clusters and Frontier Data Centers files into `neocloud_site`: one transaction
 * reads the three files as streams, validates and maps every record as it comes and writes, in
 * batches, only the sites whose content hash moved, inserts new ones and removes those Epoch no
 * longer lists; a bad record anywhere, a shrink refused or a stop rolls it back, so a failed or
 * stopped import writes nothing and the import's memory stays flat in the files' size. Runs under its own sync lock (one importing instance)
 * and is recorded in the sync log.
 */

const MAX_IMPORT_RUN_MS = 15 * 60_000;

export type NeocloudImportReport = SourceSyncReport<{
  /** True when any site was inserted, updated or removed. */
  written: boolean;
  counts: Record<string, NeocloudWriteCounts>;
}>;

export async function importSites(
  db: Db,
  files: NeocloudFiles,
  options: SourceSyncOptions & {
    fetchTimeoutMs: number;
    geocoder?: Geocoder;
    /** The operator's --allow-shrink: the import may remove more than a fifth of a dataset. */
    allowShrink?: boolean;
  },
): Promise<NeocloudImportReport> {
  return runSourceSync(
    db,
    {
      ...options,
      market: NEOCLOUD.name,
      source: NEOCLOUD_SYNC_SOURCE,
      ...dayOfRun(options.now),
      maxRunMs: MAX_IMPORT_RUN_MS,
      busyWith: "importing Epoch AI's neocloud data",
      runNoun: "import",
    },
    (run) => importFiles(db, files, run, options),
  );
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** The datasets to write, their sites read as the write pulls them, and the GPU Clusters lines repeated whole. */
export type NeocloudFilesRead = {
  datasets: NeocloudDatasetWrite[];
  /** Filled while the GPU Clusters file is read: complete once its sites are written. */
  repeatedClusterLines: number[];
  /** All of them, when the first LISTED_REPEATED_LINES are listed. */
  readonly repeatedClusterCount: number;
};

type ReadOptions = { now: Date; fetchTimeoutMs: number; signal?: AbortSignal; geocoder?: Geocoder };

/**
 * The three files as datasets to write: each file read as a stream, every record validated and
 * mapped as it comes, in batches; a file with a bad record throws an EpochFileError naming it
 * once it is read, which rolls back the transaction writing the sites.
 */
export function readNeocloudFiles(files: NeocloudFiles, options: ReadOptions): NeocloudFilesRead {
  // Read at the first site to place and dropped after the import: its index is tens of MB the
  // api does not need between the daily imports.
  const geocode = options.geocoder ?? gazetteerGeocoder();
  const retrievedAt = options.now.toISOString();
  const fileOptions = { timeoutMs: options.fetchTimeoutMs, signal: options.signal };
  const repeatedClusterLines: number[] = [];

  // GPU Clusters: a repeated Name (Epoch's anonymised rows) gets " #2", " #3" in file order. A
  // row repeated whole (every field the same) is one record written twice: kept once, known by
  // a fixed-size digest of the row rather than its text.
  async function* clusterSites(): AsyncGenerator<NeocloudSiteWrite[]> {
    const names = new Map<string, number>();
    const wholeRows = new Set<string>();
    yield* readEpochCsv(
      files.gpuClusters,
      GPU_CLUSTERS_REQUIRED_COLUMNS,
      fileOptions,
      ({ line, row }, errors) => {
        const name = (row.Name ?? "").trim();
        if (name === "") {
          errors.add(`line ${line}: 'Name' is empty`);
          return undefined;
        }
        const whole = createHash("sha256").update(JSON.stringify(row)).digest("base64");
        if (wholeRows.has(whole)) {
          if (repeatedClusterLines.length < LISTED_REPEATED_LINES) repeatedClusterLines.push(line);
          repeatedCount.clusters++;
          return undefined;
        }
        wholeRows.add(whole);
        const seen = (names.get(name) ?? 0) + 1;
        names.set(detached(name), seen);
        const recordName = seen === 1 ? name : `${name} #${seen}`;
        const site = recordOrError(line, errors, () =>
          siteFromGpuCluster(row, recordName, {
            sourceUrls: [files.gpuClusters],
            retrievedAt,
            geocode,
          }),
        );
        return site === undefined ? undefined : withHash(site);
      },
    );
  }

  // Frontier Data Centers: the timelines first (every hub's rows), then the hubs with theirs.
  async function* centerSites(): AsyncGenerator<NeocloudSiteWrite[]> {
    const timelineOf = new Map<string, TimelineRow[]>();
    const timelines = readEpochCsv(
      files.timelines,
      DATA_CENTER_TIMELINES_REQUIRED_COLUMNS,
      fileOptions,
      ({ line, row }, errors) => recordOrError(line, errors, () => timelineRowOf(row)),
    );
    for await (const entries of timelines)
      for (const { handle, entry } of entries) {
        const list = timelineOf.get(handle) ?? [];
        list.push(entry);
        timelineOf.set(detached(handle), list);
      }

    const handles = new Set<string>();
    yield* readEpochCsv(
      files.dataCenters,
      DATA_CENTERS_REQUIRED_COLUMNS,
      fileOptions,
      ({ line, row }, errors) => {
        const handle = (row.Handle ?? "").trim();
        if (handles.has(handle)) {
          errors.add(`line ${line}: the handle '${handle}' is repeated`);
          return undefined;
        }
        handles.add(detached(handle));
        const site = recordOrError(line, errors, () =>
          siteFromDataCenter(row, timelineOf.get(handle) ?? [], {
            sourceUrls: [files.dataCenters, files.timelines],
            retrievedAt,
            geocode,
          }),
        );
        return site === undefined ? undefined : withHash(site);
      },
    );
  }

  const repeatedCount = { clusters: 0 };
  return {
    datasets: [
      {
        dataset: "gpu-clusters",
        sourceUrls: [files.gpuClusters],
        retrievedAt: options.now,
        sites: stoppable(clusterSites(), options.signal),
      },
      {
        dataset: "data-centers",
        sourceUrls: [files.dataCenters, files.timelines],
        retrievedAt: options.now,
        sites: stoppable(centerSites(), options.signal),
      },
    ],
    repeatedClusterLines,
    get repeatedClusterCount() {
      return repeatedCount.clusters;
    },
  };
}

/**
 * The text as a string of its own. A field cut from a file's text is a slice that keeps the
 * whole piece read (about 1 MiB) alive; a key kept for the rest of the file (a name, a handle)
 * would otherwise keep every piece, the whole file, in memory.
 */
const detached = (text: string): string => Buffer.from(text, "utf8").toString("utf8");

/** Repeated lines an import's message names (the count is always whole). */
const LISTED_REPEATED_LINES = 20;

const withHash = (site: NeocloudSite): NeocloudSiteWrite => ({
  site,
  contentHash: sha256(siteContentText(site)),
});

/** The batches until the run is stopped: a stop throws, which rolls the transaction back. */
async function* stoppable<T>(batches: AsyncIterable<T>, signal?: AbortSignal): AsyncGenerator<T> {
  for await (const batch of batches) {
    if (signal?.aborted === true) throw new EpochFileError("stopped before writing");
    yield batch;
  }
}

function describeCounts(counts: Record<string, NeocloudWriteCounts>): string {
  return Object.entries(counts)
    .map(
      ([dataset, c]) =>
        `${dataset}: ${c.inserted} inserted, ${c.updated} updated, ${c.removed} removed, ${c.unchanged} unchanged`,
    )
    .join("; ");
}

async function importFiles(
  db: Db,
  files: NeocloudFiles,
  run: SourceSyncRun,
  options: Parameters<typeof importSites>[2],
): Promise<NeocloudImportReport> {
  const { now } = options;
  // The three files, each read once.
  const requests = 3;
  run.requests = requests;
  run.daysFailed = 1;
  try {
    const read = readNeocloudFiles(files, options);
    const counts = await writeNeocloudImport(db, read.datasets, now, {
      allowShrink: options.allowShrink === true,
    });
    const written = Object.values(counts).some((c) => c.inserted + c.updated + c.removed > 0);
    const lines = read.repeatedClusterLines;
    const repeatedCount = read.repeatedClusterCount;
    const repeated =
      repeatedCount === 0
        ? ""
        : `; ${repeatedCount} gpu-clusters row(s) repeating an earlier row whole, kept once (line(s) ${lines.join(", ")}${repeatedCount > lines.length ? ", …" : ""})`;
    const message = `Epoch AI neocloud import: ${describeCounts(counts)}${repeated}`;
    run.asOf = now;
    run.daysWritten = written ? 1 : 0;
    run.daysFailed = 0;
    await run.finish("ok", message);
    return { ran: true, syncId: run.syncId, requests, outcome: "ok", written, counts, message };
  } catch (error) {
    const stopped = options.signal?.aborted === true;
    const cause = error instanceof Error ? error.message : String(error);
    const message = `Epoch AI neocloud import failed, nothing written (the stored sites are unchanged): ${cause}`;
    await run.finish(stopped ? "interrupted" : "failed", message).catch(() => undefined);
    const refused = error instanceof EpochFileError || error instanceof ImportRefusedError;
    if (!refused && !stopped) throw error;
    return {
      ran: true,
      syncId: run.syncId,
      requests,
      outcome: stopped ? "interrupted" : "failed",
      written: false,
      counts: {},
      message,
    };
  }
}
