import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { setSessionUtc } from "./session";

/**
 * Applies the SQL migrations in prisma/migrations, each in its own transaction, recorded in a
 * `_prisma_migrations` table (the layout Prisma uses). A session advisory lock makes replicas that
 * start together apply each migration exactly once; the others wait, then find nothing to do.
 */
export const MIGRATIONS_DIR = join(
  dirname(fileURLToPath(import.meta.url)),
  "..",
  "prisma",
  "migrations",
);

/** Arbitrary constant identifying our migration lock among advisory locks. */
const MIGRATION_LOCK_KEY = 7_224_019_001;

export type Migration = { name: string; sql: string; checksum: string };
export type MigrationReport = { applied: string[]; alreadyApplied: number };

export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

const CREATE_MIGRATIONS_TABLE = `
create table if not exists "_prisma_migrations" (
  "id" varchar(36) primary key not null,
  "checksum" varchar(64) not null,
  "finished_at" timestamptz,
  "migration_name" varchar(255) not null,
  "logs" text,
  "rolled_back_at" timestamptz,
  "started_at" timestamptz not null default now(),
  "applied_steps_count" integer not null default 0
)`;

export async function applyMigrations(
  databaseUrl: string,
  log: (line: string) => void = () => undefined,
  migrations: Migration[] = readMigrations(),
): Promise<MigrationReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await setSessionUtc(client);
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      `select migration_name, checksum from "_prisma_migrations" where finished_at is not null and rolled_back_at is null`,
    );
    const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    const report: MigrationReport = { applied: [], alreadyApplied: 0 };

    for (const migration of migrations) {
      const recorded = applied.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied (checksum differs). Write a new migration instead of editing an applied one.`,
          );
        }
        report.alreadyApplied += 1;
        continue;
      }
      await client.query("begin");
      try {
        await client.query(migration.sql);
        await client.query(
          `insert into "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           values ($1, $2, $3, now(), now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await client.query("commit");
      } catch (error) {
        await client.query("rollback");
        throw new Error(
          `Migration ${migration.name} failed and was rolled back: ${(error as Error).message}`,
        );
      }
      report.applied.push(migration.name);
      log(`applied migration ${migration.name}`);
    }
    return report;
  } finally {
    await client
      .query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY])
      .catch(() => undefined);
    await client.end();
  }
}
