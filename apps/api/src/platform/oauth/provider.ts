import { randomUUID } from "node:crypto";
import type { Request, Response } from "express";
import type { OAuthRegisteredClientsStore } from "@modelcontextprotocol/sdk/server/auth/clients.js";
import {
  CustomOAuthError,
  InvalidClientError,
  InvalidClientMetadataError,
  InvalidGrantError,
  InvalidRequestError,
  InvalidScopeError,
  InvalidTargetError,
  InvalidTokenError,
  OAuthError,
  ServerError,
} from "@modelcontextprotocol/sdk/server/auth/errors.js";
import type {
  AuthorizationParams,
  OAuthServerProvider,
} from "@modelcontextprotocol/sdk/server/auth/provider.js";
import type { AuthInfo } from "@modelcontextprotocol/sdk/server/auth/types.js";
import type {
  OAuthClientInformationFull,
  OAuthTokenRevocationRequest,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import {
  OAUTH_ACCESS_TOKEN_SECONDS,
  OAUTH_REFRESH_TOKEN_SECONDS,
  OAUTH_REQUEST_SECONDS,
  OAUTH_SCOPE,
  OAUTH_SCOPES,
  redirectUriRefusal,
  trialHasEnded,
} from "@tpi/domain";
import {
  createOAuthRequest,
  exchangeOAuthCode,
  findOAuthClient,
  findOAuthCode,
  findOAuthToken,
  isDatabaseUnavailable,
  revokeOAuthGrant,
  revokeOAuthToken,
  rotateOAuthRefreshToken,
  saveOAuthClient,
  type Db,
  type NewOAuthToken,
  type OAuthClientRecord,
  type OAuthGrantRecord,
} from "@tpi/db";
import { hashOAuthSecret, newAccessToken, newRefreshToken } from "../auth/oauth-tokens";
import type { DatabaseHealth } from "../health/database-health";
import type { Logger } from "../observability/logger";
import {
  CLIENT_METADATA_CACHE_MS,
  ClientMetadataRefusal,
  fetchClientMetadataDocument,
  isMetadataDocumentClientId,
  type ClientMetadataFetchPolicy,
} from "./client-metadata-document";

/**
 * The MCP server's authorization server behind the SDK's handlers (server/auth/handlers/*): an
 * OAuthServerProvider over PostgreSQL. The SDK parses the requests, checks PKCE (S256) and
 * answers in OAuth's error format; this provider holds the state and the rules the SDK leaves
 * to it: clients by metadata document or dynamic registration (public clients only), the
 * resource indicator (RFC 8707), single-use codes whose replay (with the code's verifier)
 * revokes what they issued, refresh-token rotation whose replay revokes the grant, each spend
 * in one transaction with the tokens it issues, and revocation (RFC 7009).
 */

/** The database failed: the AS endpoints answer 503 with Retry-After (router.ts), never a 500. */
export class DatabaseUnavailableOAuthError extends ServerError {
  static override errorCode = "temporarily_unavailable";
  constructor() {
    super("The database is unreachable; try again shortly.");
  }
}

export type OAuthServerSettings = {
  /** The issuer identifier: TPI_PUBLIC_SITE_URL's origin, the same on every instance. */
  issuer: string;
  /** The website's address (TPI_PUBLIC_SITE_URL): the consent page is `/account/authorize` there. */
  siteUrl: string;
  /** The one resource tokens are issued for: this MCP server at the issuer's origin. */
  resource: string;
  metadataDocuments: ClientMetadataFetchPolicy;
};

export type OAuthProviderDeps = {
  db: Db;
  clock: () => Date;
  log: Logger;
  databaseHealth: DatabaseHealth;
  settings: OAuthServerSettings;
};

/** The website's consent page for a pending request. */
export function consentPageUrl(siteUrl: string, requestId: string): string {
  return `${siteUrl.replace(/\/+$/, "")}/account/authorize?request=${encodeURIComponent(requestId)}`;
}

/** A request's OAuth parameters: the query (GET) or the form (POST). */
export function parametersOf(req: Request): Record<string, unknown> {
  const source: unknown = req.method === "POST" ? req.body : req.query;
  return source !== null && typeof source === "object" ? (source as Record<string, unknown>) : {};
}

/** The SDK's view of a stored client. */
function clientInformation(client: OAuthClientRecord): OAuthClientInformationFull {
  return {
    ...(client.metadata as Partial<OAuthClientInformationFull>),
    client_id: client.clientId,
    redirect_uris: client.redirectUris,
    token_endpoint_auth_method: "none",
  } as OAuthClientInformationFull;
}

/** A new access token and a new refresh token for the grant: the records and the response. */
function newTokens(
  grant: OAuthGrantRecord,
  now: Date,
): { records: NewOAuthToken[]; response: OAuthTokens } {
  const accessToken = newAccessToken();
  const refreshToken = newRefreshToken();
  return {
    records: [
      {
        tokenHash: hashOAuthSecret(accessToken),
        grantId: grant.id,
        kind: "access",
        expiresAt: new Date(now.getTime() + OAUTH_ACCESS_TOKEN_SECONDS * 1000),
      },
      {
        tokenHash: hashOAuthSecret(refreshToken),
        grantId: grant.id,
        kind: "refresh",
        expiresAt: new Date(now.getTime() + OAUTH_REFRESH_TOKEN_SECONDS * 1000),
      },
    ],
    response: {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: OAUTH_ACCESS_TOKEN_SECONDS,
      refresh_token: refreshToken,
      scope: grant.scopes.join(" "),
    },
  };
}

export class TpiOAuthProvider implements OAuthServerProvider {
  readonly clientsStore: OAuthRegisteredClientsStore;
  /** Fetched metadata documents, by client_id: reused for CLIENT_METADATA_CACHE_MS. */
  private readonly documents = new Map<
    string,
    { client: OAuthClientInformationFull; until: number }
  >();

  constructor(private readonly deps: OAuthProviderDeps) {
    this.clientsStore = {
      getClient: (clientId) => this.guarded(() => this.getClient(clientId)),
      registerClient: (client) => this.guarded(() => this.registerClient(client)),
    };
  }

  /** Database failures become the 503's error; OAuth errors pass; anything else is logged. */
  private async guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      const value = await work();
      return value;
    } catch (error) {
      if (error instanceof OAuthError) throw error;
      if (isDatabaseUnavailable(error)) {
        this.deps.databaseHealth.reportFailure(error);
        throw new DatabaseUnavailableOAuthError();
      }
      this.deps.log.error("OAuth: unexpected error", { error: String(error) });
      throw error;
    }
  }

  private async getClient(clientId: string): Promise<OAuthClientInformationFull | undefined> {
    if (clientId.length > 2_000) return undefined;
    if (!isMetadataDocumentClientId(clientId)) {
      const stored = await findOAuthClient(this.deps.db, clientId);
      return stored?.registration === "dynamic" ? clientInformation(stored) : undefined;
    }
    const cached = this.documents.get(clientId);
    if (cached !== undefined && cached.until > Date.now()) return cached.client;
    let document;
    try {
      document = await fetchClientMetadataDocument(clientId, this.deps.settings.metadataDocuments);
    } catch (error) {
      if (error instanceof ClientMetadataRefusal) throw new InvalidClientError(error.message);
      throw error;
    }
    // Stored too: grants name their client, and the account page lists them by name.
    await saveOAuthClient(
      this.deps.db,
      { ...document, registration: "metadata-document" },
      this.deps.clock(),
    );
    const client = clientInformation({
      ...document,
      registration: "metadata-document",
      updatedAt: this.deps.clock(),
    });
    if (this.documents.size >= 1_000) this.documents.clear();
    this.documents.set(clientId, { client, until: Date.now() + CLIENT_METADATA_CACHE_MS });
    return client;
  }

  /**
   * Dynamic Client Registration (RFC 7591). Public clients only: the SDK's handler makes a
   * secret for a client that asks for one, which this server drops (and says so by answering
   * `token_endpoint_auth_method: none`), so no client secret is ever stored; PKCE protects
   * the code instead.
   */
  private async registerClient(
    client: Omit<OAuthClientInformationFull, "client_id" | "client_id_issued_at"> &
      Partial<Pick<OAuthClientInformationFull, "client_id" | "client_id_issued_at">>,
  ): Promise<OAuthClientInformationFull> {
    const { client_secret: _secret, client_secret_expires_at: _expires, ...metadata } = client;
    const grantTypes = metadata.grant_types ?? ["authorization_code", "refresh_token"];
    if (grantTypes.some((grant) => grant !== "authorization_code" && grant !== "refresh_token"))
      throw new InvalidClientMetadataError(
        "Only the authorization_code and refresh_token grant types are supported.",
      );
    if ((metadata.response_types ?? ["code"]).some((type) => type !== "code"))
      throw new InvalidClientMetadataError("Only the code response type is supported.");
    if (metadata.redirect_uris.length === 0)
      throw new InvalidClientMetadataError("redirect_uris must list at least one address.");
    for (const uri of metadata.redirect_uris) {
      const refusal = redirectUriRefusal(uri);
      if (refusal !== undefined) throw new CustomOAuthError("invalid_redirect_uri", refusal);
    }
    const clientId = randomUUID();
    const full: OAuthClientInformationFull = {
      ...metadata,
      grant_types: grantTypes,
      response_types: ["code"],
      token_endpoint_auth_method: "none",
      client_id: clientId,
      client_id_issued_at: Math.floor(this.deps.clock().getTime() / 1000),
    };
    await saveOAuthClient(
      this.deps.db,
      {
        clientId,
        registration: "dynamic",
        clientName: metadata.client_name ?? "Unnamed client",
        clientUri: metadata.client_uri ?? null,
        redirectUris: metadata.redirect_uris,
        metadata: full as unknown as Record<string, unknown>,
      },
      this.deps.clock(),
    );
    return full;
  }

  /** The scopes asked for, or the one scope; an unknown one is invalid_scope. */
  private scopesOf(requested: readonly string[] | undefined): string[] {
    const scopes = (requested ?? []).filter((scope) => scope !== "");
    const unknown = scopes.find((scope) => !(OAUTH_SCOPES as readonly string[]).includes(scope));
    if (unknown !== undefined)
      throw new InvalidScopeError(
        `Unknown scope '${unknown}'; this server has one: ${OAUTH_SCOPE}.`,
      );
    return scopes.length === 0 ? [OAUTH_SCOPE] : [...new Set(scopes)];
  }

  /** RFC 8707: the one resource this server issues tokens for (absent: that one). */
  private checkResource(resource: URL | string | undefined): string {
    const expected = this.deps.settings.resource;
    if (resource === undefined) return expected;
    const given = typeof resource === "string" ? resource : resource.href;
    if (given !== expected)
      throw new InvalidTargetError(
        `This authorization server issues tokens for ${expected} only, not ${given}.`,
      );
    return expected;
  }

  /**
   * The request, kept for the person's decision (OAUTH_REQUEST_SECONDS), and the browser sent to
   * the website's consent page. The SDK's handler has already checked the client, its redirect
   * address (router.ts: exactly), S256 and the response type.
   */
  async authorize(
    client: OAuthClientInformationFull,
    params: AuthorizationParams,
    res: Response,
  ): Promise<void> {
    await this.guarded(async () => {
      const resource = this.checkResource(params.resource);
      const scopes = this.scopesOf(params.scopes);
      const now = this.deps.clock();
      const id = await createOAuthRequest(
        this.deps.db,
        {
          clientId: client.client_id,
          redirectUri: params.redirectUri,
          // The SDK passes the client's only address when the request named none (RFC 6749,
          // section 4.1.1: then the exchange need not name it either, section 4.1.3).
          redirectUriSent: parametersOf(res.req).redirect_uri !== undefined,
          state: params.state ?? null,
          codeChallenge: params.codeChallenge,
          resource,
          scopes,
          expiresAt: new Date(now.getTime() + OAUTH_REQUEST_SECONDS * 1000),
        },
        now,
      );
      res.redirect(302, consentPageUrl(this.deps.settings.siteUrl, id));
    });
  }

  /**
   * The code's PKCE challenge; the SDK then checks the verifier, and only a matching one reaches
   * exchangeAuthorizationCode. A code used before is answered with its challenge too: whether
   * its reuse is a replay (which revokes) is decided there, once the verifier has matched, so
   * that someone holding a spent code without its verifier cannot end the connection.
   */
  async challengeForAuthorizationCode(
    client: OAuthClientInformationFull,
    authorizationCode: string,
  ): Promise<string> {
    return this.guarded(async () => {
      const code = await findOAuthCode(this.deps.db, hashOAuthSecret(authorizationCode));
      if (code === null || code.grant.clientId !== client.client_id)
        throw new InvalidGrantError("The authorization code is unknown.");
      if (code.usedAt !== null) return code.codeChallenge;
      if (code.expiresAt.getTime() <= this.deps.clock().getTime())
        throw new InvalidGrantError("The authorization code has expired.");
      if (code.grant.revokedAt !== null)
        throw new InvalidGrantError("The authorization was revoked.");
      return code.codeChallenge;
    });
  }

  /**
   * Called once the code's verifier has matched. A code used before is then a replay: whoever
   * holds it may have stolen it, so what it issued is revoked (OAuth 2.1, section 4.1.3). The
   * code is spent and the tokens stored in one transaction (exchangeOAuthCode).
   */
  async exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    authorizationCode: string,
    _codeVerifier?: string,
    redirectUri?: string,
    resource?: URL,
  ): Promise<OAuthTokens> {
    return this.guarded(async () => {
      const codeHash = hashOAuthSecret(authorizationCode);
      const code = await findOAuthCode(this.deps.db, codeHash);
      if (code === null || code.grant.clientId !== client.client_id)
        throw new InvalidGrantError("The authorization code is unknown.");
      const grant = code.grant;
      const now = this.deps.clock();
      if (code.usedAt !== null) return this.replayedCode(grant.id, now);
      // RFC 6749, section 4.1.3: the redirect_uri of the authorization request, when it was
      // sent there, must be sent again, character for character; when it was left out there
      // (the client's only address), it may be left out here too.
      const given = redirectUri ?? (code.redirectUriSent ? undefined : grant.redirectUri);
      if (given !== grant.redirectUri)
        throw new InvalidGrantError(
          "redirect_uri must be the one of the authorization request, exactly (it may be left out only when the authorization request left it out).",
        );
      if (resource !== undefined && resource.href !== grant.resource)
        throw new InvalidTargetError(
          `The code was issued for ${grant.resource}, not ${resource.href}.`,
        );
      if (code.expiresAt.getTime() <= now.getTime())
        throw new InvalidGrantError("The authorization code has expired.");
      if (grant.revokedAt !== null) throw new InvalidGrantError("The authorization was revoked.");
      const issued = newTokens(grant, now);
      if (!(await exchangeOAuthCode(this.deps.db, codeHash, issued.records, now)))
        return this.replayedCode(grant.id, now);
      return issued.response;
    });
  }

  /** A spent code presented again with its verifier: what it issued is revoked. */
  private async replayedCode(grantId: string, now: Date): Promise<never> {
    await revokeOAuthGrant(this.deps.db, grantId, now);
    throw new InvalidGrantError(
      "The authorization code was already used; the tokens it issued are revoked.",
    );
  }

  /**
   * A refresh: the token is spent and its successors stored in one transaction
   * (rotateOAuthRefreshToken), so that a failure between them leaves it good for the retry.
   */
  async exchangeRefreshToken(
    client: OAuthClientInformationFull,
    refreshToken: string,
    scopes?: string[],
    resource?: URL,
  ): Promise<OAuthTokens> {
    return this.guarded(async () => {
      const tokenHash = hashOAuthSecret(refreshToken);
      const found = await findOAuthToken(this.deps.db, tokenHash);
      if (found === null || found.kind !== "refresh" || found.grant.clientId !== client.client_id)
        throw new InvalidGrantError("The refresh token is unknown.");
      const grant = found.grant;
      const now = this.deps.clock();
      if (found.revokedAt !== null || grant.revokedAt !== null)
        throw new InvalidGrantError("The refresh token was revoked.");
      if (found.usedAt !== null) return this.replayedRefreshToken(grant.id, now);
      if (found.expiresAt.getTime() <= now.getTime())
        throw new InvalidGrantError("The refresh token has expired.");
      if (resource !== undefined && resource.href !== grant.resource)
        throw new InvalidTargetError(
          `The refresh token was issued for ${grant.resource}, not ${resource.href}.`,
        );
      if (scopes !== undefined && scopes.some((scope) => !grant.scopes.includes(scope)))
        throw new InvalidScopeError("A refresh cannot add scopes to the authorization.");
      if (trialHasEnded(grant.account.plan, grant.account.trialEndsAt, now))
        throw new InvalidGrantError("The account's trial has ended.");
      const issued = newTokens(grant, now);
      if (!(await rotateOAuthRefreshToken(this.deps.db, tokenHash, issued.records, now)))
        return this.replayedRefreshToken(grant.id, now);
      return issued.response;
    });
  }

  /** A rotated refresh token used again: one of its two holders is not the client. */
  private async replayedRefreshToken(grantId: string, now: Date): Promise<never> {
    await revokeOAuthGrant(this.deps.db, grantId, now);
    throw new InvalidGrantError(
      "The refresh token was already used; the authorization is revoked.",
    );
  }

  /** For the SDK's bearer middleware (this api checks /mcp's tokens in auth/oauth-tokens.ts). */
  async verifyAccessToken(token: string): Promise<AuthInfo> {
    return this.guarded(async () => {
      const found = await findOAuthToken(this.deps.db, hashOAuthSecret(token));
      const now = this.deps.clock();
      if (
        found === null ||
        found.kind !== "access" ||
        found.revokedAt !== null ||
        found.grant.revokedAt !== null ||
        found.expiresAt.getTime() <= now.getTime()
      )
        throw new InvalidTokenError("The access token is not valid.");
      return {
        token,
        clientId: found.grant.clientId,
        scopes: found.grant.scopes,
        expiresAt: Math.floor(found.expiresAt.getTime() / 1000),
        resource: new URL(found.grant.resource),
      };
    });
  }

  /**
   * RFC 7009: an access token ends alone; a refresh token ends its whole grant (section 2.1:
   * the access tokens of the same authorization too). A token that is unknown, already
   * revoked or another client's is answered the same (200), as the RFC asks.
   */
  async revokeToken(
    client: OAuthClientInformationFull,
    request: OAuthTokenRevocationRequest,
  ): Promise<void> {
    await this.guarded(async () => {
      if (request.token.length > 1_000) throw new InvalidRequestError("The token is too long.");
      const tokenHash = hashOAuthSecret(request.token);
      const found = await findOAuthToken(this.deps.db, tokenHash);
      if (found === null || found.grant.clientId !== client.client_id) return;
      const now = this.deps.clock();
      if (found.kind === "refresh") await revokeOAuthGrant(this.deps.db, found.grant.id, now);
      else await revokeOAuthToken(this.deps.db, tokenHash, now);
    });
  }
}
