import { describe, expect, it } from "vitest";
import { createDb, poolStats, transactionOnPool } from "./client";
import { databaseForFile } from "./testing/database-for-file";

const { db: admin, url } = await databaseForFile();

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

describe("a transaction on a pool connection that the server ends", () => {
  it("rejects and gives up the connection, without an unheard 'error' ending the process", async () => {
    const db = createDb(url, 2);
    try {
      const outcome = await transactionOnPool(db, async (client) => {
        const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
        // Another session ends this one while the work holds it between two statements, as the
        // idle-in-transaction timeout or a failover would.
        await admin.$queryRawUnsafe(`select pg_terminate_backend(${Number(rows[0]?.pid)})`);
        await client.query("select 1");
        return "finished";
      }).then((value) => value, messageOf);
      // The server's notice of the end may arrive before the next statement is sent ("not
      // queryable") or after (the server's "terminating connection"): both are the end, heard.
      expect(outcome).toMatch(/terminat|not queryable/i);

      // The dead connection was discarded: the next transaction gets a working one.
      const next = await transactionOnPool(db, async (client) => {
        const { rows } = await client.query<{ one: number }>("select 1 as one");
        return rows[0]?.one;
      });
      expect(next).toBe(1);
      expect(poolStats(db)?.total).toBeLessThanOrEqual(2);
    } finally {
      await db.$disconnect();
    }
  });
});
