import { resolve } from "node:path";
import {
  createDb,
  cutBusyConnections,
  DEFAULT_JOB_TIMEOUTS,
  DEFAULT_REQUEST_TIMEOUTS,
  type Db,
  type DbTimeouts,
} from "./client";
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
  /** Bounds on the request pool (`requestDb`) and the job pool (`db`). */
  timeouts?: { request: DbTimeouts; job: DbTimeouts };
  log?: (line: string) => void;
};

export type OpenDatabase = {
  /** Jobs, the CLI and reloads: long statements allowed (settlement, imports). */
  db: Db;
  /** Request paths (routes, tRPC, key checks): short timeouts, so no request hangs on the database. */
  requestDb: Db;
  url: string;
  embedded: EmbeddedServer | null;
  close(): Promise<void>;
};

/** Pool sizes: requests run many short queries at once, jobs few long ones. */
const REQUEST_POOL_SIZE = 10;
const JOB_POOL_SIZE = 5;

/** Connects to `DATABASE_URL`, or starts the embedded server, then migrates and returns a client. */
export async function openDatabase(settings: DatabaseSettings): Promise<OpenDatabase> {
  const log = settings.log ?? (() => undefined);
  const timeouts = settings.timeouts ?? {
    request: DEFAULT_REQUEST_TIMEOUTS,
    job: DEFAULT_JOB_TIMEOUTS,
  };
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
  const db = createDb(url, JOB_POOL_SIZE, timeouts.job);
  const requestDb = createDb(url, REQUEST_POOL_SIZE, timeouts.request);
  return {
    db,
    requestDb,
    url,
    embedded,
    async close() {
      // Whatever still holds a connection now outlived its grace (a job waiting on a server that
      // no longer answers): its connection is ended rather than waited on.
      cutBusyConnections(db);
      cutBusyConnections(requestDb);
      await Promise.all([db.$disconnect(), requestDb.$disconnect()]);
      await embedded?.stop();
    },
  };
}
