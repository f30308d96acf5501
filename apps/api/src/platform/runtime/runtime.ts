import { openDatabase, type OpenDatabase } from "@tpi/db";
import { ApiKeyAuthenticator } from "../auth/api-key-authenticator";
import { DatabaseHealth } from "../health/database-health";
import { clockFrom, databaseTimeoutsFrom } from "./env";
import type { Env } from "../core/env";
import { openMarkets, type Market, type MarketJobContext, type MarketStates } from "../core/market";
import type { Logger } from "../observability/logger";
import { createProgress } from "../observability/progress";

/** Everything the server and the CLI share: configuration, the database, the markets' state. */
export type Runtime = {
  env: Env;
  log: Logger;
  database: OpenDatabase;
  /** Whether the database answers, from what requests, jobs and its probe see. */
  databaseHealth: DatabaseHealth;
  /** The markets served, in the order of the market list. */
  marketList: readonly Market[];
  /** Each market's live state (its published sets are loaded by `start` or a refresh). */
  markets: MarketStates;
  auth: ApiKeyAuthenticator;
  clock: () => Date;
  close(): Promise<void>;
};

export async function openRuntime(
  env: Env,
  log: Logger,
  marketList: readonly Market[],
  clock: () => Date = clockFrom(env),
): Promise<Runtime> {
  if (env.TPI_TEST_CLOCK !== undefined)
    log.warn(`TPI_TEST_CLOCK is set: the clock is pinned to ${env.TPI_TEST_CLOCK} (tests only)`);
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.TPI_DATA_DIR,
    embeddedPort: env.TPI_EMBEDDED_PG_PORT,
    timeouts: databaseTimeoutsFrom(env),
    log: (line) => log.info(line),
  });
  const databaseHealth = new DatabaseHealth(log, () => database.requestDb.$queryRaw`select 1`);
  const auth = new ApiKeyAuthenticator(database.requestDb, clock, {
    staleGraceMs: env.KEY_STALE_GRACE_SECONDS * 1000,
    databaseHealth,
  });
  const markets = openMarkets(marketList, env, { db: database.db, clock, log });
  return {
    env,
    log,
    database,
    databaseHealth,
    marketList,
    markets,
    auth,
    clock,
    async close() {
      databaseHealth.stop();
      await auth.stop();
      await database.close();
    },
  };
}

/** What the markets' start-up, jobs and commands run with: the jobs' pool, the clock, progress lines. */
export function jobContextOf(runtime: Runtime): MarketJobContext {
  return {
    db: runtime.database.db,
    database: runtime.database,
    clock: runtime.clock,
    log: runtime.log,
    progress: (label) => createProgress(label),
    seedSampleOnEmpty: runtime.env.SEED_SAMPLE_ON_EMPTY,
  };
}

/** Reloads every market's published sets (a command that reads what the api published). */
export async function refreshPublications(runtime: Runtime): Promise<void> {
  await Promise.all(runtime.markets.publications.map((publication) => publication.refresh()));
}
