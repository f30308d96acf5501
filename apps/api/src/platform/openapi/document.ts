import {
  CHAT_RATE_LIMIT,
  ERROR_LABELS,
  PUBLIC_RATE_LIMIT,
  describeAllowance,
  type RateLimitRule,
} from "@tpi/domain";
import { z } from "zod";
import type { Market } from "../core/market";
import { deprecationHeaders } from "../http/route";
import type { QuerySchema, ResponseDoc, Route, Security } from "../core/route";
import { JSON_BODY_LIMIT_TEXT } from "../http/limits";
import { parameterAlternativesOf } from "../http/parameters";
import { errorResponse } from "./responses";
import { queryShape } from "../http/input";
import { SERVED_DATA_LICENSE } from "../provenance/data-sources";

/**
 * The OpenAPI 3.1.0 document, generated from the route list (routes/all-routes.ts): parameters,
 * bodies and responses come from the zod schemas that validate requests and type responses,
 * never from hand-written JSON.
 */
export const OPENAPI_VERSION = "3.1.0";
export const API_VERSION = "1.0.0";

/** Contract section 8, documented from the same constants the limiters enforce. */
const documentedLimit = (rule: RateLimitRule, when: string) => ({
  limit: rule.limit,
  windowSeconds: rule.windowMs / 1000,
  scope: rule.scope,
  description: `${describeAllowance(rule)}, ${when}`,
});
export const RATE_LIMITS = {
  public: documentedLimit(PUBLIC_RATE_LIMIT, "before optional key authentication"),
  chat: documentedLimit(CHAT_RATE_LIMIT, "after key authentication"),
} as const;

type JsonObject = Record<string, unknown>;

/** zod's JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) without the keys OpenAPI does not want inline. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonObject {
  const { $schema: _s, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
  }) as JsonObject;
  return rest;
}

const componentRef = (id: string) => `#/components/schemas/${id}`;

const isRequired = (field: z.ZodType) => !field.safeParse(undefined).success;

function parameters(where: "path" | "query", shape: z.ZodRawShape | undefined): JsonObject[] {
  if (!shape) return [];
  return Object.entries(shape).map(([name, field]) => {
    const schema = jsonSchema(field as z.ZodType, "input");
    const { description, ...rest } = schema;
    return {
      name,
      in: where,
      required: where === "path" || isRequired(field as z.ZodType),
      description,
      schema: rest,
    };
  });
}

/**
 * The query's parameters: one each, or, when they are alternatives (http/parameters.ts), one
 * object parameter whose schema says which combinations the route accepts: at least one of them,
 * all with the same value. `style: form` with `explode: true` serialises it as the same
 * `?name=value` pairs.
 */
function queryParameters(query: QuerySchema | undefined): JsonObject[] {
  if (!query) return [];
  const shape = queryShape(query);
  const alternatives = parameterAlternativesOf(query instanceof z.ZodPipe ? query.in : query);
  if (!alternatives) return parameters("query", shape);
  const { group, description, names, values } = alternatives;
  const fields = Object.entries(shape) as [string, z.ZodType][];
  if (fields.some(([name]) => !names.includes(name)))
    throw new Error(`${group}: a query of alternatives holds only the alternatives`);
  return [
    {
      name: group,
      in: "query",
      required: true,
      description,
      style: "form",
      explode: true,
      schema: {
        type: "object",
        properties: Object.fromEntries(
          fields.map(([name, field]) => [name, jsonSchema(field, "input")]),
        ),
        additionalProperties: false,
        minProperties: 1,
        anyOf: values.map((value) => ({
          properties: Object.fromEntries(names.map((name) => [name, { const: value }])),
        })),
      },
    },
  ];
}

function securityOf(security: Security): JsonObject[] {
  if (security === "none") return [];
  return security === "required" ? [{ bearerAuth: [] }] : [{}, { bearerAuth: [] }];
}

const retryAfter = {
  "Retry-After": {
    description: "Seconds to wait before retrying.",
    schema: { type: "integer", minimum: 0 },
  },
};

/** Headers of a settled answer (see http/settled.ts), on its 200 and its 304. */
const settledHeaders = {
  ETag: {
    description:
      "Strong validator of this answer (the same on every instance); send it back in If-None-Match to get a 304 while it is current. A compressed answer's names its coding.",
    schema: { type: "string" },
  },
  "Cache-Control": {
    description:
      "`public` without a key, `private` with one; `max-age` runs until the next value can appear (next settlement or hourly print, at most until midnight UTC; 60 s while a due value is late).",
    schema: { type: "string" },
  },
};

/**
 * What every request may meet before its route: the JSON body parser reads a body sent as JSON
 * on any path and method, so any operation can answer these two.
 */
const BODY_PARSER_RESPONSES: Record<400 | 413, ResponseDoc> = {
  400: errorResponse(
    "Bad request: the request carries a body declared as JSON (`Content-Type: application/json`) that does not parse.",
  ),
  413: errorResponse(
    `Payload too large: the request carries a body larger than ${JSON_BODY_LIMIT_TEXT}.`,
  ),
};

const ifNoneMatch = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "ETags of answers you hold; 304 without a body when one is current.",
  schema: { type: "string" },
};

/** The Deprecation and Link headers of a deprecated route, documented with their values. */
function deprecationHeaderDocs(deprecated: NonNullable<Route["deprecated"]>): JsonObject {
  const values = deprecationHeaders(deprecated);
  return {
    Deprecation: {
      description: `RFC 9745: deprecated since ${deprecated.since} (\`${values.Deprecation}\`, Unix seconds).`,
      schema: { type: "string", example: values.Deprecation },
    },
    Link: {
      description: `The successor: \`${values.Link}\`.`,
      schema: { type: "string", example: values.Link },
    },
  };
}

type SchemaOf = (schema: z.ZodType, io?: "input" | "output") => JsonObject;

function operation(route: Route, schemaOf: SchemaOf): JsonObject {
  const responses: JsonObject = {};
  const all: Record<number, ResponseDoc> = { ...BODY_PARSER_RESPONSES, ...route.responses };
  const limit = route.limiter === "none" ? undefined : RATE_LIMITS[route.limiter];
  // A route's own 429 (a cap of its own, beside the allowance) is told after the allowance's.
  const own429 = route.responses[429]?.description;
  if (limit)
    all[429] = errorResponse(
      `Too many requests: ${limit.description}.${own429 === undefined ? "" : ` ${own429}`}`,
    );
  const settled = route.settled !== undefined;
  const deprecation = route.deprecated && deprecationHeaderDocs(route.deprecated);
  for (const [status, doc] of Object.entries(all)) {
    const base =
      status === "429" ? retryAfter : settled && status === "200" ? settledHeaders : undefined;
    const headers = deprecation ? { ...base, ...deprecation } : base;
    responses[status] = {
      description: doc.description,
      ...(headers ? { headers } : {}),
      content: { [doc.mediaType ?? "application/json"]: { schema: schemaOf(doc.schema) } },
    };
    if (settled && status === "200")
      responses["304"] = {
        description: "Not modified: the If-None-Match header names the current answer.",
        headers: deprecation ? { ...settledHeaders, ...deprecation } : settledHeaders,
      };
  }
  return {
    operationId: route.operationId,
    summary: route.docs.summary,
    ...(route.docs.description ? { description: route.docs.description } : {}),
    tags: route.docs.tags,
    ...(route.deprecated ? { deprecated: true } : {}),
    security: securityOf(route.security),
    parameters: [
      ...parameters("path", route.params?.shape),
      ...queryParameters(route.query),
      ...(settled ? [ifNoneMatch] : []),
    ],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: schemaOf(route.body, "input") } },
          },
        }
      : {}),
    responses,
    ...(limit
      ? {
          "x-rate-limit": {
            limit: limit.limit,
            windowSeconds: limit.windowSeconds,
            scope: limit.scope,
          },
        }
      : {}),
  };
}

/**
 * The order of the named schemas in `components` as first served, so that the document stays
 * the same byte for byte whichever module registers a schema first; others follow, in
 * registration order.
 */
const COMPONENT_ORDER = [
  "ErrorBody",
  "ChatRequest",
  "ChatSource",
  "ChatResponse",
  "OtpiResponse",
  "TokenTypes",
  "TokenTypesFree",
  "Health",
  "GpuCatalog",
  "GpuLatestPrint",
  "DailyIndexAll",
  "GpuNearestPrint",
  "GpuIndexHistory",
  // The webhook routes' schemas, which the MCP tools and the commands also import.
  "WebhookFilter",
  "WebhookSubscription",
  "WebhookList",
  "WebhookCreated",
  "WebhookAnswer",
  "WebhookSecretRotated",
  "WebhookTest",
  "WebhookTestAnswer",
  "WebhookDeleted",
  "WebhookDelivery",
  "WebhookDeliveryLog",
  "WebhookRedelivered",
  // The releases' schemas, which the website's procedures and the commands also import.
  "ReleaseList",
  "ReleaseManifest",
];
const componentRank = (id: string): number => {
  const rank = COMPONENT_ORDER.indexOf(id);
  return rank === -1 ? COMPONENT_ORDER.length : rank;
};

/** The tags of the platform's own routes; each market describes its own (`Market.tags`). */
const PLATFORM_TAGS: Readonly<Record<string, string>> = {
  Reference:
    "The service and its vocabulary: health, each market's catalogs and methodology, this document and its interactive reference.",
  Account: "API keys: a key of an account creates another key for it.",
  Webhooks:
    "Signed webhook subscriptions of the key's account (Standard Webhooks): create, pause, resume, enable, rotate the secret, test, redeliver, and the delivery log.",
  Assistant:
    "Questions in plain language, answered from the published values with the rows used as sources.",
  Releases:
    "Daily numbered releases of every market's published series, never rewritten: manifests with checksums, sources and a citation line, and bulk files (CSV, Apache Parquet).",
  Events:
    "Published values, revisions, threshold crossings and source states pushed as they happen: a live stream of Server-Sent Events.",
};

/** Every tag the routes use, in order of first use, with its description. */
function tagsOf(routes: readonly Route[], markets: readonly Pick<Market, "tags">[]): JsonObject[] {
  const descriptions = new Map(Object.entries(PLATFORM_TAGS));
  for (const market of markets)
    for (const [name, description] of Object.entries(market.tags)) {
      if (descriptions.has(name)) throw new Error(`the tag '${name}' is described twice`);
      descriptions.set(name, description);
    }
  return [...new Set(routes.flatMap((route) => route.docs.tags))].map((name) => {
    const description = descriptions.get(name);
    if (description === undefined) throw new Error(`the tag '${name}' has no description`);
    return { name, description };
  });
}

/**
 * The document's one server: `/`, resolved against the address the document was read from
 * (OpenAPI 3.1, section 4.8.5), so that every instance serves the same bytes under any host name,
 * scheme or proxy, and a client reading it from an instance calls that instance.
 */
const SERVERS = [
  {
    url: "/",
    description: "The instance that serves this document (the address it was read from).",
  },
];

/**
 * The components that `paths` reference, directly or through other components. zod's registry
 * holds every named schema the process has defined, whichever routes are served (a test's fixture
 * market, say): the document names those of its own routes only.
 */
function referencedOnly(components: JsonObject, paths: JsonObject): JsonObject {
  const referenced = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) visit(item);
    else if (value !== null && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) {
        if (key === "$ref" && typeof inner === "string" && inner.startsWith(componentRef(""))) {
          const id = inner.slice(componentRef("").length);
          if (!referenced.has(id)) {
            referenced.add(id);
            visit(components[id]);
          }
        } else visit(inner);
      }
    }
  };
  visit(paths);
  return Object.fromEntries(Object.entries(components).filter(([id]) => referenced.has(id)));
}

/** Builds the document of `routes`, with the tags of the platform and of `markets`. */
export function buildOpenApiDocument(
  routes: readonly Route[],
  markets: readonly Pick<Market, "tags">[],
): JsonObject {
  // Named schemas (`.meta({ id })`) become components and are referenced by $ref.
  const registry = z.toJSONSchema(z.globalRegistry, {
    target: "draft-2020-12",
    io: "output",
    unrepresentable: "any",
    uri: componentRef,
  });
  const components: JsonObject = {};
  const ids = Object.keys(registry.schemas).sort((a, b) => componentRank(a) - componentRank(b));
  for (const id of ids) {
    const schema = registry.schemas[id];
    const { $schema: _s, $id: _i, id: _id, ...rest } = schema as JsonObject;
    components[id] = rest;
  }
  // Request bodies are read as input (before transforms), answers as output.
  const schemaOf: SchemaOf = (schema, io = "output") => {
    const id = z.globalRegistry.get(schema)?.id;
    return typeof id === "string" && id in components
      ? { $ref: componentRef(id) }
      : jsonSchema(schema, io);
  };
  const paths: Record<string, JsonObject> = {};
  for (const route of routes)
    paths[route.path] = {
      ...(paths[route.path] ?? {}),
      [route.method]: operation(route, schemaOf),
    };
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: "Token Price Index Data API",
      version: API_VERSION,
      license: SERVED_DATA_LICENSE,
      description: [
        `Read-only market data, each market's routes under its tags: ${markets.flatMap((market) => Object.keys(market.tags)).join(", ")}. Every value is computed from the sources its answer names, with its unit and methodology version.`,
        `Rate limits: public routes ${RATE_LIMITS.public.description}; POST /api/chat ${RATE_LIMITS.chat.description}. A 429 carries Retry-After.`,
        `Terms: the series this api computes are served under ${SERVED_DATA_LICENSE.name} (${SERVED_DATA_LICENSE.url}): cite "Token Price Index" with them. Each source's own licence and the citation it requires come with its data (\`dataSources\` in every methodology answer and MCP result).`,
        `Errors are JSON { error, message }; labels: ${[...new Set(Object.values(ERROR_LABELS))].join(", ")}. While a market's first data load runs, its data routes answer 503 \`Loading\` with Retry-After (its catalogues and methodology answer as usual).`,
      ].join("\n\n"),
    },
    servers: SERVERS,
    tags: tagsOf(routes, markets),
    paths,
    components: {
      schemas: referencedOnly(components, paths),
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "Authorization: Bearer <API_KEY>",
        },
      },
    },
  };
}
