import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDb, createTestDatabase, type Db } from "@tpi/db";
import { afterAll, beforeEach, inject } from "vitest";
import { startJsonStub, type JsonStub, type StubAnswer, type StubRequest } from "./json-stub";

/**
 * What an integration test file sets up once for all its tests, from the top of the file
 * (`const { db } = await databaseForFile()`): each part is closed after the file's tests, so a
 * test file states only its market's case.
 */

/** A database of the file's own (migrated, empty), dropped after its tests. */
export type FileDatabase = { db: Db; url: string };

/** Creates the file's database from the suite's PostgreSQL; `poolSize` connections for `db`. */
export async function databaseForFile(poolSize = 4): Promise<FileDatabase> {
  const database = await createTestDatabase(inject("pgAdminUrl"));
  const db = createDb(database.url, poolSize);
  afterAll(async () => {
    await db.$disconnect();
    await database.drop();
  });
  return { db, url: database.url };
}

/**
 * A loopback JSON stub for the file: before each test its requests are cleared and it answers
 * with `defaultAnswer` again (a test sets `stub.answer` for its own case); closed after the tests.
 */
export async function jsonStubForFile(
  defaultAnswer: (request: StubRequest) => StubAnswer,
): Promise<JsonStub> {
  const stub = await startJsonStub(defaultAnswer);
  beforeEach(() => {
    stub.requests.length = 0;
    stub.answer = defaultAnswer;
  });
  afterAll(() => stub.close());
  return stub;
}

/** A temporary folder of the file's own (for the files its commands read), removed after its tests. */
export function tempDirForFile(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A stub or server the file started, closed after its tests. */
export function closedAfterFile<Resource extends { close(): Promise<void> }>(
  resource: Resource,
): Resource {
  afterAll(() => resource.close());
  return resource;
}

/**
 * A stub for a file whose tests time requests: closed after them, and before each a first
 * request to `warmPath` opens the connection (a process's first request also loads the HTTP
 * client, so it arrives later after its start than the next would), then the stub is reset.
 */
export function warmStubForFile<
  Stub extends { url: string; close(): Promise<void>; reset(): void },
>(stub: Stub, warmPath: string): Stub {
  beforeEach(async () => {
    await fetch(`${stub.url}${warmPath}`).then((res) => res.text());
    stub.reset();
  });
  return closedAfterFile(stub);
}
