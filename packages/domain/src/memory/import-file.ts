import { IMPORT_TEXT_MAX, overLengthMessage, quotedValue } from "../shared/import-guard";
import { settlementInstant } from "../shared/new-york-settlement";
import { findMemoryType, type MemoryCategory } from "./catalog";
import { sessionDayOf } from "./trading-calendar";
import { MEMORY_VALUE_DECIMALS, roundMemoryValue } from "./settlement";

/**
 * The operator's import file (`tpi memory import --file <path> [--source <name>]`): CSV with a
 * header row, or JSON (an array of objects), with these fields per row. Every row is checked
 * before anything is written; an error names the row's line (CSV: the file's line; JSON: the
 * row's 1-based position in the array) and the field.
 */
export const MEMORY_IMPORT_COLUMNS = {
  type: "required: the memory type's frozen id (`mem_ddr5_16gb`) or its exact name (`DDR5 16Gb (2Gx8) 4800/5600`)",
  price: `required: the observed price in USD (per chip, or per module for modules), kept to ${MEMORY_VALUE_DECIMALS} decimal places, within the plausible range of its category (chips ${"$"}0.001 to ${"$"}1,000, modules ${"$"}0.10 to ${"$"}50,000)`,
  observedAt:
    "required: when the price was observed, ISO 8601 with a time and a UTC offset (`2026-03-02T15:30:00-05:00` or `2026-03-02T20:30:00Z`), or a date alone (`2026-03-02`), which stands for that day's 4 PM New York settlement; from 2000-01-01 to the end of the current session (no later than today's 4 PM New York settlement, or the next trading day's)",
  source:
    "the source's name (letters, digits, `.`, `_`, `-`, up to 64 characters); required unless `--source` gives it for every row",
  sourceUpdatedAt: "optional: when the source published the price, ISO 8601 with a UTC offset",
  url: "optional: where the price was published (http or https, up to 2,048 characters)",
  licence:
    "optional: the licence under which the source lets the price be republished (`CC BY 4.0`, up to 100 characters)",
  citation:
    "optional: the attribution line the licence requires, shown with every value (up to 1,000 characters)",
} as const;
export type MemoryImportColumn = keyof typeof MEMORY_IMPORT_COLUMNS;
export const MEMORY_IMPORT_COLUMN_NAMES = Object.keys(
  MEMORY_IMPORT_COLUMNS,
) as MemoryImportColumn[];
const REQUIRED_COLUMNS: readonly MemoryImportColumn[] = ["type", "price", "observedAt"];

/**
 * Other names a column may have, as the reference's rows and common feeds spell them (a file in
 * the shape of `GET /api/memory/{memoryType}/history` rows imports with `--source`). Where a file
 * has several names of one column, the first of this order wins: the column's own name, then
 * its aliases as listed.
 */
export const MEMORY_IMPORT_ALIASES: Readonly<Record<string, MemoryImportColumn>> = {
  id: "type",
  memoryType: "type",
  memory_type: "type",
  observed_at: "observedAt",
  date: "observedAt",
  timestamp: "observedAt",
  source_updated_at: "sourceUpdatedAt",
  license: "licence",
};

/**
 * Fields of the served rows that an import file may carry and that are ignored: they are computed
 * by the settlement, never imported.
 */
export const MEMORY_IMPORT_IGNORED_FIELDS = [
  "category",
  "changePct",
  "weeklyHigh",
  "weeklyLow",
  "updatedAt",
  "sample",
  "sources",
] as const;

const ALIAS_ORDER = Object.keys(MEMORY_IMPORT_ALIASES);

/** The row's fields under their own names: aliases folded in (the column's own name first), computed fields dropped. */
function canonicalValues(
  values: Partial<Record<string, unknown>>,
): Partial<Record<string, unknown>> {
  const canonical: Partial<Record<string, unknown>> = {};
  for (const [field, value] of Object.entries(values)) {
    if ((MEMORY_IMPORT_IGNORED_FIELDS as readonly string[]).includes(field)) continue;
    if (Object.hasOwn(MEMORY_IMPORT_ALIASES, field)) continue;
    canonical[field] = value;
  }
  for (const alias of ALIAS_ORDER) {
    const column = MEMORY_IMPORT_ALIASES[alias] as MemoryImportColumn;
    if (canonical[column] === undefined && values[alias] !== undefined && values[alias] !== "")
      canonical[column] = alias === "date" ? dayOfDateField(values[alias]) : values[alias];
  }
  return canonical;
}

/**
 * A `date` names a settlement day, written `2026-01-01` or, as the reference's rows write it, as
 * that day's UTC midnight (`2026-01-01T00:00:00.000Z`): both are the day, never the instant
 * (midnight UTC is the evening before in New York, which would fall in the previous session).
 */
function dayOfDateField(value: unknown): unknown {
  return typeof value === "string" &&
    /^\d{4}-\d{2}-\d{2}T00:00(?::00(?:\.0+)?)?Z$/.test(value.trim())
    ? value.trim().slice(0, 10)
    : value;
}

/** A field name a file may use: a column, one of its aliases, or an ignored computed field. */
function knownField(name: string): boolean {
  return (
    (MEMORY_IMPORT_COLUMN_NAMES as readonly string[]).includes(name) ||
    Object.hasOwn(MEMORY_IMPORT_ALIASES, name) ||
    (MEMORY_IMPORT_IGNORED_FIELDS as readonly string[]).includes(name)
  );
}
const FIELDS_HINT = `the columns are ${MEMORY_IMPORT_COLUMN_NAMES.join(", ")} (or ${Object.keys(MEMORY_IMPORT_ALIASES).join(", ")})`;

/**
 * The plausible price of one unit, by category (USD): far outside what DRAM and NAND chips or
 * memory modules have ever cost, so that only a slipped decimal point or unit (a price per
 * thousand, 1e20) is refused.
 */
export const MEMORY_PRICE_BOUNDS_USD: Readonly<
  Record<MemoryCategory, { min: number; max: number }>
> = {
  dram: { min: 0.001, max: 1_000 },
  flash: { min: 0.001, max: 1_000 },
  module: { min: 0.1, max: 50_000 },
};

/** The earliest observation an import takes: before it, no series of ours has a session. */
export const MEMORY_EARLIEST_OBSERVATION = new Date("2000-01-01T00:00:00.000Z");

/** The latest instant an import takes at `now`: the close of the session `now` is in. */
export function latestImportableObservation(now: Date): Date {
  return settlementInstant(sessionDayOf(now));
}

/** The most rows one file may hold (about 20 years of hourly prints of every type is far less). */
export const MAX_MEMORY_IMPORT_ROWS = 200_000;
/** Errors listed in one refusal; the count says how many there were. */
export const MAX_LISTED_IMPORT_ERRORS = 20;

export const MEMORY_SOURCE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
/** ISO 8601 with a time and an explicit offset: a local time without one is ambiguous. */
const INSTANT_PATTERN =
  /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const PRICE_PATTERN = /^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** One checked row of an import file. */
export type MemoryImportRow = {
  /** CSV: the line in the file; JSON: the 1-based position in the array. */
  line: number;
  typeId: string;
  price: number;
  observedAt: Date;
  source: string;
  sourceUpdatedAt: Date | null;
  url: string | null;
  licence: string | null;
  citation: string | null;
};

export type MemoryImportError = { line: number; field: string; message: string };

export type MemoryImportParse =
  | { ok: true; rows: MemoryImportRow[] }
  | { ok: false; errors: MemoryImportError[]; errorCount: number };

export type MemoryImportFormat = "csv" | "json";

/** `json` for a `.json` file or text starting with `[`; `csv` otherwise. */
export function memoryImportFormatOf(path: string, text: string): MemoryImportFormat {
  if (/\.json$/i.test(path)) return "json";
  if (/\.csv$/i.test(path)) return "csv";
  return text.trimStart().startsWith("[") ? "json" : "csv";
}

export function describeImportError(error: MemoryImportError, format: MemoryImportFormat): string {
  const where = format === "csv" ? `line ${error.line}` : `row ${error.line}`;
  return error.field === ""
    ? `${where}: ${error.message}`
    : `${where}, field ${quotedValue(error.field)}: ${error.message}`;
}

/** One CSV record: its fields and the line it starts on. */
export type CsvSplitRecord = { line: number; fields: string[] };

/**
 * Splits CSV text (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks) into
 * records with their first line, piece by piece: `push` each piece of the text in order and it
 * answers the records the piece completes; `end` answers the last record, or the error of a
 * quoted field never closed. A whitespace-only line is no record.
 */
export class CsvSplitter {
  private fields: string[] = [];
  private field = "";
  private quoted = false;
  private fieldStarted = false;
  private line = 1;
  private recordLine = 1;
  private started = false;
  /** The end of the previous piece when its meaning depends on the next character (`"`, `\r`). */
  private carry = "";

  push(piece: string): CsvSplitRecord[] {
    const records: CsvSplitRecord[] = [];
    this.scan(piece, false, records);
    return records;
  }

  end(): CsvSplitRecord[] | { error: MemoryImportError } {
    const records: CsvSplitRecord[] = [];
    this.scan("", true, records);
    if (this.quoted)
      return {
        error: { line: this.recordLine, field: "", message: "a quoted field is never closed" },
      };
    if (this.field !== "" || this.fields.length > 0) this.endRecord(records);
    return records;
  }

  private endRecord(records: CsvSplitRecord[]): void {
    this.fields.push(this.field);
    if (!(this.fields.length === 1 && this.fields[0]?.trim() === ""))
      records.push({ line: this.recordLine, fields: this.fields });
    this.fields = [];
    this.field = "";
    this.fieldStarted = false;
  }

  private scan(piece: string, last: boolean, records: CsvSplitRecord[]): void {
    let body = this.carry + piece;
    this.carry = "";
    if (!this.started && body.length > 0) {
      this.started = true;
      if (body.startsWith("\uFEFF")) body = body.slice(1);
    }
    for (let i = 0; i < body.length; i++) {
      const char = body[i];
      // A quote or a carriage return at the piece's end: the next character decides.
      if (!last && i === body.length - 1 && (char === '"' || char === "\r")) {
        this.carry = char;
        return;
      }
      if (this.quoted) {
        if (char === '"' && body[i + 1] === '"') {
          this.field += '"';
          i++;
        } else if (char === '"') this.quoted = false;
        else if (char === "\n") {
          this.line++;
          this.field += char;
        } else {
          const end = runEnd(body, i, QUOTED_SPECIAL);
          this.field += body.slice(i, end);
          i = end - 1;
        }
        continue;
      }
      if (char === '"' && !this.fieldStarted) {
        this.quoted = true;
        this.fieldStarted = true;
      } else if (char === ",") {
        this.fields.push(this.field);
        this.field = "";
        this.fieldStarted = false;
      } else if (char === "\n" || char === "\r") {
        if (char === "\r" && body[i + 1] === "\n") i++;
        this.endRecord(records);
        this.line++;
        this.recordLine = this.line;
      } else {
        // A run of ordinary characters taken as one slice: a character at a time, each field was
        // a chain of one-character strings (tens of bytes per character of the file) that the
        // garbage collector promoted with a piece's records and the heap grew to hold.
        const end = runEnd(body, i, UNQUOTED_SPECIAL);
        this.field += body.slice(i, end);
        this.fieldStarted = true;
        i = end - 1;
      }
    }
  }
}

/** Characters that end a run inside a quoted field (a quote; a line break, which is counted). */
const QUOTED_SPECIAL = new Set(['"', "\n"]);
/** Characters that end a run of an unquoted field (inside it, a quote is an ordinary character). */
const UNQUOTED_SPECIAL = new Set([",", "\n", "\r"]);

/** The index of the first character from `start` on that is in `special`, or the text's length. */
function runEnd(text: string, start: number, special: ReadonlySet<string>): number {
  let end = start + 1;
  while (end < text.length && !special.has(text.charAt(end))) end++;
  return end;
}

/** Splits CSV text into records with their first line (the whole text at once). */
export function splitCsv(text: string): CsvSplitRecord[] | { error: MemoryImportError } {
  const splitter = new CsvSplitter();
  const records = splitter.push(text);
  const rest = splitter.end();
  return Array.isArray(rest) ? [...records, ...rest] : rest;
}

const DATE_ONLY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A date alone is that day's 4 PM New York settlement: the observation counts for its session. */
function parseObservedAt(value: string): Date | undefined {
  if (!DATE_ONLY_PATTERN.test(value)) return parseInstant(value);
  // DATE_ONLY_PATTERN has matched: three parts, so the defaults never apply.
  const [year = 0, month = 0, day = 0] = value.split("-").map(Number);
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  // Before the earliest importable day New York kept local mean time, which its settlement
  // instant cannot name; the day's UTC midnight is as far outside the bounds.
  if (check < MEMORY_EARLIEST_OBSERVATION) return check;
  return settlementInstant(value);
}

function parseInstant(value: string): Date | undefined {
  if (!INSTANT_PATTERN.test(value)) return undefined;
  const instant = new Date(value.replace(" ", "T").replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  if (Number.isNaN(instant.getTime())) return undefined;
  // Reject impossible calendar dates that Date would roll over (2026-02-30).
  const [year, month, day] = value.slice(0, 10).split("-").map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return undefined;
  return instant;
}

type RawRow = { line: number; values: Partial<Record<string, unknown>> };

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  // JSON has no Infinity: `1e999` parses to it, and is kept as written so the check can refuse it.
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "1e999";
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** What an import is checked against: the source for rows without one, and the time of the import. */
export type MemoryImportContext = { defaultSource?: string; now: Date };

function checkRow(
  raw: RawRow,
  context: MemoryImportContext,
  errors: MemoryImportError[],
): MemoryImportRow | undefined {
  const { line } = raw;
  const before = errors.length;
  const fail = (field: string, message: string) => errors.push({ line, field, message });
  for (const field of Object.keys(raw.values))
    if (!knownField(field)) fail(field, `unknown field; ${FIELDS_HINT}`);
  const values = canonicalValues(raw.values);
  for (const [field, value] of Object.entries(values))
    if (
      value !== undefined &&
      value !== null &&
      typeof value !== "string" &&
      !(field === "price" && typeof value === "number")
    )
      fail(field, `must be a string${field === "price" ? " or a number" : ""}`);

  const typeText = text(values.type);
  const memoryType = typeText === undefined ? undefined : findMemoryType(typeText);
  if (typeText === undefined) fail("type", "is required");
  else if (memoryType === undefined)
    fail(
      "type",
      `${quotedValue(typeText)} is neither a memory type id nor an exact name (see GET /api/memory-types)`,
    );

  const priceText = text(values.price);
  const written =
    priceText !== undefined && PRICE_PATTERN.test(priceText) ? Number(priceText) : Number.NaN;
  // Kept to MEMORY_VALUE_DECIMALS places, as every stored price. Checked as written first: a
  // huge price (1e308) is out of range, not "not finite" because its rounding overflows.
  const price = roundMemoryValue(written);
  const bounds =
    memoryType === undefined ? undefined : MEMORY_PRICE_BOUNDS_USD[memoryType.category];
  if (priceText === undefined) fail("price", "is required");
  else if (!(Number.isFinite(written) && written > 0 && price > 0))
    fail("price", `must be a finite number of USD greater than 0; got ${quotedValue(priceText)}`);
  else if (bounds !== undefined && (written < bounds.min || written > bounds.max))
    fail(
      "price",
      `${priceText} is outside the plausible range of a ${memoryType?.unit ?? "unit"} price (${bounds.min} to ${bounds.max.toLocaleString("en-US")} USD); check the decimal point and the unit`,
    );

  const observedText = text(values.observedAt);
  const observedAt = observedText === undefined ? undefined : parseObservedAt(observedText);
  const latest = latestImportableObservation(context.now);
  if (observedText === undefined) fail("observedAt", "is required");
  else if (observedAt === undefined)
    fail(
      "observedAt",
      `must be ISO 8601 with a time and a UTC offset (2026-03-02T15:30:00-05:00), or a date (2026-03-02); got ${quotedValue(observedText)}`,
    );
  else if (observedAt < MEMORY_EARLIEST_OBSERVATION || observedAt > latest)
    fail(
      "observedAt",
      `must be from ${MEMORY_EARLIEST_OBSERVATION.toISOString().slice(0, 10)} to ${latest.toISOString()} (the close of the current session: an observation belongs to a session that has begun); got ${quotedValue(observedText)}`,
    );

  const source = text(values.source) ?? context.defaultSource;
  if (source === undefined)
    fail("source", "is required (in the row, or for every row with --source)");
  else if (!MEMORY_SOURCE_PATTERN.test(source))
    fail(
      "source",
      `must be letters, digits, '.', '_' or '-' (up to 64 characters, starting with a letter or digit); got ${quotedValue(source)}`,
    );

  const sourceUpdatedText = text(values.sourceUpdatedAt);
  const parsedUpdatedAt =
    sourceUpdatedText === undefined ? null : (parseInstant(sourceUpdatedText) ?? undefined);
  const sourceUpdatedAt =
    parsedUpdatedAt instanceof Date &&
    (parsedUpdatedAt < MEMORY_EARLIEST_OBSERVATION || parsedUpdatedAt > context.now)
      ? undefined
      : parsedUpdatedAt;
  if (sourceUpdatedAt === undefined)
    fail(
      "sourceUpdatedAt",
      `must be ISO 8601 with a time and a UTC offset, from ${MEMORY_EARLIEST_OBSERVATION.toISOString().slice(0, 10)} to now; got ${quotedValue(sourceUpdatedText ?? "")}`,
    );

  const url = text(values.url) ?? null;
  const urlLength = url === null ? undefined : overLengthMessage(url, IMPORT_TEXT_MAX.url);
  if (urlLength !== undefined) fail("url", urlLength);
  else if (url !== null && !/^https?:\/\/\S+$/i.test(url))
    fail("url", `must be an http or https address; got ${quotedValue(url)}`);
  const licence = text(values.licence) ?? null;
  const citation = text(values.citation) ?? null;
  for (const [field, value, max] of [
    ["licence", licence, IMPORT_TEXT_MAX.licence],
    ["citation", citation, IMPORT_TEXT_MAX.citation],
  ] as const) {
    const over = value === null ? undefined : overLengthMessage(value, max);
    if (over !== undefined) fail(field, over);
  }

  if (
    errors.length > before ||
    memoryType === undefined ||
    observedAt === undefined ||
    source === undefined ||
    sourceUpdatedAt === undefined
  )
    return undefined;
  return {
    line,
    typeId: memoryType.id,
    price,
    observedAt,
    source,
    sourceUpdatedAt,
    url,
    licence,
    citation,
  };
}

/** The natural key of an observation: one price per type, instant and source. */
export function memoryObservationKey(row: {
  typeId: string;
  observedAt: Date;
  source: string;
}): string {
  return `${row.typeId}|${row.observedAt.toISOString()}|${row.source}`;
}

/** The listed errors and their count: each list is kept in line order and cut at MAX_LISTED_IMPORT_ERRORS. */
type ErrorList = { first: MemoryImportError[]; count: number };
const noErrors = (): ErrorList => ({ first: [], count: 0 });
function addError(list: ErrorList, error: MemoryImportError): void {
  list.count++;
  if (list.first.length < MAX_LISTED_IMPORT_ERRORS) list.first.push(error);
}
/** Both lists' first errors in line order (a stable merge: on one line, `a`'s come first). */
function mergedErrors(a: ErrorList, b: ErrorList): MemoryImportError[] {
  return [...a.first, ...b.first]
    .sort((x, y) => x.line - y.line)
    .slice(0, MAX_LISTED_IMPORT_ERRORS);
}

/** An import file checked whole: its row count, sessions and sources, or its first errors and their count. */
export type MemoryImportCheck =
  | { ok: true; rows: number; firstDay: string | null; lastDay: string | null; sources: string[] }
  | { ok: false; errors: MemoryImportError[]; errorCount: number };

/**
 * Reads an import file piece by piece, in constant memory but for one key per row (the check
 * that no type, instant and source repeats): `push` each piece of its text in order, and it
 * answers the rows those pieces complete that passed every check; `end` after the last piece;
 * then `result` says whether the whole file is good, with its first errors (in line order) and
 * their count when it is not. A file with any error is refused whole: a caller writing the rows
 * as they come writes them in a transaction it rolls back on a refusal.
 */
export class MemoryImportReader {
  private chosenFormat: MemoryImportFormat | undefined;
  /** Leading text read before the format was known (a path without `.csv` or `.json`). */
  private leading = "";
  private readonly csv = new CsvSplitter();
  private readonly json = new JsonArraySplitter();
  private columns: string[] | undefined;
  /** Records of the file, refused ones included; rows of a good shape (what the limit counts). */
  private records = 0;
  private shapedRows = 0;
  /** Errors of a record's shape (field count, not an object), and of the rows' values. */
  private readonly shapeErrors = noErrors();
  private readonly rowErrors = noErrors();
  /** An error of the whole file (its header, its syntax): the only one reported, reading stops. */
  private fileErrors: MemoryImportError[] | undefined;
  /**
   * The line of each type, instant and source read so far: by type and source, then by the
   * instant's epoch milliseconds (a number key costs ~40 bytes a row, where a text key of the
   * three cost ~300; 200,000 rows held ~60 MB that way).
   */
  private readonly firstLineOf = new Map<string, Map<number, number>>();
  private firstDay: string | null = null;
  private lastDay: string | null = null;
  private readonly sources = new Set<string>();

  constructor(
    path: string,
    private readonly context: MemoryImportContext,
  ) {
    this.chosenFormat = /\.json$/i.test(path) ? "json" : /\.csv$/i.test(path) ? "csv" : undefined;
  }

  /** The file's format: from its name, else from its first text (`[` is JSON); CSV until known. */
  get format(): MemoryImportFormat {
    return this.chosenFormat ?? "csv";
  }

  push(piece: string): MemoryImportRow[] {
    if (this.chosenFormat === undefined) {
      this.leading += piece;
      const start = this.leading.trimStart();
      if (start === "") return [];
      this.chosenFormat = memoryImportFormatOf("", start);
      piece = this.leading;
      this.leading = "";
    }
    return this.read(piece, false);
  }

  end(): MemoryImportRow[] {
    if (this.chosenFormat === undefined) this.chosenFormat = "csv";
    const piece = this.leading;
    this.leading = "";
    return this.read(piece, true);
  }

  result(): MemoryImportCheck {
    if (this.fileErrors !== undefined)
      return { ok: false, errors: this.fileErrors, errorCount: this.fileErrors.length };
    if (this.records === 0) {
      const message =
        this.format === "csv" && this.columns === undefined
          ? "the file is empty"
          : "the file holds no row";
      return { ok: false, errors: [{ line: 1, field: "", message }], errorCount: 1 };
    }
    if (this.shapedRows > MAX_MEMORY_IMPORT_ROWS) {
      const limit = noErrors();
      addError(limit, {
        line: 1,
        field: "",
        message: `the file holds ${this.shapedRows} rows; at most ${MAX_MEMORY_IMPORT_ROWS} per import`,
      });
      return {
        ok: false,
        errors: mergedErrors(this.shapeErrors, limit),
        errorCount: this.shapeErrors.count + 1,
      };
    }
    const errorCount = this.shapeErrors.count + this.rowErrors.count;
    if (errorCount > 0)
      return { ok: false, errors: mergedErrors(this.shapeErrors, this.rowErrors), errorCount };
    return {
      ok: true,
      rows: this.shapedRows,
      firstDay: this.firstDay,
      lastDay: this.lastDay,
      sources: [...this.sources].sort(),
    };
  }

  private read(piece: string, last: boolean): MemoryImportRow[] {
    if (this.fileErrors !== undefined) return [];
    const rows: MemoryImportRow[] = [];
    if (this.format === "csv") {
      for (const record of this.csv.push(piece)) this.csvRecord(record, rows);
      if (!last) return rows;
      const rest = this.csv.end();
      if (!Array.isArray(rest)) {
        // A quote never closed swallows the rest of the file: it is the file's one error.
        this.fileErrors = [rest.error];
        return [];
      }
      for (const record of rest) this.csvRecord(record, rows);
    } else {
      const elements = this.json.push(piece, last);
      for (const element of elements) {
        if ("error" in element) {
          this.fileErrors = [{ line: element.line, field: "", message: element.error }];
          return [];
        }
        this.jsonElement(element, rows);
        if (this.fileErrors !== undefined) return [];
      }
    }
    return rows;
  }

  private csvRecord(record: CsvSplitRecord, rows: MemoryImportRow[]): void {
    if (this.fileErrors !== undefined) return;
    if (this.columns === undefined) {
      const errors = csvHeaderErrors(record);
      if (errors.length > 0) this.fileErrors = errors;
      else this.columns = record.fields.map((name) => name.trim());
      return;
    }
    const { columns } = this;
    this.records++;
    if (record.fields.length !== columns.length) {
      addError(this.shapeErrors, {
        line: record.line,
        field: "",
        message: `has ${record.fields.length} field(s); the header has ${columns.length}`,
      });
      return;
    }
    const values: Record<string, unknown> = {};
    columns.forEach((name, i) => (values[name] = record.fields[i]));
    this.row({ line: record.line, values }, rows);
  }

  private jsonElement(element: { line: number; text: string }, rows: MemoryImportRow[]): void {
    let item: unknown;
    try {
      item = JSON.parse(element.text);
    } catch (error) {
      this.fileErrors = [
        { line: element.line, field: "", message: `not valid JSON: ${(error as Error).message}` },
      ];
      return;
    }
    this.records++;
    if (typeof item !== "object" || item === null || Array.isArray(item))
      addError(this.shapeErrors, { line: element.line, field: "", message: "must be an object" });
    else this.row({ line: element.line, values: item as Record<string, unknown> }, rows);
  }

  private row(raw: RawRow, rows: MemoryImportRow[]): void {
    this.shapedRows++;
    // Past the limit the file is refused: its rows are counted for the message, not checked.
    if (this.shapedRows > MAX_MEMORY_IMPORT_ROWS) return;
    const errors: MemoryImportError[] = [];
    const row = checkRow(raw, this.context, errors);
    for (const error of errors) addError(this.rowErrors, error);
    if (row === undefined) return;
    const series = `${row.typeId}|${row.source}`;
    let lineAt = this.firstLineOf.get(series);
    if (lineAt === undefined) this.firstLineOf.set(series, (lineAt = new Map<number, number>()));
    const instant = row.observedAt.getTime();
    const first = lineAt.get(instant);
    if (first !== undefined) {
      addError(this.rowErrors, {
        line: row.line,
        field: "",
        message: `repeats the type, observedAt and source of line ${first}: one price per type, instant and source`,
      });
      return;
    }
    lineAt.set(instant, row.line);
    const day = sessionDayOf(row.observedAt);
    if (this.firstDay === null || day < this.firstDay) this.firstDay = day;
    if (this.lastDay === null || day > this.lastDay) this.lastDay = day;
    this.sources.add(row.source);
    rows.push(row);
  }
}

/** The errors of a CSV header: unknown or repeated columns, required ones missing. */
function csvHeaderErrors(header: CsvSplitRecord): MemoryImportError[] {
  const columns = header.fields.map((name) => name.trim());
  const errors: MemoryImportError[] = [];
  for (const name of columns)
    if (!knownField(name))
      errors.push({ line: header.line, field: name, message: `unknown column; ${FIELDS_HINT}` });
  const named = new Set(
    columns.map((name) =>
      Object.hasOwn(MEMORY_IMPORT_ALIASES, name) ? MEMORY_IMPORT_ALIASES[name] : name,
    ),
  );
  for (const name of REQUIRED_COLUMNS)
    if (!named.has(name))
      errors.push({
        line: header.line,
        field: name,
        message: "the header lacks this required column",
      });
  if (new Set(columns).size !== columns.length)
    errors.push({ line: header.line, field: "", message: "the header names a column twice" });
  return errors;
}

/**
 * Splits the text of a JSON array into its elements' texts, piece by piece, each with its
 * 1-based position (a row's "line" in a JSON import), without parsing the whole array at once.
 * Strings are followed so that brackets and commas inside them are data. An error ends the file:
 * not an array, two elements without a comma, text after the array, an array never closed.
 */
export class JsonArraySplitter {
  private state: "start" | "first" | "before" | "inside" | "after" | "done" = "start";
  private depth = 0;
  private inString = false;
  private escaped = false;
  private element = "";
  private index = 0;

  push(
    piece: string,
    last: boolean,
  ): ({ line: number; text: string } | { line: number; error: string })[] {
    const out: ({ line: number; text: string } | { line: number; error: string })[] = [];
    let start = this.state === "inside" ? 0 : -1;
    const finish = (end: number) => {
      out.push({ line: this.index, text: this.element + piece.slice(start, end) });
      this.element = "";
      start = -1;
      this.state = "after";
    };
    const fail = (error: string) => {
      out.push({ line: Math.max(1, this.index), error: `not valid JSON: ${error}` });
      this.state = "done";
      return out;
    };
    for (let i = 0; i < piece.length; i++) {
      const char = piece[i] as string;
      if (this.state === "inside") {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (char === "\\") this.escaped = true;
          else if (char === '"') {
            this.inString = false;
            if (this.depth === 0) finish(i + 1);
          }
        } else if (char === '"') this.inString = true;
        else if (char === "{" || char === "[") this.depth++;
        else if (char === "}" || char === "]") {
          if (this.depth === 0) {
            // A bare value (a number, true) ends at the array's close.
            finish(i);
            i--;
          } else if (--this.depth === 0) finish(i + 1);
        } else if (this.depth === 0 && (char === "," || /\s/.test(char))) {
          finish(i);
          i--;
        }
        continue;
      }
      if (/\s/.test(char)) continue;
      if (this.state === "start") {
        if (char !== "[") {
          out.push({ line: 1, error: "the file must hold a JSON array of row objects" });
          this.state = "done";
          return out;
        }
        this.state = "first";
      } else if (this.state === "first" && char === "]") this.state = "done";
      else if (this.state === "first" || this.state === "before") {
        this.state = "inside";
        this.index++;
        start = i;
        i--;
      } else if (this.state === "after") {
        if (char === ",") this.state = "before";
        else if (char === "]") this.state = "done";
        else return fail(`expected ',' or ']' after row ${this.index}`);
      } else return fail(`unexpected text after the array's end (after row ${this.index})`);
    }
    if (this.state === "inside") this.element += piece.slice(start);
    if (last) {
      if (this.state === "start") return fail("the file holds no JSON");
      if (this.state !== "done") return fail(`the array is never closed (after row ${this.index})`);
    }
    return out;
  }
}

/** Checks a whole file held as text (the reader with one piece): its rows, or its first errors. */
function parseMemoryImport(
  path: string,
  text: string,
  context: MemoryImportContext,
): MemoryImportParse {
  const reader = new MemoryImportReader(path, context);
  const rows = [...reader.push(text), ...reader.end()];
  const result = reader.result();
  return result.ok ? { ok: true, rows } : result;
}

/** Checks a CSV import: a header naming the columns (any order), then one observation per line. */
export function parseMemoryImportCsv(csv: string, context: MemoryImportContext): MemoryImportParse {
  return parseMemoryImport("import.csv", csv, context);
}

/** Checks a JSON import: an array of objects with the CSV's columns as keys (`price` may be a number). */
export function parseMemoryImportJson(
  json: string,
  context: MemoryImportContext,
): MemoryImportParse {
  return parseMemoryImport("import.json", json, context);
}
