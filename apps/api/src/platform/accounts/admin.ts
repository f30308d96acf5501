import { ACCOUNT_MESSAGES, DomainError, trialEndFor, type AccountPlan } from "@tpi/domain";
import {
  findAccountDetails,
  insertAdminAction,
  listAccounts,
  listAdminActions,
  listApiKeys,
  listRevisions,
  revokeApiKey,
  setAccountPlan,
  type AccountRecord,
  type Db,
  type Prisma,
} from "@tpi/db";
import type { ApiKeyAuthenticator } from "../auth/api-key-authenticator";
import type { AccountServiceDeps } from "./session-guard";

/**
 * The operators' procedures, for admin sessions only: every account and active key, plan
 * changes and key revocations (each recorded in the admin action log), the restatement
 * revisions and the action log itself.
 */
export type AdminServiceDeps = AccountServiceDeps & {
  trialPeriodHours: number;
  /** Revocations and plan changes apply at once on this instance (the others within the cache TTL). */
  auth: ApiKeyAuthenticator;
};

/** Admin action log entries returned at most. */
const ADMIN_ACTIONS_SHOWN = 200;

export class AdminService {
  constructor(private readonly deps: AdminServiceDeps) {}

  async accounts(input: { sessionToken: string }) {
    await this.deps.guard.admin(input.sessionToken);
    const accounts = await listAccounts(this.deps.db);
    return accounts.map((account) => ({
      id: account.id,
      name: account.name,
      email: account.email,
      plan: account.plan,
      role: account.role,
      trialEndsAt: account.trialEndsAt?.toISOString() ?? null,
      createdAt: account.createdAt.toISOString(),
      activeKeys: account.activeKeys,
    }));
  }

  /** Every key still active, with its account, oldest first: what an admin may revoke. */
  async keys(input: { sessionToken: string }) {
    await this.deps.guard.admin(input.sessionToken);
    const [accounts, keys] = await Promise.all([
      listAccounts(this.deps.db),
      listApiKeys(this.deps.db),
    ]);
    const accountsById = new Map(accounts.map((account) => [account.id, account]));
    return keys
      .filter((key) => key.revokedAt === null)
      .map((key) => {
        const account = accountsById.get(key.accountId);
        return {
          id: key.id,
          name: key.name,
          displayPrefix: key.displayPrefix,
          accountId: key.accountId,
          account: account?.email ?? account?.name ?? key.accountId,
          plan: account?.plan ?? null,
          createdAt: key.createdAt.toISOString(),
          lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
        };
      });
  }

  async setPlan(input: {
    sessionToken: string;
    csrfToken: string;
    accountId: string;
    plan: AccountPlan;
  }) {
    const session = await this.deps.guard.admin(input.sessionToken, input.csrfToken);
    const now = this.deps.clock();
    const updated = await this.deps.db.$transaction(async (tx) => {
      const before = await findAccountDetails(tx, input.accountId);
      if (before === null) return null;
      const after = await setAccountPlan(
        tx,
        input.accountId,
        input.plan,
        trialEndFor(input.plan, now, this.deps.trialPeriodHours),
      );
      await recordAdminAction(
        tx,
        session.account,
        "set-plan",
        `account:${input.accountId}`,
        { from: before.plan, to: input.plan },
        now,
      );
      return after;
    });
    if (updated === null) throw new DomainError("no_data", ACCOUNT_MESSAGES.accountNotFound);
    // The plan is cached with each key's lookup: drop it here (other instances follow within the TTL).
    this.deps.auth.invalidate();
    return {
      id: updated.id,
      plan: updated.plan,
      trialEndsAt: updated.trialEndsAt?.toISOString() ?? null,
    };
  }

  async revokeKey(input: { sessionToken: string; csrfToken: string; keyId: string }) {
    const session = await this.deps.guard.admin(input.sessionToken, input.csrfToken);
    const now = this.deps.clock();
    const revoked = await this.deps.db.$transaction(async (tx) => {
      const result = await revokeApiKey(tx, input.keyId, now);
      if (result === null) return null;
      await recordAdminAction(
        tx,
        session.account,
        "revoke-key",
        `key:${input.keyId}`,
        { accountId: result.key.accountId, alreadyRevoked: result.alreadyRevoked },
        now,
      );
      return result;
    });
    if (revoked === null) throw new DomainError("no_data", ACCOUNT_MESSAGES.keyNotFound);
    this.deps.auth.invalidate();
    return {
      id: revoked.key.id,
      accountId: revoked.key.accountId,
      revokedAt: revoked.key.revokedAt?.toISOString() ?? null,
      alreadyRevoked: revoked.alreadyRevoked,
    };
  }

  async revisions(input: { sessionToken: string }) {
    await this.deps.guard.admin(input.sessionToken);
    const revisions = await listRevisions(this.deps.db, {});
    return revisions.map((revision) => ({
      ...revision,
      oldComputedAt: revision.oldComputedAt?.toISOString() ?? null,
      restatedAt: revision.restatedAt.toISOString(),
    }));
  }

  async actions(input: { sessionToken: string }) {
    await this.deps.guard.admin(input.sessionToken);
    const actions = await listAdminActions(this.deps.db, ADMIN_ACTIONS_SHOWN);
    return actions.map((action) => ({ ...action, at: action.at.toISOString() }));
  }
}

/** An operator's action, recorded with who (the admin account, or `cli`) and when. */
export async function recordAdminAction(
  tx: Prisma.TransactionClient | Db,
  actor: Pick<AccountRecord, "id" | "email"> | "cli",
  action: string,
  target: string,
  details: Prisma.InputJsonValue,
  at: Date,
): Promise<void> {
  await insertAdminAction(tx, {
    actorAccountId: actor === "cli" ? null : actor.id,
    actor: actor === "cli" ? "cli" : `account:${actor.id} ${actor.email ?? ""}`.trim(),
    action,
    target,
    details,
    at,
  });
}
