import type { DomainError, Result, UtcDay } from "@tpi/domain";
import type { Request, Response } from "express";
import type { z } from "zod";
import type { Caller } from "../auth/api-key-authenticator";
import type { AppDeps } from "./deps";

/**
 * One definition per route: what Express registers, what the 405 handler allows, what the
 * OpenAPI document describes and what the website's /docs page shows all come from it.
 */

/** Who may call: anyone (the key is not read), anyone (a key, when sent, must be valid), key holders only. */
export type Security = "none" | "optional" | "required";

/** Which allowance counts the request (see packages/domain rate-limits); `none` for routes outside /api. */
export type Limiter = "public" | "chat" | "none";

export type ResponseDoc = { description: string; schema: z.ZodType; mediaType?: string };

/** Dates for examples, from the api's clock: a settled week ending `end`. */
export type ExampleDays = { start: UtcDay; end: UtcDay };

/** One example call shown on the website's /docs page. */
export type RouteExample = {
  label: string;
  /** Path and query, e.g. `/api/otpi?lab=anthropic`. */
  pathAndQuery: string;
  withKey?: boolean;
  /** A JSON body (POST routes). */
  body?: unknown;
  /** Shown as an address to open in a browser rather than as a curl command. */
  browser?: boolean;
  /**
   * What the reader puts in first when the example names something of their own (a
   * subscription's id): as written, such an example answers 404.
   */
  needs?: string;
};

export type RouteDocs = {
  summary: string;
  description?: string;
  tags: readonly string[];
  /** What a caller with and without a key may read, after "Optional." or "Required." on /docs. */
  access?: string;
  examples: (days: ExampleDays) => RouteExample[];
};

/** Query schemas: an object of the accepted parameters, optionally piped into a domain parser. */
export type QuerySchema = z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>;

export type RouteRequest<Query, Params, Body> = {
  query: Query;
  params: Params;
  body: Body;
  caller: Caller;
  req: Request;
  res: Response;
};

export type RouteHandler<Query = unknown, Params = unknown, Body = unknown> = (
  request: RouteRequest<Query, Params, Body>,
) => void | Promise<void>;

/** What a route's input schema gives its handler; no schema, nothing. */
export type Output<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/** What every route declares, whether it writes its own answer or has a settled one. */
type RouteCommon<
  QuerySchemaT extends QuerySchema | undefined = QuerySchema | undefined,
  ParamsSchemaT extends z.ZodObject | undefined = z.ZodObject | undefined,
  BodySchemaT extends z.ZodType | undefined = z.ZodType | undefined,
> = {
  method: "get" | "post";
  /** OpenAPI form (`/api/gpu/{gpuName}`); Express's `:gpuName` form is derived from it. */
  path: string;
  operationId: string;
  security: Security;
  limiter: Limiter;
  /** Every parameter the route accepts; anything else, or a repeated one, is a 400 by name. */
  query?: QuerySchemaT;
  params?: ParamsSchemaT;
  body?: BodySchemaT;
  /** The 400 for any invalid body, when the route answers one message for all body problems. */
  invalidBody?: () => DomainError;
  /**
   * A refusal that depends only on the caller, checked after authentication and before the
   * input (a plan that may not read hourly data, say).
   */
  authorizeCaller?: (caller: Caller) => Result<unknown, DomainError>;
  /**
   * Like `authorizeCaller`, for a refusal whose body is not `{ error, message }`: it writes the
   * answer itself and returns false. Such a route is served by Express only.
   */
  admit?: (caller: Caller, res: Response) => boolean;
  /** An access rule on the path parameters, checked after they parse and before the query (a typo is a 400, a keyed resource a 401). */
  authorizePath?: (params: Output<ParamsSchemaT>, caller: Caller) => Result<unknown, DomainError>;
  /**
   * The route is kept for old clients only: every answer carries `Deprecation` (RFC 9745) and a
   * `Link` to its successor, and the OpenAPI operation is `deprecated`.
   */
  deprecated?: RouteDeprecation;
  /**
   * Offered as a data tool (MCP and the chat's model backend): its input is the route's path and
   * query parameters, its answer the route's. Settled routes without `admit` only.
   */
  tool?: RouteTool;
  /**
   * Rules the OpenAPI schema cannot state (between two parameters, or on a trimmed string): a
   * request they match may be refused although every parameter is valid by the schema. The
   * OpenAPI fuzz test allows those refusals and no others.
   */
  rulesInProse?: readonly ProseRule[];
  /**
   * A market's route that answers without its published data, or with whatever is loaded of it (a
   * catalogue, a methodology): it keeps answering while the market's first load runs, when its
   * other routes answer 503 `loading`.
   */
  servedWhileLoading?: true;
  responses: Record<number, ResponseDoc>;
  docs: RouteDocs;
};

/** A request as a prose rule sees it: the query's name-value pairs as sent, the parsed JSON body. */
export type SentRequest = { query: readonly (readonly [string, string])[]; body: unknown };

/** One rule in words, and which requests it may refuse. */
export type ProseRule = { rule: string; mayRefuse(request: SentRequest): boolean };

/** How a route is offered as a data tool; the tool's text is written for a model. */
export type RouteTool = {
  /** snake_case, as MCP clients and function-calling models expect. */
  name: string;
  title: string;
  /** What it returns, units and when to use it; the route's method, path and access are appended. */
  description: string;
  /**
   * Who may call it, for a model: on a keyless route what the free tier shows (the route's
   * `docs.access` when absent); on a keyed route what it needs beyond a key (a plan), after the
   * sentence saying it needs one.
   */
  access?: string;
  /** A catalog: no market provenance (unit, methodology, sources) is attached to its results. */
  catalog?: true;
  /**
   * The route answers a call without `startDate` or `endDate` within bounds of its own (a single
   * latest day, a default window under its maximum span), so the tools' open-range clamp
   * (`clampOpenRange`) leaves it to the route.
   */
  boundsOpenRange?: true;
};

/** `successor`: the path to use instead; `since`: the UTC day the route was deprecated. */
export type RouteDeprecation = { successor: string; since: UtcDay };

export type RouteDefinition<
  QuerySchemaT extends QuerySchema | undefined = QuerySchema | undefined,
  ParamsSchemaT extends z.ZodObject | undefined = z.ZodObject | undefined,
  BodySchemaT extends z.ZodType | undefined = z.ZodType | undefined,
  Answer = unknown,
> = RouteCommon<QuerySchemaT, ParamsSchemaT, BodySchemaT> &
  (
    | {
        /** Called once per app with its dependencies and the whole route list; returns the request handler. */
        handler: (
          deps: AppDeps,
          routes: readonly Route[],
        ) => RouteHandler<Output<QuerySchemaT>, Output<ParamsSchemaT>, Output<BodySchemaT>>;
        settled?: never;
      }
    | {
        handler?: never;
        /** A GET answered from published values: see SettledAnswer. */
        settled: SettledAnswer<Output<QuerySchemaT>, Output<ParamsSchemaT>, Answer>;
      }
  );

/**
 * When a settled answer changes, as its market says: `until` is the epoch millisecond until which
 * an answer computed at `now` stays current (the next value that can appear); `basis` is what the
 * answer depends on besides the request (the published version and the clock's period), so that
 * equal bases give equal bytes on every instance.
 */
export type Freshness = {
  until(deps: AppDeps, now: Date): number;
  basis(deps: AppDeps, now: Date): string;
};

export type SettledInput<Query, Params> = { query: Query; params: Params; caller: Caller };

/**
 * A read whose answer is a function of the caller's access, the request and the published values
 * alone. It is serialised once and kept as bytes, with a strong ETag derived from the published
 * version, the clock period and the request (so `If-None-Match` is answered without building the
 * body), compressed for clients that ask when large, and cached by clients (Cache-Control) and by
 * the api until the next value can appear. Repeated requests are served before Express routing
 * (the fast lane) after the same limiter and key checks.
 */
export type SettledAnswer<Query, Params, Answer = unknown> = {
  freshness: Freshness;
  answer: (
    deps: AppDeps,
  ) => (
    input: SettledInput<Query, Params>,
  ) => Result<Answer, DomainError> | Promise<Result<Answer, DomainError>>;
};

/** A route in the list: its input types erased, checked where it is defined. */
export type Route = Omit<RouteCommon, "authorizePath"> & {
  handler?: (deps: AppDeps, routes: readonly Route[]) => RouteHandler;
  settled?: SettledAnswer<unknown, unknown>;
  authorizePath?: (params: unknown, caller: Caller) => Result<unknown, DomainError>;
};

/** A route in the list that remembers the type of its settled answer (for typed callers of `runRoute`). */
export type TypedRoute<Answer> = Route & { readonly answerType?: Answer };
