import {
  DomainError,
  badRequest,
  readSingleParameters,
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
    requestId: z.string().optional().meta({
      description:
        "The request's id, also sent as the X-Request-Id header (an incoming X-Request-Id of up to 64 letters, digits and . _ : - is kept); quote it when reporting a problem",
    }),
  })
  .meta({ id: "ErrorBody" });

/** A UTC day as written in requests and responses: `YYYY-MM-DD`. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` in a response. */
export const daySchema = z
  .string()
  .regex(DAY_PATTERN)
  .meta({ format: "date", example: "2026-08-21" });

/** An ISO 8601 UTC instant with milliseconds, as every timestamp in our responses. */
export const instantSchema = z
  .string()
  .meta({ format: "date-time", example: "2026-08-21T20:00:00.000Z" });

/** No parameters: anything sent is refused by name. */
export const noQuerySchema = z.object({});

/** The parameters a query schema accepts: its object's keys (before any domain transform). */
export function queryShape(schema: z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>): z.ZodRawShape {
  return schema instanceof z.ZodPipe ? schema.in.shape : schema.shape;
}

/**
 * A zod transform that runs a domain parser: its error is carried on the issue unchanged (code
 * and message), so zod schemas and the domain rules answer the same 400s.
 */
export function domainTransform<In, Out>(parse: (value: In) => Result<Out, DomainError>) {
  return (value: In, ctx: z.RefinementCtx<In>): Out => {
    const parsed = parse(value);
    if (parsed.ok) return parsed.value;
    ctx.issues.push({
      code: "custom",
      input: value,
      message: parsed.error.message,
      params: { domainError: parsed.error },
    });
    return z.NEVER;
  };
}

/**
 * Text PostgreSQL cannot store: U+0000 (its `text` type refuses it) and UTF-16 code units that
 * no UTF-8 sequence encodes (a lone surrogate, which JSON's `"\ud800"` escape can carry).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/** The one message for text that cannot be stored, naming where it was found. */
export function unstorableTextMessage(field: string): string {
  return `'${field}' must not contain U+0000 (NUL) or unpaired UTF-16 surrogates.`;
}

/**
 * Refuses text PostgreSQL cannot store with the shared 400. The error is carried on the issue,
 * so it is the answer even on a route whose other body problems share one message.
 */
export function storableText<T extends z.ZodString>(schema: T, field: string): T {
  return schema.superRefine((value, ctx) => {
    if (isStorableText(value)) return;
    const message = unstorableTextMessage(field);
    ctx.addIssue({ code: "custom", message, params: { domainError: badRequest(message) } });
  });
}

function carriedDomainError(error: z.ZodError): DomainError | undefined {
  const issue = error.issues[0];
  const carried: unknown = issue?.code === "custom" ? issue.params?.domainError : undefined;
  return carried instanceof DomainError ? carried : undefined;
}

/** The request's first problem as a domain error: the domain's own error, else a 400 with zod's message. */
function firstProblem(error: z.ZodError, prefixPath: boolean): DomainError {
  const carried = carriedDomainError(error);
  if (carried) return carried;
  const issue = error.issues[0];
  const where = prefixPath && issue && issue.path.length > 0 ? `'${issue.path.join(".")}': ` : "";
  return badRequest(`${where}${issue?.message ?? "Invalid request."}`);
}

/**
 * Validates a query string: unknown and repeated parameters are refused by name first (the same
 * rule on every route), then the values by the schema (and the domain parsers its transforms
 * call); the first problem is the answer.
 */
export function parseQuery<Schema extends z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>>(
  schema: Schema,
  raw: RawQuery,
): Result<z.output<Schema>, DomainError> {
  const single = readSingleParameters(raw, Object.keys(queryShape(schema)));
  if (!single.ok) return single;
  const parsed = schema.safeParse(single.value);
  return parsed.success
    ? ok(parsed.data as z.output<Schema>)
    : err(firstProblem(parsed.error, false));
}

/** Validates path parameters: each value by its own schema, reported without its name. */
export function parseParams<Schema extends z.ZodObject>(
  schema: Schema,
  raw: Record<string, string>,
): Result<z.output<Schema>, DomainError> {
  const parsed = schema.safeParse(raw);
  return parsed.success ? ok(parsed.data) : err(firstProblem(parsed.error, false));
}

/**
 * Validates one value (a body) against a schema; the first issue, prefixed by its path, becomes a
 * 400. With `invalid`, that route-wide message answers instead, unless the issue carries its own
 * domain error (text that cannot be stored, a domain parser's refusal).
 */
export function parseValue<T extends z.ZodType>(
  schema: T,
  value: unknown,
  invalid?: () => DomainError,
): Result<z.output<T>, DomainError> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return ok(parsed.data);
  if (invalid && !carriedDomainError(parsed.error)) return err(invalid());
  return err(firstProblem(parsed.error, true));
}
