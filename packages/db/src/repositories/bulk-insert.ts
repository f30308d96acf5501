import type { Tx } from "../client";

/** A column of a bulk insert: its name and PostgreSQL type. */
export type BulkColumn = {
  name: string;
  type: "date" | "text" | "float8" | "int8" | "int4" | "timestamptz" | "bool";
};

/**
 * Inserts many rows with one statement and one parameter: the rows travel as a single JSON text
 * and `jsonb_array_elements` turns them back into rows. Prisma's createMany costs about half a
 * millisecond per row through the driver adapter, and even array parameters (one per column)
 * cost tens of microseconds per row in its parameter handling; one string costs almost nothing.
 */
export async function bulkInsert(
  db: Tx,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly (readonly unknown[])[],
  onConflict = "",
): Promise<number> {
  if (rows.length === 0) return 0;
  const json = JSON.stringify(
    rows.map((row) => columns.map((_, columnIndex) => serialise(row[columnIndex]))),
  );
  const names = columns.map((c) => `"${c.name}"`).join(", ");
  const values = columns.map((c, i) => `(r->>${i})::${c.type}`).join(", ");
  return db.$executeRawUnsafe(
    `insert into "${table}" (${names}) select ${values} from jsonb_array_elements($1::jsonb) as r ${onConflict}`,
    json,
  );
}

/**
 * `bulkInsert` that reports the rows it wrote (inserted, or updated by `onConflict`) per UTC day,
 * from the table's `date` column: rows `{ day: 'YYYY-MM-DD', n }`.
 */
export async function bulkInsertCountingByDay(
  db: Tx,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly (readonly unknown[])[],
  onConflict = "",
): Promise<{ day: string; n: number }[]> {
  if (rows.length === 0) return [];
  const json = JSON.stringify(
    rows.map((row) => columns.map((_, columnIndex) => serialise(row[columnIndex]))),
  );
  const names = columns.map((c) => `"${c.name}"`).join(", ");
  const values = columns.map((c, i) => `(r->>${i})::${c.type}`).join(", ");
  return db.$queryRawUnsafe(
    `with written as (insert into "${table}" (${names}) select ${values} from jsonb_array_elements($1::jsonb) as r ${onConflict} returning "date")
     select to_char("date", 'YYYY-MM-DD') as day, count(*)::int as n from written group by "date"`,
    json,
  );
}

/**
 * Values go to PostgreSQL as text: bigint and dates as their exact literal forms, and numbers as
 * JavaScript's shortest round-trip text. Handed over as numbers, the driver path rounds them to
 * 15 significant digits (0.1 + 0.2 was stored as 0.3), so a stored value differed from the
 * computed one; the property test in apps/api/src/jobs/index-properties.int.test.ts caught it.
 */
function serialise(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "true" : "false";
  throw new TypeError(`cannot bulk-insert a ${typeof value}`);
}
