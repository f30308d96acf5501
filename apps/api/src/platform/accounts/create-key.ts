import { DomainError, err, keyLimitMessage, ok, type Result } from "@tpi/domain";
import { insertApiKeyWithinLimit, type Db } from "@tpi/db";
import { generateApiKey } from "../auth/api-key-secret";

/** A key just created: the only moment its secret exists outside the caller's hands. */
export type CreatedApiKey = {
  key: string;
  id: string;
  name: string;
  displayPrefix: string;
  createdAt: string;
  accountId: string;
};

/**
 * Creates a named key for an account, within the keys-per-account limit. Only the hash and the
 * display prefix are stored; the secret is returned once. Who may create keys is the caller's
 * decision (the api refuses trial accounts; an operator may give any account keys).
 */
export async function createApiKey(
  db: Db,
  input: { accountId: string; name: string; maxKeysPerAccount: number },
): Promise<Result<CreatedApiKey, DomainError>> {
  const secret = generateApiKey();
  const inserted = await insertApiKeyWithinLimit(
    db,
    {
      accountId: input.accountId,
      name: input.name,
      displayPrefix: secret.displayPrefix,
      keyHash: secret.keyHash,
    },
    input.maxKeysPerAccount,
  );
  switch (inserted.outcome) {
    case "account_not_found":
      return err(new DomainError("bad_request", `No account has the id '${input.accountId}'.`));
    case "limit_reached":
      return err(new DomainError("key_limit_reached", keyLimitMessage(input.maxKeysPerAccount)));
    case "created":
      return ok({
        key: secret.key,
        id: inserted.key.id,
        name: inserted.key.name,
        displayPrefix: inserted.key.displayPrefix,
        createdAt: inserted.key.createdAt.toISOString(),
        accountId: inserted.key.accountId,
      });
  }
}
