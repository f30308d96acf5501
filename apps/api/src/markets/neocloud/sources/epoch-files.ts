import { readFile } from "node:fs/promises";
import {
  MAX_REPORTED_RECORD_ERRORS,
  SiteRecordError,
  decodeUtf8File,
  type CsvRow,
} from "@tpi/domain";
import { CsvRecordAssembler } from "../../../platform/ingest/csv-records";

/**
 * Reading Epoch AI's CSV files: from an http(s) URL or a file path, whole, then parsed into rows
 * by column name with the header checked. Any problem is an `EpochFileError` naming the file.
 */
export class EpochFileError extends Error {}

const MAX_FILE_BYTES = 100 * 1024 * 1024;

export function isHttpUrl(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/**
 * The file's text, which must be UTF-8 (a byte that is not is named with its line, never stored as
 * U+FFFD); an unreachable host, a non-2xx answer or a missing file is an EpochFileError.
 */
export async function readEpochFile(
  location: string,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<string> {
  const decoded = decodeUtf8File(await readEpochBytes(location, options));
  if (!decoded.ok)
    throw new EpochFileError(`${location}: line ${decoded.line}: the file ${decoded.message}`);
  return decoded.text;
}

async function readEpochBytes(
  location: string,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<Uint8Array> {
  if (!isHttpUrl(location)) {
    try {
      return await readFile(location);
    } catch (error) {
      throw new EpochFileError(`${location}: cannot be read (${(error as Error).message})`);
    }
  }
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
  if (length > MAX_FILE_BYTES)
    throw new EpochFileError(
      `${location}: ${length} bytes, more than the ${MAX_FILE_BYTES} allowed`,
    );
  try {
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw new EpochFileError(`${location}: the download stopped (${(error as Error).message})`);
  }
}

/** A parsed file: its rows by column name, each with the line it starts on. */
export type EpochCsv = { rows: { line: number; row: CsvRow }[] };

/**
 * Parses a CSV file (RFC 4180, quoted fields may span lines) and checks its header holds every
 * required column; a record whose field count differs from the header's is an error. Errors are
 * collected (up to MAX_REPORTED_RECORD_ERRORS named) and thrown together.
 */
export function parseEpochCsv(
  what: string,
  text: string,
  requiredColumns: readonly string[],
): EpochCsv {
  const assembler = new CsvRecordAssembler();
  const records = [];
  for (const line of text.split(/\r?\n/)) {
    const record = assembler.push(line);
    if (record !== undefined) records.push(record);
  }
  const last = assembler.end();
  if (last !== undefined) records.push(last);
  const [header, ...body] = records;
  if (header === undefined) throw new EpochFileError(`${what}: the file is empty`);
  if ("error" in header) throw new EpochFileError(`${what}: header: ${header.error}`);
  const columns = header.fields.map((field) => field.trim());
  const missing = requiredColumns.filter((column) => !columns.includes(column));
  if (missing.length > 0)
    throw new EpochFileError(
      `${what}: not the expected file: missing column(s) ${missing.map((c) => `'${c}'`).join(", ")}`,
    );
  const errors: string[] = [];
  const rows: EpochCsv["rows"] = [];
  for (const record of body) {
    if ("error" in record) {
      errors.push(`line ${record.line}: ${record.error}`);
      continue;
    }
    if (record.fields.length !== columns.length) {
      errors.push(
        `line ${record.line}: ${record.fields.length} field(s) where the header has ${columns.length}`,
      );
      continue;
    }
    const row: Record<string, string> = {};
    columns.forEach((column, i) => {
      row[column] = record.fields[i] ?? "";
    });
    rows.push({ line: record.line, row });
  }
  throwIfErrors(what, errors);
  return { rows };
}

export function throwIfErrors(what: string, errors: readonly string[]): void {
  if (errors.length === 0) return;
  const shown = errors.slice(0, MAX_REPORTED_RECORD_ERRORS).join("; ");
  const more =
    errors.length > MAX_REPORTED_RECORD_ERRORS
      ? ` (and ${errors.length - MAX_REPORTED_RECORD_ERRORS} more)`
      : "";
  throw new EpochFileError(`${what}: ${errors.length} bad record(s): ${shown}${more}`);
}

/** Runs a record's mapping, turning its SiteRecordError into a line-numbered error. */
export function recordOrError<T>(line: number, errors: string[], map: () => T): T | undefined {
  try {
    return map();
  } catch (error) {
    if (!(error instanceof SiteRecordError)) throw error;
    errors.push(`line ${line}: ${error.message}`);
    return undefined;
  }
}
