import { ok, type DomainError, type RawQuery, type Result } from "@tpi/domain";
import type { Express, RequestHandler } from "express";
import type { AppDeps } from "../deps";
import { parseParams, parseQuery, parseValue } from "../schemas/common";
import { callerOf, identifyCaller, requireKey } from "./caller";
import { methodNotAllowed, sendError } from "./errors";
import { expressPath, type Route } from "./route";

/** The per-key chat allowance; the per-IP public one is mounted on all of /api before body parsing. */
export type RouteLimiters = { chat: RequestHandler };

/**
 * Registers every route of the list: authentication by its security, its limiter, input
 * validation (path, then query, then body: the first problem is the answer), its handler; then,
 * per path, the 405 with the `Allow` header naming the methods the list defines there.
 */
export function registerRoutes(
  app: Express,
  routes: readonly Route[],
  deps: AppDeps,
  limiters: RouteLimiters,
): void {
  const methodsByPath = new Map<string, string[]>();
  for (const route of routes) {
    if (route.path.startsWith("/api/") === (route.limiter === "none"))
      throw new Error(`${route.path}: every /api route, and only those, is rate limited`);
    const chain: RequestHandler[] = [];
    if (route.security !== "none") chain.push(identifyCaller(deps.auth));
    if (route.security === "required") chain.push(requireKey);
    if (route.limiter === "chat") chain.push(limiters.chat);
    chain.push(validatedHandler(route, deps, routes));
    app[route.method](expressPath(route.path), ...chain);
    if (route.otherMethodsNotFound) continue;
    methodsByPath.set(route.path, [
      ...(methodsByPath.get(route.path) ?? []),
      route.method.toUpperCase(),
    ]);
  }
  for (const [path, methods] of methodsByPath)
    app.route(expressPath(path)).all(methodNotAllowed(methods));
}

function validatedHandler(route: Route, deps: AppDeps, routes: readonly Route[]): RequestHandler {
  const handle = route.handler(deps, routes);
  return async (req, res) => {
    const caller = callerOf(res);
    if (route.admit && !route.admit(caller, res)) return;
    const params: Result<unknown, DomainError> = route.params
      ? parseParams(route.params, req.params as Record<string, string>)
      : ok({});
    if (!params.ok) return sendError(res, params.error);
    if (route.authorizePath) {
      const authorized = route.authorizePath(params.value, caller);
      if (!authorized.ok) return sendError(res, authorized.error);
    }
    const query: Result<unknown, DomainError> = route.query
      ? parseQuery(route.query, req.query as RawQuery)
      : ok({});
    if (!query.ok) return sendError(res, query.error);
    const body = parseBody(route, req.body);
    if (!body.ok) return sendError(res, body.error);
    await handle({
      query: query.value,
      params: params.value,
      body: body.value,
      caller,
      req,
      res,
    });
  };
}

function parseBody(route: Route, raw: unknown): Result<unknown, DomainError> {
  if (!route.body) return ok(undefined);
  // Without a JSON content type Express leaves no body: it is validated as an empty object.
  return parseValue(route.body, raw ?? {}, route.invalidBody);
}
