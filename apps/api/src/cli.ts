import { ConfigurationError, UsageError } from "./platform/cli/command";
import { commandsOf, usageOf } from "./platform/cli/commands";
import { collectNearLiveHeapSize } from "./platform/cli/heap";
import { readEnv } from "./platform/runtime/env";
import { createLogger } from "./platform/observability/logger";
import { MARKETS } from "./markets";

const COMMANDS = commandsOf(MARKETS);
const USAGE = usageOf(MARKETS);

/**
 * The operators' command line: `pnpm tpi <command>`. Every command says what it did and exits
 * non-zero on failure with a one-line reason. Commands and their help lines live in platform/cli/
 * and in each market's cli/.
 */
async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === "help" || name === "--help" || name === "-h") {
    console.log(USAGE);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`unknown command '${name}'\n\n${USAGE}`);
    return 2;
  }
  collectNearLiveHeapSize();
  const env = readEnv(MARKETS);
  const log = createLogger(
    env.LOG_LEVEL === "info" ? "warn" : env.LOG_LEVEL,
    undefined,
    env.LOG_FORMAT ?? "pretty",
  );
  try {
    await command(args, { env, log, markets: MARKETS });
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`tpi ${name}: ${message}`);
    if (error instanceof ConfigurationError) return 2;
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
