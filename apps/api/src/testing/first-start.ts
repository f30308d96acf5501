import { inject } from "vitest";
import { DEFAULT_METHODOLOGY_RULES } from "@tpi/domain";
import { createDb, createTestDatabase, type Db } from "@tpi/db";
import { settleDueDays } from "../markets/token/jobs/settlement";
import { MARKETS } from "../markets";
import {
  tokenSettingsFrom,
  type TokenEnv,
  type TokenSettings,
} from "../markets/token/jobs/settings";
import type { MarketJobContext } from "../platform/core/market";
import { createLogger } from "../platform/observability/logger";
import { readEnv } from "../platform/runtime/env";

/**
 * What the first-start loaders' tests run them with: a market job context over a test database
 * (its log lines kept), whose progress lines call `onProgress`, so that a test can stop a load at
 * an exact batch boundary (abort its signal when the first batch is reported).
 */
export type LoaderContext = MarketJobContext & { lines: string[] };

export function loaderContext(
  database: { db: Db; url: string },
  clock: () => Date,
  options: {
    seedSampleOnEmpty?: boolean;
    onProgress?: (label: string, done: number, total: number | undefined) => void;
  } = {},
): LoaderContext {
  const lines: string[] = [];
  return {
    db: database.db,
    database: {
      db: database.db,
      requestDb: database.db,
      url: database.url,
      embedded: null,
      close: async () => undefined,
    },
    clock,
    log: createLogger("debug", (line) => lines.push(line)),
    progress: (label) => ({
      update: (done, total) => options.onProgress?.(label, done, total),
      finish: () => undefined,
    }),
    seedSampleOnEmpty: options.seedSampleOnEmpty ?? true,
    lines,
  };
}

/** The token market's settings from environment variables, as the api reads them. */
export function tokenSettingsOf(variables: Record<string, string> = {}): TokenSettings {
  return tokenSettingsFrom(readEnv(MARKETS, variables) as unknown as TokenEnv);
}

/** Every published token value, `date lab value` per line in key order: two data sets compare as text. */
export async function publishedTokenValues(db: Db): Promise<string[]> {
  const rows = await db.indexValue.findMany({ orderBy: [{ date: "asc" }, { lab: "asc" }] });
  return rows.map(
    (row) => `${row.date.toISOString().slice(0, 10)} ${row.lab} ${String(row.indexPerMtok)}`,
  );
}

/** Sync-log runs still marked `running`. */
export async function runningSyncs(db: Db): Promise<number> {
  return db.sourceSync.count({ where: { outcome: "running" } });
}

/** Settles every token day due at `now`. */
export async function settleTokenDays(db: Db, now: Date): Promise<void> {
  await settleDueDays(db, { now, rules: DEFAULT_METHODOLOGY_RULES });
}

/**
 * The values an uninterrupted load publishes: `load` on a fresh database, settled at `now`. A
 * load stopped and resumed must end with exactly these.
 */
export async function referenceTokenValues(
  load: (database: { db: Db; url: string }) => Promise<void>,
  now: Date,
): Promise<string[]> {
  const database = await createTestDatabase(inject("pgAdminUrl"));
  const db = createDb(database.url, 4);
  try {
    await load({ db, url: database.url });
    await settleTokenDays(db, now);
    return await publishedTokenValues(db);
  } finally {
    await db.$disconnect();
    await database.drop();
  }
}
