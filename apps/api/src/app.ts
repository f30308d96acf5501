import { timingSafeEqual } from "node:crypto";
import {
  DEFAULT_MAX_KEYS_PER_ACCOUNT,
  type MethodologyRules,
  type WinsorBounds,
} from "@tpi/domain";
import type { Db } from "@tpi/db";
import { createExpressMiddleware } from "@trpc/server/adapters/express";
import cors from "cors";
import express, { type RequestHandler } from "express";
import helmet from "helmet";
import type { ApiKeyAuthenticator } from "./auth/api-key-authenticator";
import { identifyCaller, requireKey } from "./http/caller";
import { errorHandler, errorOf, routeNotFound, sendError } from "./http/errors";
import type { Logger } from "./logger";
import {
  DEFAULT_RATE_LIMIT_SETTINGS,
  createRateLimiters,
  normalizeOrigin,
  type RateLimitSettings,
} from "./rate-limit/limiters";
import { apiKeyRoutes } from "./routes/api-keys";
import { catalogRoutes } from "./routes/catalog";
import { chatRoutes } from "./routes/chat";
import { docsRoutes } from "./routes/docs";
import { gpuRoutes } from "./routes/gpu";
import { healthRoutes } from "./routes/health";
import { otpiRoutes } from "./routes/otpi";
import type { ChatModel } from "./chat/model-backend";
import type { GpuPublishedIndex } from "./read-models/gpu-published-index";
import { otpiDetailRoutes } from "./routes/otpi-details";
import type { PublishedIndex } from "./read-models/published-index";
import { appRouter } from "./trpc/router";

export type AppDeps = {
  db: Db;
  index: PublishedIndex;
  /** The published GPU prints and daily values, in memory. */
  gpuIndex: GpuPublishedIndex;
  /** The chat's optional model backend and the GPU winsorizing bounds it explains; built-in only when absent. */
  chat?: { model?: ChatModel; winsor: WinsorBounds };
  auth: ApiKeyAuthenticator;
  rules: MethodologyRules;
  /** The UTC clock; injected so that tests can pin "today". */
  clock: () => Date;
  log: Logger;
  /** Bearer token the website presents to the internal tRPC router; without one, tRPC is closed. */
  internalToken?: string;
  /** Allowances, trusted origins and the optional shared Redis store; the contract's limits in memory by default. */
  rateLimits?: RateLimitSettings;
  /** Express "trust proxy" (TRUST_PROXY): false by default, so X-Forwarded-For is ignored. */
  trustProxy?: false | number | readonly string[];
  /** Browser origins allowed by CORS (CORS_ORIGINS); none by default. */
  corsOrigins?: readonly string[];
  /** Unrevoked keys an account may hold (MAX_KEYS_PER_ACCOUNT). */
  maxKeysPerAccount?: number;
};

/** Small bodies only: no route takes more than a short JSON object. */
export const JSON_BODY_LIMIT = "16kb";

function requireInternalToken(token: string | undefined): RequestHandler {
  const expected = token === undefined ? undefined : Buffer.from(`Bearer ${token}`);
  return (req, res, next) => {
    const presented = Buffer.from(req.headers.authorization ?? "");
    if (
      expected === undefined ||
      presented.length !== expected.length ||
      !timingSafeEqual(presented, expected)
    ) {
      sendError(
        res,
        errorOf(
          "api_key_required",
          "The internal API requires the internal service token. Use Authorization: Bearer <INTERNAL_API_TOKEN>",
        ),
      );
      return;
    }
    next();
  };
}

/** `/health`'s report on the shared rate-limit store. */
function redisHealth(settings: RateLimitSettings): Record<string, string> {
  return { redis: settings.redis ? settings.redis.status : "not configured" };
}

/**
 * The api. `extraRoutes` are mounted after the built-in routes and before the JSON 404 (the
 * integration tests mount a terminal chat handler there to exercise the chat limiter).
 */
export function createApp(
  deps: AppDeps,
  extraRoutes: readonly express.Router[] = [],
): express.Express {
  const rateLimits = deps.rateLimits ?? DEFAULT_RATE_LIMIT_SETTINGS;
  const { publicLimiter, chatLimiter } = createRateLimiters(rateLimits, deps.log);
  const corsOrigins = new Set(
    (deps.corsOrigins ?? []).map(normalizeOrigin).filter((origin) => origin !== undefined),
  );

  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "simple");
  // Client IPs (req.ip, the public limiter's key) come from X-Forwarded-For only when configured.
  app.set("trust proxy", deps.trustProxy ?? false);
  app.use(helmet());
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
  app.use(express.json({ limit: JSON_BODY_LIMIT }));

  // The chat route (its own module) answers after these: the key is checked, then its allowance.
  // Without that module the request falls through to the JSON 404.
  app.post("/api/chat", identifyCaller(deps.auth), requireKey, chatLimiter);

  app.use(healthRoutes(deps.db, () => redisHealth(rateLimits)));
  app.use(otpiRoutes(deps));
  app.use(apiKeyRoutes(deps, deps.maxKeysPerAccount ?? DEFAULT_MAX_KEYS_PER_ACCOUNT));
  app.use(otpiDetailRoutes(deps));
  app.use(catalogRoutes());
  app.use(gpuRoutes(deps));
  app.use(chatRoutes(deps));
  app.use(docsRoutes());
  app.use(
    "/trpc",
    requireInternalToken(deps.internalToken),
    createExpressMiddleware({
      router: appRouter,
      createContext: () => ({
        index: deps.index,
        gpuIndex: deps.gpuIndex,
        clock: deps.clock,
        rules: deps.rules,
      }),
    }),
  );

  for (const router of extraRoutes) app.use(router);

  app.use(routeNotFound);
  app.use(errorHandler(deps.log));
  return app;
}
