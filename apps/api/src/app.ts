import { timingSafeEqual } from "node:crypto";
import type { MethodologyRules } from "@tpi/domain";
import type { Db } from "@tpi/db";
import { createExpressMiddleware } from "@trpc/server/adapters/express";
import express, { type RequestHandler } from "express";
import type { ApiKeyAuthenticator } from "./auth/api-key-authenticator";
import { errorHandler, errorOf, routeNotFound, sendError } from "./http/errors";
import type { Logger } from "./logger";
import { catalogRoutes } from "./routes/catalog";
import { healthRoutes } from "./routes/health";
import { otpiRoutes } from "./routes/otpi";
import { otpiDetailRoutes } from "./routes/otpi-details";
import type { PublishedIndex } from "./services/published-index";
import { appRouter } from "./trpc/router";

export type AppDeps = {
  db: Db;
  index: PublishedIndex;
  auth: ApiKeyAuthenticator;
  rules: MethodologyRules;
  /** The UTC clock; injected so that tests can pin "today". */
  clock: () => Date;
  log: Logger;
  /** Bearer token the website presents to the internal tRPC router; without one, tRPC is closed. */
  internalToken?: string;
};

/** Small bodies only: no route takes more than a short JSON object. */
export const JSON_BODY_LIMIT = "16kb";

function requireInternalToken(token: string | undefined): RequestHandler {
  const expected = token === undefined ? undefined : Buffer.from(`Bearer ${token}`);
  return (req, res, next) => {
    const presented = Buffer.from(req.headers.authorization ?? "");
    if (expected === undefined || presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      sendError(res, errorOf("api_key_required", "The internal API requires the internal service token. Use Authorization: Bearer <INTERNAL_API_TOKEN>"));
      return;
    }
    next();
  };
}

export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "simple");
  app.use(express.json({ limit: JSON_BODY_LIMIT }));

  app.use(healthRoutes(deps.db));
  app.use(otpiRoutes(deps));
  app.use(otpiDetailRoutes(deps));
  app.use(catalogRoutes());
  app.use(
    "/trpc",
    requireInternalToken(deps.internalToken),
    createExpressMiddleware({ router: appRouter, createContext: () => ({ index: deps.index, clock: deps.clock }) }),
  );

  app.use(routeNotFound);
  app.use(errorHandler(deps.log));
  return app;
}
