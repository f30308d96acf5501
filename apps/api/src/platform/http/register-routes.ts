import type { RawQuery } from "@tpi/domain";
import type { Express, RequestHandler } from "express";
import type { AppDeps } from "../core/deps";
import { callerOf, identifyCaller, requireKeyFor } from "./caller";
import { methodNotAllowed, sendError } from "./errors";
import { deprecationHeaders, expressPath } from "./route";
import type { Route } from "../core/route";
import { checkRoute, refuseWhileLoading, settledAnswerer } from "./run-route";
import { serveSettled, type AnswerCache } from "./settled";

/** The per-key chat allowance; the per-IP public one is mounted on all of /api before body parsing. */
export type RouteLimiters = { chat: RequestHandler };

/**
 * What one route runs after the middleware every request passes (and after the public limiter
 * on /api): its checks (authentication by its security, the chat limiter) and its handler, which
 * validates the input (path, then query, then body: the first problem is the answer).
 */
export type RouteChain = { route: Route; checks: RequestHandler[]; handler: RequestHandler };

export function routeChain(
  route: Route,
  deps: AppDeps,
  routes: readonly Route[],
  limiters: RouteLimiters,
  answers: AnswerCache,
): RouteChain {
  if (route.path.startsWith("/api/") === (route.limiter === "none"))
    throw new Error(`${route.path}: every /api route, and only those, is rate limited`);
  if ((route.handler === undefined) === (route.settled === undefined))
    throw new Error(`${route.path}: a route has either a handler or a settled answer`);
  if (route.settled !== undefined && route.method !== "get")
    throw new Error(`${route.path}: only GET routes have settled answers`);
  const checks: RequestHandler[] = [];
  // First of the route's checks, which Express and the fast lane both run: every answer of a
  // deprecated route says so, whichever lane sends it and whatever its status.
  if (route.deprecated) checks.push(announceDeprecation(deprecationHeaders(route.deprecated)));
  if (route.security !== "none") checks.push(identifyCaller(deps.auth));
  if (route.security === "required") checks.push(requireKeyFor(route));
  if (route.limiter === "chat") checks.push(limiters.chat);
  return { route, checks, handler: validatedHandler(route, deps, routes, answers) };
}

/**
 * Registers every route's chain; then, per path, the 405 with the `Allow` header naming the
 * methods the list defines there: every other method on every path, TRACE and unknown ones
 * included (OPTIONS is a 204 with the same header).
 */
export function registerRoutes(app: Express, chains: readonly RouteChain[]): void {
  const methodsByPath = new Map<string, string[]>();
  for (const { route, checks, handler } of chains) {
    app[route.method](expressPath(route.path), ...checks, handler);
    methodsByPath.set(route.path, [
      ...(methodsByPath.get(route.path) ?? []),
      route.method.toUpperCase(),
    ]);
  }
  for (const [path, methods] of methodsByPath)
    app.route(expressPath(path)).all(methodNotAllowed(methods));
}

function announceDeprecation(headers: Record<string, string>): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next();
  };
}

function validatedHandler(
  route: Route,
  deps: AppDeps,
  routes: readonly Route[],
  answers: AnswerCache,
): RequestHandler {
  const handle = route.handler?.(deps, routes);
  const settled = route.settled;
  const answer = settled === undefined ? undefined : settledAnswerer(route, deps);
  return async (req, res) => {
    const caller = callerOf(res);
    if (route.admit && !route.admit(caller, res)) return;
    const checked = checkRoute(
      route,
      {
        params: req.params as Record<string, string>,
        query: req.query as RawQuery,
        body: req.body,
      },
      caller,
    );
    if (!checked.ok) return sendError(res, checked.error);
    if (settled !== undefined && answer !== undefined) {
      const loaded = refuseWhileLoading(route, deps);
      if (!loaded.ok) return sendError(res, loaded.error);
      return serveSettled(route, settled, answer, deps, answers, checked.value, req, res);
    }
    await handle?.({ ...checked.value, req, res });
  };
}
