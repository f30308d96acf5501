import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { describe, expect, it } from "vitest";
import { applyMigrations, readMigrations } from "./migrate";
import { withDatabase } from "./testing/test-postgres";

async function freshDatabase(): Promise<string> {
  const name = `tpi_migrate_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: inject("pgAdminUrl") });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  return withDatabase(inject("pgAdminUrl"), name);
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

function migrationsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tpi-migrations-"));
  for (const [name, sql] of Object.entries(files)) {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

describe("migration runner", () => {
  it("applies the project's migrations once and records them", async () => {
    const url = await freshDatabase();
    const first = await applyMigrations(url);
    expect(first.applied).toEqual(readMigrations().map((m) => m.name));
    const second = await applyMigrations(url);
    expect(second).toEqual({ applied: [], alreadyApplied: first.applied.length });
    const recorded = await query<{ migration_name: string; finished_at: Date }>(
      url,
      `select migration_name, finished_at from "_prisma_migrations"`,
    );
    expect(recorded.map((r) => r.migration_name)).toEqual(first.applied);
    expect(recorded.every((r) => r.finished_at instanceof Date)).toBe(true);
  });

  it("is safe when several processes start at once: each migration runs exactly once", async () => {
    const url = await freshDatabase();
    const reports = await Promise.all([
      applyMigrations(url),
      applyMigrations(url),
      applyMigrations(url),
    ]);
    const appliedCounts = reports.map((r) => r.applied.length).sort();
    expect(appliedCounts).toEqual([0, 0, readMigrations().length]);
    const rows = await query<{ n: string }>(url, `select count(*) as n from "_prisma_migrations"`);
    expect(Number(rows[0]?.n)).toBe(readMigrations().length);
  });

  it("rolls a failing migration back entirely and records nothing for it", async () => {
    const url = await freshDatabase();
    const dir = migrationsDir({
      "001_ok": "create table a (id int);",
      "002_broken": "create table b (id int); insert into nowhere values (1);",
    });
    await expect(applyMigrations(url, () => undefined, readMigrations(dir))).rejects.toThrow(
      /002_broken failed and was rolled back/,
    );
    const tables = await query<{ tablename: string }>(
      url,
      `select tablename from pg_tables where schemaname = 'public' order by 1`,
    );
    expect(tables.map((t) => t.tablename)).toEqual(["_prisma_migrations", "a"]);
    const recorded = await query<{ migration_name: string }>(
      url,
      `select migration_name from "_prisma_migrations"`,
    );
    expect(recorded.map((r) => r.migration_name)).toEqual(["001_ok"]);
  });

  it("refuses to run when an applied migration was edited afterwards", async () => {
    const url = await freshDatabase();
    await applyMigrations(
      url,
      () => undefined,
      readMigrations(migrationsDir({ "001_a": "create table a (id int);" })),
    );
    const edited = readMigrations(migrationsDir({ "001_a": "create table a (id bigint);" }));
    await expect(applyMigrations(url, () => undefined, edited)).rejects.toThrow(
      /001_a was changed after it was applied/,
    );
  });
});
