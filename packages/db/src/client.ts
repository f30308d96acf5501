import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/prisma/client";

export type Db = PrismaClient;
export { Prisma } from "./generated/prisma/client";

/** Connections of a client's pool: open, idle among them, and requests waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };

/** Each client's pool, for `poolStats` (Prisma does not expose the pool it is given). */
const POOLS = new WeakMap<Db, pg.Pool>();

/**
 * A Prisma client over node-postgres. The pool reconnects by itself, so the process survives a
 * database restart; `connectionTimeoutMillis` bounds how long a request waits for a connection.
 * The pool is ours (passed to the adapter, which ends it on `$disconnect`) so that its size can be
 * read.
 */
export function createDb(databaseUrl: string, poolSize = 10): Db {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
  });
  const db = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  POOLS.set(db, pool);
  return db;
}

/** The pool's connections now; undefined for a client not made by `createDb`. */
export function poolStats(db: Db): PoolStats | undefined {
  const pool = POOLS.get(db);
  return pool && { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}
