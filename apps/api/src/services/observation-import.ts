import {
  IMPORT_ERROR_REPORT_LIMIT,
  observationKey,
} from "@tpi/domain";
import {
  createImportStage,
  dropDuplicateLines,
  findDuplicateLines,
  mergeImportStage,
  stageObservations,
  type Db,
  type MergeCounts,
  type StagedObservation,
} from "@tpi/db";
import type { ObservationLine } from "../ingest/observation-file";

/**
 * Imports validated observation rows atomically: everything is staged and checked inside one
 * transaction and merged at its end, so an invalid file (or a crash) writes nothing. With
 * `skipInvalid`, the valid rows are written and the bad ones reported.
 */
export type ImportIssue = { line: number; reason: string };

export type ImportReport = {
  /** Data rows read (blank lines and the CSV header not counted). */
  rowsRead: number;
  invalidRows: number;
  /** The first bad lines by line number (at most IMPORT_ERROR_REPORT_LIMIT). */
  issues: ImportIssue[];
  /** False when the file was rejected and nothing was written. */
  written: boolean;
  counts: MergeCounts | null;
};

/** Rows staged per round trip; large enough for throughput, small enough for flat memory. */
const STAGE_BATCH = 5_000;
/** An import of tens of millions of rows takes minutes; the transaction must outlive it. */
const IMPORT_TRANSACTION_TIMEOUT_MS = 6 * 3_600_000;

class RejectedImport extends Error {
  constructor(readonly report: ImportReport) {
    super("import rejected");
  }
}

export async function importObservations(
  db: Db,
  rows: AsyncIterable<ObservationLine>,
  options: { skipInvalid: boolean },
): Promise<ImportReport> {
  try {
    return await db.$transaction(
      async (tx) => {
        await createImportStage(tx);
        let rowsRead = 0;
        let invalidRows = 0;
        const issues: ImportIssue[] = [];
        let batch: StagedObservation[] = [];
        for await (const { line, result } of rows) {
          rowsRead += 1;
          if (result.ok) {
            batch.push({ line, record: result.value });
            if (batch.length >= STAGE_BATCH) {
              await stageObservations(tx, batch);
              batch = [];
            }
          } else {
            invalidRows += 1;
            if (issues.length < IMPORT_ERROR_REPORT_LIMIT) issues.push({ line, reason: result.error });
          }
        }
        await stageObservations(tx, batch);

        const duplicates = await findDuplicateLines(tx, IMPORT_ERROR_REPORT_LIMIT);
        invalidRows += duplicates.count;
        const allIssues = [
          ...issues,
          ...duplicates.first.map((d) => ({
            line: d.line,
            reason: `duplicate key (date, model_id) = (${observationKey(d).replace("|", ", ")}): first seen on line ${d.firstLine}`,
          })),
        ]
          .sort((a, b) => a.line - b.line)
          .slice(0, IMPORT_ERROR_REPORT_LIMIT);

        const report: ImportReport = { rowsRead, invalidRows, issues: allIssues, written: false, counts: null };
        if (invalidRows > 0 && !options.skipInvalid) throw new RejectedImport(report);
        if (duplicates.count > 0) await dropDuplicateLines(tx);
        return { ...report, written: true, counts: await mergeImportStage(tx) };
      },
      { timeout: IMPORT_TRANSACTION_TIMEOUT_MS, maxWait: 30_000 },
    );
  } catch (error) {
    if (error instanceof RejectedImport) return error.report;
    throw error;
  }
}
