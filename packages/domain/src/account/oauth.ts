import type { AccountPlan } from "../shared/access";
import type { AttemptLimit } from "./rules";

/**
 * The rules of the MCP server's OAuth authorization server: lifetimes, the one scope, the
 * request limits, and what the consent page says a client will read.
 */

/** Seconds an access token is good for: short, since a refresh token renews it. */
export const OAUTH_ACCESS_TOKEN_SECONDS = 3_600;
/** Seconds a refresh token is good for; each use rotates it (a new one, the old one spent). */
export const OAUTH_REFRESH_TOKEN_SECONDS = 30 * 24 * 3_600;
/** Seconds an authorization code is good for (single use). */
export const OAUTH_CODE_SECONDS = 60;
/** Seconds the person has to decide on the consent page. */
export const OAUTH_REQUEST_SECONDS = 600;

/** The one scope: reading what the account's plan reads through the MCP server. */
export const OAUTH_SCOPE = "mcp:read";
export const OAUTH_SCOPES = [OAUTH_SCOPE] as const;

/**
 * Registrations per client address. A hosted connector may register a client for every user it
 * signs in, from a few server addresses: 1,000 an hour lets one address sign in a user every
 * 3.6 s all hour, while an address registering junk adds at most 24,000 rows a day.
 */
export const OAUTH_REGISTER_LIMIT: AttemptLimit = {
  name: "oauth-register",
  limit: 1_000,
  windowMs: 60 * 60 * 1000,
};
/**
 * Token and revocation requests per presented credential (the hash of the code, refresh token
 * or token): a code and a refresh token are good once, so an honest client sends one a few
 * times at most (retries), and no one can hammer a single credential.
 */
export const OAUTH_CREDENTIAL_LIMIT: AttemptLimit = {
  name: "oauth-credential",
  limit: 10,
  windowMs: 15 * 60 * 1000,
};
/**
 * Failed token and revocation requests per client address (a bad code, verifier, client or
 * token; successes are not counted): a guesser is stopped, while a hosted connector exchanging
 * and refreshing for all its users from one address is never throttled by its successes.
 */
export const OAUTH_FAILURE_LIMIT: AttemptLimit = {
  name: "oauth-failure",
  limit: 30,
  windowMs: 15 * 60 * 1000,
};
/** Authorization requests per client address: a person's browser, a few per sign-in. */
export const OAUTH_AUTHORIZE_LIMIT: AttemptLimit = {
  name: "oauth-authorize",
  limit: 60,
  windowMs: 15 * 60 * 1000,
};

/** The authorization server's limits, together (tests pass smaller ones to reach them quickly). */
export type OAuthLimits = {
  register: AttemptLimit;
  credential: AttemptLimit;
  failure: AttemptLimit;
  authorize: AttemptLimit;
};
export const OAUTH_LIMITS: OAuthLimits = {
  register: OAUTH_REGISTER_LIMIT,
  credential: OAUTH_CREDENTIAL_LIMIT,
  failure: OAUTH_FAILURE_LIMIT,
  authorize: OAUTH_AUTHORIZE_LIMIT,
};

const PLAN_NAMES: Record<AccountPlan, string> = {
  trial: "Trial",
  premium: "Premium",
  full: "Full",
};

/** The consent page's one sentence: what a connected client reads for this account. */
export function oauthConsentReads(plan: AccountPlan): string {
  const until = plan === "trial" ? ", until the trial ends" : "";
  return `It will read, through the MCP server's tools and resources, what your ${PLAN_NAMES[plan]} plan's API keys read${until}; it cannot change your account, its keys or its webhooks.`;
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Why a client's redirect address is refused, or undefined: the MCP specification's rule,
 * https, or http on a loopback address (a native client's), with no fragment.
 */
export function redirectUriRefusal(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `The redirect URI '${uri}' is not a valid URL.`;
  }
  if (url.hash !== "" || uri.includes("#"))
    return `The redirect URI '${uri}' must not have a fragment.`;
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return `The redirect URI '${uri}' must be https, or http on a loopback address.`;
}

/**
 * The MCP authorization server's issuer, the same on every instance (never a request's Host):
 * the origin of the api's public address (TPI_PUBLIC_API_URL), where its `/oauth/*` and
 * `/.well-known/*` are reached; without one, the website's (TPI_PUBLIC_SITE_URL), for a deployment
 * that serves the api's MCP and OAuth paths under the site's name. Tokens are for `<issuer>/mcp`,
 * and an agent application adds `<issuer>/mcp/oauth`.
 */
export function mcpOAuthIssuer(place: { siteUrl: string; apiUrl?: string | undefined }): string {
  return new URL(place.apiUrl ?? place.siteUrl).origin;
}
