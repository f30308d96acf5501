/**
 * The allowances of the api's two rate limiters and the text of their 429 answers (contract
 * section 8). One source of truth: the middleware, the tests and the README quote these.
 */
export type RateLimitRule = {
  /** Requests allowed per window. */
  limit: number;
  /** Window length in milliseconds (fixed window, counted from the first request in it). */
  windowMs: number;
  /** Whose requests are counted together, for the 429 message. */
  scope: "IP address" | "API key" | typeof OAUTH_ACCOUNT_SCOPE;
  /** What is counted, for the 429 message. */
  unit: "requests" | "messages";
};

/** Every public route under /api: 60 requests per minute per client IP address. */
export const PUBLIC_RATE_LIMIT: RateLimitRule = {
  limit: 60,
  windowMs: 60_000,
  scope: "IP address",
  unit: "requests",
};

/** `POST /api/chat`: 20 messages per minute per API key, whatever the IP (each call spends model tokens). */
export const CHAT_RATE_LIMIT: RateLimitRule = {
  limit: 20,
  windowMs: 60_000,
  scope: "API key",
  unit: "messages",
};

/**
 * `/mcp` calls with an API key: 600 requests per minute per key, whatever the IP (an agent makes
 * many small calls per question). Keyless `/mcp` calls count against the public limiter.
 */
export const MCP_KEY_RATE_LIMIT: RateLimitRule = {
  limit: 600,
  windowMs: 60_000,
  scope: "API key",
  unit: "requests",
};

/** Whose allowance an OAuth access token's `/mcp` requests count against: its account's, not the token's. */
export const OAUTH_ACCOUNT_SCOPE = "account (all its OAuth connections together)";

/**
 * The MCP allowance of an OAuth access token's caller: the key's allowance, counted per account
 * for all of its connections together (a new consent is no fresh allowance).
 */
export function perOAuthAccount(rule: RateLimitRule): RateLimitRule {
  return { ...rule, scope: OAUTH_ACCOUNT_SCOPE };
}

/** "minute", "2 seconds", "hour": the window in words. */
export function describeWindow(windowMs: number): string {
  const units: [number, string][] = [
    [3_600_000, "hour"],
    [60_000, "minute"],
    [1_000, "second"],
  ];
  for (const [size, name] of units) {
    if (windowMs % size === 0) {
      const count = windowMs / size;
      return count === 1 ? name : `${count} ${name}s`;
    }
  }
  return `${windowMs} milliseconds`;
}

/** "60 requests per minute per IP address". */
export function describeAllowance(rule: RateLimitRule): string {
  return `${rule.limit} ${rule.unit} per ${describeWindow(rule.windowMs)} per ${rule.scope}`;
}

/** The 429 message: the allowance enforced and when to retry (whole seconds, as in Retry-After). */
export function rateLimitedMessage(rule: RateLimitRule, retryAfterSeconds: number): string {
  const seconds = retryAfterSeconds === 1 ? "1 second" : `${retryAfterSeconds} seconds`;
  return `Rate limit exceeded: the allowance is ${describeAllowance(rule)}. Retry after ${seconds}.`;
}
