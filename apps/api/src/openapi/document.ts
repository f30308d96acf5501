import {
  CHAT_RATE_LIMIT,
  ERROR_LABELS,
  PUBLIC_RATE_LIMIT,
  describeAllowance,
  type RateLimitRule,
} from "@tpi/domain";
import { z } from "zod";
import {
  createApiKeyBodySchema,
  createApiKeyResponseSchema,
  trialRefusalSchema,
} from "../schemas/api-keys";
import { chatRequestSchema, chatResponseSchema } from "../schemas/chat";
import {
  constituentsQuerySchema,
  constituentsResponseSchema,
  methodologyResponseSchema,
  revisionsQuerySchema,
  revisionsResponseSchema,
} from "../schemas/otpi-details";
import { errorBodySchema } from "../schemas/common";
import {
  healthResponseSchema,
  otpiQuerySchema,
  otpiResponseSchema,
  tokenTypesFreeResponseSchema,
  tokenTypesResponseSchema,
} from "../schemas/core";
import {
  dailyIndexAllResponseSchema,
  gpuCatalogResponseSchema,
  gpuHistoryQuerySchema,
  gpuHistoryResponseSchema,
  gpuIndexHistoryQuerySchema,
  gpuIndexHistoryResponseSchema,
  gpuLatestResponseSchema,
  gpuPathParamsSchema,
} from "../schemas/gpu";

/**
 * The OpenAPI 3.1.0 document, generated from the zod schemas that validate requests and type
 * responses. Routes are described once, in ROUTES; parameters, bodies and responses come from
 * the schemas, never from hand-written JSON.
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

type Security = "none" | "optional" | "required";
type ResponseDoc = { description: string; schema: z.ZodType; mediaType?: string };
export type RouteDoc = {
  method: "get" | "post";
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Security;
  rateLimit?: keyof typeof RATE_LIMITS;
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  responses: Record<number, ResponseDoc>;
};

const error = (description: string): ResponseDoc => ({ description, schema: errorBodySchema });
const badRequest = error(
  "Bad request: a parameter or the body is missing, unknown, repeated or invalid.",
);
const unauthorized = error(
  "Unauthorized: the key is missing (where required), malformed, unknown or revoked.",
);
const noData = error("No data available for the parameters.");

/** Every route this service serves, in the order of the reference. */
export const ROUTES: readonly RouteDoc[] = [
  {
    method: "get",
    path: "/health",
    operationId: "health",
    summary: "Liveness and database connectivity",
    tags: ["Reference"],
    security: "none",
    responses: {
      200: { description: "Healthy", schema: healthResponseSchema },
      503: { description: "The database is unreachable", schema: healthResponseSchema },
    },
  },
  {
    method: "get",
    path: "/api/otpi",
    operationId: "getOtpi",
    summary: "Token price index per lab (USD per million tokens)",
    description:
      "Without a key: the 4 free-tier labs and the trailing month (`access` = `public-1mo`). With a key: every lab and all history (`full`).",
    tags: ["Token Prices"],
    security: "optional",
    rateLimit: "public",
    query: otpiQuerySchema,
    responses: {
      200: { description: "Index rows", schema: otpiResponseSchema },
      400: badRequest,
      401: unauthorized,
      404: noData,
    },
  },
  {
    method: "get",
    path: "/api/otpi/constituents",
    operationId: "getOtpiConstituents",
    summary:
      "Every model considered for one lab-day: prices, volumes, weight in the blend or why it was excluded",
    description:
      "Keyless callers may read free-tier labs inside the free window, like `/api/otpi`; everything else needs a key. The inputs are those frozen when the day settled (or last restated).",
    tags: ["Token Prices"],
    security: "optional",
    rateLimit: "public",
    query: constituentsQuerySchema,
    responses: {
      200: { description: "The lab-day's constituents", schema: constituentsResponseSchema },
      400: badRequest,
      401: unauthorized,
      404: error("The lab-day is not settled."),
    },
  },
  {
    method: "get",
    path: "/api/otpi/methodology",
    operationId: "getOtpiMethodology",
    summary:
      "The methodology in force: formula, eligibility, data sufficiency, settlement, restatements, version history",
    tags: ["Token Prices"],
    security: "none",
    rateLimit: "public",
    responses: {
      200: { description: "The methodology", schema: methodologyResponseSchema },
      400: badRequest,
    },
  },
  {
    method: "get",
    path: "/api/otpi/revisions",
    operationId: "getOtpiRevisions",
    summary:
      "The revision log: every restatement of a settled value, with old and new value, reason and time",
    tags: ["Token Prices"],
    security: "required",
    rateLimit: "public",
    query: revisionsQuerySchema,
    responses: {
      200: { description: "Revisions, oldest first", schema: revisionsResponseSchema },
      400: badRequest,
      401: unauthorized,
    },
  },
  {
    method: "get",
    path: "/api/token-types",
    operationId: "listTokenTypes",
    summary: "Every tracked lab",
    tags: ["Reference"],
    security: "none",
    rateLimit: "public",
    responses: {
      200: { description: "Lab catalog", schema: tokenTypesResponseSchema },
      400: badRequest,
    },
  },
  {
    method: "get",
    path: "/api/token-types-free",
    operationId: "listFreeTokenTypes",
    summary: "Labs on the free tier",
    tags: ["Reference"],
    security: "none",
    rateLimit: "public",
    responses: {
      200: { description: "Free-tier labs", schema: tokenTypesFreeResponseSchema },
      400: badRequest,
    },
  },
  {
    method: "get",
    path: "/api/gpu-types",
    operationId: "listGpuTypes",
    summary: "Every tracked GPU",
    tags: ["Reference"],
    security: "none",
    rateLimit: "public",
    responses: {
      200: { description: "GPU catalog", schema: gpuCatalogResponseSchema },
      400: badRequest,
    },
  },
  {
    method: "get",
    path: "/api/gpu-types-free",
    operationId: "listFreeGpuTypes",
    summary: "GPUs on the free tier",
    tags: ["Reference"],
    security: "none",
    rateLimit: "public",
    responses: {
      200: { description: "Free-tier GPUs", schema: gpuCatalogResponseSchema },
      400: badRequest,
    },
  },
  {
    method: "get",
    path: "/api/gpu/{gpuName}",
    operationId: "getGpuLatest",
    summary: "Latest hourly print of one GPU (USD per GPU-hour)",
    description:
      "Free-tier GPUs without a key; `RTX PRO 6000 WS` needs one. Prints are published hourly on the hour.",
    tags: ["Current Prices"],
    security: "optional",
    rateLimit: "public",
    pathParams: gpuPathParamsSchema,
    responses: {
      200: { description: "Latest print", schema: gpuLatestResponseSchema },
      400: badRequest,
      401: unauthorized,
      404: noData,
    },
  },
  {
    method: "get",
    path: "/api/daily-index/all",
    operationId: "getDailyIndexAll",
    summary: "Latest settled daily value of every GPU the caller may see",
    description:
      "Daily values settle at 4 PM America/New_York, stamped in UTC (20:00 in summer, 21:00 in winter). Looks back 7 settled days: a GPU without a value in them is left out. Without a key: the 5 free-tier GPUs.",
    tags: ["Current Prices"],
    security: "optional",
    rateLimit: "public",
    responses: {
      200: { description: "Latest daily values", schema: dailyIndexAllResponseSchema },
      400: badRequest,
      401: unauthorized,
      404: noData,
    },
  },
  {
    method: "get",
    path: "/api/gpu/{gpuName}/history",
    operationId: "getGpuNearestPrint",
    summary: "Hourly print nearest an instant",
    description:
      "Never 404 for an out-of-range instant: returns the nearest print and the gap in `time_difference` (seconds).",
    tags: ["Historical Prices"],
    security: "required",
    rateLimit: "public",
    pathParams: gpuPathParamsSchema,
    query: gpuHistoryQuerySchema,
    responses: {
      200: { description: "Nearest print", schema: gpuHistoryResponseSchema },
      400: badRequest,
      401: unauthorized,
      404: error("The GPU has no print at all."),
    },
  },
  {
    method: "get",
    path: "/api/gpu/{gpuName}/index-history",
    operationId: "getGpuIndexHistory",
    summary: "Daily series of one GPU, oldest first",
    description:
      "Without a key: free-tier GPUs and the trailing 3 months (`access` = `public-3mo`); an earlier `startDate` is 401. With a key: all GPUs and all history (`full`).",
    tags: ["Historical Prices"],
    security: "optional",
    rateLimit: "public",
    pathParams: gpuPathParamsSchema,
    query: gpuIndexHistoryQuerySchema,
    responses: {
      200: { description: "Daily series", schema: gpuIndexHistoryResponseSchema },
      400: badRequest,
      401: unauthorized,
      404: noData,
    },
  },
  {
    method: "post",
    path: "/api/create-api-key",
    operationId: "createApiKey",
    summary: "Create another API key for the caller's account",
    description:
      "Authenticated with an existing key of the account. The new key is returned once. Trial accounts get 403 with `{ success: false, error }` (no `message`).",
    tags: ["Account"],
    security: "required",
    rateLimit: "public",
    body: createApiKeyBodySchema,
    responses: {
      201: { description: "The new key", schema: createApiKeyResponseSchema },
      400: badRequest,
      401: unauthorized,
      403: { description: "Trial accounts cannot create API keys.", schema: trialRefusalSchema },
      409: error("The account already holds the most keys it may hold."),
      413: error("The body is larger than 16 kB."),
    },
  },
  {
    method: "post",
    path: "/api/chat",
    operationId: "chat",
    summary: "Ask the market-data assistant",
    description:
      "Answers from the index data with the rows used (`sources`); says so when a question is outside its scope.",
    tags: ["Assistant"],
    security: "required",
    rateLimit: "chat",
    body: chatRequestSchema,
    responses: {
      200: { description: "Answer", schema: chatResponseSchema },
      400: badRequest,
      401: unauthorized,
      413: error("The body is larger than 16 kB."),
      502: error("The configured chat model answered with an error."),
      503: error("The configured chat model did not answer in time or cannot be reached."),
    },
  },
  {
    method: "get",
    path: "/openapi.json",
    operationId: "openApiDocument",
    summary: "This OpenAPI 3.1.0 document",
    tags: ["Reference"],
    security: "none",
    responses: { 200: { description: "The document", schema: z.record(z.string(), z.unknown()) } },
  },
  {
    method: "get",
    path: "/docs",
    operationId: "apiReference",
    summary: "Interactive reference rendered from this document (assets served under /docs/assets)",
    tags: ["Reference"],
    security: "none",
    responses: { 200: { description: "HTML page", schema: z.string(), mediaType: "text/html" } },
  },
];

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

function parameters(where: "path" | "query", object: z.ZodObject | undefined): JsonObject[] {
  if (!object) return [];
  return Object.entries(object.shape).map(([name, field]) => {
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

function operation(route: RouteDoc, schemaOf: (schema: z.ZodType) => JsonObject): JsonObject {
  const responses: JsonObject = {};
  const all: Record<number, ResponseDoc> = { ...route.responses };
  if (route.rateLimit)
    all[429] = error(`Too many requests: ${RATE_LIMITS[route.rateLimit].description}.`);
  for (const [status, doc] of Object.entries(all)) {
    responses[status] = {
      description: doc.description,
      ...(status === "429" ? { headers: retryAfter } : {}),
      content: { [doc.mediaType ?? "application/json"]: { schema: schemaOf(doc.schema) } },
    };
  }
  const limit = route.rateLimit ? RATE_LIMITS[route.rateLimit] : undefined;
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: route.tags,
    security: securityOf(route.security),
    parameters: [...parameters("path", route.pathParams), ...parameters("query", route.query)],
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

/** Builds the document; `serverUrl` is where this instance is reached. */
export function buildOpenApiDocument(serverUrl?: string): JsonObject {
  // Named schemas (`.meta({ id })`) become components and are referenced by $ref.
  const registry = z.toJSONSchema(z.globalRegistry, {
    target: "draft-2020-12",
    io: "output",
    unrepresentable: "any",
    uri: componentRef,
  });
  const components: JsonObject = {};
  for (const [id, schema] of Object.entries(registry.schemas)) {
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
  for (const route of ROUTES)
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
    tags: [...new Set(ROUTES.flatMap((r) => r.tags))].map((name) => ({ name })),
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
