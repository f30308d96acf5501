import type { AccountPlan, AccountRole } from "@tpi/domain";
import type { Db, Tx } from "../client";

export type AccountRecord = {
  id: string;
  name: string;
  plan: AccountPlan;
  trialEndsAt: Date | null;
  createdAt: Date;
  /** Null for accounts made on the command line (they cannot sign in to the website). */
  email: string | null;
  role: AccountRole;
};
export type ApiKeyRecord = {
  id: string;
  accountId: string;
  name: string;
  displayPrefix: string;
  createdAt: Date;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
};
export type KeyLookup = ApiKeyRecord & { account: AccountRecord };

/** The account's public fields: never its password hash, even in memory caches. */
export const asAccount = (row: {
  id: string;
  name: string;
  plan: string;
  trialEndsAt: Date | null;
  createdAt: Date;
  email: string | null;
  role: string;
}): AccountRecord => ({
  id: row.id,
  name: row.name,
  plan: row.plan as AccountPlan,
  trialEndsAt: row.trialEndsAt,
  createdAt: row.createdAt,
  email: row.email,
  role: row.role as AccountRole,
});

export async function createAccount(
  db: Db,
  input: { name: string; plan: AccountPlan; trialEndsAt: Date | null },
): Promise<AccountRecord> {
  return asAccount(await db.account.create({ data: input }));
}

export async function insertApiKey(
  db: Db,
  input: { accountId: string; name: string; displayPrefix: string; keyHash: string },
): Promise<ApiKeyRecord> {
  const { keyHash: _hash, ...record } = await db.apiKey.create({ data: input });
  return record;
}

/** The key with this hash and its account, or null. The hash column is unique and indexed. */
export async function findApiKeyByHash(
  db: Db,
  keyHash: string,
): Promise<(KeyLookup & { keyHash: string }) | null> {
  const row = await db.apiKey.findUnique({ where: { keyHash }, include: { account: true } });
  return row ? { ...row, account: asAccount(row.account) } : null;
}

export type AccountSummary = AccountRecord & { activeKeys: number };

/** Every account, oldest first, with how many unrevoked keys it holds. */
export async function listAccounts(db: Db): Promise<AccountSummary[]> {
  const rows = await db.account.findMany({
    orderBy: { createdAt: "asc" },
    include: { _count: { select: { apiKeys: { where: { revokedAt: null } } } } },
  });
  return rows.map(({ _count, ...row }) => ({ ...asAccount(row), activeKeys: _count.apiKeys }));
}

export async function findAccount(db: Tx, id: string): Promise<AccountRecord | null> {
  const row = await db.account.findUnique({ where: { id } });
  return row ? asAccount(row) : null;
}

/** Changes an account's plan; `trialEndsAt` is set for a trial and cleared otherwise by the caller. */
export async function setAccountPlan(
  db: Tx,
  id: string,
  plan: AccountPlan,
  trialEndsAt: Date | null,
): Promise<AccountRecord | null> {
  const updated = await db.account.updateMany({ where: { id }, data: { plan, trialEndsAt } });
  return updated.count === 0 ? null : findAccount(db, id);
}

/** Keys, oldest first: of one account, or of every account. Never the hash. */
export async function listApiKeys(db: Tx, accountId?: string): Promise<ApiKeyRecord[]> {
  const rows = await db.apiKey.findMany({
    where: accountId === undefined ? {} : { accountId },
    orderBy: { createdAt: "asc" },
    omit: { keyHash: true },
  });
  return rows;
}

/**
 * Marks a key revoked at `at`. Revoking twice keeps the first time. Null when no key has this id.
 * Other api instances notice within their key-lookup cache time.
 */
export async function revokeApiKey(
  db: Tx,
  id: string,
  at: Date,
): Promise<{ key: ApiKeyRecord; alreadyRevoked: boolean } | null> {
  const updated = await db.apiKey.updateMany({
    where: { id, revokedAt: null },
    data: { revokedAt: at },
  });
  const key = await db.apiKey.findUnique({ where: { id }, omit: { keyHash: true } });
  return key ? { key, alreadyRevoked: updated.count === 0 } : null;
}

export type KeyInsertOutcome =
  | { outcome: "created"; key: ApiKeyRecord }
  | { outcome: "account_not_found" }
  | { outcome: "limit_reached"; activeKeys: number };

/**
 * Inserts a key unless the account already holds `maxActiveKeys` unrevoked keys. The account row
 * is locked for the check and the insert, so that concurrent requests cannot overshoot the limit.
 */
export async function insertApiKeyWithinLimit(
  db: Db,
  input: { accountId: string; name: string; displayPrefix: string; keyHash: string },
  maxActiveKeys: number,
): Promise<KeyInsertOutcome> {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<
      { id: string }[]
    >`select id from account where id = ${input.accountId}::uuid for update`;
    if (locked.length === 0) return { outcome: "account_not_found" };
    const activeKeys = await tx.apiKey.count({
      where: { accountId: input.accountId, revokedAt: null },
    });
    if (activeKeys >= maxActiveKeys) return { outcome: "limit_reached", activeKeys };
    const { keyHash: _hash, ...key } = await tx.apiKey.create({ data: input });
    return { outcome: "created", key };
  });
}
