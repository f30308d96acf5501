import { catalogRoute } from "../../../platform/openapi/document-route";
import { tokenTypesFreeResponseSchema, tokenTypesResponseSchema } from "../schemas/otpi";
import { TOKEN_TYPES_BODY, TOKEN_TYPES_FREE_BODY } from "../services/catalog";

/** The lab catalogs: they never change while the process runs. */
export const tokenTypesRoute = catalogRoute({
  path: "/api/token-types",
  operationId: "listTokenTypes",
  tool: {
    name: "list_token_labs",
    title: "Lab catalog",
    description: "Every tracked model lab with its display name and whether it is on the free tier",
  },
  response: { description: "Lab catalog", schema: tokenTypesResponseSchema },
  body: TOKEN_TYPES_BODY,
  docs: {
    summary: "Every tracked lab",
    tags: ["Reference"],
    exampleLabel: "All labs",
  },
});

export const tokenTypesFreeRoute = catalogRoute({
  path: "/api/token-types-free",
  operationId: "listFreeTokenTypes",
  response: { description: "Free-tier labs", schema: tokenTypesFreeResponseSchema },
  body: TOKEN_TYPES_FREE_BODY,
  docs: {
    summary: "Labs on the free tier",
    tags: ["Reference"],
    exampleLabel: "Free-tier labs",
  },
});
