import { createHash, randomInt } from "node:crypto";
import { API_KEY_PREFIX, API_KEY_SECRET_LENGTH, displayPrefixOf } from "@tpi/domain";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export type NewApiKey = { key: string; displayPrefix: string; keyHash: string };

/**
 * Keys are high-entropy random secrets, so a fast SHA-256 is the right hash: there is nothing
 * for a slow password hash to protect against, and lookups stay cheap.
 */
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export function generateApiKey(): NewApiKey {
  let secret = "";
  for (let i = 0; i < API_KEY_SECRET_LENGTH; i++) secret += BASE62[randomInt(BASE62.length)];
  const key = `${API_KEY_PREFIX}${secret}`;
  return { key, displayPrefix: displayPrefixOf(key), keyHash: hashApiKey(key) };
}
