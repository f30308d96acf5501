import { freeTierCatalogRoutes } from "../../../platform/openapi/document-route";
import { tokenTypesFreeResponseSchema, tokenTypesResponseSchema } from "../schemas/otpi";
import { TOKEN_TYPES_BODY, TOKEN_TYPES_FREE_BODY } from "../services/catalog";

/** The lab catalogs: they never change while the process runs. */
export const { all: tokenTypesRoute, free: tokenTypesFreeRoute } = freeTierCatalogRoutes({
  path: "/api/token-types",
  noun: { one: "lab", many: "labs" },
  tool: {
    name: "list_token_labs",
    description: "Every tracked model lab with its display name and whether it is on the free tier",
  },
  all: { schema: tokenTypesResponseSchema, body: TOKEN_TYPES_BODY },
  free: { schema: tokenTypesFreeResponseSchema, body: TOKEN_TYPES_FREE_BODY },
});
