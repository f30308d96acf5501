import { ok } from "@tpi/domain";
import { STATIC_FRESHNESS, defineRoute } from "../../../platform/http/route";
import { noQuerySchema } from "../../../platform/http/input";
import { tokenTypesFreeResponseSchema, tokenTypesResponseSchema } from "../schemas/otpi";
import { TOKEN_TYPES_BODY, TOKEN_TYPES_FREE_BODY } from "../services/catalog";
import { BAD_REQUEST_RESPONSE } from "../../../platform/openapi/responses";

/** The catalogs never change while the process runs (static: an hour of caching). */
export const tokenTypesRoute = defineRoute({
  method: "get",
  path: "/api/token-types",
  operationId: "listTokenTypes",
  tool: {
    name: "list_token_labs",
    title: "Lab catalog",
    description: "Every tracked model lab with its display name and whether it is on the free tier",
    catalog: true,
  },
  security: "none",
  limiter: "public",
  query: noQuerySchema,
  responses: {
    200: { description: "Lab catalog", schema: tokenTypesResponseSchema },
    400: BAD_REQUEST_RESPONSE,
  },
  docs: {
    summary: "Every tracked lab",
    tags: ["Reference"],
    examples: () => [{ label: "All labs", pathAndQuery: "/api/token-types" }],
  },
  settled: { freshness: STATIC_FRESHNESS, answer: () => () => ok(TOKEN_TYPES_BODY) },
});

export const tokenTypesFreeRoute = defineRoute({
  method: "get",
  path: "/api/token-types-free",
  operationId: "listFreeTokenTypes",
  security: "none",
  limiter: "public",
  query: noQuerySchema,
  responses: {
    200: { description: "Free-tier labs", schema: tokenTypesFreeResponseSchema },
    400: BAD_REQUEST_RESPONSE,
  },
  docs: {
    summary: "Labs on the free tier",
    tags: ["Reference"],
    examples: () => [{ label: "Free-tier labs", pathAndQuery: "/api/token-types-free" }],
  },
  settled: { freshness: STATIC_FRESHNESS, answer: () => () => ok(TOKEN_TYPES_FREE_BODY) },
});
