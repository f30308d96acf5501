/**
 * The visitor's address, from the website's server to the api. The website's server takes it
 * from its own request (the entry its trusted proxy appended to X-Forwarded-For), signs it with
 * a key derived from INTERNAL_API_TOKEN, and sends it in one header of its account calls. The
 * api counts the per-address attempt limits under it only when the signature holds and the
 * header is fresh; a missing or bad header counts under one shared "unverified" address, so a
 * forged header gains nothing. Both sides compute the same HMAC over `visitorAddressPayload`.
 *
 * Header: `x-tpi-visitor: <address>;t=<issued, Unix ms>;sig=<base64url HMAC-SHA256>`, the key
 * HMAC-SHA256(INTERNAL_API_TOKEN, VISITOR_ADDRESS_KEY_LABEL).
 */
export const VISITOR_ADDRESS_HEADER = "x-tpi-visitor";
/** What the key is derived with, so that it differs from every other key of the internal token. */
export const VISITOR_ADDRESS_KEY_LABEL = "tpi website visitor address key v1";
/** A header older than this (or this far in the future: clocks of two hosts) is not trusted. */
export const VISITOR_ADDRESS_MAX_AGE_MS = 60_000;

/** IPv4, IPv6 and IPv4-mapped IPv6 in text form (no zone): the only characters an address needs. */
const ADDRESS_SHAPE = /^[0-9A-Fa-f:.]{2,45}$/;
const SIGNATURE_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The text the website signs and the api checks. */
export function visitorAddressPayload(address: string, issuedMs: number): string {
  return `tpi visitor address v1\n${issuedMs}\n${address}`;
}

export function formatVisitorAddressHeader(
  address: string,
  issuedMs: number,
  signature: string,
): string {
  return `${address};t=${issuedMs};sig=${signature}`;
}

export type VisitorAddressClaim = { address: string; issuedMs: number; signature: string };

/** The header's parts, or null when it is not in the form above (then nothing of it is used). */
export function parseVisitorAddressHeader(value: string): VisitorAddressClaim | null {
  const parts = value.split(";");
  if (parts.length !== 3) return null;
  const [address = "", issued = "", signed = ""] = parts;
  if (!ADDRESS_SHAPE.test(address) || !issued.startsWith("t=") || !signed.startsWith("sig="))
    return null;
  const issuedText = issued.slice(2);
  const signature = signed.slice(4);
  if (!/^\d{1,15}$/.test(issuedText) || !SIGNATURE_SHAPE.test(signature)) return null;
  return { address, issuedMs: Number(issuedText), signature };
}

/** Whether a header issued at `issuedMs` is fresh at `nowMs`. */
export function visitorAddressIsFresh(issuedMs: number, nowMs: number): boolean {
  return Math.abs(nowMs - issuedMs) <= VISITOR_ADDRESS_MAX_AGE_MS;
}
