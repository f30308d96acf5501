import type { DomainError, Result } from "@tpi/domain";
import { z } from "zod";
import { ANONYMOUS } from "../auth/api-key-authenticator";
import { queryShape } from "../http/input";
import type { TypedRoute } from "../core/route";
import { runRoute, type RouteInput } from "../http/run-route";
import { type TrpcContext, t, unwrap } from "./init";

/**
 * Website procedures derived from REST routes. The website is public, so they answer what a
 * keyless caller of the route sees, through the same pipeline (`runRoute`): the same parameters
 * (a procedure's input is its route's path and query parameters, as the strings a URL would
 * carry), the same checks and messages, the same numbers.
 */

/**
 * The route's parameters as a procedure input: optional where the route's are (the whole input
 * when every one is); unknown keys refused.
 */
export function routeInputOf(route: TypedRoute<unknown>) {
  const shape: Record<string, z.ZodType> = {};
  for (const name of Object.keys(route.params?.shape ?? {})) shape[name] = z.string();
  for (const [name, field] of Object.entries(route.query ? queryShape(route.query) : {}))
    shape[name] = (field as z.ZodType).safeParse(undefined).success
      ? z.string().optional()
      : z.string();
  const input = z.object(shape).strict();
  const allOptional = Object.values(shape).every((field) => field.safeParse(undefined).success);
  return allOptional ? input.optional() : input;
}

/** Splits an input into the route's path parameters and query string. */
export function routeRequestOf(
  route: TypedRoute<unknown>,
  input: Readonly<Record<string, string | undefined>>,
): RouteInput {
  const pathNames = new Set(Object.keys(route.params?.shape ?? {}));
  const params: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (pathNames.has(name)) params[name] = value;
    else query[name] = value;
  }
  return { params, query };
}

/** The route's answer for a keyless caller (the website's visitor). */
export function keylessAnswer<Answer>(
  route: TypedRoute<Answer>,
  ctx: TrpcContext,
  input: Readonly<Record<string, string | undefined>>,
): Promise<Result<Answer, DomainError>> {
  return runRoute(route, routeRequestOf(route, input), ANONYMOUS, ctx.deps);
}

/** A procedure answering exactly what `GET route` answers a keyless caller for the same parameters. */
export function keylessRouteProcedure<Answer>(route: TypedRoute<Answer>) {
  return t.procedure
    .input(routeInputOf(route))
    .query(async ({ ctx, input }) =>
      unwrap(await keylessAnswer(route, ctx, (input ?? {}) as Record<string, string | undefined>)),
    );
}
