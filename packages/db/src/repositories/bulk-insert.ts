import type { Db } from "../client";
import type { Prisma } from "../generated/prisma/client";

type Tx = Db | Prisma.TransactionClient;

/** A column of a bulk insert: its name and PostgreSQL array type. */
export type BulkColumn = {
  name: string;
  type: "date" | "text" | "float8" | "int8" | "int4" | "timestamptz" | "bool";
};

/**
 * Inserts many rows with one statement: each column travels as one array parameter and
 * `unnest` turns them back into rows. Prisma's createMany costs about half a millisecond per row
 * through the driver adapter; this costs a few microseconds.
 */
export async function bulkInsert(
  db: Tx,
  table: string,
  columns: readonly BulkColumn[],
  rows: readonly (readonly unknown[])[],
  onConflict = "",
): Promise<number> {
  if (rows.length === 0) return 0;
  const arrays = columns.map((_, columnIndex) => rows.map((row) => serialise(row[columnIndex])));
  const names = columns.map((c) => `"${c.name}"`).join(", ");
  const unnest = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(", ");
  return db.$executeRawUnsafe(
    `insert into "${table}" (${names}) select * from unnest(${unnest}) ${onConflict}`,
    ...arrays,
  );
}

/**
 * Arrays go to PostgreSQL as text: bigint and dates as their exact literal forms, and numbers as
 * JavaScript's shortest round-trip text. Handed over as numbers, the driver path rounds them to
 * 15 significant digits (0.1 + 0.2 was stored as 0.3), so a stored value differed from the
 * computed one; the property test in apps/api/src/services/index-properties.int.test.ts caught it.
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
