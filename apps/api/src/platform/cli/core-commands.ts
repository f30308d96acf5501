import { parseArgs } from "node:util";
import { applyMigrations, openDatabase } from "@tpi/db";
import type { CommandModule } from "../core/command";
import { marketStatuses, statusLines } from "../publication/market-status";
import { refreshPublications } from "../runtime/runtime";
import { withRuntime } from "./command";

/** The platform's own commands: the database schema, and every market's data at a glance. */
export const CORE_COMMANDS: CommandModule = {
  usage: `  migrate                              apply pending database migrations
  status                               every market's data (real, sample, empty, loading or stale),
                                       what is loaded, its as-of time and its sources' latest runs`,
  commands: {
    async status(args, context) {
      parseArgs({ args, options: {}, strict: true });
      await withRuntime(context, async (runtime) => {
        // What the api serves now: each market's published sets read as an instance reads them
        // (the sample while nothing is stored, when SEED_SAMPLE_ON_EMPTY allows).
        for (const publication of runtime.markets.publications)
          publication.allowSample?.(runtime.env.SEED_SAMPLE_ON_EMPTY);
        await refreshPublications(runtime);
        const statuses = await marketStatuses(
          runtime.database.db,
          runtime.marketList,
          runtime.markets,
        );
        for (const status of statuses) for (const line of statusLines(status)) console.log(line);
      });
    },
    async migrate(_args, { env, log }) {
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
  },
};
