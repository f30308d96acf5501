import type { Env } from "./env";
import type { Market } from "./market";
import type { Logger } from "../observability/logger";

/** What every command receives besides its arguments: the validated environment, the log, the markets. */
export type CommandContext = { env: Env; log: Logger; markets: readonly Market[] };

/** A CLI command: parses its own arguments, prints what it did, throws on failure. */
export type Command = (args: string[], context: CommandContext) => Promise<void>;

/** A group of commands with their help lines, in the order `pnpm tpi help` prints them. */
export type CommandModule = { usage: string; commands: Record<string, Command> };
