import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import {
  DEFAULT_WINSOR_BOUNDS,
  GPU_INDEX_UNIT,
  GPU_METHODOLOGY_HISTORY,
  GPU_METHODOLOGY_VERSION,
  gpuMethodologySections,
} from "@tpi/domain";
import type { Caller } from "../auth/api-key-authenticator";
import type { AppDeps } from "../../deps";
import { answerMethodology } from "../../markets/token/services/details";
import { runTool, type ToolOutcome } from "./tool-runner";
import { DATA_TOOLS, toolAccess } from "./tools";

/** The server's name and version as MCP clients show them. */
export const MCP_SERVER_INFO = { name: "token-price-index", version: "1.0.0" } as const;

/** The methodology documents, as MCP resources. */
export const MCP_RESOURCES = [
  {
    name: "token-methodology",
    uri: "tpi://methodology/token",
    title: "Token price index methodology",
    description:
      "The token index methodology in force, with data sources, citations and version history: the body of GET /api/otpi/methodology.",
    mimeType: "application/json",
  },
  {
    name: "gpu-methodology",
    uri: "tpi://methodology/gpu",
    title: "GPU compute price index methodology",
    description:
      "The GPU index methodology in force, section by section, with the winsorizing bounds, the data sources (whether the trades are the generated sample) and version history.",
    mimeType: "text/markdown",
  },
] as const;

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
    instructions:
      "Market data of the Token Price Index service: the daily token price index per model lab (USD per million tokens) and the GPU compute price index (USD per GPU-hour). Every result carries `source`: the REST call returning the same data, its dates, the methodology version and the data sources (whether they are the generated sample; for token data the citation their licence requires). Quote numbers with their date and source. Keyless callers see the free tier only; keyed tools refuse them with the REST error text.",
  });
  for (const tool of DATA_TOOLS) {
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
  const [token, gpu] = MCP_RESOURCES;
  server.registerResource(
    token.name,
    token.uri,
    { title: token.title, description: token.description, mimeType: token.mimeType },
    (uri) => {
      const document = answerMethodology(deps.rules, deps.index.dataSources);
      const body = document.ok ? document.value : { error: document.error.message };
      return {
        contents: [
          { uri: uri.href, mimeType: token.mimeType, text: JSON.stringify(body, null, 2) },
        ],
      };
    },
  );
  server.registerResource(
    gpu.name,
    gpu.uri,
    { title: gpu.title, description: gpu.description, mimeType: gpu.mimeType },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: gpu.mimeType, text: gpuMethodologyMarkdown(deps) }],
    }),
  );
  return server;
}

function gpuMethodologyMarkdown(deps: AppDeps): string {
  const winsor = deps.chat?.winsor ?? DEFAULT_WINSOR_BOUNDS;
  const sections = gpuMethodologySections(winsor).map(
    (section) => `## ${section.heading}\n\n${section.text}`,
  );
  const history = GPU_METHODOLOGY_HISTORY.map(
    (entry) => `- ${entry.version} (from ${entry.effectiveFrom}): ${entry.summary}`,
  );
  const { notice, sources } = deps.gpuIndex.dataSources;
  const sourceLines = sources.map(
    (source) =>
      `- ${source.source}${source.sample ? " (generated sample, not market data)" : ""}: trades on ${source.days} UTC days from ${source.firstDay} to ${source.lastDay}; newest trade ${source.latestAsOf ?? "unknown"}.`,
  );
  return [
    `# GPU compute price index methodology, version ${GPU_METHODOLOGY_VERSION}`,
    `Unit: ${GPU_INDEX_UNIT}.`,
    ...sections,
    `## Data sources\n\n${[...(notice === null ? [] : [notice]), ...(sourceLines.length > 0 ? sourceLines : ["No trades are stored yet."])].join("\n")}`,
    `## Version history\n\n${history.join("\n")}`,
  ].join("\n\n");
}
