import {
  DomainError,
  MCP_KEY_RATE_LIMIT,
  perOAuthAccount,
  rateLimitedMessage,
  type RateLimitRule,
} from "@tpi/domain";
import type { Request, RequestHandler, Response } from "express";
import {
  MemoryStore,
  ipKeyGenerator,
  rateLimit,
  type Options,
  type RateLimitInfo,
  type Store,
} from "express-rate-limit";
import { callerOf } from "../http/caller";
import { sendError } from "../http/errors";
import { keepRequestId, type Logger } from "../observability/logger";
import type { LimiterDecision } from "../observability/metrics";
import { FailoverStore } from "./failover-store";
import type { RateLimitSettings } from "../core/deps";

export type RateLimiters = {
  /** 60 requests per minute per client IP; mounted on every route under /api, before any key check. */
  publicLimiter: RequestHandler;
  /** 20 messages per minute per API key; mount after `identifyCaller` and `requireKey`. */
  chatLimiter: RequestHandler;
  /**
   * 600 `/mcp` requests per minute per API key, or per account for OAuth access tokens (all of
   * its grants together); mount after the caller is known to hold a key or a token.
   */
  mcpKeyLimiter: RequestHandler;
  /** The current window of a key's chat allowance, for the usage page. */
  chatState: (keyId: string) => Promise<LimiterState>;
};

/** One key's count in a limiter's current window. `resetsAt` is null when the window has no requests. */
export type LimiterState = { limit: number; used: number; resetsAt: Date | null };

/** The store the limiter counts in: shared through Redis when configured, else this process's memory. */
export function limiterStore(settings: RateLimitSettings, name: string): Store {
  return settings.redis
    ? new FailoverStore(settings.redis, `${settings.redisPrefix}${name}:`)
    : new MemoryStore();
}

/** A per-key limiter's key for an API key (its id, never the secret). */
const chatKeyOf = (keyId: string) => `key:${keyId}`;

/** Origins remembered normalised: browsers send the same few on every request; bounded against junk. */
const NORMALIZED_ORIGINS_KEPT = 1_000;
const normalizedOrigins = new Map<string, string | undefined>();

/** `https://Example.com:443/` → `https://example.com`; undefined for anything that is not an origin. */
export function normalizeOrigin(value: string): string | undefined {
  if (normalizedOrigins.has(value)) return normalizedOrigins.get(value);
  let normalized: string | undefined;
  try {
    const url = new URL(value);
    normalized = url.origin === "null" ? undefined : url.origin;
  } catch {
    normalized = undefined;
  }
  if (normalizedOrigins.size >= NORMALIZED_ORIGINS_KEPT) normalizedOrigins.clear();
  normalizedOrigins.set(value, normalized);
  return normalized;
}

/** Whole seconds until the window resets, at least 1 (a 0 would invite an immediate retry). */
function retryAfterSeconds(req: Request): number {
  // express-rate-limit stores the count on `req.rateLimit` (its default requestPropertyName).
  const resetTime = (req as Request & { rateLimit?: RateLimitInfo }).rateLimit?.resetTime;
  return resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : 1;
}

/** Told each limiter's decision (for the metrics). */
export type OnLimiterDecision = (limiter: string, decision: LimiterDecision) => void;

function limiter(
  rule: RateLimitRule,
  settings: RateLimitSettings,
  name: string,
  log: Logger,
  onDecision: OnLimiterDecision,
  extra: Pick<Partial<Options>, "keyGenerator" | "store"> & {
    /** Requests the limiter lets through uncounted (decided synchronously, see below). */
    skip?: (req: Request) => boolean;
  },
): RequestHandler {
  const { skip, ...options } = extra;
  const limit = rateLimit({
    windowMs: rule.windowMs,
    limit: rule.limit,
    // IETF draft-8 `RateLimit` and `RateLimit-Policy` headers; no legacy X-RateLimit-* headers.
    standardHeaders: "draft-8",
    legacyHeaders: false,
    retryAfter: retryAfterSeconds,
    store: settings.redis ? limiterStore(settings, name) : undefined,
    handler: (req: Request, res: Response) => {
      onDecision(name, "limited");
      // The allowance as counted for this caller (perKey): an OAuth token's is its account's.
      const counted = oauthAccountOf(res) === undefined ? rule : perOAuthAccount(rule);
      sendError(
        res,
        new DomainError("rate_limited", rateLimitedMessage(counted, retryAfterSeconds(req))),
      );
    },
    // X-Forwarded-For is ignored on purpose unless TRUST_PROXY is set; no need to warn about it.
    validate: { xForwardedForHeader: false },
    logger: {
      warn: (error, message) =>
        log.warn(`rate limiter: ${message ?? "warning"}`, { error: String(error) }),
      error: (error, message) =>
        log.error(`rate limiter: ${message ?? "error"}`, { error: String(error) }),
    },
    ...options,
  });
  return (req, res, next) => {
    // A skipped request is decided here, in this turn, exactly as express-rate-limit decides it
    // (allowed, uncounted, no headers): its middleware is an async function, whose promises and
    // microtask turns cost a trusted origin's request more than all the rest of the limiter.
    if (skip?.(req) === true) {
      onDecision(name, "allowed");
      next();
      return;
    }
    // Counting asks the store (a promise, Redis perhaps): the request id goes along.
    return keepRequestId(() =>
      limit(req, res, (error?: unknown) => {
        if (error === undefined) onDecision(name, "allowed");
        next(error);
      }),
    );
  };
}

/**
 * The account of an OAuth access token's caller: its requests count per account, all of the
 * account's grants sharing one allowance, so that a new consent is no fresh allowance.
 */
function oauthAccountOf(res: Response): string | undefined {
  const caller = callerOf(res);
  return caller.kind === "session" && caller.grantId !== undefined ? caller.accountId : undefined;
}

/**
 * Per key, whatever the IP: the key's id (never the secret); an OAuth token's account. Only an
 * unauthenticated request, which the routes refuse before a per-key limiter runs, would fall
 * back to the IP.
 */
function perKey(req: Request, res: Response): string {
  const caller = callerOf(res);
  if (caller.kind === "key") return chatKeyOf(caller.keyId);
  const account = oauthAccountOf(res);
  if (account !== undefined) return `oauth-account:${account}`;
  return `ip:${ipKeyGenerator(req.ip ?? "unknown")}`;
}

export function createRateLimiters(
  settings: RateLimitSettings,
  log: Logger,
  onDecision: OnLimiterDecision = () => undefined,
): RateLimiters {
  const trusted = new Set(
    settings.trustedOrigins.map(normalizeOrigin).filter((origin) => origin !== undefined),
  );
  const fromTrustedOrigin = (req: Request): boolean => {
    const origin = req.headers.origin;
    if (origin === undefined || trusted.size === 0) return false;
    const normalized = normalizeOrigin(origin);
    return normalized !== undefined && trusted.has(normalized);
  };
  // Kept here so that a key's current window can be read back (chatState).
  const chatStore = limiterStore(settings, "chat");
  return {
    publicLimiter: limiter(settings.public, settings, "public", log, onDecision, {
      skip: fromTrustedOrigin,
    }),
    chatLimiter: limiter(settings.chat, settings, "chat", log, onDecision, {
      store: chatStore,
      keyGenerator: perKey,
    }),
    mcpKeyLimiter: limiter(
      settings.mcpKey ?? MCP_KEY_RATE_LIMIT,
      settings,
      "mcp",
      log,
      onDecision,
      {
        keyGenerator: perKey,
      },
    ),
    chatState: async (keyId) => {
      const info = await chatStore.get?.(chatKeyOf(keyId));
      const live = info !== undefined && (info.resetTime ?? new Date(0)).getTime() > Date.now();
      return {
        limit: settings.chat.limit,
        used: live ? info.totalHits : 0,
        resetsAt: live ? (info.resetTime ?? null) : null,
      };
    },
  };
}
