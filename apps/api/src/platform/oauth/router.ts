import { authorizationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/authorize.js";
import { metadataHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/metadata.js";
import { clientRegistrationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/register.js";
import { revocationHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/revoke.js";
import { tokenHandler } from "@modelcontextprotocol/sdk/server/auth/handlers/token.js";
import { OAuthError, ServerError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type { OAuthMetadata } from "@modelcontextprotocol/sdk/shared/auth.js";
import express, {
  type ErrorRequestHandler,
  type RequestHandler,
  type Response,
  type Router,
} from "express";
import {
  OAUTH_LIMITS,
  OAUTH_SCOPES,
  RateLimitedError,
  type AttemptLimit,
  type OAuthLimits,
} from "@tpi/domain";
import { isDatabaseUnavailable } from "@tpi/db";
import { JSON_BODY_LIMIT_BYTES } from "../http/limits";
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from "../http/errors";
import type { DatabaseHealth } from "../health/database-health";
import type { AttemptLimiter } from "../rate-limit/attempt-limiter";
import { hashOAuthSecret } from "../auth/oauth-tokens";
import {
  DatabaseUnavailableOAuthError,
  consentPageUrl,
  parametersOf,
  type TpiOAuthProvider,
} from "./provider";

/**
 * The authorization server's endpoints: the SDK's handlers (server/auth/handlers/*) over our
 * provider, with what the SDK leaves open filled in here:
 *
 * - the metadata (RFC 8414) also says `client_id_metadata_document_supported`,
 *   `authorization_response_iss_parameter_supported`, S256 only and public clients only;
 * - the limits are the api's own (rate-limit/attempt-limiter: Redis-shared with REDIS_URL), 429
 *   with Retry-After; the SDK's per-process limiters are off. Registration and authorization
 *   count per client address; token and revocation requests per presented credential, and
 *   their failures (only) per client address, so that a hosted connector exchanging for many
 *   users from one address is never throttled by its successes while a guesser is;
 * - a redirect_uri must equal a registered one character for character (the SDK lets a loopback
 *   address's port vary, RFC 8252, which this server does not);
 * - the authorization endpoint answers its errors in the browser, never redirecting them to the
 *   client (an open redirector otherwise, RFC 9700): it redirects to the consent page only;
 * - a database outage is 503 with Retry-After (the SDK would answer 500), and a malformed body
 *   an OAuth error in JSON.
 */

export const OAUTH_PATHS = {
  authorize: "/oauth/authorize",
  token: "/oauth/token",
  register: "/oauth/register",
  revoke: "/oauth/revoke",
} as const;

/** RFC 8414's well-known address of the metadata, for an issuer without a path. */
export const AUTHORIZATION_SERVER_METADATA_PATH = "/.well-known/oauth-authorization-server";

export type AuthorizationServerMetadata = OAuthMetadata & {
  client_id_metadata_document_supported: true;
  authorization_response_iss_parameter_supported: true;
};

export function authorizationServerMetadata(issuer: string): AuthorizationServerMetadata {
  return {
    issuer,
    authorization_endpoint: `${issuer}${OAUTH_PATHS.authorize}`,
    token_endpoint: `${issuer}${OAUTH_PATHS.token}`,
    registration_endpoint: `${issuer}${OAUTH_PATHS.register}`,
    revocation_endpoint: `${issuer}${OAUTH_PATHS.revoke}`,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    revocation_endpoint_auth_methods_supported: ["none"],
    service_documentation: `${issuer}/docs`,
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
  };
}

export type OAuthRouterDeps = {
  provider: TpiOAuthProvider;
  issuer: string;
  siteUrl: string;
  limiter: AttemptLimiter;
  /** OAUTH_LIMITS unless a test passes smaller ones. */
  limits?: OAuthLimits;
  databaseHealth: DatabaseHealth;
};

function sendOAuthError(res: Response, status: number, error: string, description: string): void {
  res.setHeader("Cache-Control", "no-store");
  res.status(status).json({ error, error_description: description });
}

/** The SDK's handlers answer a ServerError 500: the database's is a 503 with Retry-After. */
const outageAs503: RequestHandler = (_req, res, next) => {
  const json = res.json.bind(res);
  res.json = (body: unknown) => {
    if (
      res.statusCode === 500 &&
      (body as { error?: unknown } | null)?.error === DatabaseUnavailableOAuthError.errorCode
    ) {
      res.status(503);
      res.setHeader("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    }
    return json(body);
  };
  next();
};

/** Over a limit: 429 with Retry-After. */
function tooManyRequests(res: Response, error: RateLimitedError, per: string): void {
  res.setHeader("Retry-After", String(error.retryAfterSeconds));
  sendOAuthError(
    res,
    429,
    "too_many_requests",
    `Too many requests to this endpoint ${per}; try again in ${error.retryAfterSeconds} s.`,
  );
}

/** One attempt counted per client address; over the limit 429 with Retry-After. */
function limited(limiter: AttemptLimiter, limit: AttemptLimit): RequestHandler {
  return async (req, res, next) => {
    try {
      await limiter.hit(limit, req.ip ?? "unknown");
    } catch (error) {
      if (!(error instanceof RateLimitedError)) return next(error);
      return tooManyRequests(res, error, "from this address");
    }
    next();
  };
}

/**
 * Token and revocation requests: an address with `limits.failure` failed requests in the window
 * is refused; a failed answer (4xx, a 429 aside) is counted against its address before it is
 * sent, so that the address's next request sees it. Successes and outages (503) count nothing.
 * Mounted before the body parser, so that an unreadable body counts too.
 */
function failuresPerAddress(limiter: AttemptLimiter, limit: AttemptLimit): RequestHandler {
  return async (req, res, next) => {
    const address = req.ip ?? "unknown";
    try {
      await limiter.refuseOver(limit, address);
    } catch (error) {
      if (!(error instanceof RateLimitedError)) return next(error);
      return tooManyRequests(res, error, "after too many failed requests from this address");
    }
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const failed = res.statusCode >= 400 && res.statusCode < 500 && res.statusCode !== 429;
      if (!failed) return json(body);
      void limiter.add(limit, address).then(
        () => json(body),
        () => json(body),
      );
      return res;
    };
    next();
  };
}

/** The credential a token or revocation request presents: its code, refresh token or token. */
function credentialOf(req: express.Request): string | undefined {
  const body = parametersOf(req);
  for (const field of ["code", "refresh_token", "token"]) {
    const value = body[field];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/** One attempt counted per presented credential (its hash), so that none can be hammered. */
function perCredential(limiter: AttemptLimiter, limit: AttemptLimit): RequestHandler {
  return async (req, res, next) => {
    const credential = credentialOf(req);
    if (credential === undefined) return next();
    try {
      await limiter.hit(limit, hashOAuthSecret(credential));
    } catch (error) {
      if (!(error instanceof RateLimitedError)) return next(error);
      return tooManyRequests(res, error, "with this credential");
    }
    next();
  };
}

/**
 * Before the SDK's handler: a redirect_uri that is not exactly one the client registered is
 * refused here, as the SDK refuses one that is not registered (400, never a redirect to it).
 */
function exactRedirectUri(provider: TpiOAuthProvider): RequestHandler {
  return async (req, res, next) => {
    const { client_id: clientId, redirect_uri: redirectUri } = parametersOf(req);
    if (typeof clientId !== "string" || typeof redirectUri !== "string") return next();
    let client;
    try {
      client = await provider.clientsStore.getClient(clientId);
    } catch (error) {
      if (error instanceof DatabaseUnavailableOAuthError) {
        res.setHeader("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        return sendOAuthError(res, 503, error.errorCode, error.message);
      }
      if (error instanceof OAuthError)
        return sendOAuthError(res, 400, error.errorCode, error.message);
      return next(error);
    }
    if (client !== undefined && !client.redirect_uris.includes(redirectUri))
      return sendOAuthError(
        res,
        400,
        "invalid_request",
        "redirect_uri is not one the client registered: it must match one exactly, character for character.",
      );
    next();
  };
}

/**
 * The authorization endpoint never sends the browser to the client with an error: anyone may
 * register an https redirect address (dynamic registration, a metadata document), so an error
 * redirected there would make this server an open redirector (RFC 9700, section 4.11.2). The
 * SDK's handler redirects the errors it finds once the client and its redirect address are
 * known (a response_type other than code, a missing or plain code_challenge, an unknown scope or
 * resource): each is answered here instead, as OAuth's JSON error in the person's browser (400;
 * 503 with Retry-After for a database outage, 500 for anything else). The one redirect left is to
 * the website's consent page; the client hears back only once the person has seen its name and
 * address there and decided (connections.ts, with `iss`, RFC 9207).
 */
function errorsAnsweredHere(siteUrl: string): RequestHandler {
  const consentPrefix = consentPageUrl(siteUrl, "");
  return (_req, res, next) => {
    const redirect = res.redirect.bind(res) as (status: number, url: string) => void;
    res.redirect = ((first: number | string, second?: string) => {
      const status = typeof first === "number" ? first : 302;
      const url = typeof first === "string" ? first : (second ?? "");
      if (url.startsWith(consentPrefix)) return redirect(status, url);
      const refused = new URL(url).searchParams;
      const error = refused.get("error") ?? ServerError.errorCode;
      const description = refused.get("error_description") ?? "The request was refused.";
      if (error === DatabaseUnavailableOAuthError.errorCode)
        res.setHeader("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      const answer =
        error === DatabaseUnavailableOAuthError.errorCode
          ? 503
          : error === ServerError.errorCode
            ? 500
            : 400;
      return sendOAuthError(res, answer, error, description);
    }) as Response["redirect"];
    next();
  };
}

/** Body errors (not JSON, not a form, too large) as OAuth errors in JSON, never a 500. */
function bodyErrors(invalidCode: string): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) return next(error);
    if (isDatabaseUnavailable(error)) {
      res.setHeader("Retry-After", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return sendOAuthError(res, 503, "temporarily_unavailable", "The database is unreachable.");
    }
    const { type, status } = (error ?? {}) as { type?: string; status?: number };
    if (type === "entity.too.large" || status === 413)
      return sendOAuthError(
        res,
        413,
        invalidCode,
        `The request body must not exceed ${JSON_BODY_LIMIT_BYTES} bytes.`,
      );
    if (typeof status === "number" && status >= 400 && status < 500)
      return sendOAuthError(res, 400, invalidCode, "The request body could not be read.");
    next(error);
  };
}

export function oauthRouter(deps: OAuthRouterDeps): Router {
  const { provider, issuer, limiter } = deps;
  const limits = deps.limits ?? OAUTH_LIMITS;
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: JSON_BODY_LIMIT_BYTES });
  router.use(
    AUTHORIZATION_SERVER_METADATA_PATH,
    (_req, res, next) => {
      res.setHeader("Cache-Control", "public, max-age=3600");
      next();
    },
    metadataHandler(authorizationServerMetadata(issuer)),
  );
  router.use(
    OAUTH_PATHS.authorize,
    outageAs503,
    limited(limiter, limits.authorize),
    form,
    exactRedirectUri(provider),
    errorsAnsweredHere(deps.siteUrl),
    authorizationHandler({ provider, rateLimit: false }),
    bodyErrors("invalid_request"),
  );
  router.use(
    OAUTH_PATHS.token,
    outageAs503,
    failuresPerAddress(limiter, limits.failure),
    form,
    perCredential(limiter, limits.credential),
    tokenHandler({ provider, rateLimit: false }),
    bodyErrors("invalid_request"),
  );
  router.use(
    OAUTH_PATHS.register,
    outageAs503,
    limited(limiter, limits.register),
    express.json({ limit: JSON_BODY_LIMIT_BYTES }),
    clientRegistrationHandler({
      clientsStore: provider.clientsStore,
      rateLimit: false,
      clientSecretExpirySeconds: 0,
    }),
    bodyErrors("invalid_client_metadata"),
  );
  router.use(
    OAUTH_PATHS.revoke,
    outageAs503,
    failuresPerAddress(limiter, limits.failure),
    form,
    perCredential(limiter, limits.credential),
    revocationHandler({ provider, rateLimit: false }),
    bodyErrors("invalid_request"),
  );
  return router;
}
