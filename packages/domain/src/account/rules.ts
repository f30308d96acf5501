import type { AccountPlan } from "../shared/access";
import { TRIAL_KEY_CREATION_MESSAGE, planMayCreateKeys } from "../shared/accounts";
import { DomainError } from "../shared/errors";
import { err, ok, type Result } from "../shared/result";

/**
 * Website accounts: who may sign in, for how long, how often they may try, and the words the
 * website shows. No storage and no crypto here; the api hashes, stores and sends.
 */

/** A role decides what an account may do on the website beyond its own keys. */
export const ACCOUNT_ROLES = ["user", "admin"] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export function isAccountRole(value: string): value is AccountRole {
  return (ACCOUNT_ROLES as readonly string[]).includes(value);
}

/** RFC 5321 caps a path at 256 octets, so an address longer than 254 characters cannot be delivered. */
export const EMAIL_MAX_LENGTH = 254;
/** Passwords: long enough to resist guessing, short enough that hashing one stays cheap. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

/** A session ends this long after sign-in, whatever its use (14 days, in milliseconds). */
export const SESSION_ABSOLUTE_LIFETIME_MS = 14 * 24 * 3_600_000;
/** A session unused for this long ends (24 hours, in milliseconds). */
export const SESSION_IDLE_TIMEOUT_MS = 24 * 3_600_000;
/** A session's last use is written at most this often (5 minutes): not one write per page view. */
export const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;

/** A verification link works for 48 hours; a reset link for 1 hour (it grants the account). */
export const EMAIL_VERIFICATION_TOKEN_LIFETIME_MS = 48 * 3_600_000;
export const PASSWORD_RESET_TOKEN_LIFETIME_MS = 3_600_000;
/** A pre-session form token (sign-in, sign-up, reset forms) is accepted for 2 hours after issue. */
export const FORM_TOKEN_LIFETIME_MS = 2 * 3_600_000;

/** Attempts allowed per window; counted in the api's rate-limit store (Redis when configured). */
export type AttemptLimit = { name: string; limit: number; windowMs: number };

/*
 * Sign-in limits, as large services set them: a wrong password costs the address that sent it,
 * not the account's owner elsewhere. Addresses are the visitor's, as the website's server saw
 * them and signed them for the api (see visitor-address.ts); one address is one count.
 *
 * - Per account and address: a few failures, then that address waits for that account. The
 *   owner signing in from another address is not refused.
 * - Per address, any account: failures spread over many accounts (credential stuffing). A
 *   successful sign-in gives its attempt back.
 * - Per account, any address: a higher ceiling that never refuses; above it every attempt on
 *   the account waits SIGN_IN_SLOWDOWN_MS first (a distributed guesser pays for each try, the
 *   owner's right password still signs in).
 */

/** Failed sign-ins for one account from one address; a successful sign-in clears it. */
export const SIGN_IN_PER_ACCOUNT_AND_ADDRESS_LIMIT: AttemptLimit = {
  name: "sign-in-account-address",
  limit: 5,
  windowMs: 15 * 60_000,
};
/** Failed sign-ins from one address, whatever the accounts: enough for a shared office. */
export const SIGN_IN_PER_ADDRESS_LIMIT: AttemptLimit = {
  name: "sign-in-address",
  limit: 20,
  windowMs: 15 * 60_000,
};
/** Failed sign-ins for one account from any address above which each attempt is slowed down. */
export const SIGN_IN_ACCOUNT_SLOWDOWN: AttemptLimit = {
  name: "sign-in-account",
  limit: 20,
  windowMs: 15 * 60_000,
};
/** The wait of each sign-in attempt on an account above SIGN_IN_ACCOUNT_SLOWDOWN (milliseconds). */
export const SIGN_IN_SLOWDOWN_MS = 2_000;
/** Sign-ups per address: each one sends a mail. */
export const SIGN_UP_PER_ADDRESS_LIMIT: AttemptLimit = {
  name: "sign-up-address",
  limit: 5,
  windowMs: 3_600_000,
};
/** Password-reset requests per address, whatever the email addresses: each one sends a mail. */
export const PASSWORD_RESET_PER_ADDRESS_LIMIT: AttemptLimit = {
  name: "reset-address",
  limit: 5,
  windowMs: 3_600_000,
};
/** Reset requests for one email address from one address: the owner elsewhere can still ask. */
export const PASSWORD_RESET_PER_EMAIL_AND_ADDRESS_LIMIT: AttemptLimit = {
  name: "reset-email-address",
  limit: 3,
  windowMs: 3_600_000,
};
/**
 * Reset requests per email address from any address, whether or not an account uses it: each
 * one mails the address, so this bounds what anyone can send to one inbox.
 */
export const PASSWORD_RESET_PER_EMAIL_LIMIT: AttemptLimit = {
  name: "reset-email",
  limit: 10,
  windowMs: 3_600_000,
};

/** The words the website shows. One source each; the api answers with exactly these. */
export const ACCOUNT_MESSAGES = {
  invalidEmail: `Enter a valid email address (at most ${EMAIL_MAX_LENGTH} characters).`,
  passwordTooShort: `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.`,
  passwordTooLong: `Choose a password of at most ${PASSWORD_MAX_LENGTH} characters.`,
  passwordIsEmail: "Choose a password that is not your email address.",
  /** Sign-up answer for a new and for an existing address alike: no enumeration. */
  signUpCheckMail:
    "Check your mail: we sent a link to confirm the address. If you already have an account, the mail says how to sign in.",
  /** Sign-in failure for an unknown address and a wrong password alike. */
  invalidCredentials: "The email address or password is incorrect.",
  /** Reset request answer, whether or not the address has an account. */
  resetCheckMail: "If an account uses this address, we sent it a link to choose a new password.",
  /** Only to someone who gave the right password: the address still needs confirming. */
  emailNotVerified: "Confirm your email address first: we sent you a new link. Then sign in again.",
  invalidEmailToken: "This link is invalid, already used or expired. Ask for a new one.",
  emailVerified: "Your email address is confirmed.",
  passwordChanged: "Your password is changed and every session is signed out. Sign in again.",
  signedOut: "You are signed out.",
  otherSessionsSignedOut: "Every other session of this account is signed out.",
  sessionRequired: "Sign in to continue.",
  csrfRefused: "The form expired or did not come from this site. Reload the page and try again.",
  adminRequired: "This needs the admin role.",
  keyNotFound: "This account has no API key with that id.",
  accountNotFound: "No account has that id.",
} as const;

/** Too many attempts: the 429 message with the wait in whole seconds (as in Retry-After). */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const seconds = retryAfterSeconds === 1 ? "1 second" : `${retryAfterSeconds} seconds`;
  return `Too many attempts. Retry after ${seconds}.`;
}

/** A refusal that tells the client when to retry (429 with Retry-After). */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super("rate_limited", tooManyAttemptsMessage(retryAfterSeconds));
  }
}

/**
 * The address as stored and compared: trimmed and lower-cased. Lower-casing the local part is
 * not RFC 5321's rule, but every mainstream provider treats it case-insensitively and two
 * accounts for `A@x` and `a@x` would be a support trap.
 */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

// One @, a non-empty local part without spaces, a dotted domain: the mail itself is the real check.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** The normalised address, or why it is refused. */
export function parseEmail(value: string): Result<string, DomainError> {
  const email = normalizeEmail(value);
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_SHAPE.test(email))
    return err(new DomainError("bad_request", ACCOUNT_MESSAGES.invalidEmail));
  return ok(email);
}

/** Why a new password is refused, or null. Lengths count UTF-16 code units, as browsers do. */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  if (normalizeEmail(password) === normalizeEmail(email)) return ACCOUNT_MESSAGES.passwordIsEmail;
  return null;
}

/** When a session that began at `createdAt` and was last used at `lastSeenAt` ends. */
export function sessionEndsAt(createdAt: Date, lastSeenAt: Date): Date {
  return new Date(
    Math.min(
      createdAt.getTime() + SESSION_ABSOLUTE_LIFETIME_MS,
      lastSeenAt.getTime() + SESSION_IDLE_TIMEOUT_MS,
    ),
  );
}

export function sessionIsLive(
  session: { createdAt: Date; lastSeenAt: Date; revokedAt: Date | null },
  now: Date,
): boolean {
  return session.revokedAt === null && sessionEndsAt(session.createdAt, session.lastSeenAt) > now;
}

/** The session cookie's attributes: the website sets exactly these (one source of truth). */
export type SessionCookie = {
  name: string;
  httpOnly: true;
  secure: boolean;
  sameSite: "lax";
  path: "/";
  /** Seconds: the absolute lifetime; the idle timeout is enforced by the api. */
  maxAgeSeconds: number;
};

/**
 * `__Host-` binds the cookie to the exact host, over HTTPS, with Path=/ and no Domain, so that a
 * sibling subdomain cannot plant a session (fixation). Plain http on loopback cannot use it.
 */
export function sessionCookie(secure: boolean): SessionCookie {
  return {
    name: secure ? "__Host-tpi_session" : "tpi_session",
    httpOnly: true,
    secure,
    sameSite: "lax",
    path: "/",
    maxAgeSeconds: SESSION_ABSOLUTE_LIFETIME_MS / 1000,
  };
}

/** The pre-session form token's cookie (double submit): readable by nobody but the server. */
export function formTokenCookie(secure: boolean): SessionCookie {
  return {
    ...sessionCookie(secure),
    name: secure ? "__Host-tpi_form" : "tpi_form",
    maxAgeSeconds: FORM_TOKEN_LIFETIME_MS / 1000,
  };
}

/** Trial accounts see why they cannot create keys, in the api's words, and how to upgrade. */
export function keyCreationRefusal(plan: AccountPlan): string | null {
  return planMayCreateKeys(plan) ? null : TRIAL_KEY_CREATION_MESSAGE;
}
