/**
 * The shape of our API keys: a recognisable prefix (so that secret scanners can spot leaked
 * keys) followed by 40 base62 characters (about 238 bits of randomness).
 */
export const API_KEY_PREFIX = "tpi_sk_";
export const API_KEY_SECRET_LENGTH = 40;
/** Characters of the key kept in clear for display (prefix plus 6 characters of the secret). */
export const API_KEY_DISPLAY_LENGTH = API_KEY_PREFIX.length + 6;

const API_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9]{${API_KEY_SECRET_LENGTH}}$`);

export function isWellFormedApiKey(candidate: string): boolean {
  return API_KEY_PATTERN.test(candidate);
}

export function displayPrefixOf(key: string): string {
  return key.slice(0, API_KEY_DISPLAY_LENGTH);
}

/**
 * The token of an `Authorization: Bearer <key>` header; `undefined` for any other shape (another
 * scheme, no token, extra parts). The scheme name is case-insensitive (RFC 9110).
 */
export function bearerTokenOf(header: string): string | undefined {
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match?.[1];
}
