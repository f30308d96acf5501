import { createExpressMiddleware } from "@trpc/server/adapters/express";
import cors from "cors";
import express from "express";
import helmet from "helmet";
import type { AppDeps } from "./deps";
import { isDatabaseUnavailable } from "@tpi/db";
import { UNAVAILABLE_RETRY_AFTER_SECONDS, errorHandler, routeNotFound } from "./http/errors";
import { requireInternalToken } from "./http/internal-token";
import { JSON_BODY_LIMIT_BYTES } from "./http/limits";
import { registerRoutes } from "./http/register-routes";
import { requestContext, routeLabeler } from "./http/request-context";
import { Metrics } from "./metrics";
import {
  DEFAULT_RATE_LIMIT_SETTINGS,
  createRateLimiters,
  normalizeOrigin,
} from "./rate-limit/limiters";
import { ROUTES } from "./routes/all-routes";
import { docsAssetRoutes } from "./routes/docs";
import { appRouter } from "./trpc/router";

/**
 * The api. `extraRoutes` are mounted after the built-in routes and before the JSON 404 (the
 * integration tests mount their own handlers there).
 */
export function createApp(
  deps: AppDeps,
  extraRoutes: readonly express.Router[] = [],
): express.Express {
  const metrics = deps.metrics ?? new Metrics();
  metrics.observeKeyCache(() => deps.auth.cacheLookups);
  const { publicLimiter, chatLimiter } = createRateLimiters(
    deps.rateLimits ?? DEFAULT_RATE_LIMIT_SETTINGS,
    deps.log,
    (limiter, decision) => metrics.limiterDecided(limiter, decision),
  );
  const corsOrigins = new Set(
    (deps.corsOrigins ?? []).map(normalizeOrigin).filter((origin) => origin !== undefined),
  );
  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "simple");
  // Client IPs (req.ip, the public limiter's key) come from X-Forwarded-For only when configured.
  app.set("trust proxy", deps.trustProxy ?? false);
  app.use(requestContext(deps.log, metrics, routeLabeler(ROUTES)));
  app.use(helmet());
  // The cors package adds `Vary: Origin` only when it allows the origin; a shared cache must
  // also know that an answer without CORS headers is not for every origin.
  if (corsOrigins.size > 0)
    app.use((_req, res, next) => {
      res.vary("Origin");
      next();
    });
  app.use(
    cors({
      origin: (origin, callback) =>
        callback(null, origin !== undefined && corsOrigins.has(normalizeOrigin(origin) ?? "")),
      methods: ["GET", "POST"],
      allowedHeaders: ["Authorization", "Content-Type"],
      maxAge: 600,
    }),
  );
  // Every public route under /api, before body parsing and before any key check, so a key
  // neither raises nor replaces the per-IP allowance. Not /health, not the internal /trpc.
  app.use("/api", publicLimiter);
  app.use(express.json({ limit: JSON_BODY_LIMIT_BYTES }));
  registerRoutes(app, ROUTES, deps, { chat: chatLimiter });
  app.use(docsAssetRoutes());
  // Prometheus metrics: internal, behind the same token as /trpc.
  app.get("/metrics", requireInternalToken(deps.internalToken), async (_req, res) => {
    const { contentType, body } = await metrics.exposition();
    res.setHeader("Cache-Control", "no-store");
    res.type(contentType).send(body);
  });
  app.use(
    "/trpc",
    requireInternalToken(deps.internalToken),
    createExpressMiddleware({
      router: appRouter,
      createContext: () => ({
        db: deps.db,
        index: deps.index,
        gpuIndex: deps.gpuIndex,
        clock: deps.clock,
        rules: deps.rules,
        routes: ROUTES,
      }),
      // Database failures count towards the outage (logged once) and answer 503 with Retry-After.
      onError: ({ error }) => void deps.databaseHealth.reportFailure(error.cause),
      responseMeta: ({ errors }) =>
        errors.some((error) => isDatabaseUnavailable(error.cause))
          ? { status: 503, headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) } }
          : {},
    }),
  );
  for (const router of extraRoutes) app.use(router);
  app.use(routeNotFound);
  app.use(errorHandler(deps.log, deps.databaseHealth));
  return app;
}
