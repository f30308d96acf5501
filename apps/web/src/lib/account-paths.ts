/**
 * Names shared by proxy.ts, the account pages and their form handlers (no server-only imports:
 * proxy.ts reads them too).
 */

/** The request header proxy.ts sets with a fresh form token for a page's anonymous form. */
export const FORM_TOKEN_HEADER = "x-tpi-form-token";

/** The administrators' page: anyone else signed in is answered 403 (proxy.ts). */
export const ADMIN_PAGE = "/account/admin";

/** Every account page; anything else under /account (but the form handlers) is a 404. */
export const ACCOUNT_PAGES: readonly string[] = [
  "/account",
  "/account/sign-in",
  "/account/sign-up",
  "/account/verify-email",
  "/account/reset-password",
  "/account/new-key",
  "/account/revoke-key",
  ADMIN_PAGE,
];

/** The revocation's confirmation page: a key of the account's own, or (admins) any active key. */
export const REVOKE_KEY_PAGE = "/account/revoke-key";
export type RevokeScope = "own" | "admin";

export function revokeKeyPath(keyId: string, scope: RevokeScope): string {
  const query = new URLSearchParams({ key: keyId });
  if (scope === "admin") query.set("scope", "admin");
  return `${REVOKE_KEY_PAGE}?${query.toString()}`;
}

/** The hidden field that says the revocation was confirmed on its page (no JavaScript needed). */
export const REVOKE_CONFIRM_FIELD = "confirmed";
export const REVOKE_CONFIRM_VALUE = "yes";

/** An account page or form handler (anything else under /account is a 404). */
export function isAccountPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return ACCOUNT_PAGES.includes(path) || /^\/account\/do\/[a-z-]+$/.test(path);
}

/** The pages whose anonymous form needs a form token (double submit: cookie and hidden field). */
export const ANONYMOUS_FORM_PATHS: readonly string[] = [
  "/account/sign-in",
  "/account/sign-up",
  "/account/reset-password",
];

/**
 * A one-time message for the next account page (an api refusal in its words, a notice, or a new
 * key shown once): set by a form handler, read by the page, cleared by proxy.ts on that page's
 * response. A cookie rather than the query string, so that nobody can make the site display a
 * text of their choosing with a crafted link, and a new key never lands in a URL or a log.
 */
export const FLASH_COOKIE = "tpi_flash";
/** The request header proxy.ts passes the flash to the page in (never a client's own). */
export const FLASH_HEADER = "x-tpi-flash";
/** Seconds: long enough for the redirect that follows, short enough to be gone soon after. */
export const FLASH_MAX_AGE_SECONDS = 120;

export type Flash =
  | { kind: "error"; message: string; retryAfterSeconds?: number }
  | { kind: "notice"; message: string }
  | { kind: "new-key"; key: string; name: string; displayPrefix: string };

export function encodeFlash(flash: Flash): string {
  return Buffer.from(JSON.stringify(flash), "utf8").toString("base64url");
}

export function decodeFlash(value: string | undefined): Flash | undefined {
  if (value === undefined || value === "") return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, "base64url").toString("utf8"));
    if (typeof parsed !== "object" || parsed === null || !("kind" in parsed)) return undefined;
    return parsed as Flash;
  } catch {
    return undefined;
  }
}

/**
 * Where a form handler may send the browser back to: only this site's account pages, as a
 * relative path (never another origin: no open redirect).
 */
export function safeAccountPath(value: unknown, fallback: string): string {
  if (typeof value !== "string") return fallback;
  if (value.startsWith(`${RESET_PASSWORD_PAGE}?token=`))
    return MAIL_TOKEN_PATTERN.test(value.slice(RESET_PASSWORD_PAGE.length + 7)) ? value : fallback;
  if (!/^\/account(\/[a-z-]+)*$/.test(value)) return fallback;
  return value;
}

/** The password-reset page: the request form, or with the mailed token the new-password form. */
export const RESET_PASSWORD_PAGE = "/account/reset-password";

/** A mailed one-time token: 32 random bytes in base64url (43 characters). */
const MAIL_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The new-password form of a mailed link again, so that a refused password (too short, say) can
 * be retried without reopening the mail; the request form for anything that is not such a token.
 */
export function resetPasswordPath(token: string): string {
  return MAIL_TOKEN_PATTERN.test(token)
    ? `${RESET_PASSWORD_PAGE}?token=${token}`
    : RESET_PASSWORD_PAGE;
}
