import { createReadStream, statSync } from "node:fs";
import { extname } from "node:path";
import {
  checkObservationHeader,
  validateObservationFields,
  type ObservationRecord,
  type Result,
} from "@tpi/domain";
import { CsvRecordAssembler, type CsvRecord } from "./csv-records";

/**
 * Observation files, read as a stream: one validated row at a time, whatever the file size.
 * CSV has a header line naming the columns; JSON Lines has one object per line with the same keys.
 */
export const OBSERVATION_FILE_FORMATS = ["csv", "jsonl"] as const;
export type ObservationFileFormat = (typeof OBSERVATION_FILE_FORMATS)[number];

/** One data row: its line number and either the observation or why it was rejected. */
export type ObservationLine = { line: number; result: Result<ObservationRecord, string> };

/** The file as a whole cannot be read (no header, bad header): nothing is imported. */
export class ObservationFileError extends Error {}

const EXTENSIONS: Record<string, ObservationFileFormat> = {
  ".csv": "csv",
  ".jsonl": "jsonl",
  ".ndjson": "jsonl",
};

export function formatOfPath(path: string): ObservationFileFormat | undefined {
  return EXTENSIONS[extname(path).toLowerCase()];
}

/** Bytes read so far and the file's size: progress that needs no row count up front. */
export type ReadProgress = (bytesRead: number, totalBytes: number) => void;

/** Turns one physical line (1-based number) into zero or one data row. */
type LineReader = {
  push(text: string, lineNumber: number): ObservationLine | undefined;
  end(): ObservationLine | undefined;
};

/**
 * Yields the file's data rows in batches, one batch per chunk read (about 1 MiB): rows are
 * handled synchronously within a chunk, which keeps per-row overhead to the parsing itself.
 */
export async function* readObservationFile(
  path: string,
  format: ObservationFileFormat,
  onProgress?: ReadProgress,
): AsyncGenerator<ObservationLine[]> {
  const totalBytes = statSync(path).size;
  // 1 MiB reads: fewer round trips than the 64 KiB default on multi-GB files, still flat memory.
  const stream = createReadStream(path, { encoding: "utf8", highWaterMark: 1 << 20 });
  const reader = format === "csv" ? csvLineReader() : jsonlLineReader();
  let carry = "";
  let lineNumber = 0;
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      const text = carry + chunk;
      const lines = text.split("\n");
      carry = lines.pop() ?? "";
      const batch: ObservationLine[] = [];
      for (const line of lines) {
        lineNumber += 1;
        const row = reader.push(line.endsWith("\r") ? line.slice(0, -1) : line, lineNumber);
        if (row) batch.push(row);
      }
      if (batch.length > 0) yield batch;
      onProgress?.(stream.bytesRead, totalBytes);
    }
    const last: ObservationLine[] = [];
    if (carry !== "") {
      const row = reader.push(carry.endsWith("\r") ? carry.slice(0, -1) : carry, lineNumber + 1);
      if (row) last.push(row);
    }
    const tail = reader.end();
    if (tail) last.push(tail);
    if (last.length > 0) yield last;
  } finally {
    stream.destroy();
  }
}

function csvLineReader(): LineReader {
  const assembler = new CsvRecordAssembler();
  let header: string[] | undefined;
  const toRow = (record: CsvRecord): ObservationLine | undefined => {
    if (header === undefined) {
      if ("error" in record)
        throw new ObservationFileError(
          `line ${record.line}: the header cannot be read: ${record.error}`,
        );
      const names = record.fields.map((name) => name.trim());
      const checked = checkObservationHeader(names);
      if (!checked.ok)
        throw new ObservationFileError(`line ${record.line}: bad header: ${checked.error}`);
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
    return { line: record.line, result: validateObservationFields(fields) };
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
        throw new ObservationFileError("the file is empty: a CSV file starts with a header line");
      return undefined;
    },
  };
}

function jsonlLineReader(): LineReader {
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
      return { line, result: validateObservationFields(value as Record<string, unknown>) };
    },
    end: () => undefined,
  };
}
