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
  // An idle connection the server ends (a restart, a terminated session) is an 'error' on the
  // pool, which would end the process unheard. The pool drops that connection itself; the next
  // query takes a new one, and a database that stays down shows there.
  pool.on("error", () => undefined);
  // The connections checked out now: what `cutBusyConnections` ends.
  const busy = new Set<pg.PoolClient>();
  pool.on("acquire", (client) => busy.add(client));
  pool.on("release", (_error, client) => busy.delete(client));
  BUSY.set(pool, busy);
  keepSessionsInUtc(pool);
  const db = new PrismaClient({
    adapter: releasingFailedEnds(new PrismaPg(pool, { disposeExternalPool: true })),
  });
  POOLS.set(db, pool);
  return db;
}

const BUSY = new WeakMap<pg.Pool, Set<pg.PoolClient>>();

/**
 * Ends every connection of the client's pool that is checked out (a statement or transaction in
 * flight): at shutdown, after the grace, a job still waiting on a server that no longer answers (a
 * network black hole) would otherwise wait out its query timeout (minutes for jobs) and keep the
 * pool from closing. Its statement fails at once; the server rolls its transaction back.
 */
export function cutBusyConnections(db: Db): number {
  const pool = POOLS.get(db);
  const busy = pool === undefined ? undefined : BUSY.get(pool);
  if (busy === undefined) return 0;
  // node-postgres has no public way to drop a connection without a goodbye the server must
  // receive: its socket is destroyed.
  for (const client of busy)
    (
      client as unknown as { connection?: { stream?: { destroy(): void } } }
    ).connection?.stream?.destroy();
  return busy.size;
}

/** The pool's connections now; undefined for a client not made by `createDb`. */
export function poolStats(db: Db): PoolStats | undefined {
  const pool = POOLS.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/**
 * Runs `work` in one transaction on a connection of the client's own pool, through node-postgres
 * rather than Prisma: for bulk writes whose parameters are megabytes. Prisma serialises every
 * statement with its parameters to JSON, compiles it to a plan holding them, and keeps the
 * arguments of its last 100 debug calls (those plans among them) even with debugging off, so a
 * long import through it holds tens of MB of past batches. Rolled back when `work` throws.
 */
export async function transactionOnPool<T>(
  db: Db,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const pool = POOLS.get(db);
  if (pool === undefined) throw new Error("transactionOnPool needs a client made by createDb");
  const client = await pool.connect();
  // The pool stops listening to a connection's errors while it is checked out. One the server
  // ends while `work` waits on something else (a file, the idle-in-transaction timeout, a
  // failover) emits 'error' with nobody listening, which would end the process; heard here, it
  // makes the next query reject instead, and the connection is discarded below.
  const ignoreError = (): void => undefined;
  client.on("error", ignoreError);
  let broken: Error | undefined;
  try {
    await client.query("begin");
    const result = await work(client);
    await client.query("commit");
    return result;
  } catch (error) {
    await client.query("rollback").catch((rollbackError: unknown) => {
      // A connection that cannot roll back is not given back to the pool for reuse.
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    throw error;
  } finally {
    // A broken connection keeps the listener: its 'error' can still arrive after it is discarded.
    if (broken === undefined) client.off("error", ignoreError);
    client.release(broken);
  }
}

/** A client whose every read sees one snapshot, until `close`. */
export type SnapshotDb = { db: Db; close(): Promise<void> };

/**
 * A client reading in the snapshot `snapshot` (exported by `pg_export_snapshot()` in a
 * transaction still open): its one connection holds a read-only REPEATABLE READ transaction that
 * imports the snapshot, so code written against a `Db` (a dataset's rows) reads exactly what the
 * exporting transaction sees, whatever commits meanwhile. `close` ends the transaction and the
 * connection.
 */
export async function snapshotDb(db: Db, snapshot: string): Promise<SnapshotDb> {
  const source = POOLS.get(db);
  if (source === undefined) throw new Error("snapshotDb needs a client made by createDb");
  // One connection, never closed while idle: every query of the client runs in its transaction.
  const pool = new pg.Pool({ ...source.options, max: 1, idleTimeoutMillis: 0 });
  pool.on("error", () => undefined);
  keepSessionsInUtc(pool);
  const client = await pool.connect();
  // Ended with the source pool's busy connections at shutdown (`cutBusyConnections`), from its
  // first statement on: the cut waiting on it holds a connection of the source pool, which cannot
  // close until the reader's statement ends. Nothing of the cut is kept.
  const busy = BUSY.get(source);
  busy?.add(client);
  // The pool hears a connection's errors only while it is idle; this one is ended while checked
  // out (above), which would otherwise be an 'error' with nobody listening, ending the process.
  // Its statements fail instead.
  client.on("error", () => undefined);
  try {
    await client.query("begin isolation level repeatable read read only");
    await client.query(`set transaction snapshot '${snapshot.replace(/'/g, "''")}'`);
  } catch (error) {
    busy?.delete(client);
    client.release(true);
    await pool.end();
    throw error;
  }
  client.release();
  const reader = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  return {
    db: reader,
    async close() {
      busy?.delete(client);
      await pool.query("rollback").catch(() => undefined);
      await reader.$disconnect();
    },
  };
}

type PgAdapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type PgTransaction = Awaited<ReturnType<PgAdapter["startTransaction"]>>;

/**
 * Prisma ends an interactive transaction by sending COMMIT (or ROLLBACK) and only then asking the
 * adapter to give the connection back; when that statement fails (a deferred constraint, a
 * serialization failure, a lost connection) it never asks, and the pool loses the connection for
 * good. This gives it back when the ending statement fails. The server has ended the transaction
 * either way; a dead connection is dropped by the pool when it errors.
 */
function releasingFailedEnds(factory: PrismaPg): PrismaPg {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) =>
      releasedWhenItsEndFails(await startTransaction(isolationLevel));
    return adapter;
  };
  return factory;
}

const ENDING_STATEMENTS = new Set(["COMMIT", "ROLLBACK"]);

function releasedWhenItsEndFails(transaction: PgTransaction): PgTransaction {
  // The adapter's commit and rollback only give the connection back: do it once.
  let released = false;
  const releaseOnce = (release: () => Promise<void>) => async (): Promise<void> => {
    if (released) return;
    released = true;
    await release();
  };
  const commit = releaseOnce(transaction.commit.bind(transaction));
  const rollback = releaseOnce(transaction.rollback.bind(transaction));
  const executeRaw = transaction.executeRaw.bind(transaction);
  transaction.commit = commit;
  transaction.rollback = rollback;
  transaction.executeRaw = async (query) => {
    try {
      return await executeRaw(query);
    } catch (error) {
      if (ENDING_STATEMENTS.has(query.sql)) await rollback();
      throw error;
    }
  };
  return transaction;
}
