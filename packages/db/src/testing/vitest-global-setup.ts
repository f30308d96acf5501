import { startTestPostgres, type TestPostgres } from "./test-postgres";
import type { TestProject } from "vitest/node";

/** One PostgreSQL server per test run; each test file creates its own database on it. */
let server: TestPostgres | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await startTestPostgres();
  project.provide("pgAdminUrl", server.adminUrl);
  console.log(
    `integration tests use ${server.embedded ? "an embedded PostgreSQL" : "the PostgreSQL server at DATABASE_URL"}`,
  );
}

export async function teardown(): Promise<void> {
  await server?.stop();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}
