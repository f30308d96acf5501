import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { Caller } from "../auth/api-key-authenticator";
import type { AppDeps } from "../core/deps";
import { runTool, type ToolOutcome } from "./tool-runner";
import { resourcesOf } from "./resources";
import { dataToolsOf, toolAccess } from "./tools";

/** The server's name and version as MCP clients show them. */
export const MCP_SERVER_INFO = { name: "token-price-index", version: "1.0.0" } as const;

/**
 * What a client is told before any call. Market-neutral: each tool's description says what it
 * returns and in which unit.
 */
const SERVER_INSTRUCTIONS =
  "Market data of the Token Price Index service: price indices of AI (tokens, GPU compute and more), settled on a fixed calendar. Every result carries `source`: the REST call returning the same data, its dates, the methodology version and the data sources (whether they are the generated sample; the citation their licence requires). Quote numbers with their date and source. Keyless callers see the free tier only; keyed tools refuse them with the REST error text.";

/** How MCP carries a tool outcome: the body and its source as structured content and as JSON text; a refusal as an error result with the REST error body. */
export function toCallToolResult(outcome: ToolOutcome): CallToolResult {
  if (!outcome.ok)
    return {
      isError: true,
      content: [{ type: "text", text: JSON.stringify(outcome.error) }],
      structuredContent: outcome.error,
    };
  const structured = { data: outcome.data, source: outcome.source };
  return {
    content: [{ type: "text", text: JSON.stringify(structured) }],
    structuredContent: structured,
  };
}

/**
 * An MCP server whose tools answer for one caller: anonymous (the free tier) or a key's holder.
 * Over HTTP one is built per request (stateless), over stdio one per process.
 */
export function createMcpServer(deps: AppDeps, caller: Caller): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions: SERVER_INSTRUCTIONS,
  });
  for (const tool of dataToolsOf(deps.marketList)) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
        _meta: { access: toolAccess(tool) },
      },
      async (args: Record<string, unknown>) =>
        toCallToolResult(await runTool(tool, args, deps, caller)),
    );
  }
  for (const resource of resourcesOf(deps))
    server.registerResource(
      resource.name,
      resource.uri,
      { title: resource.title, description: resource.description, mimeType: resource.mimeType },
      (uri) => ({
        contents: [{ uri: uri.href, mimeType: resource.mimeType, text: resource.read(deps) }],
      }),
    );
  return server;
}
