import { describe, expect, it } from "vitest";
import { createDb, poolStats } from "./client";
import { databaseForFile } from "./testing/database-for-file";

const { db: admin, url } = await databaseForFile();

/** Small, so that one lost connection would show at once. */
const POOL_SIZE = 3;
const FAILED_COMMITS = 100;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

describe("a transaction whose COMMIT fails", () => {
  it("gives its connection back: the pool stays whole after 100 failed commits", async () => {
    // A deferred constraint is checked at COMMIT, so every transaction below fails there.
    await admin.$executeRawUnsafe(
      `create table commit_probe (id int, constraint commit_probe_once unique (id) deferrable initially deferred)`,
    );
    const db = createDb(url, POOL_SIZE);
    try {
      for (let attempt = 1; attempt <= FAILED_COMMITS; attempt++) {
        const outcome = await db
          .$transaction(
            async (tx) => {
              await tx.$executeRawUnsafe(
                `insert into commit_probe (id) values (${attempt}), (${attempt})`,
              );
            },
            // A lost connection shows as a wait for one that never comes.
            { maxWait: 1_000 },
          )
          .then(() => "committed", messageOf);
        expect(outcome, `attempt ${attempt}`).toMatch(/UniqueConstraintViolation/);
      }

      // Every connection is back in the pool and a query still gets one.
      const stats = poolStats(db);
      expect(stats?.total).toBeLessThanOrEqual(POOL_SIZE);
      expect(stats?.idle).toBe(stats?.total);
      const rows = await db.$queryRawUnsafe<{ count: bigint }[]>(
        "select count(*) as count from commit_probe",
      );
      expect(rows).toEqual([{ count: 0n }]);
    } finally {
      // Closing a pool waits for every connection it lent: with one lost it would never end.
      const stats = poolStats(db);
      if (stats?.idle === stats?.total) await db.$disconnect();
      else void db.$disconnect();
    }
  });
});
