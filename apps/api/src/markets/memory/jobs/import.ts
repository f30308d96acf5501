import { basename } from "node:path";
import {
  MAX_LISTED_IMPORT_ERRORS,
  decodeUtf8File,
  describeImportError,
  memoryImportFormatOf,
  parseMemoryImportCsv,
  parseMemoryImportJson,
  sessionDayOf,
  type MemoryImportFormat,
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
  /** The file: its bytes (checked to be UTF-8) or its text. */
  content: Uint8Array | string;
  defaultSource?: string;
  now: Date;
  /** Told while the import waits its turn behind the memory lock (a progress line). */
  onWait?: (message: string) => void;
  maxWaitMs?: number;
};

/**
 * Imports one file: every row checked first (nothing is written when any is wrong), then the
 * rows written and the affected days settled in one transaction under the memory lock (one
 * writer across instances), logged in the sync log. The same file again writes nothing. While
 * the once-a-minute settlement or another import holds the lock, it waits its turn (saying so)
 * for up to `maxWaitMs`.
 */
export async function importMemoryFile(
  db: Db,
  input: MemoryImportInput,
): Promise<MemoryImportOutcome> {
  const decoded =
    typeof input.content === "string"
      ? { ok: true as const, text: input.content }
      : decodeUtf8File(input.content);
  const format = memoryImportFormatOf(input.path, decoded.ok ? decoded.text : "");
  if (!decoded.ok)
    return {
      kind: "invalid",
      format,
      errors: [
        describeImportError(
          { line: decoded.line, field: "", message: `the file ${decoded.message}` },
          format,
        ),
      ],
      errorCount: 1,
    };
  const context = {
    now: input.now,
    ...(input.defaultSource === undefined ? {} : { defaultSource: input.defaultSource }),
  };
  const parsed =
    format === "csv"
      ? parseMemoryImportCsv(decoded.text, context)
      : parseMemoryImportJson(decoded.text, context);
  if (!parsed.ok)
    return {
      kind: "invalid",
      format,
      errors: parsed.errors
        .slice(0, MAX_LISTED_IMPORT_ERRORS)
        .map((error) => describeImportError(error, format)),
      errorCount: parsed.errors.length,
    };
  const { rows } = parsed;
  const days = rows.map((row) => sessionDayOf(row.observedAt)).sort();
  const sources = [...new Set(rows.map((row) => row.source))].sort();
  const reason = `import of ${basename(input.path)} (source ${sources.join(", ")}) changed the session's observations`;
  const write = async () => {
    const closedInterrupted = await closeInterruptedSourceSyncs(
      db,
      MEMORY_IMPORT_LOG_SOURCE,
      input.now,
    );
    const logId = await startSourceSync(db, {
      source: MEMORY_IMPORT_LOG_SOURCE,
      trigger: "manual",
      firstDay: days[0] ?? "1970-01-01",
      lastDay: days.at(-1) ?? "1970-01-01",
      startedAt: input.now,
    });
    try {
      const report = await importMemoryObservations(db, rows, input.now, reason);
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
  ].join("");
}
