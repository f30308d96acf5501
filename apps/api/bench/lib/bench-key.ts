import { createAccount, insertApiKey, type Db } from "@tpi/db";
import { generateApiKey } from "../../src/platform/auth/api-key-secret";

/**
 * A Full plan account with one key, stored as the api stores keys (hash and display prefix
 * only): what every benchmark calls its keyed routes with. Returns the key's secret.
 */
export async function fullPlanKey(
  db: Db,
  name = "bench",
): Promise<{ key: string; accountId: string }> {
  const account = await createAccount(db, { name, plan: "full", trialEndsAt: null });
  const secret = generateApiKey();
  await insertApiKey(db, {
    accountId: account.id,
    name,
    displayPrefix: secret.displayPrefix,
    keyHash: secret.keyHash,
  });
  return { key: secret.key, accountId: account.id };
}
