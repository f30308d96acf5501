import { createExpressMiddleware } from "@trpc/server/adapters/express";
import type { RequestListener } from "node:http";
import cors from "cors";
import express, { type RequestHandler } from "express";
import {
  DEFAULT_MAX_KEYS_PER_ACCOUNT,
  DomainError,
  RateLimitedError,
  VISITOR_ADDRESS_HEADER,
} from "@tpi/domain";
import { csrfKeyFrom } from "./accounts/secrets";
import { WebAccounts } from "./accounts/web-accounts";
import {
  DEFAULT_WEBSITE_ACCOUNT_SETTINGS,
  type AppDeps,
  DEFAULT_RATE_LIMIT_SETTINGS,
  type RateLimitSettings,
} from "./core/deps";
import { AttemptLimiter } from "./rate-limit/attempt-limiter";
import { isDatabaseUnavailable } from "@tpi/db";
import {
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  appendVary,
  errorHandler,
  retryAfterOf,
  routeNotFound,
} from "./http/errors";
import { requireInternalToken } from "./http/internal-token";
import { DEFAULT_ANSWER_CACHE_MAX_MB } from "./core/env";
import { jsonBody, refuseFromHead } from "./http/body-limit";
import { createFastLane, type FastLane } from "./http/fast-lane";
import { registerRoutes, routeChain } from "./http/register-routes";
import { securityHeaders } from "./http/security-headers";
import { AnswerCache } from "./http/settled";
import { requestContext, routeLabeler } from "./http/request-context";
import { Metrics } from "./observability/metrics";
import { MCP_PATH, MCP_SIGN_IN_PATH, mcpPayloadTooLarge, mcpRouter } from "./mcp/http";
import { createRateLimiters, normalizeOrigin, type LimiterState } from "./rate-limit/limiters";
import { routesOf } from "./routes";
import { docsAssetRoutes } from "./openapi/docs-routes";
import { buildAppRouter } from "./trpc/app-router";
import { DEFAULT_LIVE_EVENT_SETTINGS, LiveEvents } from "./events/live-events";
import type { RedisConnection } from "./redis/redis-connection";
import { databaseReleaseReader } from "./releases/database-release-reader";
import { OAuthAccessTokens } from "./auth/oauth-tokens";
import { TpiOAuthProvider } from "./oauth/provider";
import { oauthRouter } from "./oauth/router";
import { oauthIssuerOf, oauthResourceOf } from "./oauth/settings";

/** The api: the Express app and the listener to serve (the fast lane in front of the app). */
export type Api = {
  app: express.Express;
  listener: RequestListener;
  answers: AnswerCache;
  fastLane: FastLane;
  /** The live streams' feed: `close()` ends every open stream (a shutdown does first). */
  liveEvents: LiveEvents;
};

/**
 * The api. `extraRoutes` are mounted after the built-in routes and before the JSON 404 (the
 * integration tests mount their own handlers there).
 */
export function createApi(given: AppDeps, extraRoutes: readonly express.Router[] = []): Api {
  const liveEvents =
    given.liveEvents ??
    new LiveEvents(
      given.db,
      DEFAULT_LIVE_EVENT_SETTINGS,
      given.log,
      liveEventsRedisOf(given.rateLimits),
    );
  const deps: AppDeps = {
    ...given,
    liveEvents,
    releases: given.releases ?? databaseReleaseReader(given.db),
    oauthTokens: given.oauthTokens ?? new OAuthAccessTokens(given.db, given.clock),
  };
  const metrics = deps.metrics ?? new Metrics();
  metrics.observeKeyCache(() => deps.auth.cacheLookups);
  const rateLimits = deps.rateLimits ?? DEFAULT_RATE_LIMIT_SETTINGS;
  const { publicLimiter, chatLimiter, chatState, mcpKeyLimiter } = createRateLimiters(
    rateLimits,
    deps.log,
    (limiter, decision) => metrics.limiterDecided(limiter, decision),
  );
  const corsOrigins = new Set(
    (deps.corsOrigins ?? []).map(normalizeOrigin).filter((origin) => origin !== undefined),
  );
  const answers = new AnswerCache(
    (deps.answerCacheMaxMb ?? DEFAULT_ANSWER_CACHE_MAX_MB) * 1024 * 1024,
  );
  for (const publication of deps.markets.publications) publication.onChange(() => answers.clear());
  // An answer kept before a market's first load began must not be served while it runs.
  deps.marketLoading?.onChange(() => answers.clear());
  const routes = routesOf(deps.marketList);
  const appRouter = buildAppRouter(deps.marketList);

  const accounts = websiteAccounts(deps, rateLimits, chatState);

  const app = express();
  app.disable("x-powered-by");
  app.set("query parser", "simple");
  // Client IPs (req.ip, the public limiter's key) come from X-Forwarded-For only when configured.
  app.set("trust proxy", deps.trustProxy ?? false);

  // What every request passes first, in this order, in Express and in the fast lane: its id and
  // access-log record, then the headers of every answer.
  const context = requestContext(deps.log, metrics, routeLabeler(routes));
  const front: RequestHandler[] = [securityHeaders()];
  // The cors package adds `Vary: Origin` only when it allows the origin; a shared cache must
  // also know that an answer without CORS headers is not for every origin.
  if (corsOrigins.size > 0)
    front.push(function varyOnOrigin(_req, res, next) {
      appendVary(res, "Origin");
      next();
    });
  front.push(
    cors({
      origin: (origin, callback) =>
        callback(null, origin !== undefined && corsOrigins.has(normalizeOrigin(origin) ?? "")),
      methods: ["GET", "POST"],
      // MCP clients in a browser send the protocol version header on every call after the first.
      allowedHeaders: ["Authorization", "Content-Type", "Mcp-Protocol-Version"],
      maxAge: 600,
    }),
  );
  app.use(context.identifyRequest);
  for (const handler of front) app.use(handler);
  // What the request's head already refuses (no Host, a declared body over the limit), before
  // anything reads its body or waits on a limiter or a key. The fast lane serves none of these.
  app.use(
    refuseFromHead({
      [MCP_PATH]: (_req, res) => mcpPayloadTooLarge(res),
      [MCP_SIGN_IN_PATH]: (_req, res) => mcpPayloadTooLarge(res),
    }),
  );
  // Every public route under /api, before body parsing and before any key check, so a key
  // neither raises nor replaces the per-IP allowance. Not /health, not the internal /trpc.
  app.use("/api", publicLimiter);
  // The MCP server's authorization server (with the website's accounts: the consent is theirs).
  const issuer = accounts === undefined ? undefined : authorizationServerOf(deps, rateLimits, app);
  // The MCP server: its own key check and limiters (keyless per IP, keyed per key), then its body.
  app.use(
    mcpRouter(deps, { publicLimiter, keyLimiter: mcpKeyLimiter }, { authorizationServer: issuer }),
  );
  app.use(jsonBody());
  const chains = routes.map((route) =>
    routeChain(route, deps, routes, { chat: chatLimiter }, answers),
  );
  registerRoutes(app, chains);
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
      createContext: ({ req }) => ({
        deps,
        routes,
        accounts,
        visitorHeader: req.get(VISITOR_ADDRESS_HEADER),
      }),
      // Database failures count towards the outage (logged once) and answer 503 with Retry-After.
      onError: ({ error }) => void deps.databaseHealth.reportFailure(error.cause),
      responseMeta: ({ errors }) => {
        if (errors.some((error) => isDatabaseUnavailable(error.cause)))
          return {
            status: 503,
            headers: { "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
          };
        const limited = errors.find((error) => error.cause instanceof RateLimitedError)?.cause;
        if (limited instanceof RateLimitedError)
          return { headers: { "Retry-After": String(limited.retryAfterSeconds) } };
        // A market still loading its data: the same Retry-After as its REST 503.
        const retryAfter = errors
          .map((error) =>
            error.cause instanceof DomainError ? retryAfterOf(error.cause) : undefined,
          )
          .find((value) => value !== undefined);
        return retryAfter === undefined ? {} : { headers: { "Retry-After": retryAfter } };
      },
    }),
  );
  for (const router of extraRoutes) app.use(router);
  app.use(routeNotFound);
  const onError = errorHandler(deps.log, deps.databaseHealth);
  app.use(onError);

  const fastLane = createFastLane({
    app,
    deps,
    answers,
    context,
    front,
    publicLimiter,
    chains,
    errorHandler: onError,
  });
  metrics.observeAnswers(() => ({ ...answers.size, fastLaneAnswers: fastLane.served.count }));
  const listener: RequestListener =
    deps.fastLane === false
      ? app
      : (req, res) => {
          if (!fastLane.tryServe(req, res)) app(req, res);
        };
  return { app, listener, answers, fastLane, liveEvents };
}

/** The shared store of the open streams' count: the rate limits' Redis, under their prefix. */
export function liveEventsRedisOf(
  rateLimits: RateLimitSettings | undefined,
): { connection: RedisConnection; prefix: string } | undefined {
  return rateLimits?.redis === undefined
    ? undefined
    : { connection: rateLimits.redis, prefix: rateLimits.redisPrefix };
}

/**
 * Mounts the OAuth authorization server's endpoints (oauth/router.ts) and answers its issuer,
 * which the protected resource metadata names.
 */
function authorizationServerOf(
  deps: AppDeps,
  rateLimits: RateLimitSettings,
  app: express.Express,
): string {
  const siteUrl = (deps.websiteAccounts ?? DEFAULT_WEBSITE_ACCOUNT_SETTINGS).siteUrl;
  const issuer = oauthIssuerOf(deps.websiteAccounts ?? DEFAULT_WEBSITE_ACCOUNT_SETTINGS);
  const oauth = deps.oauth ?? { allowLoopbackMetadataDocuments: false };
  const provider = new TpiOAuthProvider({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    databaseHealth: deps.databaseHealth,
    settings: {
      issuer,
      siteUrl,
      resource: oauthResourceOf(deps.websiteAccounts ?? DEFAULT_WEBSITE_ACCOUNT_SETTINGS, MCP_PATH),
      metadataDocuments: {
        allowLoopback: oauth.allowLoopbackMetadataDocuments,
        resolveHost: oauth.resolveHost,
        ca: oauth.ca,
      },
    },
  });
  app.use(
    oauthRouter({
      provider,
      issuer,
      siteUrl,
      limiter: new AttemptLimiter(rateLimits),
      limits: oauth.limits,
      databaseHealth: deps.databaseHealth,
    }),
  );
  return issuer;
}

/** The website's account service; none without an internal token (its CSRF key derives from it). */
function websiteAccounts(
  deps: AppDeps,
  rateLimits: RateLimitSettings,
  chatState: (keyId: string) => Promise<LimiterState>,
): WebAccounts | undefined {
  if (deps.internalToken === undefined) return undefined;
  const settings = deps.websiteAccounts ?? DEFAULT_WEBSITE_ACCOUNT_SETTINGS;
  return new WebAccounts({
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    csrfKey: csrfKeyFrom(deps.internalToken),
    internalToken: deps.internalToken,
    cookieSecure: settings.cookieSecure,
    siteUrl: settings.siteUrl,
    oauthIssuer: oauthIssuerOf(settings),
    trialPeriodHours: settings.trialPeriodHours,
    newAccountPlan: settings.newAccountPlan,
    operatorMail: settings.operatorMail,
    maxKeysPerAccount: deps.maxKeysPerAccount ?? DEFAULT_MAX_KEYS_PER_ACCOUNT,
    auth: deps.auth,
    limiter: new AttemptLimiter(rateLimits),
    sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    chatState,
    mailQueued: deps.mailQueued ?? (() => undefined),
  });
}

/** The api's Express app alone (route listings); serve `createApi(...).listener`. */
export function createApp(
  deps: AppDeps,
  extraRoutes: readonly express.Router[] = [],
): express.Express {
  return createApi(deps, extraRoutes).app;
}
