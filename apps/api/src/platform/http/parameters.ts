import {
  UTC_DAY_PATTERN,
  parseDayParameter,
  type DomainError,
  type RawQuery,
  type Result,
  requiredParameterMessage,
  startAfterEndMessage,
  type UtcDay,
} from "@tpi/domain";
import { z } from "zod";
import { domainTransform } from "./input";

/**
 * The parameter vocabulary every route shares: a UTC day and a range of them, documented the
 * same way (format, pattern, example) and refused with the domain's messages. Markets build their
 * own catalog parameters (a lab, a GPU) the same way in their `parameters.ts`.
 */

/**
 * The JSON Schema of a UTC day parameter, as every route documents it: its pattern is the
 * domain's, which matches exactly the real calendar days the one day parser accepts (so an empty
 * value, 2026-02-30 or 0000-01-01 is invalid by the document as by the server).
 */
export const DAY_PARAMETER_DOC = {
  format: "date",
  example: "2026-08-21",
  type: "string",
  minLength: 10,
  maxLength: 10,
  pattern: UTC_DAY_PATTERN.source,
} as const;

/** The refusal of a missing required parameter, in the domain's words; zod's own otherwise. */
export const requiredParameter = (name: string) => (issue: { input: unknown }) =>
  issue.input === undefined ? requiredParameterMessage(name) : undefined;

/**
 * A UTC day parameter (`YYYY-MM-DD`, a real calendar day) checked by the domain's one day parser,
 * so its refusal is the same on every route. Required; `.optional()` where it is not.
 */
export function dayParameter(name: string, description: string) {
  return z
    .string({ error: requiredParameter(name) })
    .meta({ ...DAY_PARAMETER_DOC, description })
    .transform(domainTransform((value: string) => parseDayParameter(name, value)));
}

/**
 * A day parameter whose value the route's own query parser checks (with the same domain
 * function): documented here, not parsed twice. Required; `.optional()` where it is not.
 */
export function documentedDayParameter(name: string, description: string) {
  return z.string({ error: requiredParameter(name) }).meta({ ...DAY_PARAMETER_DOC, description });
}

/**
 * A parameter taking one of a list of values (a category, a lab, a scope), documented with the
 * list and checked by the route's own query parser, whose refusal names the values. Required;
 * `.optional()` where it is not.
 */
export function choiceParameter(name: string, values: readonly string[], description: string) {
  return z
    .string({ error: requiredParameter(name) })
    .meta({ description, type: "string", enum: [...values] });
}

/**
 * The optional `startDate` and `endDate` of a dated query, each documented as the market counts
 * its days (UTC days, trading days) and checked by the route's own query parser.
 */
export function optionalDayRangeParameters(describe: { startDate: string; endDate: string }) {
  return {
    startDate: documentedDayParameter("startDate", describe.startDate).optional(),
    endDate: documentedDayParameter("endDate", describe.endDate).optional(),
  };
}

/**
 * A history's `limit`, documented as the dated query reads it (the domain's `parseRowLimit`): the
 * latest rows of the range, a whole number from 1 to `max`, `default` when absent.
 */
export function rowLimitParameter(limit: { default: number; max: number }) {
  return z
    .string()
    .meta({
      description: `Most rows returned (the latest ones of the range, still oldest first): a whole number from 1 to ${limit.max}; default ${limit.default}.`,
      type: "integer",
      minimum: 1,
      maximum: limit.max,
      example: limit.default,
    })
    .optional();
}

/** A range of two day parameters refuses a start after its end, in the domain's words. */
export function orderedRange<T extends { startDate?: UtcDay; endDate?: UtcDay }>(
  range: T,
  ctx: z.RefinementCtx<T>,
): void {
  const { startDate, endDate } = range;
  if (startDate !== undefined && endDate !== undefined && startDate > endDate)
    ctx.addIssue({ code: "custom", message: startAfterEndMessage(startDate, endDate) });
}

/** The key of a query object's metadata that makes its parameters alternatives (see below). */
const ALTERNATIVES = "parameterAlternatives";

/** How the OpenAPI document describes a query whose parameters are alternatives. */
export type ParameterAlternatives = {
  /** The name of the one object parameter the query is documented as. */
  group: string;
  description: string;
  /** At least one is given; when several are, they must be equal. */
  names: readonly string[];
  /** The values each of them may take. */
  values: readonly string[];
};

/**
 * A query whose parameters name one thing in alternative ways (a name and its alias): at least
 * one of `names` is required, and several only when equal. OpenAPI parameters are each required
 * or not and cannot say "one of these", so the document describes such a query as one object
 * parameter (`style: form`, `explode: true`: the same `?gpuType=H200` query string) whose JSON
 * Schema says it. The rule itself stays the route's (its domain parser).
 */
export function alternativeParameters<Shape extends z.ZodRawShape>(
  shape: Shape,
  alternatives: ParameterAlternatives & { names: readonly (keyof Shape & string)[] },
): z.ZodObject<Shape> {
  return z.object(shape).meta({ [ALTERNATIVES]: alternatives });
}

export function parameterAlternativesOf(query: z.ZodObject): ParameterAlternatives | undefined {
  return z.globalRegistry.get(query)?.[ALTERNATIVES] as ParameterAlternatives | undefined;
}

/**
 * A route's query over the domain's list of its parameters: one documented schema for each
 * parameter the list names, no other (the types check both ways), piped into the domain's
 * parser, which owns the order and the text of every 400.
 */
export function domainQuery<
  const Names extends readonly string[],
  Shape extends Record<Names[number], z.ZodType>,
  Query,
>(
  _parameters: Names,
  shape: Shape & Record<Exclude<keyof Shape, Names[number]>, never>,
  parse: (raw: RawQuery) => Result<Query, DomainError>,
) {
  return z.object(shape).transform(domainTransform(parse));
}
