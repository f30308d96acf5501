import type { BulkColumn, BulkValue } from "./bulk";

/**
 * The fields of `record` that `columns` name, in column order: one list maps an answer's item to
 * its bulk row and the row back to the item, so the two cannot drift.
 */
export function fieldsOf(
  record: Readonly<Record<string, unknown>>,
  columns: readonly Pick<BulkColumn, "name">[],
): Record<string, BulkValue> {
  const fields: Record<string, BulkValue> = {};
  for (const { name } of columns) fields[name] = (record[name] ?? null) as BulkValue;
  return fields;
}

/** A row's provenance columns (PROVENANCE_COLUMNS), as a market fills them per row. */
export type BulkProvenance = {
  source: string;
  asOf: string | null;
  sample: boolean;
  basis: string;
  methodologyVersion: string;
  citation: string | null;
};

/**
 * How a row names several sources in its one `source` column (the answers' `sources` arrays):
 * joined by this separator, sorted as the answers list them.
 */
export const BULK_SOURCES_SEPARATOR = ";";

export const joinSources = (sources: readonly string[]): string =>
  sources.join(BULK_SOURCES_SEPARATOR);

export const splitSources = (source: unknown): string[] =>
  typeof source === "string" && source !== "" ? source.split(BULK_SOURCES_SEPARATOR) : [];
