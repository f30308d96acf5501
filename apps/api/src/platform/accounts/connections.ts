import {
  DomainError,
  OAUTH_CODE_SECONDS,
  oauthConsentReads,
  trialHasEnded,
  type AccountPlan,
} from "@tpi/domain";
import {
  approveOAuthRequest,
  decideOAuthRequest,
  findOAuthGrant,
  findOAuthRequest,
  listOAuthGrants,
  revokeAccountOAuthGrants,
  revokeOAuthGrant,
  type OAuthRegistration,
} from "@tpi/db";
import { hashOAuthSecret, newAuthorizationCode } from "../auth/oauth-tokens";
import { recordAdminAction } from "./admin";
import type { AccountServiceDeps } from "./session-guard";

/**
 * The account's connections: MCP clients it let read through OAuth. The website's consent page
 * shows a pending authorization request and sends the person's decision; the account page lists
 * the grants and revokes them. A revoked grant's tokens are refused at once on every instance
 * (each /mcp request reads its token's grant).
 */
export type ConnectionServiceDeps = AccountServiceDeps & {
  /** The authorization server's issuer (oauth/settings.ts): `iss` in the redirects. */
  issuer: string;
};

export const CONNECTION_MESSAGES = {
  requestNotFound:
    "This sign-in request is unknown, has expired or was already answered. Start again from the application.",
  grantNotFound: "No such connection on this account.",
  trialEnded: "The account's trial has ended: it cannot connect applications.",
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const requestNotFound = () => new DomainError("no_data", CONNECTION_MESSAGES.requestNotFound);

export type ConnectionRequest = {
  requestId: string;
  clientId: string;
  clientName: string;
  clientUri: string | null;
  registration: OAuthRegistration;
  redirectUri: string;
  resource: string;
  scopes: string[];
  reads: string;
  plan: AccountPlan;
  expiresAt: string;
};

export type Connection = {
  grantId: string;
  clientId: string;
  clientName: string;
  redirectUri: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** The client's redirect_uri with the authorization response's parameters and `iss` (RFC 9207). */
export function authorizationResponse(
  redirectUri: string,
  parameters: Record<string, string | null | undefined>,
  issuer: string,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(parameters))
    if (value !== null && value !== undefined) url.searchParams.set(name, value);
  url.searchParams.set("iss", issuer);
  return url.href;
}

export class ConnectionService {
  private readonly issuer: string;

  constructor(private readonly deps: ConnectionServiceDeps) {
    this.issuer = deps.issuer;
  }

  /** An open request (not decided, not expired), or NOT_FOUND. */
  private async openRequest(requestId: string) {
    if (!UUID.test(requestId)) throw requestNotFound();
    const request = await findOAuthRequest(this.deps.db, requestId);
    const now = this.deps.clock();
    if (request === null || request.decidedAt !== null || request.expiresAt <= now)
      throw requestNotFound();
    return request;
  }

  async request(input: { sessionToken: string; requestId: string }): Promise<ConnectionRequest> {
    const session = await this.deps.guard.session(input.sessionToken);
    const request = await this.openRequest(input.requestId);
    return {
      requestId: request.id,
      clientId: request.clientId,
      clientName: request.client.clientName,
      clientUri: request.client.clientUri,
      registration: request.client.registration,
      redirectUri: request.redirectUri,
      resource: request.resource,
      scopes: request.scopes,
      reads: oauthConsentReads(session.account.plan),
      plan: session.account.plan,
      expiresAt: request.expiresAt.toISOString(),
    };
  }

  /**
   * The person's answer: once only. Approved, a grant and its code (single use, OAUTH_CODE_SECONDS,
   * stored hashed); refused, `access_denied`. Either way the address to send the browser to.
   */
  async decide(input: {
    sessionToken: string;
    csrfToken: string;
    requestId: string;
    approve: boolean;
  }): Promise<{ redirectTo: string }> {
    const session = await this.deps.guard.changing(input.sessionToken, input.csrfToken);
    const request = await this.openRequest(input.requestId);
    const now = this.deps.clock();
    const account = session.account;
    const refusal = !input.approve
      ? { error: "access_denied", state: request.state }
      : trialHasEnded(account.plan, account.trialEndsAt, now)
        ? {
            error: "access_denied",
            error_description: CONNECTION_MESSAGES.trialEnded,
            state: request.state,
          }
        : undefined;
    if (refusal !== undefined) {
      if (!(await decideOAuthRequest(this.deps.db, request.id, now))) throw requestNotFound();
      return { redirectTo: authorizationResponse(request.redirectUri, refusal, this.issuer) };
    }
    const code = newAuthorizationCode();
    // Decided and granted in one transaction: a failure leaves the request open to answer again.
    const grantId = await approveOAuthRequest(
      this.deps.db,
      request.id,
      {
        accountId: account.id,
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        resource: request.resource,
        scopes: request.scopes,
      },
      {
        codeHash: hashOAuthSecret(code),
        codeChallenge: request.codeChallenge,
        redirectUriSent: request.redirectUriSent,
        expiresAt: new Date(now.getTime() + OAUTH_CODE_SECONDS * 1000),
      },
      now,
    );
    if (grantId === null) throw requestNotFound();
    return {
      redirectTo: authorizationResponse(
        request.redirectUri,
        { code, state: request.state },
        this.issuer,
      ),
    };
  }

  /** The account's connections, newest first, revoked ones included. */
  async list(input: { sessionToken: string }): Promise<Connection[]> {
    const session = await this.deps.guard.session(input.sessionToken);
    const grants = await listOAuthGrants(this.deps.db, session.account.id);
    return grants.map((grant) => ({
      grantId: grant.id,
      clientId: grant.clientId,
      clientName: grant.clientName,
      redirectUri: grant.redirectUri,
      createdAt: grant.createdAt.toISOString(),
      lastUsedAt: grant.lastUsedAt?.toISOString() ?? null,
      revokedAt: grant.revokedAt?.toISOString() ?? null,
    }));
  }

  /** Ends one of the account's connections: its tokens are refused from the next request on. */
  async revoke(input: {
    sessionToken: string;
    csrfToken: string;
    grantId: string;
  }): Promise<{ revoked: true }> {
    const session = await this.deps.guard.changing(input.sessionToken, input.csrfToken);
    const grant = await findOAuthGrant(this.deps.db, input.grantId);
    // Another account's grant answers like a missing one.
    if (grant === null || grant.accountId !== session.account.id)
      throw new DomainError("no_data", CONNECTION_MESSAGES.grantNotFound);
    await revokeOAuthGrant(this.deps.db, grant.id, this.deps.clock());
    return { revoked: true };
  }

  /**
   * An admin ends every connection of an account at once (a compromised account, say), recorded
   * in the operators' log: its tokens are refused from the next request on, on every instance.
   */
  async adminRevokeAll(input: {
    sessionToken: string;
    csrfToken: string;
    accountId: string;
  }): Promise<{ revoked: number }> {
    const session = await this.deps.guard.admin(input.sessionToken, input.csrfToken);
    const now = this.deps.clock();
    const revoked = await this.deps.db.$transaction(async (tx) => {
      const count = await revokeAccountOAuthGrants(tx, input.accountId, now);
      await recordAdminAction(
        tx,
        session.account,
        "revoke-connections",
        `account:${input.accountId}`,
        { revoked: count },
        now,
      );
      return count;
    });
    return { revoked };
  }
}
