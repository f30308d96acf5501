import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import type { Caller } from "../auth/api-key-authenticator";
import type { AppDeps } from "../core/deps";
import { INVALID_PARAMS, refuseInvalidParams } from "./json-rpc";
import { runTool, type ToolOutcome } from "./tool-runner";
import { resourcesOf } from "./resources";
import { dataToolsOf, toolAccess, type DataTool } from "./tools";
import { WEBHOOK_TOOLS, runWebhookTool, webhookToolDefinition } from "./webhook-tools";

/** The server's name and version as MCP clients show them. */
export const MCP_SERVER_INFO = { name: "token-price-index", version: "1.0.0" } as const;

/**
 * What a client is told before any call. Market-neutral: each tool's description says what it
 * returns and in which unit.
 */
const SERVER_INSTRUCTIONS =
  "Market data of the Token Price Index service: price indices of AI (tokens, GPU compute and more), settled on a fixed calendar. Every result carries `source`: the REST call returning the same data, its dates, the methodology version and the data sources (whether they are the generated sample; the citation their licence requires), and the caller's access. Quote numbers with their date and source. Keyless callers see the free tier only; keyed tools refuse them with the REST error text.";

/**
 * How MCP carries a tool outcome: the body and its source as structured content (matching the
 * tool's output schema) and as JSON text; a refusal as an error result whose text and structured
 * content are the REST error body `{ error, message }`.
 */
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

/** A JSON-RPC error a request handler throws: the SDK answers with its code and message as they are. */
class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Draft-07, as the SDK writes schemas and its client's validator reads them. */
const JSON_SCHEMA_OPTIONS = {
  target: "draft-7",
  unrepresentable: "any",
  // The OpenAPI document's component names (`.meta({ id })`): zod writes them as `id`, which
  // draft-07 reads as the schema's URI.
  override: ({ jsonSchema }) => {
    delete jsonSchema.id;
  },
} as const satisfies Parameters<typeof z.toJSONSchema>[1];

/**
 * The output schema: an object that is either a success (`data` and `source`) or a refusal
 * (`error` and `message`). MCP wants `type: "object"` at the root, which zod does not write for a
 * union; the SDK's client checks every `structuredContent` against it, refusals included.
 */
function outputSchemaOf(tool: DataTool): NonNullable<Tool["outputSchema"]> {
  return {
    type: "object",
    ...z.toJSONSchema(tool.output, { ...JSON_SCHEMA_OPTIONS, io: "output" }),
  } as NonNullable<Tool["outputSchema"]>;
}

/** A schema as `tools/list` writes it (draft-07, component ids removed). */
function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  return z.toJSONSchema(schema, { ...JSON_SCHEMA_OPTIONS, io });
}

const definitions = new WeakMap<DataTool, Tool>();

/** A tool's `tools/list` entry, built once. */
export function toolDefinitionOf(tool: DataTool): Tool {
  let definition = definitions.get(tool);
  if (definition === undefined) {
    definition = {
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: z.toJSONSchema(tool.input, {
        ...JSON_SCHEMA_OPTIONS,
        io: "input",
      }) as Tool["inputSchema"],
      outputSchema: outputSchemaOf(tool),
      annotations: { readOnlyHint: true, openWorldHint: false, idempotentHint: true },
      _meta: { access: toolAccess(tool) },
    };
    definitions.set(tool, definition);
  }
  return definition;
}

/**
 * An MCP server whose tools answer for one caller: anonymous (the free tier) or a key's holder.
 * Over HTTP one is built per request (stateless), over stdio one per process. Connect it with
 * `connectMcpServer`.
 *
 * The tools' handlers are the server's own rather than the SDK's `registerTool`, whose handler
 * validates arguments against the input schema and answers every failure as a plain-text error
 * result: here the arguments go to the route, which refuses a missing, unknown or invalid one in
 * its own words (a tool execution error with `structuredContent`, as MCP asks for input
 * validation), and an unknown tool is a protocol error (-32602), as MCP's tools/call error
 * handling asks.
 */
export function createMcpServer(deps: AppDeps, caller: Caller): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions: SERVER_INSTRUCTIONS,
  });
  const tools = dataToolsOf(deps.marketList);
  server.server.registerCapabilities({ tools: {} });
  // The account's webhook tools act for a key's account: listed to key holders only.
  const accountTools = caller.kind === "anonymous" ? [] : WEBHOOK_TOOLS;
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      ...tools.map(toolDefinitionOf),
      ...accountTools.map((tool) => webhookToolDefinition(tool, jsonSchemaOf)),
    ],
  }));
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args = {} } = request.params;
    const tool = tools.find((candidate) => candidate.name === name);
    if (tool !== undefined) return toCallToolResult(await runTool(tool, args, deps, caller));
    const accountTool = WEBHOOK_TOOLS.find((candidate) => candidate.name === name);
    if (accountTool !== undefined) return runWebhookTool(accountTool, args, deps, caller);
    const names = [...tools, ...accountTools].map((t) => t.name).join(", ");
    throw new ProtocolError(INVALID_PARAMS, `Unknown tool: '${name}'. Tools: ${names}.`);
  });
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

/**
 * Connects the server to a transport, with requests whose parameters do not fit their method
 * answered -32602 in a sentence before the SDK sees them (see `refuseInvalidParams`).
 */
export async function connectMcpServer(server: McpServer, transport: Transport): Promise<void> {
  await server.connect(transport);
  refuseInvalidParams(transport);
}
