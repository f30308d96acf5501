import { createHmac } from "node:crypto";
import { isIP } from "node:net";
import {
  VISITOR_ADDRESS_KEY_LABEL,
  formatVisitorAddressHeader,
  parseVisitorAddressHeader,
  visitorAddressIsFresh,
  visitorAddressPayload,
} from "@tpi/domain";
import { ipKeyGenerator } from "express-rate-limit";
import type { Logger } from "../observability/logger";
import { sameText } from "./secrets";

/**
 * The visitor of an anonymous account form (sign-up, sign-in, reset request), as the attempt
 * limits count it. The website's server signs the address it saw (header and format in
 * @tpi/domain's visitor-address.ts); only a fresh header under this deployment's key is
 * believed. Anything else, and no header at all, is the one shared key `unverified`: a client
 * that forges or replays a header only joins everyone else who has no address.
 */
export type Visitor = {
  /** The attempt limits' key: the address (an IPv6 address's /56 network), or `unverified`. */
  key: string;
  verified: boolean;
};

export const UNVERIFIED_VISITOR: Visitor = { key: "unverified", verified: false };

type Unverified = "absent" | "malformed" | "signature" | "stale";

/** The signing key: separate from the internal token itself and from the CSRF key. */
export function visitorKeyFrom(internalToken: string): Buffer {
  return createHmac("sha256", internalToken).update(VISITOR_ADDRESS_KEY_LABEL).digest();
}

function signature(key: Buffer, address: string, issuedMs: number): string {
  return createHmac("sha256", key)
    .update(visitorAddressPayload(address, issuedMs))
    .digest("base64url");
}

/** The header the website sends (the website computes it the same way; tests use this one). */
export function signVisitorAddress(key: Buffer, address: string, issuedMs: number): string {
  return formatVisitorAddressHeader(address, issuedMs, signature(key, address, issuedMs));
}

/** The verified address of a header, or why it is not believed. */
export function verifyVisitorAddress(
  key: Buffer,
  header: string | undefined,
  nowMs: number,
): { address: string } | { unverified: Unverified } {
  if (header === undefined || header === "") return { unverified: "absent" };
  const claim = parseVisitorAddressHeader(header);
  if (claim === null || isIP(claim.address) === 0) return { unverified: "malformed" };
  if (!sameText(signature(key, claim.address, claim.issuedMs), claim.signature))
    return { unverified: "signature" };
  if (!visitorAddressIsFresh(claim.issuedMs, nowMs)) return { unverified: "stale" };
  return { address: claim.address };
}

/**
 * The attempt limits' key of an address: an IPv4 address itself (also when written IPv4-mapped,
 * as Node reports IPv4 peers on a dual-stack socket), an IPv6 address's /56 network (one
 * customer's, who may use any address in it).
 */
export function attemptKeyOf(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1];
  return ipKeyGenerator(mapped ?? address);
}

/** At most one warning per reason this often: a misconfiguration shows without flooding the log. */
const WARNING_INTERVAL_MS = 10 * 60_000;

const WARNINGS: Record<Unverified, string> = {
  absent:
    "an account form arrived without the visitor's address: every such visitor shares one set of attempt limits. Behind a reverse proxy, set the website's TPI_TRUST_PROXY",
  malformed: "an account form's visitor address header is malformed; counted as unverified",
  signature:
    "an account form's visitor address has a bad signature (is INTERNAL_API_TOKEN the same for the website and the api?); counted as unverified",
  stale:
    "an account form's visitor address is too old or from the future (are the website's and the api's clocks right?); counted as unverified",
};

/** Verifies the visitor header of each account form, and says once in a while why one was not believed. */
export class VisitorAddresses {
  private readonly warnedAt = new Map<Unverified, number>();

  constructor(
    private readonly key: Buffer,
    private readonly log: Logger,
    private readonly nowMs: () => number = Date.now,
  ) {}

  of(header: string | undefined): Visitor {
    const now = this.nowMs();
    const checked = verifyVisitorAddress(this.key, header, now);
    if ("address" in checked) return { key: attemptKeyOf(checked.address), verified: true };
    const last = this.warnedAt.get(checked.unverified);
    if (last === undefined || now - last >= WARNING_INTERVAL_MS) {
      this.warnedAt.set(checked.unverified, now);
      this.log.warn(WARNINGS[checked.unverified]);
    }
    return UNVERIFIED_VISITOR;
  }
}
