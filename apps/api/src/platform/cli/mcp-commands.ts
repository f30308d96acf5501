import { parseArgs } from "node:util";
import { DEFAULT_RATE_LIMIT_SETTINGS, type AppDeps } from "../core/deps";
import { connectMcpServer, createMcpServer } from "../mcp/server";
import { JsonRpcStdioTransport } from "../mcp/stdio-transport";
import { ANONYMOUS, type Caller } from "../auth/api-key-authenticator";
import { refreshPublications } from "../runtime/runtime";
import { ConfigurationError, withRuntime } from "./command";
import type { CommandModule } from "../core/command";

/**
 * `tpi mcp`: the MCP server over stdio for a local client (Claude Desktop and the like), reading
 * the configured database like every other command. stdout carries the protocol alone: logs and
 * anything else printed go to stderr. The key, when given, is checked like a bearer key on REST
 * and decides what the tools may show; no rate limit applies (the operator's own process).
 */
export const MCP_COMMANDS: CommandModule = {
  usage: `  mcp [--key KEY]                      serve the data tools to an MCP client over stdio; a key (or
                                       TPI_MCP_API_KEY) widens them beyond the free tier`,
  commands: {
    async mcp(args, context) {
      const { env, log } = context;
      const { values } = parseArgs({ args, options: { key: { type: "string" } }, strict: true });
      // Anything a library prints with console.log would corrupt the protocol on stdout.
      console.log = console.error;
      const key = values.key ?? env.TPI_MCP_API_KEY;
      await withRuntime(context, async (runtime) => {
        await refreshPublications(runtime);
        let caller: Caller = ANONYMOUS;
        if (key !== undefined) {
          const identified = await runtime.auth.authenticate(`Bearer ${key}`);
          if (!identified.ok)
            throw new ConfigurationError(`the MCP key: ${identified.error.message}`);
          caller = identified.value;
        }
        const deps: AppDeps = {
          db: runtime.database.requestDb,
          marketList: runtime.marketList,
          markets: runtime.markets,
          auth: runtime.auth,
          databaseHealth: runtime.databaseHealth,
          clock: runtime.clock,
          log,
          rateLimits: DEFAULT_RATE_LIMIT_SETTINGS,
        };
        // Values published by the api (or another command) while the session lasts.
        const reload = setInterval(
          () => void refreshPublications(runtime).catch(() => undefined),
          env.INDEX_REFRESH_SECONDS * 1000,
        );
        const server = createMcpServer(deps, caller);
        const closed = new Promise<void>((resolve) => {
          process.stdin.once("end", resolve);
          process.stdin.once("close", resolve);
          server.server.onclose = resolve;
        });
        await connectMcpServer(server, new JsonRpcStdioTransport());
        log.info(
          `MCP server on stdio for ${caller.kind === "key" ? `key ${caller.keyId} (${caller.access})` : "keyless callers (free tier)"}`,
        );
        await closed;
        clearInterval(reload);
        await server.close();
      });
    },
  },
};
