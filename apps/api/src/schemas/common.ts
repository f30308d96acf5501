import {
  badRequest,
  readSingleParameters,
  type DomainError,
  type RawQuery,
  type Result,
  err,
  ok,
} from "@tpi/domain";
import { z } from "zod";

/** The contract's error body (section 2.5). */
export const errorBodySchema = z
  .object({
    error: z.string().meta({ description: "Short error label", example: "Bad request" }),
    message: z.string().meta({ description: "Human-readable explanation" }),
  })
  .meta({ id: "ErrorBody" });

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` in a response. */
export const daySchema = z
  .string()
  .regex(DAY_PATTERN)
  .meta({ format: "date", example: "2026-08-21" });

/** A `YYYY-MM-DD` query parameter named `name` (real calendar validation happens in the domain rules). */
export const dayParamSchema = (name: string) =>
  z
    .string()
    .regex(DAY_PATTERN, { error: `Query parameter '${name}' must be a date in YYYY-MM-DD format.` })
    .meta({ format: "date", example: "2026-08-21" });

/** An ISO 8601 UTC instant with milliseconds, as every timestamp in our responses. */
export const instantSchema = z
  .string()
  .meta({ format: "date-time", example: "2026-08-21T20:00:00.000Z" });

/**
 * Validates a query string against a schema of optional string fields: unknown and repeated
 * parameters are refused by name first (the same rule as every route), then each value is
 * checked by the schema; the first problem becomes a 400 `Bad request` with the schema's message.
 */
export function parseQuery<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  raw: RawQuery,
): Result<z.output<z.ZodObject<Shape>>, DomainError> {
  const single = readSingleParameters(raw, Object.keys(schema.shape));
  if (!single.ok) return single;
  const parsed = schema.safeParse(single.value);
  if (!parsed.success)
    return err(badRequest(parsed.error.issues[0]?.message ?? "Invalid query parameters."));
  return ok(parsed.data);
}

/** Validates one value (a path parameter, a body) against a schema; the first issue's message becomes a 400. */
export function parseValue<T extends z.ZodType>(
  schema: T,
  value: unknown,
): Result<z.output<T>, DomainError> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `'${issue.path.join(".")}': ` : "";
    return err(badRequest(`${where}${issue?.message ?? "Invalid request."}`));
  }
  return ok(parsed.data);
}
