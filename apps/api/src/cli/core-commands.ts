import { parseArgs } from "node:util";
import { ACCOUNT_PLANS, parseUtcDay, type AccountPlan } from "@tpi/domain";
import { applyMigrations, createAccount, insertApiKey, openDatabase } from "@tpi/db";
import { generateApiKey } from "../auth/api-key-secret";
import { createProgress } from "../progress";
import { describeSettlement, settleAndPublish } from "../runtime";
import { seedTokenSample } from "../services/sample-seed";
import { UsageError, withRuntime, type Command } from "./command";

/** Core operator commands: schema, sample data, settlement, keys. */
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
