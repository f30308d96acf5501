import { UsageError, type Command } from "./cli/command";
import { accountCommands } from "./cli/account-commands";
import { coreCommands } from "./cli/core-commands";
import { GPU_USAGE, gpuCommands } from "./cli/gpu-commands";
import { ingestCommands } from "./cli/ingest-commands";
import { restatementCommands } from "./cli/restatement-commands";
import { readEnv } from "./env";
import { createLogger } from "./logger";

/**
 * The operators' command line: `pnpm tpi <command>`. Every command says what it did and exits
 * non-zero on failure with a one-line reason.
 */
const USAGE = `usage: pnpm tpi <command> [options]

commands:
  migrate                              apply pending database migrations
  seed --sample                        load the deterministic SAMPLE observations through today
  settle [--through YYYY-MM-DD]        settle every day whose settlement time has passed
  accounts create --name NAME --plan trial|premium|full
                                       create an account (a trial ends after TRIAL_PERIOD_HOURS)
  accounts list                        list accounts with their plans and active key counts
  accounts set-plan --account ID --plan trial|premium|full
                                       change an account's plan (to trial: the trial restarts now)
  keys create --name NAME [--account ID | --account-name NAME --plan trial|premium|full]
                                       create an API key (printed once; only its hash is stored);
                                       without --account, a new account (default plan full)
  keys list [--account ID]             list keys: id, display prefix, name, last use, state
  keys revoke --id KEY_ID              revoke a key (every instance refuses it within 4 seconds)
${GPU_USAGE}
  import FILE [--format csv|jsonl] [--skip-invalid]
                                       import observations from a CSV or JSON Lines file (atomic)
  openrouter sync [--date YYYY-MM-DD]  fetch prices and daily volumes from OpenRouter and store them
  restate --date D --lab L --reason TEXT [--force]
                                       recompute a settled lab-day from stored observations (logged)

environment: see README.md (DATABASE_URL, TPI_DATA_DIR, SETTLEMENT_LAG_HOURS, ...)`;

/** Every command, by name. Add a module's commands here. */
const commands: Record<string, Command> = {
  ...coreCommands,
  ...accountCommands,
  ...gpuCommands,
  ...ingestCommands,
  ...restatementCommands,
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
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")
    ) {
      console.error(`\n${USAGE}`);
      return 2;
    }
    return 1;
  }
}

const exitCode = await main(process.argv.slice(2));
// Exit explicitly once both output streams have flushed: timers of the services a command opened
// must not keep the process alive, and the status is the command's own.
process.stdout.write("", () => process.stderr.write("", () => process.exit(exitCode)));
