import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { keepSessionsInUtc } from "./session";
import { PrismaClient, type Prisma } from "./generated/prisma/client";

export type Db = PrismaClient;
export { Prisma } from "./generated/prisma/client";

/** Where a repository function runs: the pool, or a transaction a caller holds open. */
export type Tx = Db | Prisma.TransactionClient;

/** How long a pool may wait on the server, in milliseconds. */
export type DbTimeouts = {
  /** Longest wait for a new connection (TCP, TLS and start-up). */
  connectMs: number;
  /**
   * Longest a statement may run on the server (`statement_timeout`). The client gives up on a
   * reply one second later (`query_timeout`), which bounds a wait on a server that no longer
   * answers at all (a network black hole), where the server-side timeout never fires.
   */
  statementMs: number;
  /** The server ends a session left idle inside a transaction this long, releasing its locks. */
  idleInTransactionMs: number;
};

/** Request paths: a few seconds, so that a request never waits longer on the database. */
export const DEFAULT_REQUEST_TIMEOUTS: DbTimeouts = {
  connectMs: 3_000,
  statementMs: 5_000,
  idleInTransactionMs: 60_000,
};

/**
 * Jobs (settlement, GPU prints, syncs, reloads, the CLI): settlement waits on other instances'
 * advisory locks and writes a month of days per transaction, so it may take as long as its
 * transaction (120 s).
 */
export const DEFAULT_JOB_TIMEOUTS: DbTimeouts = {
  connectMs: 3_000,
  statementMs: 120_000,
  idleInTransactionMs: 60_000,
};

/** Margin between the server's statement timeout and the client's wait for a reply. */
const CLIENT_WAIT_MARGIN_MS = 1_000;

/** Connections of a client's pool: open, idle among them, and requests waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };

/** Each client's pool, for `poolStats` (Prisma does not expose the pool it is given). */
const POOLS = new WeakMap<Db, pg.Pool>();

/**
 * A Prisma client over node-postgres. The pool reconnects by itself, so the process survives a
 * database restart; every wait on the server is bounded by `timeouts`. The pool is ours (passed
 * to the adapter, which ends it on `$disconnect`) so that its size can be read.
 */
export function createDb(
  databaseUrl: string,
  poolSize = 10,
  timeouts: DbTimeouts = DEFAULT_REQUEST_TIMEOUTS,
): Db {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.statementMs + CLIENT_WAIT_MARGIN_MS,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // Detects a silently dropped connection (a crashed host) instead of waiting on it forever.
    keepAlive: true,
  });
  keepSessionsInUtc(pool);
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  POOLS.set(db, pool);
  return db;
}

/** The pool's connections now; undefined for a client not made by `createDb`. */
export function poolStats(db: Db): PoolStats | undefined {
  const pool = POOLS.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}
