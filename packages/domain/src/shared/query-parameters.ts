import { parseUtcDay, type UtcDay } from "./calendar";
import { apiKeyRequired, badRequest, type DomainError } from "./errors";
import { err, ok, type Result } from "./result";

/**
 * Query-parameter rules every index shares: single values only, no unknown names, real calendar
 * days, ordered ranges, and the 401 text for items outside the free tier. Each message is written
 * here once; the index query modules and the api's schemas call these.
 */

/** Query values as an HTTP framework hands them over: repeated keys become arrays. */
export type RawQuery = Record<string, unknown>;

/**
 * Rejects unknown and repeated parameters by name, then validates each value. Parameter names
 * are case-sensitive, like the lab identifiers.
 */
export function readSingleParameters<const Names extends readonly string[]>(
  raw: RawQuery,
  allowed: Names,
): Result<Partial<Record<Names[number], string>>, DomainError> {
  const values: Partial<Record<string, string>> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (!allowed.includes(name)) {
      return err(
        badRequest(
          `Unknown query parameter '${name}'. Allowed parameters: ${allowed.join(", ") || "none"}.`,
        ),
      );
    }
    if (Array.isArray(value))
      return err(badRequest(`Query parameter '${name}' was given more than once.`));
    if (typeof value !== "string")
      return err(badRequest(`Query parameter '${name}' must be a single string value.`));
    values[name] = value;
  }
  return ok(values as Partial<Record<Names[number], string>>);
}

/**
 * A query's parser: the raw query read by readSingleParameters (an unknown or repeated
 * parameter is refused before any value is looked at), then its single values parsed by `parse`.
 */
export function singleParameterQuery<const Names extends readonly string[], Query>(
  allowed: Names,
  parse: (values: Partial<Record<Names[number], string>>) => Result<Query, DomainError>,
): (raw: RawQuery) => Result<Query, DomainError> {
  return (raw) => {
    const values = readSingleParameters(raw, allowed);
    return values.ok ? parse(values.value) : values;
  };
}

/** The one text for a day that is not a real `YYYY-MM-DD` calendar day; `what` names where it was given. */
export function invalidDayMessage(what: string, value: string): string {
  return `${what} must be a real calendar date in YYYY-MM-DD format; got '${value}'.`;
}

/** The 400 text for a day parameter that is not a real `YYYY-MM-DD` calendar day. */
export function invalidDayParameterMessage(name: string, value: string): string {
  return invalidDayMessage(`Query parameter '${name}'`, value);
}

/** Bad records of an import file reported by line number and reason (the rest are only counted). */
export const MAX_REPORTED_RECORD_ERRORS = 50;

/** A day query parameter through the one day validator (`parseUtcDay`). */
export function parseDayParameter(name: string, value: string): Result<UtcDay, DomainError> {
  const day = parseUtcDay(value);
  return day === undefined ? err(badRequest(invalidDayParameterMessage(name, value))) : ok(day);
}

/** The 400 text for a range whose start comes after its end. */
export function startAfterEndMessage(startDate: UtcDay, endDate: UtcDay): string {
  return `'startDate' (${startDate}) is after 'endDate' (${endDate}).`;
}

/**
 * The 401 for a keyless caller asking for an item outside the free tier (`kind` is "lab" or
 * "GPU"), naming what is free.
 */
export function freeTierKeyRequired(
  kind: string,
  name: string,
  freeTier: readonly string[],
): DomainError {
  return apiKeyRequired(
    `An API key is required for ${kind} '${name}': without a key only ${freeTier.join(", ")} are available.`,
  );
}

/** The 400 text for a required query parameter that was not sent. */
export function requiredParameterMessage(name: string): string {
  return `Query parameter '${name}' is required.`;
}
