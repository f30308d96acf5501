import type { AccountPlan } from "@tpi/domain";
import type { Db } from "../client";

export type AccountRecord = { id: string; name: string; plan: AccountPlan; trialEndsAt: Date | null; createdAt: Date };
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

const asAccount = (row: { id: string; name: string; plan: string; trialEndsAt: Date | null; createdAt: Date }): AccountRecord => ({
  ...row,
  plan: row.plan as AccountPlan,
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
export async function findApiKeyByHash(db: Db, keyHash: string): Promise<(KeyLookup & { keyHash: string }) | null> {
  const row = await db.apiKey.findUnique({ where: { keyHash }, include: { account: true } });
  return row ? { ...row, account: asAccount(row.account) } : null;
}
