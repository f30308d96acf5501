import { apiKeyRequired, ok, type DomainError, type RawQuery, type Result } from "@tpi/domain";
import type { Caller } from "../auth/api-key-authenticator";
import type { AppDeps } from "../core/deps";
import type { Market } from "../core/market";
import { marketLoading } from "./errors";
import { parseParams, parseQuery, parseValue } from "./input";
import type { Route, SettledAnswer, TypedRoute } from "../core/route";

/**
 * The one request pipeline. Express, the fast lane, MCP tools, the chat and the website's tRPC
 * procedures all answer a route through these steps, in this order, so that a number, a refusal
 * and the words of a refusal are the same whichever door a caller used:
 *
 *   1. access: a route that requires a key refuses an anonymous caller (401), then the
 *      route's own rule on the caller (`authorizeCaller`: a plan, say);
 *   2. path parameters, each by its schema (400);
 *   3. path access: a keyed resource for a keyless caller (401), after a typo is a 400;
 *   4. query: unknown and repeated parameters by name, then the values (400);
 *   5. body (400);
 *   6. a market's data route while the market's first load runs: 503 `loading` (Retry-After);
 *   7. the answer (settled routes: a function of the caller and the input alone).
 */

/** A request as every door hands it over: strings as a URL carries them, and a JSON body. */
export type RouteInput = {
  params?: Readonly<Record<string, string>>;
  query?: RawQuery;
  body?: unknown;
};

/** The validated input of a route, typed where the route is defined. */
export type CheckedInput = { params: unknown; query: unknown; body: unknown; caller: Caller };

/** Step 1: whether this caller may call the route at all. */
export function requireAccess(route: Route, caller: Caller): Result<void, DomainError> {
  if (route.security === "required" && caller.kind === "anonymous")
    return { ok: false, error: apiKeyRequired() };
  return ok(undefined);
}

/** The route's rule on the caller, then steps 2 to 5: the input, in the route's order; the first problem is the answer. */
export function checkRoute(
  route: Route,
  input: RouteInput,
  caller: Caller,
): Result<CheckedInput, DomainError> {
  if (route.authorizeCaller) {
    const allowed = route.authorizeCaller(caller);
    if (!allowed.ok) return allowed;
  }
  const params: Result<unknown, DomainError> = route.params
    ? parseParams(route.params, { ...input.params })
    : ok({});
  if (!params.ok) return params;
  if (route.authorizePath) {
    const authorized = route.authorizePath(params.value, caller);
    if (!authorized.ok) return authorized;
  }
  const query: Result<unknown, DomainError> = route.query
    ? parseQuery(route.query, input.query ?? {})
    : ok({});
  if (!query.ok) return query;
  const body = parseBody(route, input.body);
  if (!body.ok) return body;
  return ok({ params: params.value, query: query.value, body: body.value, caller });
}

/** The market of each market route, by route (the platform's routes belong to none). */
const marketOfRoute = new WeakMap<readonly Market[], ReadonlyMap<Route, string>>();

function marketOf(route: Route, markets: readonly Market[]): string | undefined {
  let byRoute = marketOfRoute.get(markets);
  if (byRoute === undefined) {
    byRoute = new Map(
      markets.flatMap((market) => market.routes.map((entry) => [entry, market.name] as const)),
    );
    marketOfRoute.set(markets, byRoute);
  }
  return byRoute.get(route);
}

/** Step 6: a market's data route is refused while that market is loading its published data. */
export function refuseWhileLoading(route: Route, deps: AppDeps): Result<void, DomainError> {
  if (deps.marketLoading === undefined || route.servedWhileLoading) return ok(undefined);
  const market = marketOf(route, deps.marketList);
  return market !== undefined && deps.marketLoading.isLoading(market)
    ? { ok: false, error: marketLoading(market) }
    : ok(undefined);
}

/** Step 7 of a settled route, bound to the app's dependencies once. */
export type SettledAnswerer = ReturnType<SettledAnswer<unknown, unknown>["answer"]>;

export function settledAnswerer(route: Route, deps: AppDeps): SettledAnswerer {
  if (route.settled === undefined) throw new Error(`${route.path}: not a settled route`);
  return route.settled.answer(deps);
}

/**
 * A settled route's answer for this caller, exactly as REST decides it: every step above. Routes
 * that write their own response (a handler, or an `admit` check) are served by Express only.
 */
export async function runRoute<Answer>(
  route: TypedRoute<Answer>,
  input: RouteInput,
  caller: Caller,
  deps: AppDeps,
): Promise<Result<Answer, DomainError>> {
  if (route.settled === undefined || route.admit !== undefined)
    throw new Error(`${route.path}: only settled routes without admit run outside Express`);
  const access = requireAccess(route, caller);
  if (!access.ok) return access;
  const checked = checkRoute(route, input, caller);
  if (!checked.ok) return checked;
  const loaded = refuseWhileLoading(route, deps);
  if (!loaded.ok) return loaded;
  return (await settledAnswerer(route, deps)(checked.value)) as Result<Answer, DomainError>;
}

function parseBody(route: Route, raw: unknown): Result<unknown, DomainError> {
  if (!route.body) return ok(undefined);
  // Without a JSON content type Express leaves no body: it is validated as an empty object.
  return parseValue(route.body, raw ?? {}, route.invalidBody);
}
