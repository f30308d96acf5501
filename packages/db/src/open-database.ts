import { resolve } from "node:path";
import { createDb, type Db } from "./client";
import {
  DEFAULT_DATABASE_NAME,
  embeddedUrl,
  ensureDatabase,
  startEmbeddedServer,
  type EmbeddedServer,
} from "./embedded-postgres-server";
import { applyMigrations } from "./migrate";

export type DatabaseSettings = {
  /** A PostgreSQL server to use; when absent, the embedded server is started. */
  databaseUrl?: string;
  /** Data directory of the embedded server (the `pg` folder goes inside). */
  dataDir: string;
  embeddedPort: number;
  /** Run pending migrations before returning (default true). */
  migrate?: boolean;
  log?: (line: string) => void;
};

export type OpenDatabase = {
  db: Db;
  url: string;
  embedded: EmbeddedServer | null;
  close(): Promise<void>;
};

/** Connects to `DATABASE_URL`, or starts the embedded server, then migrates and returns a client. */
export async function openDatabase(settings: DatabaseSettings): Promise<OpenDatabase> {
  const log = settings.log ?? (() => undefined);
  let url = settings.databaseUrl;
  let embedded: EmbeddedServer | null = null;
  if (!url) {
    embedded = await startEmbeddedServer({
      dataDir: resolve(settings.dataDir),
      port: settings.embeddedPort,
      log,
    });
    await ensureDatabase(embedded.adminUrl, DEFAULT_DATABASE_NAME);
    url = embeddedUrl(embedded.port, DEFAULT_DATABASE_NAME);
  }
  if (settings.migrate !== false) {
    const report = await applyMigrations(url, log);
    if (report.applied.length === 0)
      log(`database schema up to date (${report.alreadyApplied} migrations)`);
  }
  const db = createDb(url);
  return {
    db,
    url,
    embedded,
    async close() {
      await db.$disconnect();
      await embedded?.stop();
    },
  };
}
