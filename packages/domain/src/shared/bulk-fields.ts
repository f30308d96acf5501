import type { BulkColumn, BulkRow, BulkValue } from "./bulk";
import type { DataProvenance } from "./data-provenance";

/**
 * A history route's item as a dataset's row, and the row back as the item: both directions read
 * one column list, so that a file's rows and the route's items cannot drift apart. Each column is
 * the item's field of the same name, its value as the route serves it (a number, a string, a
 * boolean, null), or as JSON text for the fields named in `jsonText` (an array or an object,
 * which no column type holds).
 */
export type ItemFields = {
  readonly columns: readonly BulkColumn[];
  readonly jsonText?: readonly string[];
};

/** A row's provenance columns (PROVENANCE_COLUMNS), as a market fills them per row. */
export type BulkProvenance = {
  source: string;
  asOf: string | null;
  sample: boolean;
  basis: string;
  methodologyVersion: string;
  citation: string | null;
};

/** The row of an item: its columns in order (an absent field is null), then its provenance. */
export function rowOfItem(fields: ItemFields, item: object, provenance: BulkProvenance): BulkRow {
  const values = item as Record<string, unknown>;
  const row: Record<string, BulkValue> = {};
  for (const column of fields.columns) {
    const value = values[column.name] ?? null;
    row[column.name] =
      fields.jsonText?.includes(column.name) === true
        ? JSON.stringify(value)
        : (value as BulkValue);
  }
  return { ...row, ...provenance };
}

/** The item's fields of a row: every column's value (JSON text parsed back), provenance left out. */
export function itemOfRow(fields: ItemFields, row: BulkRow): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const column of fields.columns) {
    const value = row[column.name] ?? null;
    item[column.name] =
      fields.jsonText?.includes(column.name) === true && typeof value === "string"
        ? (JSON.parse(value) as unknown)
        : value;
  }
  return item;
}

/** A row's provenance columns. */
export function provenanceOfRow(row: BulkRow): BulkProvenance {
  return {
    source: String(row.source),
    asOf: typeof row.asOf === "string" ? row.asOf : null,
    sample: row.sample === true,
    basis: String(row.basis),
    methodologyVersion: String(row.methodologyVersion),
    citation: typeof row.citation === "string" ? row.citation : null,
  };
}

/**
 * The sources of some rows as an answer names them (`DataProvenance`): one per source, in the
 * order first met, with the as-of time and citation of its newest row (a citation may name its
 * as-of time); the licence is the source's.
 */
export function sourcesOfRows(
  rows: readonly BulkRow[],
  licenceOf: (source: string) => DataProvenance["licence"],
): DataProvenance[] {
  const sources = new Map<string, DataProvenance>();
  for (const row of rows) {
    const { source, sample, asOf, citation } = provenanceOfRow(row);
    const known = sources.get(source);
    if (known === undefined)
      sources.set(source, { source, sample, asOf, citation, licence: licenceOf(source) });
    else if (asOf !== null && (known.asOf === null || asOf > known.asOf)) {
      known.asOf = asOf;
      known.citation = citation;
    }
  }
  return [...sources.values()];
}

/**
 * How a row names several sources in its one `source` column (the answers' `sources` arrays):
 * joined by this separator, sorted as the answers list them.
 */
export const BULK_SOURCES_SEPARATOR = ";";

export const joinSources = (sources: readonly string[]): string =>
  sources.join(BULK_SOURCES_SEPARATOR);

export const splitSources = (source: unknown): string[] =>
  typeof source === "string" && source !== "" ? source.split(BULK_SOURCES_SEPARATOR) : [];
