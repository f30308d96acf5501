import { OPEN_RANGE_MAX_DAYS } from "@tpi/domain";
import { z } from "zod";
import { queryShape } from "../http/input";
import type { Route } from "../core/route";
import type { Market } from "../core/market";
import { toolErrorSchema, toolSourceSchema, type ToolAccess } from "./tool-source";

export type { ToolAccess } from "./tool-source";

/**
 * The data tools, one list for the MCP server (`/mcp`, `tpi mcp`) and the chat's model backend
 * (function calling), generated from the routes that declare a `tool`: a tool's input is its
 * route's path and query parameters (names, descriptions, formats and allowed values from the
 * route's schemas), its answer is the route's, through the same pipeline (`runRoute`), and its
 * output schema is the route's 200 body beside the result's `source`. So a tool and its route
 * cannot disagree on a number, on who may see it, on the words of a refusal or on the shape of an
 * answer, and a parameter added to a route appears in its tool.
 */

export type DataTool = {
  /** snake_case, as MCP clients and function-calling models expect. */
  name: string;
  title: string;
  /** Written for a model: what it returns, units, the REST route, who may call it. */
  description: string;
  /**
   * Scalars (JSON strings, numbers, booleans), each passed to the route as the string a query
   * string would carry; validated by the route, not here.
   */
  input: z.ZodObject;
  /**
   * A result's structured content: `{ data: <the route's 200 body>, source }`, or for a refusal
   * the REST error body `{ error, message }`.
   */
  output: z.ZodType;
  /** The REST route the tool answers through; its `security` decides the tool's access. */
  route: Route;
  /** The market whose provenance (unit, methodology, sources) results carry; none for catalogs. */
  market: string | undefined;
};

export function toolAccess(tool: DataTool): ToolAccess {
  return tool.route.security === "required" ? "key" : "keyless";
}

/** The sentence every keyed tool ends with (a model reads it to know what to ask for). */
export const KEY_NEEDED = "Needs an API key.";

/** What one argument may be: a JSON scalar. Arrays and objects reach the route, which refuses them. */
type ScalarArgument = string | number | boolean;

function isScalarArgument(value: unknown): value is ScalarArgument {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/**
 * A route parameter as a tool argument (optional when the route's is), described by the route's
 * own JSON Schema of it, so a model sees the same formats and allowed values as /docs. Where that
 * schema says `integer` (a `limit`, a `windowDays`), a client following it sends a JSON number:
 * it is accepted as the string a query string would carry ("30"), and the route validates it.
 */
function argumentOf(field: z.ZodType, required: boolean): z.ZodType {
  const { $schema: _dialect, ...documented } = z.toJSONSchema(field, {
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  const argument = z
    .custom<ScalarArgument>(isScalarArgument, "must be a string, a number or a boolean")
    .meta(documented);
  return required ? argument : argument.optional();
}

/** A scalar argument as a query string carries it; anything else as it came (the route refuses it). */
function queryValueOf(value: unknown): unknown {
  return typeof value === "number" || typeof value === "boolean" ? String(value) : value;
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

/** What `structuredContent` holds: the route's 200 body beside the result's source, or a refusal's error body. */
function outputOf(route: Route): z.ZodType {
  const body = route.responses[200]?.schema;
  if (body === undefined) throw new Error(`${route.path}: a tool's route documents its 200 body`);
  return z.union([z.object({ data: body, source: toolSourceSchema }), toolErrorSchema]);
}

/**
 * Whether a tool clamps an open-ended range: its route takes an optional `startDate` and
 * `endDate` and would answer an open range with all it has (no `boundsOpenRange`).
 */
export function clampsOpenRange(tool: Pick<DataTool, "input" | "route">): boolean {
  const shape: Readonly<Record<string, z.ZodType | undefined>> = tool.input.shape;
  const { startDate, endDate } = shape;
  return (
    tool.route.tool?.boundsOpenRange !== true &&
    startDate?.isOptional() === true &&
    endDate?.isOptional() === true
  );
}

/** What a clamping tool tells a model about an open range. */
export const OPEN_RANGE_SENTENCE = `With a key, a call without both \`startDate\` and \`endDate\` is answered over a trailing window of at most ${OPEN_RANGE_MAX_DAYS} days (from \`startDate\`, or ending on \`endDate\` or today), stated in \`source.clampedRange\`; send both for another range.`;

function accessSentence(route: Route): string {
  // A keyed route may narrow further (a plan): its tool says so after the key sentence.
  if (route.security === "required")
    return route.tool?.access === undefined ? KEY_NEEDED : `${KEY_NEEDED} ${route.tool.access}`;
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
      // Without a query schema a route would ignore the arguments it does not know.
      if (route.query === undefined)
        throw new Error(
          `${route.path}: a tool's route declares its query (noQuerySchema for none)`,
        );
      if (names.has(tool.name)) throw new Error(`two tools are named '${tool.name}'`);
      names.add(tool.name);
      const input = inputOf(route);
      const clamps = clampsOpenRange({ input, route });
      tools.push({
        name: tool.name,
        title: tool.title,
        description: [
          `${tool.description} (GET ${route.path}).`,
          clamps ? OPEN_RANGE_SENTENCE : "",
          accessSentence(route),
        ]
          .filter((sentence) => sentence !== "")
          .join(" "),
        input,
        output: outputOf(route),
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
    if (pathNames.has(name))
      params[name] = typeof value === "string" ? value : JSON.stringify(value);
    else query[name] = queryValueOf(value);
  }
  return { params, query };
}
