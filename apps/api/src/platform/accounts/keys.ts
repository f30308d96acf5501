import { ACCOUNT_MESSAGES, DomainError, forbidden, keyCreationRefusal } from "@tpi/domain";
import { listApiKeys, revokeApiKey } from "@tpi/db";
import type { ApiKeyAuthenticator } from "../auth/api-key-authenticator";
import { createApiKey, type CreatedApiKey } from "./create-key";
import type { AccountServiceDeps } from "./session-guard";

/** A signed-in account's own API keys: listed, created, revoked. */
export type KeyServiceDeps = AccountServiceDeps & {
  maxKeysPerAccount: number;
  /** A revoked key is refused at once on this instance (the others within the cache TTL). */
  auth: ApiKeyAuthenticator;
};

export class KeyService {
  constructor(private readonly deps: KeyServiceDeps) {}

  async list(input: { sessionToken: string }) {
    const session = await this.deps.guard.session(input.sessionToken);
    const keys = await listApiKeys(this.deps.db, session.account.id);
    return keys.map((key) => ({
      id: key.id,
      name: key.name,
      displayPrefix: key.displayPrefix,
      createdAt: key.createdAt.toISOString(),
      lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
      revokedAt: key.revokedAt?.toISOString() ?? null,
    }));
  }

  /** `POST /api/create-api-key`'s rules: trial accounts refused in its words, the same per-account limit. */
  async create(input: {
    sessionToken: string;
    csrfToken: string;
    name: string;
  }): Promise<Omit<CreatedApiKey, "accountId">> {
    const session = await this.deps.guard.changing(input.sessionToken, input.csrfToken);
    const refusal = keyCreationRefusal(session.account.plan);
    if (refusal !== null) throw forbidden(refusal);
    const created = await createApiKey(this.deps.db, {
      accountId: session.account.id,
      name: input.name,
      maxKeysPerAccount: this.deps.maxKeysPerAccount,
    });
    if (!created.ok) throw created.error;
    const { accountId: _account, ...key } = created.value;
    return key;
  }

  async revoke(input: { sessionToken: string; csrfToken: string; keyId: string }) {
    const session = await this.deps.guard.changing(input.sessionToken, input.csrfToken);
    const own = (await listApiKeys(this.deps.db, session.account.id)).some(
      (key) => key.id === input.keyId,
    );
    // Another account's key answers like a missing one: ids of other accounts stay unknown.
    if (!own) throw new DomainError("no_data", ACCOUNT_MESSAGES.keyNotFound);
    const revoked = await revokeApiKey(this.deps.db, input.keyId, this.deps.clock());
    this.deps.auth.invalidate();
    return {
      id: input.keyId,
      revokedAt: revoked?.key.revokedAt?.toISOString() ?? null,
      alreadyRevoked: revoked?.alreadyRevoked ?? false,
    };
  }
}
