import { MAX_REPORTED_RECORD_ERRORS, SiteRecordError, type CsvRow } from "@tpi/domain";
import { CsvRecordAssembler, type CsvRecord } from "../../../platform/ingest/csv-records";
import { Utf8FileError, fileBytes, utf8Text } from "../../../platform/ingest/utf8-text";

/**
 * Reading Epoch AI's CSV files: from an http(s) URL or a file path, as a stream, parsed into rows
 * by column name with the header checked. Any problem is an `EpochFileError` naming the file.
 */
export class EpochFileError extends Error {}

const MAX_FILE_BYTES = 100 * 1024 * 1024;

export function isHttpUrl(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/**
 * The file's bytes as they arrive, at most MAX_FILE_BYTES: a local file read in pieces, or an
 * http(s) download; an unreachable host, a non-2xx answer, a missing file or a download that
 * stops is an EpochFileError.
 */
async function* epochBytes(
  location: string,
  options: { timeoutMs: number; signal?: AbortSignal },
): AsyncGenerator<Uint8Array> {
  const pieces = isHttpUrl(location) ? await download(location, options) : fileBytes(location);
  let total = 0;
  try {
    for await (const piece of pieces) {
      total += piece.length;
      if (total > MAX_FILE_BYTES)
        throw new EpochFileError(`${location}: more than the ${MAX_FILE_BYTES} bytes allowed`);
      yield piece;
    }
  } catch (error) {
    if (error instanceof EpochFileError) throw error;
    throw new EpochFileError(
      isHttpUrl(location)
        ? `${location}: the download stopped (${(error as Error).message})`
        : `${location}: cannot be read (${(error as Error).message})`,
    );
  }
}

async function download(
  location: string,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<AsyncIterable<Uint8Array> | Iterable<Uint8Array>> {
  const signals = [AbortSignal.timeout(options.timeoutMs)];
  if (options.signal !== undefined) signals.push(options.signal);
  let response: Response;
  try {
    response = await fetch(location, {
      signal: AbortSignal.any(signals),
      headers: { accept: "text/csv, text/plain;q=0.9, */*;q=0.1" },
    });
  } catch (error) {
    throw new EpochFileError(`${location}: not reachable (${(error as Error).message})`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new EpochFileError(`${location}: answered HTTP ${response.status}`);
  }
  const length = Number(response.headers.get("content-length") ?? 0);
  if (length > MAX_FILE_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new EpochFileError(
      `${location}: ${length} bytes, more than the ${MAX_FILE_BYTES} allowed`,
    );
  }
  return (response.body as AsyncIterable<Uint8Array> | null) ?? [];
}

/** One record of a file by column name, with the line it starts on. */
export type EpochRow = { line: number; row: CsvRow };

/**
 * Mapped records yielded at a time (what one write takes). A piece read (about 1 MiB) holds some
 * 3,500 GPU Clusters records: handed on whole, a piece's rows and sites stayed alive through
 * seven writes' waits on the database, and the young-generation collections run meanwhile
 * promoted them to the old heap.
 */
export const EPOCH_ROWS_PER_BATCH = 500;

/**
 * Reads a CSV file (RFC 4180, quoted fields may span lines) as a stream, checking it is UTF-8
 * (a byte that is not is named with its line, never stored as U+FFFD) and that its header holds
 * every required column, maps each record by column name through `recordOf` as it is read
 * (undefined for a record not kept, its error noted in the errors given) and yields what it
 * keeps, at most EPOCH_ROWS_PER_BATCH at a time. The raw rows are dropped as they are mapped,
 * so a batch held while it is written holds only what `recordOf` made. A record whose field
 * count differs from the header's is an error; errors are collected (up to
 * MAX_REPORTED_RECORD_ERRORS named) and thrown together once the file is read: the file's own
 * first, then those `recordOf` noted.
 */
export async function* readEpochCsv<T>(
  location: string,
  requiredColumns: readonly string[],
  options: { timeoutMs: number; signal?: AbortSignal },
  recordOf: (row: EpochRow, errors: RecordErrors) => T | undefined,
): AsyncGenerator<T[]> {
  const assembler = new CsvRecordAssembler();
  const errors = new RecordErrors();
  const recordErrors = new RecordErrors();
  let columns: string[] | undefined;
  let records: T[] = [];
  const add = (record: CsvRecord): void => {
    if (columns === undefined) {
      if ("error" in record) throw new EpochFileError(`${location}: header: ${record.error}`);
      columns = record.fields.map((field) => field.trim());
      const missing = requiredColumns.filter((column) => !columns?.includes(column));
      if (missing.length > 0)
        throw new EpochFileError(
          `${location}: not the expected file: missing column(s) ${missing.map((c) => `'${c}'`).join(", ")}`,
        );
      return;
    }
    if ("error" in record) {
      errors.add(`line ${record.line}: ${record.error}`);
      return;
    }
    if (record.fields.length !== columns.length) {
      errors.add(
        `line ${record.line}: ${record.fields.length} field(s) where the header has ${columns.length}`,
      );
      return;
    }
    const row: Record<string, string> = {};
    columns.forEach((column, i) => {
      row[column] = record.fields[i] ?? "";
    });
    const kept = recordOf({ line: record.line, row }, recordErrors);
    if (kept !== undefined) records.push(kept);
  };
  const pushLine = (line: string): void => {
    const record = assembler.push(line.endsWith("\r") ? line.slice(0, -1) : line);
    if (record !== undefined) add(record);
  };
  /** The records kept so far, handed on once there are `least` of them. */
  const take = (least: number): T[] | undefined => {
    if (records.length === 0 || records.length < least) return undefined;
    const taken = records;
    records = [];
    return taken;
  };
  let carry = "";
  try {
    for await (const text of utf8Text(epochBytes(location, options))) {
      // Only the new text is split: a line longer than a piece (a 10 MB field) is not rescanned.
      const lines = text.split("\n");
      lines[0] = carry + (lines[0] ?? "");
      carry = lines.pop() ?? "";
      for (const line of lines) {
        pushLine(line);
        const batch = take(EPOCH_ROWS_PER_BATCH);
        if (batch !== undefined) yield batch;
      }
    }
  } catch (error) {
    if (!(error instanceof Utf8FileError)) throw error;
    throw new EpochFileError(`${location}: line ${error.line}: the file ${error.reason}`);
  }
  if (carry !== "") pushLine(carry);
  const last = assembler.end();
  if (last !== undefined) add(last);
  if (columns === undefined) throw new EpochFileError(`${location}: the file is empty`);
  const batch = take(1);
  if (batch !== undefined) yield batch;
  errors.throwIfAny(location);
  recordErrors.throwIfAny(location);
}

/** A file's bad records: the first MAX_REPORTED_RECORD_ERRORS kept, all counted. */
export class RecordErrors {
  private readonly first: string[] = [];
  private count = 0;

  add(error: string): void {
    this.count++;
    if (this.first.length < MAX_REPORTED_RECORD_ERRORS) this.first.push(error);
  }

  throwIfAny(what: string): void {
    if (this.count === 0) return;
    const more =
      this.count > MAX_REPORTED_RECORD_ERRORS
        ? ` (and ${this.count - MAX_REPORTED_RECORD_ERRORS} more)`
        : "";
    throw new EpochFileError(
      `${what}: ${this.count} bad record(s): ${this.first.join("; ")}${more}`,
    );
  }
}

/** Runs a record's mapping, turning its SiteRecordError into a line-numbered error. */
export function recordOrError<T>(line: number, errors: RecordErrors, map: () => T): T | undefined {
  try {
    return map();
  } catch (error) {
    if (!(error instanceof SiteRecordError)) throw error;
    errors.add(`line ${line}: ${error.message}`);
    return undefined;
  }
}
