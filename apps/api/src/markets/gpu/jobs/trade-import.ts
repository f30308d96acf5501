import { insertGpuTradesIfAbsent, latestGpuPrint, type Db, type GpuTradeInput } from "@tpi/db";
import type { RecordFileFormat } from "../../../platform/ingest/record-file";
import { parseGpuTrades, type RecordError } from "../sources/trade-file";

/**
 * Import of executed GPU rental trades, validated by `ingest/trade-file.ts` before anything is
 * written: one invalid record rejects the whole file, and a valid file is written in one
 * transaction, so an import is all or nothing. Re-importing the same file changes nothing: a
 * trade is identified by GPU, execution time and trade id (derived from the record's content
 * when the file has none).
 */
export type GpuImportReport = {
  records: number;
  inserted: number;
  alreadyStored: number;
  inAlreadyPrintedHours: number;
};

/**
 * Writes validated trades in one transaction. Trades in hours that already have a print are
 * stored but do not change that print (published prints are never silently restated); the report
 * counts them so the operator knows.
 */
export async function writeGpuTrades(
  db: Db,
  trades: readonly GpuTradeInput[],
  onProgress?: (done: number, total: number) => void,
): Promise<GpuImportReport> {
  const CHUNK = 10_000;
  return db.$transaction(
    async (tx) => {
      let inserted = 0;
      for (let start = 0; start < trades.length; start += CHUNK) {
        inserted += await insertGpuTradesIfAbsent(tx, trades.slice(start, start + CHUNK));
        onProgress?.(Math.min(start + CHUNK, trades.length), trades.length);
      }
      const printedThrough = new Map<string, number>();
      for (const gpu of new Set(trades.map((t) => t.gpuName)))
        printedThrough.set(gpu, (await latestGpuPrint(tx, gpu))?.hour.getTime() ?? -Infinity);
      // A trade at t is in the print of the first hour after t: printed when that hour <= the latest print.
      const inAlreadyPrintedHours = trades.filter(
        (t) =>
          Math.floor(t.executedAt.getTime() / 3_600_000 + 1) * 3_600_000 <=
          (printedThrough.get(t.gpuName) ?? -Infinity),
      ).length;
      return {
        records: trades.length,
        inserted,
        alreadyStored: trades.length - inserted,
        inAlreadyPrintedHours,
      };
    },
    { timeout: 600_000, maxWait: 60_000 },
  );
}

/** A trade file's import: refused whole with every bad line (nothing written), or written. */
export type GpuTradeFileOutcome =
  | { kind: "invalid"; records: number; errors: RecordError[] }
  | { kind: "imported"; report: GpuImportReport };

/** Reads a trade file's bytes and, only when every record is valid, writes its trades. */
export async function importGpuTradeFile(
  db: Db,
  bytes: Uint8Array,
  format: RecordFileFormat,
  options: {
    now: Date;
    source: string;
    onValidating?: (lines: number, total: number) => void;
    onValidated?: (records: number, invalid: number) => void;
    onWriting?: (done: number, total: number) => void;
  },
): Promise<GpuTradeFileOutcome> {
  const parsed = parseGpuTrades(bytes, format, {
    now: options.now,
    source: options.source,
    onProgress: options.onValidating,
  });
  options.onValidated?.(parsed.records, parsed.errors.length);
  if (parsed.errors.length > 0)
    return { kind: "invalid", records: parsed.records, errors: parsed.errors };
  return { kind: "imported", report: await writeGpuTrades(db, parsed.trades, options.onWriting) };
}
