import { applyMigrations, openDatabase } from "@tpi/db";
import type { CommandModule } from "../core/command";

/** The platform's own command: the database schema. */
export const CORE_COMMANDS: CommandModule = {
  usage: `  migrate                              apply pending database migrations`,
  commands: {
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
