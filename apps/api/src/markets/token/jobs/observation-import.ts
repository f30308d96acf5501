import { MAX_REPORTED_RECORD_ERRORS, observationKey, type UtcDay } from "@tpi/domain";
import {
  DirectCopyConflict,
  openDirectObservationCopy,
  openObservationImport,
  type MergeCounts,
} from "@tpi/db";
import type { ObservationLine } from "../sources/observation-file";

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
  /** The first bad lines by line number (at most MAX_REPORTED_RECORD_ERRORS). */
  issues: ImportIssue[];
  /** False when the file was rejected and nothing was written. */
  written: boolean;
  counts: MergeCounts | null;
  /** "direct": new keys only, copied straight into `observation`; "staged": staged, checked and merged. */
  method: "direct" | "staged";
  /** Wall time of each phase, in milliseconds: reading and staging, the duplicate check, the merge. */
  phasesMs: { stage: number; check: number; merge: number };
};

/** Batches of rows from their start; called a second time when the fast path has to give way. */
export type ObservationSource = () => AsyncIterable<readonly ObservationLine[]>;

/**
 * `databaseUrl`: the import runs on a connection of its own, in one transaction. A file of valid
 * rows with new keys only (a backfill, the next day's data) takes the direct path; anything else
 * (a bad row, a key already stored, a key repeated in the file) is read again and goes through
 * the staged path, which merges, and reports every bad line.
 */
export async function importObservations(
  databaseUrl: string,
  source: ObservationSource,
  options: { skipInvalid: boolean },
): Promise<ImportReport> {
  return (
    (await importDirectly(databaseUrl, source)) ??
    (await importStaged(databaseUrl, source(), options))
  );
}

/** The direct path, or undefined (nothing written) when the file needs the staged one. */
async function importDirectly(
  databaseUrl: string,
  source: ObservationSource,
): Promise<ImportReport | undefined> {
  const session = await openDirectObservationCopy(databaseUrl);
  const started = performance.now();
  try {
    let rowsRead = 0;
    const rowsPerDay = new Map<UtcDay, number>();
    for await (const batch of source()) {
      for (const { result } of batch) {
        if (!result.ok) return undefined;
        rowsRead += 1;
        rowsPerDay.set(result.value.date, (rowsPerDay.get(result.value.date) ?? 0) + 1);
        const busy = session.stage(result.value);
        if (busy) await busy;
      }
    }
    await session.endStaging();
    const staged = performance.now();
    const settledDaysTouched = await session.settledDaysAmong([...rowsPerDay.keys()]);
    await session.commit();
    return {
      rowsRead,
      invalidRows: 0,
      issues: [],
      written: true,
      method: "direct",
      counts: {
        inserted: rowsRead,
        updated: 0,
        unchanged: 0,
        onSettledDays: settledDaysTouched.reduce((sum, day) => sum + (rowsPerDay.get(day) ?? 0), 0),
        settledDaysTouched,
      },
      phasesMs: {
        stage: Math.round(staged - started),
        check: 0,
        merge: Math.round(performance.now() - staged),
      },
    };
  } catch (error) {
    if (error instanceof DirectCopyConflict) return undefined;
    throw error;
  } finally {
    await session.close();
  }
}

async function importStaged(
  databaseUrl: string,
  batches: AsyncIterable<readonly ObservationLine[]>,
  options: { skipInvalid: boolean },
): Promise<ImportReport> {
  const session = await openObservationImport(databaseUrl);
  const phasesMs = { stage: 0, check: 0, merge: 0 };
  let phaseStart = performance.now();
  const endPhase = (phase: keyof typeof phasesMs) => {
    phasesMs[phase] = Math.round(performance.now() - phaseStart);
    phaseStart = performance.now();
  };
  try {
    let rowsRead = 0;
    let invalidRows = 0;
    const issues: ImportIssue[] = [];
    for await (const batch of batches) {
      for (const { line, result } of batch) {
        rowsRead += 1;
        if (result.ok) {
          const busy = session.stage({ line, record: result.value });
          if (busy) await busy;
        } else {
          invalidRows += 1;
          if (issues.length < MAX_REPORTED_RECORD_ERRORS)
            issues.push({ line, reason: result.error });
        }
      }
    }
    await session.endStaging();
    endPhase("stage");

    const duplicates = await session.findDuplicateLines(MAX_REPORTED_RECORD_ERRORS);
    invalidRows += duplicates.count;
    // Both lists are in line order and each holds at most the limit: their merge's head is the file's first bad lines.
    const allIssues = [
      ...issues,
      ...duplicates.first.map((d) => ({
        line: d.line,
        reason: `duplicate key (date, model_id) = (${observationKey(d).replace("|", ", ")}): first seen on line ${d.firstLine}`,
      })),
    ]
      .sort((a, b) => a.line - b.line)
      .slice(0, MAX_REPORTED_RECORD_ERRORS);

    endPhase("check");
    const report: ImportReport = {
      rowsRead,
      invalidRows,
      issues: allIssues,
      written: false,
      counts: null,
      method: "staged",
      phasesMs,
    };
    if (invalidRows > 0 && !options.skipInvalid) return report; // close() rolls back: nothing written
    if (duplicates.count > 0) await session.dropDuplicateLines();
    const counts = await session.merge();
    await session.commit();
    endPhase("merge");
    return { ...report, written: true, counts };
  } finally {
    await session.close();
  }
}
