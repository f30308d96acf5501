import "server-only";
import { createHmac } from "node:crypto";
import { isIP } from "node:net";
import {
  VISITOR_ADDRESS_HEADER,
  VISITOR_ADDRESS_KEY_LABEL,
  formatVisitorAddressHeader,
  visitorAddressPayload,
} from "@tpi/domain";
import { readWebEnv } from "../env";

/**
 * The visitor's address for the api's attempt limits (sign-up, sign-in, reset requests): taken
 * from this server's request as its trusted proxies reported it, and signed for the api with a
 * key derived from INTERNAL_API_TOKEN (format in @tpi/domain's visitor-address.ts). The api
 * believes nothing else: no header of the browser's is passed on.
 */

/**
 * The entry `hops` from the end of X-Forwarded-For: the address the outermost trusted proxy saw
 * (nginx appends the peer it saw; entries before are whatever the client wrote). Undefined when
 * no proxy is trusted, the header is shorter than the proxies in front, or the entry is no IP.
 */
export function visitorAddress(
  request: Request,
  hops = readWebEnv().trustedProxyHops,
): string | undefined {
  if (hops < 1) return undefined;
  const entries = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  if (entries.length < hops) return undefined;
  const entry = entries[entries.length - hops] ?? "";
  return isIP(entry) === 0 ? undefined : entry;
}

/** The api's signed visitor header for `address` (none without an address or a token). */
export function visitorHeaders(
  address: string | undefined,
  internalToken: string | undefined,
  nowMs = Date.now(),
): Record<string, string> {
  if (address === undefined || internalToken === undefined) return {};
  const key = createHmac("sha256", internalToken).update(VISITOR_ADDRESS_KEY_LABEL).digest();
  const signature = createHmac("sha256", key)
    .update(visitorAddressPayload(address, nowMs))
    .digest("base64url");
  return { [VISITOR_ADDRESS_HEADER]: formatVisitorAddressHeader(address, nowMs, signature) };
}
