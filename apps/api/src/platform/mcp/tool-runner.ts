import {
  DomainError,
  clampOpenRange,
  clampedRangeNotice,
  err,
  utcDayOf,
  type ClampedRange,
  type Result,
} from "@tpi/domain";
import { isDatabaseUnavailable } from "@tpi/db";
import type { Caller } from "../auth/api-key-authenticator";
import type { AppDeps } from "../core/deps";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../http/errors";
import { runRoute } from "../http/run-route";
import { clampsOpenRange, requestOf, toolAccess, type DataTool } from "./tools";
import type { ToolError, ToolSource } from "./tool-source";

/**
 * Runs a data tool for a caller: the route's own checks in the route's order (key, path
 * parameters, path access, query, then the settled answer), so the answer and every refusal are
 * the REST route's. The result names where it came from: the REST call that returns the same
 * body, its dates, the methodology version and the sources behind the data (for token data with
 * citation and licence; for GPU data whether the trades are the generated sample), and who
 * called (keyless, or a key and its plan) beside what the tool needs. A keyed call with an
 * open-ended range is answered over the clamped range, which the result states.
 */

export type { ToolSource } from "./tool-source";

export type ToolOutcome =
  | { ok: true; data: unknown; source: ToolSource }
  | { ok: false; error: ToolError };

export async function runTool(
  tool: DataTool,
  args: Readonly<Record<string, unknown>>,
  deps: AppDeps,
  caller: Caller,
): Promise<ToolOutcome> {
  const clamped = clampedRangeOf(tool, args, deps, caller);
  const request = requestOf(tool, clamped === undefined ? args : { ...args, ...clamped });
  let result: Result<unknown, DomainError>;
  try {
    result = await runRoute(tool.route, request, caller, deps);
  } catch (error) {
    result = err(unexpected(error, tool, deps));
  }
  if (!result.ok)
    return { ok: false, error: { error: result.error.label, message: result.error.message } };
  return {
    ok: true,
    data: result.value,
    source: {
      ...sourceOf(tool, request, result.value, caller, deps),
      clampedRange:
        clamped === undefined ? null : { ...clamped, notice: clampedRangeNotice(clamped) },
    },
  };
}

/**
 * The one open-range rule of every data tool: a tool that clamps (`clampsOpenRange`) is asked
 * over the clamped range when a keyed caller leaves an end open. A keyless caller is already
 * bounded by the free tier's trailing window (a month or three), shorter than the clamp.
 */
function clampedRangeOf(
  tool: DataTool,
  args: Readonly<Record<string, unknown>>,
  deps: AppDeps,
  caller: Caller,
): ClampedRange | undefined {
  // A signed-in caller (an OAuth token) is clamped as a key of its plan.
  if (caller.kind === "anonymous" || !clampsOpenRange(tool)) return undefined;
  return clampOpenRange(
    { startDate: args["startDate"], endDate: args["endDate"] },
    utcDayOf(deps.clock()),
  );
}

/** A thrown error as REST words it: a database outage is the 503 text, anything else logged and never shown. */
function unexpected(error: unknown, tool: DataTool, deps: AppDeps): DomainError {
  if (error instanceof DomainError) return error;
  if (deps.databaseHealth.reportFailure(error) || isDatabaseUnavailable(error))
    return new DomainError("unavailable", DATABASE_UNAVAILABLE_MESSAGE);
  deps.log.error("unhandled error in a data tool", {
    tool: tool.name,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return new DomainError("internal", "An unexpected error occurred. It has been logged.");
}

function sourceOf(
  tool: DataTool,
  request: ReturnType<typeof requestOf>,
  body: unknown,
  caller: Caller,
  deps: AppDeps,
): Omit<ToolSource, "clampedRange"> {
  const endpoint = tool.route.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(request.params[name] ?? ""),
  );
  const common = {
    tool: tool.name,
    access: {
      caller: caller.kind === "anonymous" ? ("keyless" as const) : ("key" as const),
      plan: caller.kind === "anonymous" ? null : caller.plan,
      tool: toolAccess(tool),
    },
    endpoint,
    parameters: { ...request.params, ...stringsOf(request.query) },
    dates: datesOf(body),
  };
  if (tool.market === undefined) return { ...common, unit: null, methodologyVersion: null };
  return { ...common, ...deps.markets.get(tool.market).provenance() };
}

/** The query as the strings a URL carried (the route refused anything else). */
function stringsOf(query: Readonly<Record<string, unknown>>): Record<string, string> {
  const strings: Record<string, string> = {};
  for (const [name, value] of Object.entries(query))
    if (typeof value === "string") strings[name] = value;
  return strings;
}

/** The row fields that date a value: token rows' `date`, GPU rows' instants. */
const DATE_FIELDS = ["date", "timestamp", "last_updated", "restatedAt"] as const;

function datesOf(body: unknown): { first: string; last: string } | null {
  const data = (body as { data?: unknown } | null)?.data;
  const rows = Array.isArray(data) ? data : data === undefined ? [body] : [data];
  const found: string[] = [];
  for (const row of rows) {
    if (row === null || typeof row !== "object") continue;
    for (const field of DATE_FIELDS) {
      const value = (row as Record<string, unknown>)[field];
      if (typeof value === "string") {
        found.push(value);
        break;
      }
    }
  }
  if (found.length === 0) {
    const top = (body as { date?: unknown } | null)?.date;
    return typeof top === "string" ? { first: top, last: top } : null;
  }
  found.sort();
  return { first: found[0] ?? "", last: found.at(-1) ?? "" };
}
