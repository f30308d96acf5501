import {
  CHAT_RATE_LIMIT,
  ERROR_LABELS,
  PUBLIC_RATE_LIMIT,
  describeAllowance,
  type RateLimitRule,
} from "@tpi/domain";
import { z } from "zod";
import { deprecationHeaders, type ResponseDoc, type Route, type Security } from "../http/route";
import { errorResponse } from "./responses";
import { queryShape } from "../http/input";

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

function parameters(where: "path" | "query", shape: z.ZodRawShape | undefined): JsonObject[] {
  if (!shape) return [];
  return Object.entries(shape).map(([name, field]) => {
    const schema = jsonSchema(field as z.ZodType, "input");
    const { description, ...rest } = schema;
    return {
      name,
      in: where,
      required: where === "path" || !(field as z.ZodType).safeParse(undefined).success,
      description,
      schema: rest,
    };
  });
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

function operation(route: Route, schemaOf: (schema: z.ZodType) => JsonObject): JsonObject {
  const responses: JsonObject = {};
  const all: Record<number, ResponseDoc> = { ...route.responses };
  const limit = route.limiter === "none" ? undefined : RATE_LIMITS[route.limiter];
  if (limit) all[429] = errorResponse(`Too many requests: ${limit.description}.`);
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
      ...parameters("query", route.query && queryShape(route.query)),
      ...(settled ? [ifNoneMatch] : []),
    ],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: schemaOf(route.body) } },
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
];
const componentRank = (id: string): number => {
  const rank = COMPONENT_ORDER.indexOf(id);
  return rank === -1 ? COMPONENT_ORDER.length : rank;
};

/** Builds the document of `routes`; `serverUrl` is where this instance is reached. */
export function buildOpenApiDocument(routes: readonly Route[], serverUrl?: string): JsonObject {
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
  const schemaOf = (schema: z.ZodType): JsonObject => {
    const id = z.globalRegistry.get(schema)?.id;
    return typeof id === "string" && id in components
      ? { $ref: componentRef(id) }
      : jsonSchema(schema, "output");
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
      description: [
        "Read-only market data: the Token Price Index (daily, USD per million tokens per model lab) and the GPU compute price index (hourly prints and daily settlements, USD per GPU-hour).",
        `Rate limits: public routes ${RATE_LIMITS.public.description}; POST /api/chat ${RATE_LIMITS.chat.description}. A 429 carries Retry-After.`,
        `Errors are JSON { error, message }; labels: ${[...new Set(Object.values(ERROR_LABELS))].join(", ")}.`,
      ].join("\n\n"),
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: [...new Set(routes.flatMap((r) => r.docs.tags))].map((name) => ({ name })),
    paths,
    components: {
      schemas: components,
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
