import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { latestSeriesEvent, subscribeMcpResource, unsubscribeMcpResource } from "@tpi/db";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type CallToolResult,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { validateEventFilter } from "@tpi/domain";
import { z } from "zod";
import { planOfCaller, type Caller } from "../auth/api-key-authenticator";
import { mayReceiveEvent, servedMarketSeries } from "../webhooks/service";
import type { AppDeps } from "../core/deps";
import { INVALID_PARAMS, refuseInvalidParams } from "./json-rpc";
import { runTool, type ToolOutcome } from "./tool-runner";
import { resourcesOf } from "./resources";
import {
  MAX_SUBSCRIPTIONS_PER_SESSION,
  MCP_SESSION_MESSAGES,
  SERIES_RESOURCE_TEMPLATE,
  parseSeriesResourceUri,
  seriesResourceUri,
} from "./subscriptions";
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
export function createMcpServer(
  deps: AppDeps,
  caller: Caller,
  /** The HTTP session (`Mcp-Session-Id`): with one, resources can be subscribed to. */
  sessionId?: string,
): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    instructions: SERVER_INSTRUCTIONS,
  });
  const tools = dataToolsOf(deps.marketList);
  server.server.registerCapabilities({ tools: {} });
  // The account's webhook tools act for a key's account: listed to key holders only. An OAuth
  // token's scope (mcp:read) reads data; it does not manage the account's webhooks.
  const accountTools = caller.kind === "key" ? WEBHOOK_TOOLS : [];
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
  registerSeriesResources(server, deps, caller, sessionId);
  return server;
}

/** MCP's "resource not found" error code (specification, Resources, "Error Handling"). */
const RESOURCE_NOT_FOUND = -32002;

/**
 * The series resources (`tpi://series/{market}/{series}`: a series' last published value, the
 * event that published it) and, on an HTTP session, their subscriptions.
 */
function registerSeriesResources(
  server: McpServer,
  deps: AppDeps,
  caller: Caller,
  sessionId: string | undefined,
): void {
  const seriesOf = (uri: string) => {
    const parsed = parseSeriesResourceUri(uri);
    const market = deps.marketList.find((candidate) => candidate.name === parsed?.market);
    if (parsed === undefined || market === undefined)
      throw new ProtocolError(
        INVALID_PARAMS,
        `Invalid resource '${uri.slice(0, 200)}': a series resource is ${SERIES_RESOURCE_TEMPLATE}, with a market of ${deps.marketList.map((m) => m.name).join(", ")}.`,
      );
    return { ...parsed, market };
  };
  server.registerResource(
    "series-value",
    new ResourceTemplate(SERIES_RESOURCE_TEMPLATE, { list: undefined }),
    {
      title: "A series' latest value",
      description:
        "The last value.settled, print.published or value.revised event of a series (the payload a webhook delivers). Subscribe to hear when it settles or is revised.",
      mimeType: "application/json",
    },
    async (uri) => {
      const { market, series } = seriesOf(uri.href);
      const event = await latestSeriesEvent(deps.db, market.name, series);
      if (event === null || !mayReceiveEvent([market], event, planOfCaller(caller)))
        throw new ProtocolError(
          RESOURCE_NOT_FOUND,
          `Resource not found: no value of ${market.name} series '${series}' is held for this key.`,
        );
      return {
        contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(event) }],
      };
    },
  );
  if (sessionId === undefined) return;
  // Declared to the callers that may subscribe only (a key's holder): a keyless or OAuth token's
  // session is told no, and its subscribe requests, should it send them, get the reason below.
  if (caller.kind === "key") server.server.registerCapabilities({ resources: { subscribe: true } });
  const session = (): { sessionId: string; keyId: string } => {
    if (caller.kind !== "key")
      throw new ProtocolError(
        INVALID_PARAMS,
        "Resource subscriptions need an API key: send Authorization: Bearer <API_KEY>.",
      );
    return { sessionId, keyId: caller.keyId };
  };
  /** The resource's one spelling, the one notifications name. */
  const canonical = (uri: string): string => {
    const { market, series } = seriesOf(uri);
    return seriesResourceUri(market.name, series);
  };
  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    const owner = session();
    const { market, series } = seriesOf(request.params.uri);
    // The series a webhook filter accepts: a market with a fixed list knows its keys.
    const served = validateEventFilter(
      { markets: [market.name], series: [series] },
      servedMarketSeries(deps.marketList),
    );
    if (!served.ok) throw new ProtocolError(INVALID_PARAMS, served.error.message);
    const outcome = await subscribeMcpResource(
      deps.db,
      { ...owner, uri: seriesResourceUri(market.name, series) },
      MAX_SUBSCRIPTIONS_PER_SESSION,
    );
    if (outcome === "unknown_session")
      throw new ProtocolError(INVALID_PARAMS, MCP_SESSION_MESSAGES.unknown);
    if (outcome === "limit")
      throw new ProtocolError(INVALID_PARAMS, MCP_SESSION_MESSAGES.tooManySubscriptions);
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    const owner = session();
    if (!(await unsubscribeMcpResource(deps.db, { ...owner, uri: canonical(request.params.uri) })))
      throw new ProtocolError(INVALID_PARAMS, MCP_SESSION_MESSAGES.unknown);
    return {};
  });
}

/**
 * Connects the server to a transport, with requests whose parameters do not fit their method
 * answered -32602 in a sentence before the SDK sees them (see `refuseInvalidParams`).
 */
export async function connectMcpServer(server: McpServer, transport: Transport): Promise<void> {
  await server.connect(transport);
  refuseInvalidParams(transport);
}
