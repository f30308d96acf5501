import {
  FREE_TIER_GPU_NAMES,
  FREE_TIER_LAB_IDS,
  FREE_WINDOW_MONTHS,
  GPU_FREE_WINDOW_MONTHS,
  GPU_INDEX_UNIT,
  GPU_NAMES,
  INVALID_GPU_MESSAGE,
  LAB_IDS,
  invalidLabMessage,
} from "@tpi/domain";
import { z } from "zod";
import type { Route } from "../http/route";
import { tokenTypesRoute } from "../../markets/token/routes/catalog";
import {
  dailyIndexAllRoute,
  gpuHistoryRoute,
  gpuIndexHistoryRoute,
  gpuLatestRoute,
  gpuTypesRoute,
} from "../../markets/gpu/routes/prices";
import { otpiRoute } from "../../markets/token/routes/otpi";
import {
  otpiConstituentsRoute,
  otpiMethodologyRoute,
  otpiRevisionsRoute,
} from "../../markets/token/routes/details";

/**
 * The data tools, one list for the MCP server (`/mcp`, `tpi mcp`) and the chat's model backend
 * (function calling). Each tool answers through a REST route's own definition (its parameter
 * parsing, access rules and service), so a tool and its route cannot disagree on a number, on
 * who may see it, or on the words of a refusal. Inputs are typed for a model; values reach the
 * route as the strings a query string would carry.
 */

/** Which subject a tool's answer is about: it decides the provenance attached to the result. */
export type ToolSubject = "token" | "gpu" | "catalog";

export type DataTool = {
  /** snake_case, as MCP clients and function-calling models expect. */
  name: string;
  title: string;
  /** Written for a model: what it returns, units, who may call it, when to use it. */
  description: string;
  input: z.ZodObject;
  /** The REST route the tool answers through; its `security` decides the tool's access. */
  route: Route;
  subject: ToolSubject;
  /** The route's path parameters and query string for these arguments. */
  request: (args: Record<string, unknown>) => {
    params: Record<string, string>;
    query: Record<string, string>;
  };
};

/** `keyless`: callable without a key, limited to what the free tier shows; `key`: needs an API key. */
export type ToolAccess = "keyless" | "key";

export function toolAccess(tool: DataTool): ToolAccess {
  return tool.route.security === "required" ? "key" : "keyless";
}

function defineTool<S extends z.ZodObject>(tool: {
  name: string;
  title: string;
  description: string;
  input: S;
  route: Route;
  subject: ToolSubject;
  request: (args: z.output<S>) => {
    params?: Record<string, string>;
    query?: Record<string, string>;
  };
}): DataTool {
  return {
    ...tool,
    request: (args) => {
      const { params = {}, query = {} } = tool.request(args as z.output<S>);
      return { params, query };
    },
  };
}

/** The query string of the arguments that were given (a model omits optional ones or sends null). */
function queryOf(args: Record<string, string | null | undefined>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(args))
    if (value !== undefined && value !== null) query[name] = value;
  return query;
}

const FREE_LABS = FREE_TIER_LAB_IDS.join(", ");
const FREE_GPUS = FREE_TIER_GPU_NAMES.join(", ");

const day = (what: string) =>
  z.string().describe(`${what}, a UTC calendar day as YYYY-MM-DD (for example 2026-03-01).`);
/**
 * The catalog enums, refusing an unknown value in the REST route's 400 words (which list the
 * allowed values) rather than the schema library's generic text.
 */
const labEnum = () =>
  z.enum(LAB_IDS as [string, ...string[]], {
    error: (issue) => invalidLabMessage(String(issue.input)),
  });
const gpuEnum = () =>
  z.enum(GPU_NAMES as [string, ...string[]], { error: () => INVALID_GPU_MESSAGE });
const lab = labEnum().describe(`Model lab identifier. Keyless callers may use only: ${FREE_LABS}.`);
const gpuName = gpuEnum().describe(
  `GPU model exactly as listed. Keyless callers may use only: ${FREE_GPUS}.`,
);

const KEY_NEEDED = "Needs an API key.";
const TOKEN_FREE_TIER = `Without an API key: only the free-tier labs (${FREE_LABS}) and the trailing ${FREE_WINDOW_MONTHS} month; anything else is refused with the REST 401 text.`;

export const DATA_TOOLS: readonly DataTool[] = [
  defineTool({
    name: "get_token_index",
    title: "Token price index",
    description: `The token price index: the daily, volume-weighted blended price per lab in USD per million tokens (GET /api/otpi). No dates: the latest settled day. 'date': that one day. 'startDate' with 'endDate': every settled day in the range, oldest first. 'lab' restricts to one lab. Rows carry the settlement date and computedAt. ${TOKEN_FREE_TIER}`,
    input: z.object({
      lab: lab.optional(),
      date: day("One settlement day").optional(),
      startDate: day("First day of a range, inclusive; use with endDate").optional(),
      endDate: day("Last day of a range, inclusive; use with startDate").optional(),
    }),
    route: otpiRoute,
    subject: "token",
    request: (args) => ({ query: queryOf(args) }),
  }),
  defineTool({
    name: "get_token_index_constituents",
    title: "Constituents of a lab-day",
    description: `Every model considered for one lab on one settled day: its prices (USD per million tokens), token volumes, weight in the blend or why it was excluded, with the day's coverage, data source and methodology version (GET /api/otpi/constituents). Use it to explain why an index value is what it is. ${TOKEN_FREE_TIER}`,
    input: z.object({ date: day("The settlement day"), lab }),
    route: otpiConstituentsRoute,
    subject: "token",
    request: (args) => ({ query: queryOf(args) }),
  }),
  defineTool({
    name: "get_token_methodology",
    title: "Token index methodology",
    description:
      "The token index methodology in force: formula, eligibility, data sufficiency, settlement lag, restatement policy, price bases, data sources with citations and licence, and version history (GET /api/otpi/methodology). Free for everyone.",
    input: z.object({}),
    route: otpiMethodologyRoute,
    subject: "token",
    request: () => ({}),
  }),
  defineTool({
    name: "get_token_index_revisions",
    title: "Revision log",
    description: `Every restatement of a settled token index value, oldest first: old and new value, change in percent, reason, time and methodology version (GET /api/otpi/revisions). Optional range and lab filter. An empty list means nothing was restated. ${KEY_NEEDED}`,
    input: z.object({
      startDate: day("First settlement day, inclusive").optional(),
      endDate: day("Last settlement day, inclusive").optional(),
      lab: labEnum().describe("Model lab identifier.").optional(),
    }),
    route: otpiRevisionsRoute,
    subject: "token",
    request: (args) => ({ query: queryOf(args) }),
  }),
  defineTool({
    name: "get_gpu_price_latest",
    title: "Latest GPU print",
    description: `The latest hourly print of one GPU's compute price index in ${GPU_INDEX_UNIT} (GET /api/gpu/{gpuName}). Prints are published every hour on the hour. Without an API key: only ${FREE_GPUS}.`,
    input: z.object({ gpuName }),
    route: gpuLatestRoute,
    subject: "gpu",
    request: (args) => ({ params: { gpuName: args.gpuName } }),
  }),
  defineTool({
    name: "get_gpu_daily_index_all",
    title: "Latest daily GPU values",
    description: `The latest settled daily value of every GPU the caller may see, in ${GPU_INDEX_UNIT} (GET /api/daily-index/all). Daily values settle at 4 PM America/New_York. Without an API key: only ${FREE_GPUS}.`,
    input: z.object({}),
    route: dailyIndexAllRoute,
    subject: "gpu",
    request: () => ({}),
  }),
  defineTool({
    name: "get_gpu_price_at",
    title: "GPU print nearest an instant",
    description: `The hourly GPU print nearest a given instant, in ${GPU_INDEX_UNIT} (GET /api/gpu/{gpuName}/history). Never fails for an out-of-range time: read 'time_difference' (seconds between the asked instant and the print) and 'is_exact' before quoting the value as the price at that time. ${KEY_NEEDED}`,
    input: z.object({
      gpuName: gpuEnum().describe("GPU model exactly as listed."),
      datetime: z
        .string()
        .describe(
          "The instant: 'YYYY-MM-DD HH:MM:SS' (UTC) or ISO 8601 (UTC unless an offset is given).",
        ),
    }),
    route: gpuHistoryRoute,
    subject: "gpu",
    request: ({ gpuName: name, datetime }) => ({
      params: { gpuName: name },
      query: queryOf({ datetime }),
    }),
  }),
  defineTool({
    name: "get_gpu_index_history",
    title: "Daily GPU index history",
    description: `One GPU's settled daily values in ${GPU_INDEX_UNIT}, oldest first (GET /api/gpu/{gpuName}/index-history). Without an API key: only ${FREE_GPUS} and the trailing ${GPU_FREE_WINDOW_MONTHS} months; an earlier startDate is refused with the REST 401 text.`,
    input: z.object({
      gpuName,
      startDate: day("First day, inclusive").optional(),
      endDate: day("Last day, inclusive").optional(),
    }),
    route: gpuIndexHistoryRoute,
    subject: "gpu",
    request: ({ gpuName: name, ...range }) => ({
      params: { gpuName: name },
      query: queryOf(range),
    }),
  }),
  defineTool({
    name: "list_token_labs",
    title: "Lab catalog",
    description:
      "Every tracked model lab with its display name and whether it is on the free tier (GET /api/token-types). Free for everyone.",
    input: z.object({}),
    route: tokenTypesRoute,
    subject: "catalog",
    request: () => ({}),
  }),
  defineTool({
    name: "list_gpus",
    title: "GPU catalog",
    description: `Every tracked GPU model (GET /api/gpu-types). The free tier covers ${FREE_GPUS}. Free for everyone.`,
    input: z.object({}),
    route: gpuTypesRoute,
    subject: "catalog",
    request: () => ({}),
  }),
];

export function findTool(name: string): DataTool | undefined {
  return DATA_TOOLS.find((tool) => tool.name === name);
}
