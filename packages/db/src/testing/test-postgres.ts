import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { startEmbeddedServer } from "../embedded-postgres-server";
import { applyMigrations, readMigrations } from "../migrate";
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
    return { adminUrl: databaseUrl, embedded: false, stop: () => Promise.resolve() };
  }
  return startEmbeddedTestPostgres();
}

/** An embedded server whatever DATABASE_URL says (tests of the embedded server's own use). */
export async function startEmbeddedTestPostgres(): Promise<TestPostgres> {
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

/**
 * A fresh, migrated database on the test server; `drop` removes it. It is a copy of a migrated
 * template (about 50 ms, where applying the migrations takes about 400 ms). Under a `TZ` other
 * than UTC (CI's zone runs), the database's default session zone is that zone too, as on a server
 * kept in local time: a connection that forgot to set UTC would read and write in it.
 */
export async function createTestDatabase(
  adminUrl: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `tpi_test_${randomBytes(6).toString("hex")}`;
  const template = await migratedTemplate(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
    const zone = processTimeZone();
    if (zone !== undefined) await admin.query(`alter database "${name}" set timezone to '${zone}'`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  return {
    url,
    name,
    drop: async () => {
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

/** The process's `TZ` when it names a zone other than UTC (letters, `_`, `+`, `-` and `/` only). */
function processTimeZone(): string | undefined {
  const zone = process.env.TZ;
  if (zone === undefined || !/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(zone)) return undefined;
  return /^(UTC|Etc\/UTC|GMT|Z)$/.test(zone) ? undefined : zone;
}

/** Arbitrary constant identifying the template's creation among advisory locks. */
const TEMPLATE_LOCK_KEY = 7_224_019_002;
const templates = new Map<string, Promise<string>>();

/**
 * The name of a database holding every migration and nothing else, made once per server and set
 * of migrations (its name carries their checksum, so a changed migration makes a new one). It is
 * migrated under another name and renamed when complete, so a run stopped half-way leaves no
 * template that looks ready; an advisory lock lets one process make it while the others wait.
 */
function migratedTemplate(adminUrl: string): Promise<string> {
  let template = templates.get(adminUrl);
  if (template === undefined) {
    template = makeTemplate(adminUrl);
    templates.set(adminUrl, template);
    template.catch(() => templates.delete(adminUrl));
  }
  return template;
}

async function makeTemplate(adminUrl: string): Promise<string> {
  const migrations = readMigrations();
  const checksum = createHash("sha256")
    .update(migrations.map((migration) => `${migration.name}:${migration.checksum}`).join("\n"))
    .digest("hex")
    .slice(0, 16);
  const name = `tpi_template_${checksum}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (rowCount === 0) {
      const building = `tpi_template_building_${randomBytes(6).toString("hex")}`;
      await admin.query(`create database "${building}"`);
      try {
        await applyMigrations(withDatabase(adminUrl, building), () => undefined, migrations);
        await admin.query(`alter database "${building}" rename to "${name}"`);
      } catch (error) {
        await admin.query(`drop database if exists "${building}" with (force)`);
        throw error;
      }
    }
    return name;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}
