import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { FORM_TOKEN_LIFETIME_MS } from "@tpi/domain";

/**
 * Session tokens, one-time mail tokens and CSRF tokens. Tokens are 32 random bytes (base64url);
 * only their SHA-256 is stored. CSRF tokens are HMAC-SHA256 values under a key derived from
 * INTERNAL_API_TOKEN: every instance of a deployment shares it (so any instance checks a token
 * another issued) and the account procedures are reachable only with that token anyway.
 */

export function newOpaqueToken(): string {
  return randomBytes(32).toString("base64url");
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** The CSRF key: separate from the internal token itself, so a leaked CSRF value reveals nothing of it. */
export function csrfKeyFrom(internalToken: string): Buffer {
  return createHmac("sha256", internalToken).update("tpi website csrf key v1").digest();
}

function mac(key: Buffer, message: string): string {
  return createHmac("sha256", key).update(message).digest("base64url");
}

/** Constant-time equality of two strings (false for different lengths, which is not secret here). */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The synchronizer token of a session: the website puts it in every state-changing form. */
export function sessionCsrfToken(key: Buffer, sessionId: string): string {
  return mac(key, `session:${sessionId}`);
}

export function verifySessionCsrfToken(key: Buffer, sessionId: string, presented: string): boolean {
  return sameText(sessionCsrfToken(key, sessionId), presented);
}

/**
 * A pre-session form token (sign-in, sign-up and password-reset forms): `<issued ms>.<nonce>.<mac>`.
 * The website sets it as a cookie and as a hidden form field (signed double submit); a request is
 * accepted when both copies are equal, the signature is ours and the token is not too old.
 */
export function issueFormToken(key: Buffer, now: Date): string {
  const body = `${now.getTime()}.${randomBytes(16).toString("base64url")}`;
  return `${body}.${mac(key, `form:${body}`)}`;
}

/** Clock skew tolerated between instances for a token issued "in the future" (milliseconds). */
const FORM_TOKEN_SKEW_MS = 60_000;

export function verifyFormToken(
  key: Buffer,
  presented: { cookie: string; form: string },
  now: Date,
): boolean {
  if (!sameText(presented.cookie, presented.form)) return false;
  const parts = presented.form.split(".");
  const [issued, nonce, signature] = parts;
  if (parts.length !== 3 || !issued || !nonce || !signature) return false;
  if (!sameText(mac(key, `form:${issued}.${nonce}`), signature)) return false;
  const age = now.getTime() - Number(issued);
  return Number.isFinite(age) && age <= FORM_TOKEN_LIFETIME_MS && age >= -FORM_TOKEN_SKEW_MS;
}
