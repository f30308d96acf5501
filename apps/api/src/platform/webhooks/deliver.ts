import { lookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { ALWAYS_REFUSED, refusedAddressClass, type AddressClass } from "./addresses";
import type { WebhookHeaders } from "./signature";

/**
 * Sends one webhook delivery to a subscriber's URL without letting that URL reach into the
 * service's own host or network (server-side request forgery):
 *
 * - https only, unless the operator allows plain http; no user name or password in the URL.
 * - The host is resolved once per delivery (never cached, so a changed DNS answer is seen) and
 *   every address it resolves to is checked (`addresses.ts`): one refused address refuses the
 *   delivery. The connection then goes to the first checked address itself (the request's
 *   `lookup` hands it over), so no second resolution can slip another address in between.
 *   TLS still verifies the certificate against the host name.
 * - Redirects are not followed: a 3xx is a failed delivery, as the Standard Webhooks
 *   specification asks (the subscriber updates its URL).
 * - One time limit for the whole delivery (resolution, connection, TLS, answer), and at most the
 *   first 4 KiB of the answer's body are read, for the delivery log.
 *
 * A delivery is a success when the target answers 2xx. Whatever the target does, the result says
 * so instead of throwing; its messages name the host and the address, never the URL's path or
 * query (which may carry a subscriber's token) and never a header.
 */

/** What the operator allows, for a private deployment and for tests. Both false in production. */
export interface WebhookTargetPolicy {
  /** Plain http targets: otherwise https only. */
  readonly allowHttp: boolean;
  /**
   * Loopback, private, link-local, carrier-grade NAT, unspecified, multicast and reserved
   * addresses. A cloud's metadata address stays refused even then.
   */
  readonly allowPrivateAddresses: boolean;
}

export const DEFAULT_TARGET_POLICY: WebhookTargetPolicy = {
  allowHttp: false,
  allowPrivateAddresses: false,
};

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Every address a host name resolves to. */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

export interface DeliveryPolicy extends WebhookTargetPolicy {
  /** How host names are resolved: the system's resolver (as any connection would) by default. */
  readonly resolveHost?: HostResolver;
  /** The whole delivery's time limit (milliseconds); DELIVERY_TIMEOUT_MS by default. */
  readonly timeoutMs?: number;
}

/**
 * 15 s: the lower end of the 15 to 30 s the specification recommends, so a receiver has time to
 * store the event before answering, and a slow one holds a delivering instance only briefly.
 */
export const DELIVERY_TIMEOUT_MS = 15_000;

/** The most of an answer's body read (bytes): enough for the delivery log's excerpt. */
export const MAX_RESPONSE_EXCERPT_BYTES = 4096;

const USER_AGENT = "token-price-index-webhooks";

export interface DeliveryResult {
  /** The target answered 2xx. */
  readonly ok: boolean;
  /** The answer's status, when there was one. */
  readonly status?: number;
  /** From the call to the answer's excerpt, or to the failure (milliseconds). */
  readonly latencyMs: number;
  /** Why the delivery failed, in words for the subscriber's delivery log. */
  readonly error?: string;
  /** The first MAX_RESPONSE_EXCERPT_BYTES of the answer's body, as UTF-8, when there was one. */
  readonly responseExcerpt?: string;
}

export type TargetCheck =
  | { readonly ok: true; readonly url: URL; readonly hostname: string }
  | { readonly ok: false; readonly error: string };

/**
 * What can be checked of a target without resolving it: a URL, its scheme, no credentials in it,
 * and an IP address written in it. For a subscription's form as for each delivery.
 */
export function checkWebhookTarget(target: string, policy: WebhookTargetPolicy): TargetCheck {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { ok: false, error: "the target is not a valid URL" };
  }
  const schemes = policy.allowHttp ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) {
    const allowed = policy.allowHttp ? "an https or http" : "an https";
    return { ok: false, error: `the target must be ${allowed} URL, not ${url.protocol}` };
  }
  if (url.username !== "" || url.password !== "") {
    return { ok: false, error: "the target's URL must not hold a user name or password" };
  }
  // The URL writes an IPv6 address in brackets; a connection takes it without them.
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  if (isIP(hostname) !== 0) {
    const refusal = refusalOf(hostname, hostname, policy);
    if (refusal !== undefined) return { ok: false, error: refusal };
  }
  return { ok: true, url, hostname };
}

/** Why this address may not be reached under this policy, or undefined when it may. */
function refusalOf(
  address: string,
  hostname: string,
  policy: WebhookTargetPolicy,
): string | undefined {
  const addressClass: AddressClass | undefined = refusedAddressClass(address);
  if (addressClass === undefined) return undefined;
  if (policy.allowPrivateAddresses && !ALWAYS_REFUSED.has(addressClass)) return undefined;
  const where = address === hostname ? address : `${hostname} resolves to ${address}`;
  if (addressClass === "not an IP address") return `${where}, which is not an IP address`;
  return `webhooks are not delivered to ${addressClass} addresses (${where})`;
}

/** A failure whose message is already written for the delivery log. */
class DeliveryFailure extends Error {}

async function systemResolver(hostname: string): Promise<readonly ResolvedAddress[]> {
  const answers = await lookup(hostname, { all: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/** The promise's outcome, or a rejection as soon as the signal aborts (a resolver cannot be cut). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new DeliveryFailure("aborted"));
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The one address this delivery connects to, after every address of the host was checked. */
async function checkedAddress(
  hostname: string,
  policy: DeliveryPolicy,
  signal: AbortSignal,
): Promise<ResolvedAddress> {
  const family = isIP(hostname);
  if (family === 4 || family === 6) return { address: hostname, family };
  const resolve = policy.resolveHost ?? systemResolver;
  let addresses: readonly ResolvedAddress[];
  try {
    addresses = await untilAborted(resolve(hostname), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    throw new DeliveryFailure(`could not resolve ${hostname} (${codeOf(error)})`);
  }
  const [first] = addresses;
  if (first === undefined) throw new DeliveryFailure(`${hostname} resolves to no address`);
  for (const { address } of addresses) {
    const refusal = refusalOf(address, hostname, policy);
    if (refusal !== undefined) throw new DeliveryFailure(refusal);
  }
  return first;
}

/** A `lookup` that answers with the checked address alone, in the form the caller asks for (other outbound fetches use it too). */
export function pinnedLookup({ address, family }: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all === true) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

interface Answer {
  readonly status: number;
  readonly excerpt: string;
}

/** Posts the body and reads the answer's status and the start of its body. */
function post(
  url: URL,
  hostname: string,
  target: ResolvedAddress,
  headers: WebhookHeaders,
  body: string,
  signal: AbortSignal,
): Promise<Answer> {
  const payload = Buffer.from(body, "utf8");
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<Answer>((resolve, reject) => {
    const request = send({
      method: "POST",
      hostname,
      port: url.port === "" ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": payload.length,
        "user-agent": USER_AGENT,
      },
      lookup: pinnedLookup(target),
      // A connection of its own: none kept from an earlier delivery, none kept for a later one.
      agent: false,
      signal,
    });
    request.on("error", reject);
    request.on("response", (response: IncomingMessage) => {
      const pieces: Buffer[] = [];
      let kept = 0;
      // Called on the excerpt's last byte, the body's end, or the body cut short (the deadline, a
      // reset): the status is known by then, and is the delivery's outcome.
      const done = (): void => {
        resolve({
          status: response.statusCode ?? 0,
          excerpt: Buffer.concat(pieces).toString("utf8"),
        });
        response.destroy();
      };
      response.on("data", (piece: Buffer) => {
        const wanted = piece.subarray(0, MAX_RESPONSE_EXCERPT_BYTES - kept);
        pieces.push(wanted);
        kept += wanted.length;
        if (kept >= MAX_RESPONSE_EXCERPT_BYTES) done();
      });
      response.on("end", done);
      response.on("error", done);
      response.on("close", done);
    });
    request.end(payload);
  });
}

/** Why an answer's status fails the delivery, or undefined for a 2xx (a success). */
function statusFailure(status: number): string | undefined {
  if (status >= 200 && status <= 299) return undefined;
  if (status >= 300 && status <= 399) {
    return `the target answered ${status}, a redirect: redirects are not followed, so the subscription's URL should be the one redirected to`;
  }
  return `the target answered ${status}`;
}

/** A network error's code (ECONNREFUSED, CERT_HAS_EXPIRED), or its message when it has none. */
function codeOf(error: unknown): string {
  if (error instanceof Error) {
    const code: unknown = Reflect.get(error, "code");
    return typeof code === "string" ? code : error.message;
  }
  return String(error);
}

/**
 * Delivers one signed webhook: posts the body with its headers to the target under the operator's
 * policy and reports what happened. Never throws for the target's fault.
 */
export async function deliverWebhook(
  target: string,
  headers: WebhookHeaders,
  body: string,
  policy: DeliveryPolicy,
): Promise<DeliveryResult> {
  const started = performance.now();
  const finish = (outcome: Omit<DeliveryResult, "latencyMs">): DeliveryResult => ({
    ...outcome,
    latencyMs: Math.round(performance.now() - started),
  });
  const checked = checkWebhookTarget(target, policy);
  if (!checked.ok) return finish({ ok: false, error: checked.error });
  const { url, hostname } = checked;
  const timeoutMs = policy.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  let address: ResolvedAddress | undefined;
  try {
    address = await checkedAddress(hostname, policy, deadline.signal);
    const { status, excerpt } = await post(url, hostname, address, headers, body, deadline.signal);
    const error = statusFailure(status);
    return finish({ ok: error === undefined, status, error, responseExcerpt: excerpt });
  } catch (error) {
    if (deadline.signal.aborted) {
      return finish({ ok: false, error: `no answer from ${hostname} within ${timeoutMs} ms` });
    }
    if (error instanceof DeliveryFailure) return finish({ ok: false, error: error.message });
    const where =
      address === undefined || address.address === hostname
        ? hostname
        : `${hostname} (${address.address})`;
    return finish({ ok: false, error: `could not deliver to ${where} (${codeOf(error)})` });
  } finally {
    clearTimeout(timer);
  }
}
