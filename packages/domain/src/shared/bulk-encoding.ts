/**
 * How a bulk file writes a row's values: the CSV text of each value and the numbers Parquet
 * stores for dates, timestamps and decimals. Pure; the api streams the rows and writes the bytes.
 */
import type { BulkColumn, BulkValue } from "./bulk";

/**
 * The CSV record separator. RFC 4180 ends records with CRLF, as Excel and Python's csv module
 * write them; pandas, DuckDB, R and spreadsheets read it, and a line break inside a quoted field
 * stays as the value holds it.
 */
export const CSV_LINE_END = "\r\n";

/** Precision of every Parquet DECIMAL column: 38 digits, stored in 16 bytes. */
export const BULK_DECIMAL_PRECISION = 38;
export const BULK_DECIMAL_BYTES = 16;

const DAY_MILLIS = 86_400_000;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const DECIMAL_TEXT = /^(-?)(\d+)(?:\.(\d+))?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, with its quotes
 * doubled, and when it is the empty string (`""`), so that a reader that tells them apart (DuckDB,
 * R's readr) sees an empty text, not the empty field of a null. Text starting with `=`, `+`, `-`
 * or `@` is left as it is: the file carries data, and a spreadsheet that evaluates it is the
 * reader's choice to make.
 */
export function csvField(text: string): string {
  if (text === "") return '""';
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The header record: the column names, each quoted when it must be. */
export function csvHeader(columns: readonly BulkColumn[]): string {
  return columns.map((column) => csvField(column.name)).join(",") + CSV_LINE_END;
}

/** One row as a CSV record, the columns in file order, ended by CSV_LINE_END. */
export function csvRecord(
  columns: readonly BulkColumn[],
  row: Readonly<Record<string, BulkValue>>,
): string {
  let line = "";
  for (const [i, column] of columns.entries()) {
    if (i > 0) line += ",";
    const value = row[column.name];
    // Null is the empty field itself; every value, even the empty text, is a field's content.
    line +=
      value === null || value === undefined ? nullField(column) : csvField(csvText(column, value));
  }
  return line + CSV_LINE_END;
}

function nullField(column: BulkColumn): string {
  if (!column.nullable) throw new RangeError(`${column.name}: null in a column that is never null`);
  return "";
}

/**
 * A value's CSV text: empty for null, a decimal as its exact text, a date `YYYY-MM-DD`, a
 * timestamp ISO 8601 UTC with milliseconds, a double as the shortest text that reads back as the
 * same number, `true` or `false`.
 */
export function csvText(column: BulkColumn, value: BulkValue | undefined): string {
  if (value === null || value === undefined) {
    if (!column.nullable)
      throw new RangeError(`${column.name}: null in a column that is never null`);
    return "";
  }
  switch (column.type) {
    case "string":
      return expect(column, value, "string");
    case "decimal": {
      const text = expect(column, value, "string");
      decimalUnscaled(text, column.scale ?? 0, column.name);
      return text;
    }
    case "date":
      epochDay(expect(column, value, "string"), column.name);
      return value as string;
    case "timestamp":
      return new Date(epochMillis(expect(column, value, "string"), column.name)).toISOString();
    case "double":
      // String() drops the sign of -0; every other double's shortest text reads back bit-exact.
      return Object.is(value, -0) ? "-0" : String(finite(column, expect(column, value, "number")));
    case "integer":
      return String(safeInteger(column, value));
    case "boolean":
      return expect(column, value, "boolean") ? "true" : "false";
  }
}

/**
 * A decimal's unscaled value at `scale` (`"12.5"` at scale 4 -> 125000n), exactly, for a Parquet
 * DECIMAL(38, scale). Refuses text with more digits after the point than the scale keeps (unless
 * they are zeros) and values beyond 38 digits: a file never rounds a value the api serves.
 */
export function decimalUnscaled(text: string, scale: number, name = "decimal"): bigint {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) throw new RangeError(`${name}: "${text}" is not a decimal`);
  const [, sign, whole = "", fraction = ""] = match;
  const kept = fraction.slice(0, scale);
  if (/[^0]/.test(fraction.slice(scale))) {
    throw new RangeError(`${name}: "${text}" has more than ${scale} digits after the point`);
  }
  const unscaled = BigInt(whole + kept.padEnd(scale, "0"));
  if (unscaled >= 10n ** BigInt(BULK_DECIMAL_PRECISION)) {
    throw new RangeError(`${name}: "${text}" has more than ${BULK_DECIMAL_PRECISION} digits`);
  }
  return sign === "-" ? -unscaled : unscaled;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` day (Parquet DATE). */
export function epochDay(text: string, name = "date"): number {
  const match = DATE_TEXT.exec(text);
  const millis = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (!match || new Date(millis).toISOString().slice(0, 10) !== text) {
    throw new RangeError(`${name}: "${text}" is not a YYYY-MM-DD day`);
  }
  return millis / DAY_MILLIS;
}

/** Milliseconds since the epoch of an ISO 8601 instant with its offset (Parquet TIMESTAMP millis, UTC). */
export function epochMillis(text: string, name = "timestamp"): number {
  const millis = /(Z|[+-]\d{2}:\d{2})$/.test(text) ? Date.parse(text) : NaN;
  if (!Number.isFinite(millis))
    throw new RangeError(`${name}: "${text}" is not an ISO 8601 instant with an offset`);
  return millis;
}

function expect<T extends "string" | "number" | "boolean">(
  column: BulkColumn,
  value: BulkValue,
  type: T,
): T extends "string" ? string : T extends "number" ? number : boolean {
  if (typeof value !== type)
    throw new RangeError(`${column.name}: expected a ${type}, got ${typeof value}`);
  return value as never;
}

function finite(column: BulkColumn, value: number): number {
  if (!Number.isFinite(value))
    throw new RangeError(`${column.name}: ${value} is not a finite number`);
  return value;
}

function safeInteger(column: BulkColumn, value: BulkValue): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw new RangeError(`${column.name}: ${String(value)} is not a whole number`);
  }
  return value;
}
