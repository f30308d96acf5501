import type { WebhookFieldErrors, WebhookFormValues } from "./webhook-form";

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
  "/account/new-webhook",
  "/account/webhook",
  "/account/webhook-secret",
  "/account/authorize",
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
  | { kind: "new-key"; key: string; name: string; displayPrefix: string }
  /** A subscription's signing secret, shown once (after its creation or a rotation). */
  | {
      kind: "webhook-secret";
      secret: string;
      subscriptionId: string;
      /** The new subscription's target (a rotation's page names none). */
      url?: string;
      rotated: boolean;
      /** After a rotation: until when (ISO instant) the previous secret also signs. */
      previousUntil?: string;
    }
  /** The new subscription's form as it was sent, and the refusals next to their fields. */
  | {
      kind: "webhook-form";
      values: WebhookFormValues;
      errors: WebhookFieldErrors;
      /** A refusal that is about no field (a plan's limit). */
      message?: string;
    }
  /** A test send's outcome on the subscription's page: the receiver's answer and the time it took. */
  | {
      kind: "webhook-test";
      delivered: boolean;
      status: number | null;
      latencyMs: number;
      error: string | null;
    };

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
  const query = value.indexOf("?");
  if (query !== -1) return safeQueryPath(value.slice(0, query), value.slice(query + 1), fallback);
  if (!/^\/account(\/[a-z-]+)*$/.test(value)) return fallback;
  return value;
}

/** A subscription's page: its settings, its controls and its delivery log. */
export const WEBHOOK_PAGE = "/account/webhook";
/** The form of a new subscription (a series page's "notify me" fills it in). */
export const NEW_WEBHOOK_PAGE = "/account/new-webhook";
/** A subscription's signing secret, shown once after its creation or rotation. */
export const WEBHOOK_SECRET_PAGE = "/account/webhook-secret";
export const SIGN_IN_PAGE = "/account/sign-in";
/** The sign-up form: carries the page to go on to (`next`) as far as the sign-in after it. */
export const SIGN_UP_PAGE = "/account/sign-up";
/**
 * The consent page of an agent application's sign-in (OAuth): the api's authorization endpoint
 * sends the browser here with the pending request's id.
 */
export const AUTHORIZE_PAGE = "/account/authorize";

/**
 * A pending authorization request's id as the api writes it (opaque; letters, digits, `-`, `_`),
 * bounded as the api bounds its input (100 characters).
 */
const AUTHORIZATION_REQUEST_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export function isAuthorizationRequestId(value: string): boolean {
  return AUTHORIZATION_REQUEST_PATTERN.test(value);
}

/** The consent page of one pending request (an id that is no id gives the page without one). */
export function authorizePath(requestId: string): string {
  return isAuthorizationRequestId(requestId)
    ? `${AUTHORIZE_PAGE}?${new URLSearchParams({ request: requestId }).toString()}`
    : AUTHORIZE_PAGE;
}

/** Bounds of a prefilled form's values in a path: far above a market name or a series key. */
const MAX_QUERY_VALUE_LENGTH = 200;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A delivery log page starts before an event position (a bigserial: at most 19 digits). */
const POSITION_PATTERN = /^[1-9]\d{0,18}$/;

/** A subscription's page, at its newest deliveries or at those before an event position. */
export function webhookPath(id: string, before?: string): string {
  const query = new URLSearchParams({ id });
  if (before !== undefined) query.set("before", before);
  return `${WEBHOOK_PAGE}?${query.toString()}`;
}

export type WebhookPrefill = { market?: string; series?: string; type?: string };

/** The new subscription's form filled in with a series page's market, series and type. */
export function newWebhookPath(prefill: WebhookPrefill): string {
  const query = new URLSearchParams();
  for (const name of ["market", "series", "type"] as const) {
    const value = prefill[name];
    if (value !== undefined && value !== "") query.set(name, value);
  }
  const text = query.toString();
  return text === "" ? NEW_WEBHOOK_PAGE : `${NEW_WEBHOOK_PAGE}?${text}`;
}

/** The sign-in page, which sends the reader on to `next` (an account page) once signed in. */
export function signInPath(next?: string): string {
  return withReturnPath(SIGN_IN_PAGE, next);
}

/**
 * The sign-up page, keeping `next` for the sign-in that follows the mailed confirmation: a reader
 * without an account, sent to sign in from a consent page or a "notify me" form, comes back there.
 */
export function signUpPath(next?: string): string {
  return withReturnPath(SIGN_UP_PAGE, next);
}

function withReturnPath(page: string, next: string | undefined): string {
  if (next === undefined || !isReturnPath(next)) return page;
  return `${page}?${new URLSearchParams({ next }).toString()}`;
}

/** Each account page that takes a query, and whether a parameter's value is one it takes. */
const QUERY_PAGES: Readonly<Record<string, Readonly<Record<string, (value: string) => boolean>>>> =
  {
    [WEBHOOK_PAGE]: {
      id: (value) => UUID_PATTERN.test(value),
      before: (value) => POSITION_PATTERN.test(value),
    },
    [NEW_WEBHOOK_PAGE]: { market: plainValue, series: plainValue, type: plainValue },
    // Signing in from an agent application's consent page comes back to the same request.
    [AUTHORIZE_PAGE]: { request: isAuthorizationRequestId },
    // The page after signing in (or signing up, then in): an account page without a query, or
    // one of the above.
    [SIGN_IN_PAGE]: { next: (value) => isReturnPath(value) },
    [SIGN_UP_PAGE]: { next: (value) => isReturnPath(value) },
  };

/**
 * Where sign-in may go on to: an account page (not sign-in or sign-up again), as this site
 * writes it.
 */
export function isReturnPath(value: string): boolean {
  return (
    value !== "" &&
    !value.startsWith(SIGN_IN_PAGE) &&
    !value.startsWith(SIGN_UP_PAGE) &&
    safeAccountPath(value, "") === value
  );
}

function plainValue(value: string): boolean {
  return value.length > 0 && value.length <= MAX_QUERY_VALUE_LENGTH && !/\p{Cc}/u.test(value);
}

/**
 * A path with a query, only for a page that takes one, with only its parameters, each once and
 * well-formed, written as this site writes it (so nothing rides along unchecked).
 */
function safeQueryPath(path: string, query: string, fallback: string): string {
  const accepted = Object.hasOwn(QUERY_PAGES, path) ? QUERY_PAGES[path] : undefined;
  if (accepted === undefined) return fallback;
  const params = new URLSearchParams(query);
  const names = [...params.keys()];
  if (names.length === 0 || new Set(names).size !== names.length) return fallback;
  for (const [name, value] of params) {
    const check = Object.hasOwn(accepted, name) ? accepted[name] : undefined;
    if (check === undefined || !check(value)) return fallback;
  }
  if (path === WEBHOOK_PAGE && !params.has("id")) return fallback;
  return params.toString() === query ? `${path}?${query}` : fallback;
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
