import { createHash, randomBytes } from "node:crypto";
import {
  DomainError,
  accessForPlan,
  bearerTokenOf,
  err,
  ok,
  trialHasEnded,
  type Result,
} from "@tpi/domain";
import { findOAuthToken, touchOAuthGrants, type Db } from "@tpi/db";
import type { Caller } from "./api-key-authenticator";

/**
 * The secrets of the MCP server's OAuth authorization server, and the check of an access token
 * at /mcp. Tokens are opaque random strings with a recognisable prefix (so that secret scanners
 * spot a leaked one, and so that /mcp tells them from API keys without a lookup); only their
 * SHA-256 is stored.
 */
export const OAUTH_ACCESS_TOKEN_PREFIX = "tpi_at_";
export const OAUTH_REFRESH_TOKEN_PREFIX = "tpi_rt_";

/** 32 random bytes, base64url: 256 bits. */
function randomSecret(): string {
  return randomBytes(32).toString("base64url");
}

export const newAccessToken = (): string => `${OAUTH_ACCESS_TOKEN_PREFIX}${randomSecret()}`;
export const newRefreshToken = (): string => `${OAUTH_REFRESH_TOKEN_PREFIX}${randomSecret()}`;
export const newAuthorizationCode = (): string => randomSecret();

/** What is stored of a token or code: its SHA-256, hex. */
export function hashOAuthSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** Whether an Authorization header carries an OAuth access token (rather than an API key). */
export function isOAuthAccessTokenHeader(authorizationHeader: string | undefined): boolean {
  if (authorizationHeader === undefined) return false;
  return bearerTokenOf(authorizationHeader)?.startsWith(OAUTH_ACCESS_TOKEN_PREFIX) ?? false;
}

/** The 401 of an access token /mcp does not accept; its challenge says `invalid_token` (RFC 6750). */
export const invalidOAuthToken = (why: string): DomainError =>
  new DomainError(
    "invalid_api_key",
    `The OAuth access token is not valid here: ${why}. Ask the authorization server for a new one (or send an API key).`,
  );

/** Milliseconds between batched writes of grants' last use (as KEY_USAGE_FLUSH_MS for keys). */
export const GRANT_USAGE_FLUSH_MS = 10_000;

/**
 * Resolves an access token to the caller of its account: the account's plan exactly as a key
 * of that plan (an ended trial is refused like its keys). Every request reads the database (one
 * indexed lookup by hash, the grant and account joined), so that a revocation on any instance
 * holds on every instance at once; a database outage is the edge's 503.
 */
export class OAuthAccessTokens {
  private readonly lastUsed = new Map<string, Date>();

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
  ) {}

  /** The caller of `authorizationHeader`'s access token at `resource` (this request's MCP resource URL). */
  async authenticate(
    authorizationHeader: string,
    resource: string,
  ): Promise<Result<Caller, DomainError>> {
    const token = bearerTokenOf(authorizationHeader);
    if (token === undefined) return err(invalidOAuthToken("it is malformed"));
    const found = await findOAuthToken(this.db, hashOAuthSecret(token));
    const now = this.clock();
    if (found === null || found.kind !== "access") return err(invalidOAuthToken("it is unknown"));
    if (found.revokedAt !== null || found.grant.revokedAt !== null)
      return err(invalidOAuthToken("it was revoked"));
    if (found.expiresAt.getTime() <= now.getTime()) return err(invalidOAuthToken("it has expired"));
    // The audience (RFC 8707): a token is good only for the resource it was issued for.
    if (found.grant.resource !== resource)
      return err(invalidOAuthToken(`it was issued for another resource, not ${resource}`));
    const account = found.grant.account;
    if (trialHasEnded(account.plan, account.trialEndsAt, now))
      return err(invalidOAuthToken("the account's trial has ended"));
    this.lastUsed.set(found.grant.id, now);
    return ok({
      kind: "session",
      access: accessForPlan(account.plan),
      accountId: account.id,
      plan: account.plan,
      grantId: found.grant.id,
    });
  }

  /** Writes the grants' collected last use (the server's scheduler, and once more on shutdown). */
  async flushLastUsed(): Promise<number> {
    const uses = new Map(this.lastUsed);
    this.lastUsed.clear();
    try {
      await touchOAuthGrants(this.db, uses);
    } catch (error) {
      for (const [id, at] of uses) if (!this.lastUsed.has(id)) this.lastUsed.set(id, at);
      throw error;
    }
    return uses.size;
  }
}
