import type { MethodologyRules } from "@tpi/domain";
import { countObservations, openDatabase, type OpenDatabase } from "@tpi/db";
import { ApiKeyAuthenticator } from "./auth/api-key-authenticator";
import { methodologyRulesFrom, type Env } from "./env";
import type { Logger } from "./logger";
import { createProgress } from "./progress";
import { seedTokenSample } from "./services/sample-seed";
import { settleDueDays, type SettlementReport } from "./services/settlement";
import { PublishedIndex } from "./services/published-index";

/** Everything the server and the CLI share: configuration, the database and the services. */
export type Runtime = {
  env: Env;
  log: Logger;
  database: OpenDatabase;
  rules: MethodologyRules;
  index: PublishedIndex;
  auth: ApiKeyAuthenticator;
  clock: () => Date;
  close(): Promise<void>;
};

export async function openRuntime(env: Env, log: Logger, clock: () => Date = () => new Date()): Promise<Runtime> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.TPI_DATA_DIR,
    embeddedPort: env.TPI_EMBEDDED_PG_PORT,
    log: (line) => log.info(line),
  });
  const index = new PublishedIndex(database.db, log);
  const auth = new ApiKeyAuthenticator(database.db, clock);
  return {
    env,
    log,
    database,
    rules: methodologyRulesFrom(env),
    index,
    auth,
    clock,
    async close() {
      index.stopAutoRefresh();
      await auth.stop();
      await database.close();
    },
  };
}

/** Loads the sample when the database holds no observation at all (first start). */
export async function seedSampleIfEmpty(runtime: Runtime): Promise<boolean> {
  if (!runtime.env.SEED_SAMPLE_ON_EMPTY) return false;
  if ((await countObservations(runtime.database.db)) > 0) return false;
  runtime.log.info("empty database: loading the sample observations (SAMPLE data, not market data)");
  const progress = createProgress("sample observations");
  const result = await seedTokenSample(runtime.database.db, {
    now: runtime.clock(),
    onProgress: (generated, inserted) => progress.update(inserted),
  });
  progress.finish(`${result.inserted.toLocaleString("en-US")} inserted through ${result.through}`);
  return true;
}

export async function settleAndPublish(runtime: Runtime, through?: string): Promise<SettlementReport> {
  const progress = createProgress("settling days");
  const report = await settleDueDays(runtime.database.db, {
    now: runtime.clock(),
    rules: runtime.rules,
    through,
    onProgress: (done, total) => progress.update(done, total),
  });
  if (report.settledDays.length > 0) {
    progress.finish(describeSettlement(report));
  }
  await runtime.index.refresh();
  return report;
}

export function describeSettlement(report: SettlementReport): string {
  if (report.settledDays.length === 0) return `nothing to settle (settleable through ${report.settleableThrough})`;
  return `settled ${report.settledDays.length} day(s) from ${report.settledDays[0]} to ${report.settledDays.at(-1)}: ${report.publishedValues} values published, ${report.suppressedLabDays} lab-days without a value`;
}
