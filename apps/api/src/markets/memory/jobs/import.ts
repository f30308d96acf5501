import { basename } from "node:path";
import {
  MemoryImportReader,
  describeImportError,
  type MemoryImportCheck,
  type MemoryImportContext,
  type MemoryImportFormat,
  type MemoryImportRow,
} from "@tpi/domain";
import {
  closeInterruptedSourceSyncs,
  finishSourceSync,
  importMemoryObservations,
  startSourceSync,
  withSourceSyncLock,
  type Db,
  type MemoryImportReport,
} from "@tpi/db";
import { Utf8FileError, fileBytes, heldBytes, utf8Text } from "../../../platform/ingest/utf8-text";
import { MEMORY_LOCK_MS, MEMORY_WRITE_LOCK } from "./settlement";

/** The sync log's name for memory imports. */
export const MEMORY_IMPORT_LOG_SOURCE = "memory-import";

export type MemoryImportOutcome =
  | { kind: "invalid"; format: MemoryImportFormat; errors: string[]; errorCount: number }
  | { kind: "busy"; waitedMs: number }
  | {
      kind: "imported";
      format: MemoryImportFormat;
      report: MemoryImportReport;
      /** Sync-log runs of imports whose process died, closed as interrupted by this one. */
      closedInterrupted: number[];
    };

/** How long an import waits for the settlement or another import to release the memory lock. */
export const MEMORY_IMPORT_MAX_WAIT_MS = 5 * 60_000;
/** Between two tries for the lock, and between two progress lines while waiting. */
const LOCK_RETRY_MS = 1_000;
const WAIT_REPORT_EVERY_MS = 10_000;

export type MemoryImportInput = {
  path: string;
  /**
   * The file's bytes (checked to be UTF-8) or its text, when the caller already holds them;
   * without it, the file at `path` is read as a stream, twice (checked, then written).
   */
  content?: Uint8Array | string;
  defaultSource?: string;
  now: Date;
  /** Told while the import waits its turn behind the memory lock (a progress line). */
  onWait?: (message: string) => void;
  maxWaitMs?: number;
};

/** The file's text in pieces: read from its path as a stream, or the content the caller gave. */
function textOf(input: MemoryImportInput): AsyncIterable<string> | Iterable<string> {
  if (typeof input.content === "string") return [input.content];
  return utf8Text(input.content === undefined ? fileBytes(input.path) : heldBytes(input.content));
}

/**
 * Reads the file through every check, yielding the good rows as they come; `reader` holds the
 * verdict once the rows are read. Not UTF-8 is a Utf8FileError.
 */
async function* checkedRows(
  input: MemoryImportInput,
  reader: MemoryImportReader,
): AsyncGenerator<MemoryImportRow[]> {
  for await (const piece of textOf(input)) {
    const rows = reader.push(piece);
    if (rows.length > 0) yield rows;
  }
  const rows = reader.end();
  if (rows.length > 0) yield rows;
}

/** The whole file checked, nothing kept but its verdict (the first pass). */
async function checkFile(
  input: MemoryImportInput,
  context: MemoryImportContext,
): Promise<{ format: MemoryImportFormat; check: MemoryImportCheck }> {
  const reader = new MemoryImportReader(input.path, context);
  try {
    for await (const _rows of checkedRows(input, reader));
  } catch (error) {
    if (!(error instanceof Utf8FileError)) throw error;
    return {
      format: reader.format,
      check: {
        ok: false,
        errors: [{ line: error.line, field: "", message: `the file ${error.reason}` }],
        errorCount: 1,
      },
    };
  }
  return { format: reader.format, check: reader.result() };
}

/**
 * The rows of a file the first pass found good, read again to be written. A file changed in
 * between and no longer good throws at its end, so the transaction writing the rows rolls back.
 */
async function* rowsToWrite(
  input: MemoryImportInput,
  context: MemoryImportContext,
): AsyncGenerator<MemoryImportRow[]> {
  const reader = new MemoryImportReader(input.path, context);
  yield* checkedRows(input, reader);
  const check = reader.result();
  if (!check.ok)
    throw new Error(
      `the file changed while it was imported: ${check.errors
        .slice(0, 1)
        .map((error) => describeImportError(error, reader.format))
        .join("")}`,
    );
}

/**
 * Imports one file: every row checked first, reading the file as a stream (nothing is written
 * when any row is wrong), then the file read again and its rows written in batches, and the
 * affected days settled, in one transaction under the memory lock (one writer across instances),
 * logged in the sync log. The same file again writes nothing. While the once-a-minute
 * settlement or another import holds the lock, it waits its turn (saying so) for up to
 * `maxWaitMs`.
 */
export async function importMemoryFile(
  db: Db,
  input: MemoryImportInput,
): Promise<MemoryImportOutcome> {
  const context: MemoryImportContext = {
    now: input.now,
    ...(input.defaultSource === undefined ? {} : { defaultSource: input.defaultSource }),
  };
  const { format, check } = await checkFile(input, context);
  if (!check.ok)
    return {
      kind: "invalid",
      format,
      errors: check.errors.map((error) => describeImportError(error, format)),
      errorCount: check.errorCount,
    };
  const reason = `import of ${basename(input.path)} (source ${check.sources.join(", ")}) changed the session's observations`;
  const write = async () => {
    const closedInterrupted = await closeInterruptedSourceSyncs(
      db,
      MEMORY_IMPORT_LOG_SOURCE,
      input.now,
    );
    const logId = await startSourceSync(db, {
      source: MEMORY_IMPORT_LOG_SOURCE,
      trigger: "manual",
      firstDay: check.firstDay ?? "1970-01-01",
      lastDay: check.lastDay ?? "1970-01-01",
      startedAt: input.now,
    });
    try {
      const report = await importMemoryObservations(
        db,
        rowsToWrite(input, context),
        input.now,
        reason,
      );
      await finishSourceSync(db, logId, {
        finishedAt: new Date(),
        asOf: null,
        priceSnapshotId: null,
        requests: 0,
        daysWritten: report.settlement.settled + report.settlement.resettled,
        daysFailed: 0,
        outcome: "ok",
        message: describeImport(report),
      });
      return { report, closedInterrupted };
    } catch (error) {
      await finishSourceSync(db, logId, {
        finishedAt: new Date(),
        asOf: null,
        priceSnapshotId: null,
        requests: 0,
        daysWritten: 0,
        daysFailed: 0,
        outcome: "failed",
        message: `import of ${basename(input.path)} failed, nothing written: ${(error as Error).message}`,
      });
      throw error;
    }
  };
  const maxWaitMs = input.maxWaitMs ?? MEMORY_IMPORT_MAX_WAIT_MS;
  const started = Date.now();
  let reportedAt = -WAIT_REPORT_EVERY_MS;
  for (;;) {
    const locked = await withSourceSyncLock(db, write, MEMORY_LOCK_MS, MEMORY_WRITE_LOCK);
    if (locked.locked) return { kind: "imported", format, ...locked.result };
    const waitedMs = Date.now() - started;
    if (waitedMs >= maxWaitMs) return { kind: "busy", waitedMs };
    if (waitedMs - reportedAt >= WAIT_REPORT_EVERY_MS) {
      reportedAt = waitedMs;
      input.onWait?.(
        `waiting for the memory settlement or another import to finish (${Math.round(waitedMs / 1000)} s so far, at most ${Math.round(maxWaitMs / 1000)} s)`,
      );
    }
    await new Promise((resume) => setTimeout(resume, LOCK_RETRY_MS));
  }
}

/** What an import did, in one line. */
export function describeImport(report: MemoryImportReport): string {
  const written = report.inserted + report.updated;
  const { settlement } = report;
  return [
    `${report.read} row(s) read: ${report.inserted} inserted, ${report.updated} updated, ${report.unchanged} unchanged`,
    written === 0 ? " (nothing written: every row was already stored as given)" : "",
    `; settled through ${settlement.throughDay}: ${settlement.settled} new type-day(s), ${settlement.resettled} re-settled with a revision`,
    settlement.withdrawn > 0 ? `, ${settlement.withdrawn} withdrawn` : "",
    `; ${settlement.events} value event(s)`,
  ].join("");
}
