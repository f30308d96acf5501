/**
 * Bulk files and releases: the shape of a market's published series as one table per dataset,
 * written as CSV and Apache Parquet. Pure rules only; the api streams the rows and writes the files.
 *
 * A dataset's rows are the items its history route serves (same names, same values), followed by
 * the provenance columns every row carries, so a file read into pandas, DuckDB or R equals what the
 * route answers.
 */

export const BULK_FORMATS = ["csv", "parquet"] as const;
export type BulkFormat = (typeof BULK_FORMATS)[number];

/**
 * What a keyless caller may download (`free`: the free series over the free window on the day of
 * the release) and what a key reads (`full`: every row its plan reads).
 */
export const BULK_VARIANTS = ["full", "free"] as const;
export type BulkVariant = (typeof BULK_VARIANTS)[number];

/**
 * A column's type, as Parquet stores it and CSV writes it:
 * - `date`: a UTC day, `YYYY-MM-DD` (Parquet DATE);
 * - `timestamp`: an instant, ISO 8601 UTC with milliseconds (Parquet TIMESTAMP, millis, UTC);
 * - `string`: text (Parquet BYTE_ARRAY, UTF-8);
 * - `decimal`: an exact decimal the api serves as a string (Parquet DECIMAL with `scale`);
 * - `double`: a number the api serves as a JSON number (Parquet DOUBLE);
 * - `integer`: a whole number (Parquet INT64);
 * - `boolean`.
 */
export type BulkColumnType =
  | "date"
  | "timestamp"
  | "string"
  | "decimal"
  | "double"
  | "integer"
  | "boolean";

export type BulkColumn = {
  /** As the history route names the field (camelCase). */
  readonly name: string;
  readonly type: BulkColumnType;
  readonly nullable: boolean;
  /** What it holds, with its unit: written into the manifest and the download page. */
  readonly description: string;
  /** Digits after the point, for `decimal` columns (Parquet DECIMAL scale; precision 38). */
  readonly scale?: number;
};

/**
 * A row's value as the rows are streamed: a date or timestamp as its ISO text, a decimal as its
 * exact decimal text, a double or integer as a number, null where the column is nullable.
 */
export type BulkValue = string | number | boolean | null;
export type BulkRow = Readonly<Record<string, BulkValue>>;

/**
 * The columns every row ends with: where its value came from, as the answers' provenance says.
 * The platform appends them to each dataset's own columns; the market fills them per row.
 */
export const PROVENANCE_COLUMNS: readonly BulkColumn[] = [
  {
    name: "source",
    type: "string",
    nullable: false,
    description: "The data source behind the value (`sample` for the generated sample)",
  },
  {
    name: "asOf",
    type: "timestamp",
    nullable: true,
    description: "The source's as-of time of the data the value was computed from, UTC",
  },
  {
    name: "sample",
    type: "boolean",
    nullable: false,
    description: "True for generated sample data: never market data",
  },
  {
    name: "basis",
    type: "string",
    nullable: false,
    description:
      "What the value was computed from (the market's basis: reported, trades, quotes, imported, ...)",
  },
  {
    name: "methodologyVersion",
    type: "string",
    nullable: false,
    description: "The version of the method the value was computed under",
  },
  {
    name: "citation",
    type: "string",
    nullable: true,
    description: "The line the source's licence asks to show with the numbers",
  },
];

/** A market's published series as one table (the api adds how its rows are read). */
export type BulkDatasetShape = {
  /** The market's name (lower case), as routes and events name it. */
  readonly market: string;
  /** Lower-case, hyphenated, unique within the market: `lab-index-daily`. Names the files. */
  readonly name: string;
  readonly title: string;
  /** One sentence: what a row is, its unit, when it is published. */
  readonly description: string;
  /** The history route whose items the rows equal (OpenAPI form, e.g. `/api/otpi`). */
  readonly historyRoute: string;
  /** The column naming the series (a lab, a GPU, a memory type): with `periodColumn`, a row's key. */
  readonly seriesColumn: string;
  /** The `date` or `timestamp` column of the row's period: the free window applies to it. */
  readonly periodColumn: string;
  /** Its own columns in file order, the series and period first; the provenance columns follow. */
  readonly columns: readonly BulkColumn[];
};

/** Every column of a dataset's files: its own, then the provenance columns. */
export function bulkColumnsOf(dataset: BulkDatasetShape): readonly BulkColumn[] {
  return [...dataset.columns, ...PROVENANCE_COLUMNS];
}

/** The file name a download is saved under: `token-lab-index-daily-r12-full.parquet`. */
export function bulkFileName(
  dataset: Pick<BulkDatasetShape, "market" | "name">,
  release: number,
  variant: BulkVariant,
  format: BulkFormat,
): string {
  return `${dataset.market}-${dataset.name}-r${release}-${variant}.${format}`;
}
