import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startEmbeddedServer } from "../embedded-postgres-server";
import { applyMigrations } from "../migrate";
import { freePort } from "./free-port";

/**
 * Test databases on a real PostgreSQL: the server named by DATABASE_URL when set (CI runs the
 * suite once more against the machine's server that way), otherwise an embedded server in a
 * temporary folder on a free port, started once per test run.
 */
export type TestPostgres = { adminUrl: string; embedded: boolean; stop(): Promise<void> };

export async function startTestPostgres(
  databaseUrl = process.env.DATABASE_URL,
): Promise<TestPostgres> {
  if (databaseUrl) {
    await expectServerAnswers(databaseUrl);
    return { adminUrl: databaseUrl, embedded: false, stop: async () => undefined };
  }
  const dataDir = mkdtempSync(join(tmpdir(), "tpi-test-pg-"));
  chmodSync(dataDir, 0o755); // the server runs as a separate user when tests run as root
  const server = await startEmbeddedServer({ dataDir, port: await freePort() });
  return {
    adminUrl: server.adminUrl,
    embedded: true,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Fails the whole run at once, with the reason, when the server at DATABASE_URL does not answer. */
async function expectServerAnswers(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    const where = new URL(url);
    throw new Error(
      `the PostgreSQL server at DATABASE_URL (${where.hostname}:${where.port || 5432}) does not answer: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh, migrated database on the test server; `drop` removes it. */
export async function createTestDatabase(
  adminUrl: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `tpi_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = withDatabase(adminUrl, name);
  await applyMigrations(url);
  return {
    url,
    name,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
