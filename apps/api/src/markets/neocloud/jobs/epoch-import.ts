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
  type NeocloudWriteCounts,
} from "@tpi/db";
import {
  dayOfRun,
  runSourceSync,
  type SourceSyncOptions,
  type SourceSyncReport,
  type SourceSyncRun,
} from "../../../platform/jobs/source-sync";
import { loadGazetteer } from "../sources/gazetteer";
import {
  EpochFileError,
  parseEpochCsv,
  readEpochFile,
  recordOrError,
  throwIfErrors,
} from "../sources/epoch-files";
import type { NeocloudFiles } from "./settings";

/**
 * Epoch AI's GPU Clusters and Frontier Data Centers files into `neocloud_site`: the three files
 * read, parsed and every record validated and mapped first; then one transaction writes only the
 * sites whose content hash moved, inserts new ones and removes those Epoch no longer lists. A
 * failed or stopped import writes nothing. Runs under its own sync lock (one importing instance)
 * and is recorded in the sync log.
 */

const MAX_IMPORT_RUN_MS = 15 * 60_000;

export type NeocloudImportReport = SourceSyncReport<{
  /** True when any site was inserted, updated or removed. */
  written: boolean;
  counts: Record<string, NeocloudWriteCounts>;
}>;

export async function importNeocloudSites(
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

/** The three files read and mapped: what to write, and the GPU Clusters lines repeated whole. */
export type NeocloudFilesRead = {
  datasets: NeocloudDatasetWrite[];
  repeatedClusterLines: number[];
};

/** Reads, validates and maps the three files; throws EpochFileError naming what is wrong. */
export async function readNeocloudFiles(
  files: NeocloudFiles,
  options: { now: Date; fetchTimeoutMs: number; signal?: AbortSignal; geocoder?: Geocoder },
): Promise<NeocloudFilesRead> {
  const read = (location: string) =>
    readEpochFile(location, { timeoutMs: options.fetchTimeoutMs, signal: options.signal });
  const [clustersText, centersText, timelinesText] = await Promise.all([
    read(files.gpuClusters),
    read(files.dataCenters),
    read(files.timelines),
  ]);
  const clusters = parseEpochCsv(files.gpuClusters, clustersText, GPU_CLUSTERS_REQUIRED_COLUMNS);
  const centers = parseEpochCsv(files.dataCenters, centersText, DATA_CENTERS_REQUIRED_COLUMNS);
  const timelines = parseEpochCsv(
    files.timelines,
    timelinesText,
    DATA_CENTER_TIMELINES_REQUIRED_COLUMNS,
  );
  // Loaded per import and dropped after it: the parsed gazetteer is tens of MB the api does not
  // need between the daily imports.
  const geocode = options.geocoder ?? (await loadGazetteer());
  const retrievedAt = options.now.toISOString();

  // GPU Clusters: a repeated Name (Epoch's anonymised rows) gets " #2", " #3" in file order. A
  // row repeated whole (every field the same) is one record written twice: kept once.
  const clusterErrors: string[] = [];
  const clusterSites: NeocloudSite[] = [];
  const names = new Map<string, number>();
  const wholeRows = new Set<string>();
  const repeatedRows: number[] = [];
  for (const { line, row } of clusters.rows) {
    const name = (row.Name ?? "").trim();
    if (name === "") {
      clusterErrors.push(`line ${line}: 'Name' is empty`);
      continue;
    }
    const whole = JSON.stringify(row);
    if (wholeRows.has(whole)) {
      repeatedRows.push(line);
      continue;
    }
    wholeRows.add(whole);
    const seen = (names.get(name) ?? 0) + 1;
    names.set(name, seen);
    const recordName = seen === 1 ? name : `${name} #${seen}`;
    const site = recordOrError(line, clusterErrors, () =>
      siteFromGpuCluster(row, recordName, {
        sourceUrls: [files.gpuClusters],
        retrievedAt,
        geocode,
      }),
    );
    if (site !== undefined) clusterSites.push(site);
  }
  throwIfErrors(files.gpuClusters, clusterErrors);

  const timelineErrors: string[] = [];
  const timelineOf = new Map<string, TimelineRow[]>();
  for (const { line, row } of timelines.rows) {
    const entry = recordOrError(line, timelineErrors, () => timelineRowOf(row));
    if (entry === undefined) continue;
    const list = timelineOf.get(entry.handle) ?? [];
    list.push(entry.entry);
    timelineOf.set(entry.handle, list);
  }
  throwIfErrors(files.timelines, timelineErrors);

  const centerErrors: string[] = [];
  const centerSites: NeocloudSite[] = [];
  const handles = new Set<string>();
  for (const { line, row } of centers.rows) {
    const handle = (row.Handle ?? "").trim();
    if (handles.has(handle)) {
      centerErrors.push(`line ${line}: the handle '${handle}' is repeated`);
      continue;
    }
    handles.add(handle);
    const site = recordOrError(line, centerErrors, () =>
      siteFromDataCenter(row, timelineOf.get(handle) ?? [], {
        sourceUrls: [files.dataCenters, files.timelines],
        retrievedAt,
        geocode,
      }),
    );
    if (site !== undefined) centerSites.push(site);
  }
  throwIfErrors(files.dataCenters, centerErrors);

  const withHash = (site: NeocloudSite) => ({ site, contentHash: sha256(siteContentText(site)) });
  const datasets: NeocloudDatasetWrite[] = [
    {
      dataset: "gpu-clusters",
      sourceUrls: [files.gpuClusters],
      retrievedAt: options.now,
      sites: clusterSites.map(withHash),
    },
    {
      dataset: "data-centers",
      sourceUrls: [files.dataCenters, files.timelines],
      retrievedAt: options.now,
      sites: centerSites.map(withHash),
    },
  ];
  return { datasets, repeatedClusterLines: repeatedRows };
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
  options: Parameters<typeof importNeocloudSites>[2],
): Promise<NeocloudImportReport> {
  const { now } = options;
  // The three files, each read once.
  const requests = 3;
  run.requests = requests;
  run.daysFailed = 1;
  try {
    const { datasets, repeatedClusterLines } = await readNeocloudFiles(files, options);
    if (options.signal?.aborted) throw new EpochFileError("stopped before writing");
    const counts = await writeNeocloudImport(db, datasets, now, {
      allowShrink: options.allowShrink === true,
    });
    const written = Object.values(counts).some((c) => c.inserted + c.updated + c.removed > 0);
    const repeated =
      repeatedClusterLines.length === 0
        ? ""
        : `; ${repeatedClusterLines.length} gpu-clusters row(s) repeating an earlier row whole, kept once (line(s) ${repeatedClusterLines.slice(0, 20).join(", ")}${repeatedClusterLines.length > 20 ? ", …" : ""})`;
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
