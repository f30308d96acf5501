import {
  parseDayParameter,
  requiredParameterMessage,
  startAfterEndMessage,
  type UtcDay,
} from "@tpi/domain";
import { z } from "zod";
import { DAY_PATTERN, domainTransform } from "./input";

/**
 * The parameter vocabulary every route shares: a UTC day and a range of them, documented the
 * same way (format, pattern, example) and refused with the domain's messages. Markets build their
 * own catalog parameters (a lab, a GPU) the same way in their `parameters.ts`.
 */

/** The JSON Schema of a UTC day parameter, as every route documents it. */
export const DAY_PARAMETER_DOC = {
  format: "date",
  example: "2026-08-21",
  type: "string",
  pattern: DAY_PATTERN.source,
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

/** A range of two day parameters refuses a start after its end, in the domain's words. */
export function orderedRange<T extends { startDate?: UtcDay; endDate?: UtcDay }>(
  range: T,
  ctx: z.RefinementCtx<T>,
): void {
  const { startDate, endDate } = range;
  if (startDate !== undefined && endDate !== undefined && startDate > endDate)
    ctx.addIssue({ code: "custom", message: startAfterEndMessage(startDate, endDate) });
}
