import { createRequire } from "node:module";
import { dirname } from "node:path";
import express, { Router } from "express";
import { methodNotAllowed } from "../http/errors";
import { buildOpenApiDocument } from "../openapi/document";

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

/** `GET /openapi.json` (generated from the zod schemas) and `GET /docs` (Swagger UI rendering it). */
export function docsRoutes(): Router {
  const router = Router();
  // The document depends only on code, so it is built once, on first request.
  let document: string | undefined;
  router.get("/openapi.json", (_req, res) => {
    document ??= JSON.stringify(buildOpenApiDocument());
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("application/json").send(document);
  });
  router.all("/openapi.json", methodNotAllowed(["GET"]));
  router.get("/docs", (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    res.type("html").send(DOCS_PAGE);
  });
  router.get("/docs/init.js", (_req, res) => {
    res.type("application/javascript").send(DOCS_INIT);
  });
  router.use(
    "/docs/assets",
    express.static(SWAGGER_UI_DIR, { index: false, maxAge: "1d", fallthrough: true }),
  );
  return router;
}
