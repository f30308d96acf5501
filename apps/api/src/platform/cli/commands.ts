import { ACCOUNT_USAGE, accountCommands } from "./account-commands";
import type { Command } from "./command";
import { CORE_USAGE, coreCommands } from "./core-commands";
import { GPU_USAGE, gpuCommands } from "../../markets/gpu/cli/commands";
import { INGEST_USAGE, ingestCommands } from "../../markets/token/cli/ingest-commands";
import { MCP_USAGE, mcpCommands } from "./mcp-commands";
import {
  RESTATEMENT_USAGE,
  restatementCommands,
} from "../../markets/token/cli/restatement-commands";

/** Every command module with its help lines, in the order `pnpm tpi help` prints them. Add a module here. */
export const COMMAND_MODULES: ReadonlyArray<{ usage: string; commands: Record<string, Command> }> =
  [
    { usage: CORE_USAGE, commands: coreCommands },
    { usage: ACCOUNT_USAGE, commands: accountCommands },
    { usage: GPU_USAGE, commands: gpuCommands },
    { usage: INGEST_USAGE, commands: ingestCommands },
    { usage: RESTATEMENT_USAGE, commands: restatementCommands },
    { usage: MCP_USAGE, commands: mcpCommands },
  ];

/** Every command, by name. */
export const COMMANDS: Record<string, Command> = Object.assign(
  {},
  ...COMMAND_MODULES.map((module) => module.commands),
);

export const USAGE = `usage: pnpm tpi <command> [options]

commands:
${COMMAND_MODULES.map((module) => module.usage).join("\n")}

environment: see docs/operations/configuration.md (DATABASE_URL, TPI_DATA_DIR, SETTLEMENT_LAG_HOURS, ...)`;
