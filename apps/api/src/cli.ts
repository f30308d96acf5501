import { parseArgs } from "node:util";
import { ACCOUNT_PLANS, parseUtcDay, type AccountPlan } from "@tpi/domain";
import { applyMigrations, createAccount, insertApiKey, openDatabase } from "@tpi/db";
import { generateApiKey } from "./auth/api-key-secret";
import { readEnv, type Env } from "./env";
import { createLogger, type Logger } from "./logger";
import { createProgress } from "./progress";
import { describeSettlement, openRuntime, settleAndPublish, type Runtime } from "./runtime";
import { seedTokenSample } from "./services/sample-seed";

/**
 * The operators' command line: `pnpm tpi <command>`. Every command says what it did and exits
 * non-zero on failure with a one-line reason.
 */
const USAGE = `usage: pnpm tpi <command> [options]

commands:
  migrate                              apply pending database migrations
  seed --sample                        load the deterministic SAMPLE observations through today
  settle [--through YYYY-MM-DD]        settle every day whose settlement time has passed
  keys create --name NAME [--account ID | --account-name NAME --plan trial|premium|full]
                                       create an API key (printed once; only its hash is stored)

environment: see README.md (DATABASE_URL, TPI_DATA_DIR, SETTLEMENT_LAG_HOURS, ...)`;

export class UsageError extends Error {}

type Command = (args: string[], env: Env, log: Logger) => Promise<void>;

async function withRuntime<T>(env: Env, log: Logger, run: (runtime: Runtime) => Promise<T>): Promise<T> {
  const runtime = await openRuntime(env, log);
  try {
    return await run(runtime);
  } finally {
    await runtime.close();
  }
}

const commands: Record<string, Command> = {
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
      const progress = createProgress("sample observations");
      const result = await seedTokenSample(runtime.database.db, {
        now: runtime.clock(),
        onProgress: (generated) => progress.update(generated),
      });
      progress.finish(
        `generated ${result.generated.toLocaleString("en-US")} sample observations through ${result.through}; ${result.inserted.toLocaleString("en-US")} were new, ${(result.generated - result.inserted).toLocaleString("en-US")} already stored`,
      );
    });
  },

  async settle(args, env, log) {
    const { values } = parseArgs({ args, options: { through: { type: "string" } }, strict: true });
    const through = values.through === undefined ? undefined : parseUtcDay(values.through);
    if (values.through !== undefined && through === undefined) {
      throw new UsageError(`--through must be a real date in YYYY-MM-DD format; got '${values.through}'`);
    }
    await withRuntime(env, log, async (runtime) => {
      const report = await settleAndPublish(runtime, through);
      console.log(describeSettlement(report));
    });
  },

  async keys(args, env, log) {
    const [subcommand, ...rest] = args;
    if (subcommand !== "create") throw new UsageError(`unknown keys subcommand '${subcommand ?? ""}'`);
    const { values } = parseArgs({
      args: rest,
      options: {
        name: { type: "string" },
        account: { type: "string" },
        "account-name": { type: "string" },
        plan: { type: "string", default: "full" },
      },
      strict: true,
    });
    const name = values.name?.trim() ?? "";
    if (name.length < 1 || name.length > 100) throw new UsageError("--name is required (1 to 100 characters)");
    if (!ACCOUNT_PLANS.includes(values.plan as AccountPlan)) {
      throw new UsageError(`--plan must be one of ${ACCOUNT_PLANS.join(", ")}`);
    }
    await withRuntime(env, log, async (runtime) => {
      const db = runtime.database.db;
      let accountId = values.account;
      if (accountId === undefined) {
        const account = await createAccount(db, {
          name: values["account-name"] ?? name,
          plan: values.plan as AccountPlan,
          trialEndsAt: values.plan === "trial" ? new Date(runtime.clock().getTime() + 72 * 3_600_000) : null,
        });
        accountId = account.id;
        console.log(`created account ${account.id} (${account.name}, plan ${account.plan})`);
      }
      const secret = generateApiKey();
      const key = await insertApiKey(db, { accountId, name, displayPrefix: secret.displayPrefix, keyHash: secret.keyHash });
      console.log(`created API key ${key.id} '${key.name}' (${key.displayPrefix}…) for account ${accountId}`);
      console.log("the key, shown this once (only its hash is stored):");
      console.log(secret.key);
    });
  },
};

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    console.log(USAGE);
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  if (!command) {
    console.error(`unknown command '${name}'\n\n${USAGE}`);
    return 2;
  }
  const env = readEnv();
  const log = createLogger(env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL);
  try {
    await command(args, env, log);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`tpi ${name}: ${message}`);
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`\n${USAGE}`);
      return 2;
    }
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
