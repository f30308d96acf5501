import type { DomainError, Result } from "@tpi/domain";
import type { Response } from "express";
import type { z } from "zod";
import type { Caller } from "../auth/api-key-authenticator";
import type {
  Freshness,
  RouteDefinition,
  RouteDeprecation,
  TypedRoute,
  QuerySchema,
} from "../core/route";
import { appendVary, sendError } from "./errors";

/**
 * Defining a route: `defineRoute` checks a definition against its schemas (the route types are
 * the platform's contract, `core/route.ts`), and the helpers its handlers and answers share.
 */

/**
 * The headers of a deprecated route's answers: `Deprecation: @<unix seconds>` (RFC 9745, the
 * instant it was deprecated) and `Link: <successor>; rel="successor-version"` (RFC 5829).
 */
export function deprecationHeaders(deprecated: RouteDeprecation): Record<string, string> {
  const seconds = Date.parse(`${deprecated.since}T00:00:00.000Z`) / 1000;
  return {
    Deprecation: `@${seconds}`,
    Link: `<${deprecated.successor}>; rel="successor-version"`,
  };
}

/** Answers that never change while the process runs: catalogs and documents. */
export const STATIC_FRESHNESS: Freshness = {
  until: () => Number.POSITIVE_INFINITY,
  basis: () => "static",
};

export function defineRoute<
  QuerySchemaT extends QuerySchema | undefined = undefined,
  ParamsSchemaT extends z.ZodObject | undefined = undefined,
  BodySchemaT extends z.ZodType | undefined = undefined,
  Answer = unknown,
>(
  definition: RouteDefinition<QuerySchemaT, ParamsSchemaT, BodySchemaT, Answer>,
): TypedRoute<Answer> {
  return definition as unknown as TypedRoute<Answer>;
}

/** `/api/gpu/{gpuName}` -> `/api/gpu/:gpuName`. */
export function expressPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ":$1");
}

export type ReplyOptions = {
  cacheControl: string;
  /** Adds `Vary: Authorization` (the body depends on the key). */
  varyOnKey?: boolean;
  status?: number;
};

/** Answers a service result: the error through the status table, or the value as JSON. */
export function reply<T>(
  res: Response,
  result: Result<T, DomainError>,
  { cacheControl, varyOnKey = false, status = 200 }: ReplyOptions,
): void {
  if (!result.ok) {
    sendError(res, result.error);
    return;
  }
  res.setHeader("Cache-Control", cacheControl);
  // Merged with what other middleware varies on (CORS adds Origin), never replacing it.
  if (varyOnKey) appendVary(res, "Authorization");
  res.status(status).json(result.value);
}

/** Shared caches may keep keyless answers; answers to a key are private. */
export function cacheScope(caller: Caller): "public" | "private" {
  return caller.kind === "anonymous" ? "public" : "private";
}
