import { afterAll, inject } from "vitest";
import { createDb, type Db } from "../client";
import { createTestDatabase } from "./test-postgres";

/** A test file's own database: its pool and its URL (for COPY, locks and plain clients). */
export type FileDatabase = { db: Db; url: string };

/**
 * Creates the file's database (migrated, empty) on the suite's PostgreSQL, from the top of the
 * file (`const { db, url } = await databaseForFile()`); closed and dropped after its tests.
 */
export async function databaseForFile(): Promise<FileDatabase> {
  const database = await createTestDatabase(inject("pgAdminUrl"));
  const db = createDb(database.url);
  afterAll(async () => {
    await db.$disconnect();
    await database.drop();
  });
  return { db, url: database.url };
}
