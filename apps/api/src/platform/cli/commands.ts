import type { Market } from "../core/market";
import { ACCOUNT_COMMANDS } from "./account-commands";
import type { Command, CommandModule } from "../core/command";
import { CORE_COMMANDS } from "./core-commands";
import { MCP_COMMANDS } from "./mcp-commands";
import { WEBHOOK_COMMANDS } from "./webhook-commands";
import { RELEASE_COMMANDS } from "./release-commands";

/**
 * Every command module with its help lines, in the order `pnpm tpi help` prints them: the
 * platform's (schema, accounts), each market's in list order, then the MCP server.
 */
export function commandModules(markets: readonly Market[]): readonly CommandModule[] {
  return [
    CORE_COMMANDS,
    ACCOUNT_COMMANDS,
    WEBHOOK_COMMANDS,
    RELEASE_COMMANDS,
    ...markets.map((market) => market.commands),
    MCP_COMMANDS,
  ];
}

/** Every command, by name; a name two modules define is a bug. */
export function commandsOf(markets: readonly Market[]): Record<string, Command> {
  const commands: Record<string, Command> = {};
  for (const module of commandModules(markets))
    for (const [name, command] of Object.entries(module.commands)) {
      if (name in commands) throw new Error(`two commands are named '${name}'`);
      commands[name] = command;
    }
  return commands;
}

export function usageOf(markets: readonly Market[]): string {
  return `usage: pnpm tpi <command> [options]

commands:
${commandModules(markets)
  .map((module) => module.usage)
  .join("\n")}

environment: see docs/operations/configuration.md (DATABASE_URL, TPI_DATA_DIR, SETTLEMENT_LAG_HOURS, ...)`;
}
