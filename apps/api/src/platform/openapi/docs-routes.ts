import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import express, { Router } from "express";
import { z } from "zod";
import { methodNotAllowed } from "../http/errors";
import { defineRoute } from "../http/route";
import { OPENAPI_VERSION, buildOpenApiDocument } from "./document";

/** Swagger UI's files from the swagger-ui-dist npm package, served by us: no CDN. */
const SWAGGER_UI_DIR = dirname(
  createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"),
);

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Token Price Index API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/init.js"></script>
</body>
</html>
`;

/** A separate file rather than an inline script, so a strict Content-Security-Policy can apply. */
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true });\n`;

/** `GET /openapi.json`: the document, generated from the route list. */
export const openApiRoute = defineRoute({
  method: "get",
  path: "/openapi.json",
  operationId: "openApiDocument",
  security: "none",
  limiter: "none",
  responses: {
    200: { description: "The document", schema: z.record(z.string(), z.unknown()) },
  },
  docs: {
    summary: `This OpenAPI ${OPENAPI_VERSION} document`,
    tags: ["Reference"],
    examples: () => [{ label: "The document", pathAndQuery: "/openapi.json" }],
  },
  handler: (deps, routes) => {
    // The document depends only on code, so it is built once, on first request.
    let document: string | undefined;
    return ({ res }) => {
      document ??= JSON.stringify(buildOpenApiDocument(routes, deps.marketList));
      res.setHeader("Cache-Control", "public, max-age=3600");
      res.type("application/json").send(document);
    };
  },
});

/** `GET /docs`: Swagger UI rendering the document (its files under /docs/assets). */
export const apiReferenceRoute = defineRoute({
  method: "get",
  path: "/docs",
  operationId: "apiReference",
  security: "none",
  limiter: "none",
  responses: {
    200: { description: "HTML page", schema: z.string(), mediaType: "text/html" },
  },
  docs: {
    summary: "Interactive reference rendered from this document (assets served under /docs/assets)",
    tags: ["Reference"],
    examples: () => [{ label: "Open in a browser", pathAndQuery: "/docs", browser: true }],
  },
  handler:
    () =>
    ({ res }) => {
      res.setHeader("Cache-Control", "public, max-age=3600");
      res.type("html").send(DOCS_PAGE);
    },
});

/**
 * Swagger UI's script and files: served for the /docs page, not routes of the reference. Like
 * every route's path, each answers other methods with 405 and `Allow` (an unknown file is a 404
 * whatever the method).
 */
export function docsAssetRoutes(): Router {
  const router = Router();
  const refuse = methodNotAllowed(["GET"]);
  router
    .route("/docs/init.js")
    .get((_req, res) => {
      res.type("application/javascript").send(DOCS_INIT);
    })
    .all(refuse);
  const assets = new Set(readdirSync(SWAGGER_UI_DIR));
  router.use("/docs/assets", (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || !assets.has(req.path.slice(1)))
      return next();
    refuse(req, res, next);
  });
  router.use(
    "/docs/assets",
    express.static(SWAGGER_UI_DIR, { index: false, maxAge: "1d", fallthrough: true }),
  );
  return router;
}
