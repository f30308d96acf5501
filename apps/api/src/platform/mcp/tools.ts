import { z } from "zod";
import { queryShape } from "../http/input";
import type { Route } from "../http/route";
import type { Market } from "../core/market";

/**
 * The data tools, one list for the MCP server (`/mcp`, `tpi mcp`) and the chat's model backend
 * (function calling), generated from the routes that declare a `tool`: a tool's input is its
 * route's path and query parameters (names, descriptions, formats and allowed values from the
 * route's schemas), and its answer is the route's, through the same pipeline (`runRoute`). So a
 * tool and its route cannot disagree on a number, on who may see it, or on the words of a
 * refusal, and a parameter added to a route appears in its tool.
 */

export type DataTool = {
  /** snake_case, as MCP clients and function-calling models expect. */
  name: string;
  title: string;
  /** Written for a model: what it returns, units, the REST route, who may call it. */
  description: string;
  /** Strings, as a query string carries them; validated by the route, not here. */
  input: z.ZodObject;
  /** The REST route the tool answers through; its `security` decides the tool's access. */
  route: Route;
  /** The market whose provenance (unit, methodology, sources) results carry; none for catalogs. */
  market: string | undefined;
};

/** `keyless`: callable without a key, limited to what the free tier shows; `key`: needs an API key. */
export type ToolAccess = "keyless" | "key";

export function toolAccess(tool: DataTool): ToolAccess {
  return tool.route.security === "required" ? "key" : "keyless";
}

/** The sentence every keyed tool ends with (a model reads it to know what to ask for). */
export const KEY_NEEDED = "Needs an API key.";

/**
 * A route parameter as a tool argument: a string (optional when the route's is) described by the
 * route's own JSON Schema of it, so a model sees the same formats and allowed values as /docs.
 */
function argumentOf(field: z.ZodType, required: boolean): z.ZodType {
  const { $schema: _dialect, ...documented } = z.toJSONSchema(field, {
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  const argument = z.string().meta(documented);
  return required ? argument : argument.optional();
}

function inputOf(route: Route): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(route.params?.shape ?? {}))
    shape[name] = argumentOf(field as z.ZodType, true);
  for (const [name, field] of Object.entries(route.query ? queryShape(route.query) : {}))
    shape[name] = argumentOf(
      field as z.ZodType,
      !(field as z.ZodType).safeParse(undefined).success,
    );
  // Unknown arguments reach the route, which refuses them by name as REST does.
  return z.looseObject(shape);
}

function accessSentence(route: Route): string {
  if (route.security === "required") return KEY_NEEDED;
  if (route.security === "none") return "Free for everyone.";
  return route.tool?.access ?? route.docs.access ?? "";
}

const toolsByMarketList = new WeakMap<readonly Market[], readonly DataTool[]>();

/** Every market's tools, in market order, then route order; built once per market list. */
export function dataToolsOf(markets: readonly Market[]): readonly DataTool[] {
  const built = toolsByMarketList.get(markets);
  if (built !== undefined) return built;
  const tools = buildTools(markets);
  toolsByMarketList.set(markets, tools);
  return tools;
}

function buildTools(markets: readonly Market[]): DataTool[] {
  const tools: DataTool[] = [];
  const names = new Set<string>();
  for (const market of markets)
    for (const route of market.routes) {
      const tool = route.tool;
      if (tool === undefined) continue;
      if (route.method !== "get" || route.settled === undefined || route.admit !== undefined)
        throw new Error(`${route.path}: tools answer through settled GET routes without admit`);
      if (names.has(tool.name)) throw new Error(`two tools are named '${tool.name}'`);
      names.add(tool.name);
      tools.push({
        name: tool.name,
        title: tool.title,
        description: [`${tool.description} (GET ${route.path}).`, accessSentence(route)]
          .filter((sentence) => sentence !== "")
          .join(" "),
        input: inputOf(route),
        route,
        market: tool.catalog ? undefined : market.name,
      });
    }
  return tools;
}

/** The route's path parameters and query string for a tool's arguments (absent ones left out). */
export function requestOf(
  tool: DataTool,
  args: Readonly<Record<string, unknown>>,
): { params: Record<string, string>; query: Record<string, unknown> } {
  const pathNames = new Set(Object.keys(tool.route.params?.shape ?? {}));
  const params: Record<string, string> = {};
  const query: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined) continue;
    if (pathNames.has(name)) params[name] = String(value);
    else query[name] = value;
  }
  return { params, query };
}
