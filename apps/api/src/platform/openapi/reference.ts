import { PUBLIC_RATE_LIMIT, addDays, describeAllowance, utcDayOf, type UtcDay } from "@tpi/domain";
import type { AppDeps } from "../core/deps";
import type { z } from "zod";
import type { Route, Security } from "../core/route";
import { queryShape } from "../http/input";

/**
 * The route list as the website's /docs page shows it: each route's text from its definition,
 * its parameters from its schemas, its examples with dates from the api's clock. The page adds
 * only the api's public address (to build the curl commands).
 */
export type ParameterReference = {
  name: string;
  in: "path" | "query" | "body";
  required: boolean;
  meaning: string;
};

export type ExampleReference = {
  label: string;
  method: "GET" | "POST";
  pathAndQuery: string;
  withKey: boolean;
  /** The JSON body, serialised. */
  body?: string;
  browser: boolean;
  /** What the reader substitutes first (their own subscription's id); absent when it runs as written. */
  needs?: string;
};

export type RouteReference = {
  id: string;
  method: "GET" | "POST";
  path: string;
  summary: string;
  description?: string;
  auth: string;
  /** The media type of the route's success answer: "application/json", or "text/event-stream" for a live stream. */
  answers: string;
  parameters: ParameterReference[];
  examples: ExampleReference[];
};

export type ApiReference = {
  /** "60 requests per minute per IP address". */
  publicAllowance: string;
  routes: RouteReference[];
};

const SECURITY_TEXT: Record<Security, string> = {
  none: "None.",
  optional: "Optional.",
  required: "Required.",
};

/**
 * A market's examples end on the latest day a keyless caller can read of it, so that each answers
 * 2xx; before any day has settled (and for the platform's routes), two days before today (UTC),
 * the day normally settled by then.
 */
const EXAMPLE_END_DAYS_AGO = 2;
const EXAMPLE_WEEK_DAYS = 7;

function describe(schema: z.ZodType): string {
  return schema.description ?? "";
}

function parametersOf(where: ParameterReference["in"], shape: z.ZodRawShape | undefined) {
  return Object.entries(shape ?? {}).map(
    ([name, field]): ParameterReference => ({
      name,
      in: where,
      required: where === "path" || !(field as z.ZodType).safeParse(undefined).success,
      meaning: describe(field as z.ZodType),
    }),
  );
}

/** The media type of a route's first 2xx answer; JSON unless its response says otherwise. */
function successMediaType(route: Route): string {
  const status = Object.keys(route.responses)
    .map(Number)
    .filter((code) => code >= 200 && code < 300)
    .sort((a, b) => a - b)[0];
  const doc = status === undefined ? undefined : route.responses[status];
  return doc?.mediaType ?? "application/json";
}

function bodyShape(body: z.ZodType | undefined): z.ZodRawShape | undefined {
  return body && "shape" in body ? (body.shape as z.ZodRawShape) : undefined;
}

export function routeReference(route: Route, now: Date, latestSettledDay?: UtcDay): RouteReference {
  const end = latestSettledDay ?? addDays(utcDayOf(now), -EXAMPLE_END_DAYS_AGO);
  const days = { start: addDays(end, 1 - EXAMPLE_WEEK_DAYS), end };
  const method = route.method === "get" ? "GET" : "POST";
  return {
    id: route.operationId,
    method,
    path: route.path,
    summary: route.docs.summary,
    ...(route.docs.description ? { description: route.docs.description } : {}),
    auth: [SECURITY_TEXT[route.security], route.docs.access].filter(Boolean).join(" "),
    answers: successMediaType(route),
    parameters: [
      ...parametersOf("path", route.params?.shape),
      ...parametersOf("query", route.query && queryShape(route.query)),
      ...parametersOf("body", bodyShape(route.body)),
    ],
    examples: route.docs.examples(days).map((example) => ({
      label: example.label,
      method,
      pathAndQuery: example.pathAndQuery,
      withKey: example.withKey ?? false,
      ...(example.body === undefined ? {} : { body: JSON.stringify(example.body) }),
      browser: example.browser ?? false,
      ...(example.needs === undefined ? {} : { needs: example.needs }),
    })),
  };
}

export function apiReference(
  routes: readonly Route[],
  deps: Pick<AppDeps, "marketList" | "markets" | "clock">,
): ApiReference {
  const now = deps.clock();
  const exampleDayOf = new Map<Route, UtcDay | undefined>();
  for (const market of deps.marketList) {
    const day = deps.markets.get(market.name).latestKeylessDay();
    for (const route of market.routes) exampleDayOf.set(route, day);
  }
  return {
    publicAllowance: describeAllowance(PUBLIC_RATE_LIMIT),
    routes: routes.map((route) => routeReference(route, now, exampleDayOf.get(route))),
  };
}
