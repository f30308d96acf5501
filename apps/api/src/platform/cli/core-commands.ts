import { parseArgs } from "node:util";
import { applyMigrations, openDatabase } from "@tpi/db";
import { createProgress } from "../observability/progress";
import { describeSettlement, settleAndPublish } from "../../runtime";
import { seedTokenSample } from "../../markets/token/jobs/sample-seed";
import { UsageError, dayOption, withRuntime, type Command } from "./command";

/** Help lines of the core commands, in the order `pnpm tpi help` prints them. */
export const CORE_USAGE = `  migrate                              apply pending database migrations
  seed --sample                        load the deterministic SAMPLE observations through today
  settle [--through YYYY-MM-DD]        settle every day whose settlement time has passed`;

/** Core operator commands: schema, sample data, settlement. */
export const coreCommands: Record<string, Command> = {
  async migrate(_args, env, log) {
    const database = await openDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.TPI_DATA_DIR,
      embeddedPort: env.TPI_EMBEDDED_PG_PORT,
      migrate: false,
      log: (line) => log.info(line),
    });
    try {
      const report = await applyMigrations(database.url, (line) => console.log(line));
      console.log(
        report.applied.length === 0
          ? `database schema up to date: ${report.alreadyApplied} migration(s) already applied`
          : `applied ${report.applied.length} migration(s); ${report.alreadyApplied} were already applied`,
      );
    } finally {
      await database.close();
    }
  },

  async seed(args, env, log) {
    const { values } = parseArgs({ args, options: { sample: { type: "boolean" } }, strict: true });
    if (!values.sample) throw new UsageError("seed needs --sample (the only seed source)");
    await withRuntime(env, log, async (runtime) => {
      const progress = createProgress("sample days");
      const result = await seedTokenSample(runtime.database.db, {
        now: runtime.clock(),
        onProgress: (done, total) => progress.update(done, total),
      });
      progress.finish(
        `SAMPLE data (not market data): ${result.days.toLocaleString("en-US")} days through ${result.through}; ${result.newDays.toLocaleString("en-US")} were new, ${(result.days - result.newDays).toLocaleString("en-US")} already stored (${result.inserted.toLocaleString("en-US")} observations inserted)`,
      );
    });
  },

  async settle(args, env, log) {
    const { values } = parseArgs({ args, options: { through: { type: "string" } }, strict: true });
    const through = values.through === undefined ? undefined : dayOption("through", values.through);
    await withRuntime(env, log, async (runtime) => {
      const report = await settleAndPublish(runtime, through);
      console.log(describeSettlement(report));
    });
  },
};
