import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";

export type Db = PrismaClient;
export { Prisma } from "./generated/prisma/client";

/**
 * A Prisma client over node-postgres. The pool reconnects by itself, so the process survives a
 * database restart; `connectionTimeoutMillis` bounds how long a request waits for a connection.
 */
export function createDb(databaseUrl: string, poolSize = 10): Db {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
  });
  return new PrismaClient({ adapter });
}
