import { z } from "zod";
import type { Caller } from "../auth/api-key-authenticator";
import type { ChatToolbox, FunctionTool, ChatSource } from "../core/chat";
import type { AppDeps } from "../core/deps";
import { runTool, type ToolOutcome } from "../mcp/tool-runner";
import { dataToolsOf, type DataTool } from "../mcp/tools";
import type { Market } from "../core/market";

/**
 * The data tools as the chat's model backend calls them: the OpenAI `tools` entries generated
 * from the same zod schemas the MCP server validates with, each call run with the chat caller's
 * access, and the successful calls kept as the answer's sources.
 */

/** A tool result larger than this is refused to the model (ask for a narrower range instead). */
export const TOOL_RESULT_MAX_CHARS = 24_000;

/** The OpenAI function-calling entry of a tool: its input schema as JSON Schema. */
export function functionToolOf(tool: DataTool): FunctionTool {
  // An argument's schema is its route parameter's (its `meta`); the scalar check beneath it
  // has no JSON Schema of its own.
  const { $schema: _dialect, ...parameters } = z.toJSONSchema(tool.input, {
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return {
    type: "function",
    function: { name: tool.name, description: tool.description, parameters },
  };
}

const functionToolsByMarketList = new WeakMap<readonly Market[], readonly FunctionTool[]>();

/** Every tool's entry, generated once per market list (the schemas never change while the process runs). */
export function functionToolsOf(markets: readonly Market[]): readonly FunctionTool[] {
  let entries = functionToolsByMarketList.get(markets);
  if (entries === undefined) {
    entries = dataToolsOf(markets).map(functionToolOf);
    functionToolsByMarketList.set(markets, entries);
  }
  return entries;
}

export type RecordingToolbox = ChatToolbox & {
  /** The tool results the model was given, as chat sources, in the order it asked for them. */
  sources(): ChatSource[];
};

export function chatToolbox(
  deps: AppDeps,
  caller: Caller,
  maxResultChars = TOOL_RESULT_MAX_CHARS,
): RecordingToolbox {
  const sources: ChatSource[] = [];
  const tools = dataToolsOf(deps.marketList);
  return {
    tools: functionToolsOf(deps.marketList),
    async call(name, argumentsJson) {
      const tool = tools.find((candidate) => candidate.name === name);
      if (tool === undefined)
        return refusal(`Unknown tool '${name}'. Tools: ${tools.map((t) => t.name).join(", ")}.`);
      const args = argumentsOf(tool, argumentsJson);
      if (!args.ok) return refusal(args.message);
      const outcome = await runTool(tool, args.value, deps, caller);
      if (!outcome.ok) return { content: JSON.stringify(outcome.error) };
      const content = JSON.stringify({ data: outcome.data, source: outcome.source });
      if (content.length > maxResultChars)
        return refusal(
          `The result is larger than ${maxResultChars} characters; ask for a shorter range or one lab or GPU.`,
        );
      sources.push(chatSourceOf(tool, outcome));
      return { content };
    },
    sources: () => [...sources],
  };
}

const refusal = (message: string) => ({
  content: JSON.stringify({ error: "Bad request", message }),
});

/** The model's JSON arguments, validated by the tool's schema (the MCP server does the same). */
function argumentsOf(
  tool: DataTool,
  json: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  let raw: unknown;
  try {
    raw = json.trim() === "" ? {} : JSON.parse(json);
  } catch {
    return { ok: false, message: `The arguments of ${tool.name} are not valid JSON.` };
  }
  const parsed = tool.input.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    message: `Invalid arguments for ${tool.name}: ${issue?.path.join(".") || "arguments"}: ${issue?.message ?? "invalid"}.`,
  };
}

type SourceValue = string | number | boolean | null;

/** The REST route a result came from (as the built-in engine names it), with its rows' flat fields, which carry the dates. */
function chatSourceOf(tool: DataTool, outcome: Extract<ToolOutcome, { ok: true }>): ChatSource {
  const data = (outcome.data as { data?: unknown } | null)?.data;
  const rows = Array.isArray(data) ? data : data === undefined ? [outcome.data] : [data];
  return {
    tool: tool.name,
    endpoint: tool.route.path,
    parameters: outcome.source.parameters,
    values: rows.map((row) => {
      const flat: Record<string, SourceValue> = {};
      for (const [field, value] of Object.entries((row ?? {}) as Record<string, unknown>))
        if (value === null || ["string", "number", "boolean"].includes(typeof value))
          flat[field] = value as SourceValue;
      return flat;
    }),
  };
}
