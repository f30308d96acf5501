import { basename } from "node:path";
import {
  MAX_LISTED_IMPORT_ERRORS,
  describeImportError,
  memoryImportFormatOf,
  parseMemoryImportCsv,
  parseMemoryImportJson,
  sessionDayOf,
  type MemoryImportFormat,
} from "@tpi/domain";
import {
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
  | { kind: "busy" }
  | { kind: "imported"; format: MemoryImportFormat; report: MemoryImportReport };

/**
 * Imports one file: every row checked first (nothing is written when any is wrong), then the
 * rows written and the affected days settled in one transaction under the memory lock (one
 * writer across instances), logged in the sync log. The same file again writes nothing.
 */
export async function importMemoryFile(
  db: Db,
  input: { path: string; text: string; defaultSource?: string; now: Date },
): Promise<MemoryImportOutcome> {
  const format = memoryImportFormatOf(input.path, input.text);
  const parsed =
    format === "csv"
      ? parseMemoryImportCsv(input.text, input.defaultSource)
      : parseMemoryImportJson(input.text, input.defaultSource);
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
  const locked = await withSourceSyncLock(
    db,
    async () => {
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
        return report;
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
    },
    MEMORY_LOCK_MS,
    MEMORY_WRITE_LOCK,
  );
  if (!locked.locked) return { kind: "busy" };
  return { kind: "imported", format, report: locked.result };
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
