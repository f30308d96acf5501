import { createReadStream, statSync } from "node:fs";
import { extname } from "node:path";
import type { Result } from "@tpi/domain";
import { CsvRecordAssembler, type CsvRecord } from "./csv-records";
import { READ_PIECE_BYTES, Utf8FileError, utf8Text } from "./utf8-text";

/**
 * Record files of every index, CSV or JSON Lines: CSV has a header line naming the columns,
 * JSON Lines one object per line with the same keys. The format comes from the file name unless
 * the operator names it; each index brings its header check and row validation from the domain.
 */
export const RECORD_FILE_FORMATS = ["csv", "jsonl"] as const;
export type RecordFileFormat = (typeof RECORD_FILE_FORMATS)[number];

const EXTENSIONS: Record<string, RecordFileFormat> = {
  ".csv": "csv",
  ".jsonl": "jsonl",
  ".ndjson": "jsonl",
};

/** The format a file's extension names (case-insensitive), or undefined. */
export function formatOfPath(path: string): RecordFileFormat | undefined {
  return EXTENSIONS[extname(path).toLowerCase()];
}

/** One data row: its line number (1-based, where the record starts) and the record or why it was rejected. */
export type RecordLine<T> = { line: number; result: Result<T, string> };

/** The file as a whole cannot be read (no header, bad header): nothing is imported. */
export class RecordFileError extends Error {
  constructor(
    readonly reason: string,
    readonly line?: number,
  ) {
    super(line === undefined ? reason : `line ${line}: ${reason}`);
  }
}

/** What an index brings: its CSV header check and its row validation, both from the domain. */
export type RecordRules<T> = {
  checkHeader: (header: readonly string[]) => Result<void, string>;
  validate: (fields: Readonly<Record<string, unknown>>) => Result<T, string>;
};

/**
 * Turns physical lines into data rows, synchronously (the caller owns the I/O): `push` every
 * line in order, blank ones included, with its 1-based number; `end` after the last one. Throws
 * `RecordFileError` when the CSV header is missing or wrong.
 */
export type RecordReader<T> = {
  push(text: string, lineNumber: number): RecordLine<T> | undefined;
  end(): RecordLine<T> | undefined;
};

export function createRecordReader<T>(
  format: RecordFileFormat,
  rules: RecordRules<T>,
): RecordReader<T> {
  return format === "csv" ? csvRecordReader(rules) : jsonlRecordReader(rules);
}

function csvRecordReader<T>(rules: RecordRules<T>): RecordReader<T> {
  const assembler = new CsvRecordAssembler();
  let header: string[] | undefined;
  const toRow = (record: CsvRecord): RecordLine<T> | undefined => {
    if (header === undefined) {
      if ("error" in record)
        throw new RecordFileError(`the header cannot be read: ${record.error}`, record.line);
      const names = record.fields.map((name) => name.trim());
      const checked = rules.checkHeader(names);
      if (!checked.ok) throw new RecordFileError(checked.error, record.line);
      header = names;
      return undefined;
    }
    if ("error" in record) return { line: record.line, result: { ok: false, error: record.error } };
    if (record.fields.length !== header.length) {
      return {
        line: record.line,
        result: {
          ok: false,
          error: `expected ${header.length} fields, got ${record.fields.length}`,
        },
      };
    }
    const fields: Record<string, string> = {};
    for (let index = 0; index < header.length; index++)
      fields[header[index] ?? ""] = record.fields[index] ?? "";
    return { line: record.line, result: rules.validate(fields) };
  };
  return {
    push(text) {
      const record = assembler.push(text);
      return record ? toRow(record) : undefined;
    },
    end() {
      const record = assembler.end();
      if (record) return toRow(record);
      if (header === undefined)
        throw new RecordFileError("the file is empty: a CSV file starts with a header line");
      return undefined;
    },
  };
}

function jsonlRecordReader<T>(rules: RecordRules<T>): RecordReader<T> {
  return {
    push(text, line) {
      if (text.trim() === "") return undefined;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        return {
          line,
          result: { ok: false, error: `not valid JSON: ${(error as Error).message}` },
        };
      }
      if (typeof value !== "object" || value === null || Array.isArray(value))
        return { line, result: { ok: false, error: "not a JSON object" } };
      return { line, result: rules.validate(value as Record<string, unknown>) };
    },
    end: () => undefined,
  };
}

/** Bytes read so far and the file's size: progress that needs no row count up front. */
export type ReadProgress = (bytesRead: number, totalBytes: number) => void;

/**
 * Yields the file's data rows in batches, one batch per chunk read (about 1 MiB): rows are
 * handled synchronously within a chunk, which keeps per-row overhead to the parsing itself. A
 * byte that is not UTF-8 stops the read (RecordFileError with its line and offset): text is never
 * stored with U+FFFD in place of what the file held.
 */
export async function* readRecordFile<T>(
  path: string,
  format: RecordFileFormat,
  rules: RecordRules<T>,
  onProgress?: ReadProgress,
): AsyncGenerator<RecordLine<T>[]> {
  const totalBytes = statSync(path).size;
  const stream = createReadStream(path, { highWaterMark: READ_PIECE_BYTES });
  const reader = createRecordReader(format, rules);
  // The start of a line that began in an earlier chunk, piece by piece: a line as long as many
  // chunks is joined once, not re-joined and re-split with every chunk (a 50 MB field took minutes).
  let earlier: string[] = [];
  let lineNumber = 0;
  const take = (line: string, batch: RecordLine<T>[]) => {
    lineNumber += 1;
    const row = reader.push(line.endsWith("\r") ? line.slice(0, -1) : line, lineNumber);
    if (row) batch.push(row);
  };
  try {
    for await (const text of utf8Text(stream as AsyncIterable<Buffer>)) {
      const batch: RecordLine<T>[] = [];
      let start = 0;
      for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
        const piece = text.slice(start, end);
        if (earlier.length === 0) take(piece, batch);
        else {
          take([...earlier, piece].join(""), batch);
          earlier = [];
        }
        start = end + 1;
      }
      if (start < text.length) earlier.push(text.slice(start));
      if (batch.length > 0) yield batch;
      onProgress?.(stream.bytesRead, totalBytes);
    }
    const last: RecordLine<T>[] = [];
    const carry = earlier.join("");
    if (carry !== "") take(carry, last);
    const tail = reader.end();
    if (tail) last.push(tail);
    if (last.length > 0) yield last;
  } catch (error) {
    if (error instanceof Utf8FileError)
      throw new RecordFileError(`the file ${error.reason}`, error.line);
    throw error;
  } finally {
    stream.destroy();
  }
}
