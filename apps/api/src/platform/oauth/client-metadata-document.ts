import { lookup } from "node:dns/promises";
import type { IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import { OAuthClientMetadataSchema } from "@modelcontextprotocol/sdk/shared/auth.js";
import { redirectUriRefusal } from "@tpi/domain";
import { ALWAYS_REFUSED, refusedAddressClass } from "../webhooks/addresses";
import { pinnedLookup, type HostResolver, type ResolvedAddress } from "../webhooks/deliver";

/**
 * Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document): a client whose
 * `client_id` is an https URL is described by the JSON document at that URL, which the
 * authorization server fetches. The fetch is an outbound request chosen by whoever calls
 * /authorize, so it has the webhooks' protection against server-side request forgery: https
 * only, every address the host resolves to checked (webhooks/addresses.ts) and the connection
 * pinned to a checked one, no redirects, one time limit, a size limit, JSON only.
 */

/** Bytes of a metadata document read at most (the draft suggests 5 KB). */
export const CLIENT_METADATA_MAX_BYTES = 5 * 1024;
/** Milliseconds the whole fetch may take (resolution, connection, TLS, answer). */
export const CLIENT_METADATA_TIMEOUT_MS = 5_000;
/** Milliseconds a fetched document is reused before it is fetched again. */
export const CLIENT_METADATA_CACHE_MS = 60_000;

export type ClientMetadataFetchPolicy = {
  /** OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK: documents on loopback addresses (tests only). */
  allowLoopback: boolean;
  /** How host names resolve (the system's resolver by default; tests map names to loopback). */
  resolveHost?: HostResolver;
  /** Extra trusted certificate authorities, PEM (tests' self-signed stubs); the system's otherwise. */
  ca?: string;
  timeoutMs?: number;
};

/** A document, checked: what the authorization server keeps of the client. */
export type ClientMetadataDocument = {
  clientId: string;
  clientName: string;
  clientUri: string | null;
  redirectUris: string[];
  /** The document's metadata as the SDK reads a client (OAuthClientInformationFull), public client. */
  metadata: Record<string, unknown>;
};

/** Why a `client_id` URL or its document is refused; the message is the OAuth error's description. */
export class ClientMetadataRefusal extends Error {}

/**
 * Whether `clientId` is meant as a metadata document's URL: an https URL. The draft's other
 * rules (a path, no fragment, no credentials, no dot segments) are checked by `fetch`, which
 * refuses one that breaks them.
 */
export function isMetadataDocumentClientId(clientId: string): boolean {
  return clientId.startsWith("https://");
}

function checkClientIdUrl(clientId: string): URL {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    throw new ClientMetadataRefusal("The client_id is not a valid URL.");
  }
  if (url.protocol !== "https:")
    throw new ClientMetadataRefusal("The client_id URL must be https.");
  if (url.pathname === "/" || url.pathname === "")
    throw new ClientMetadataRefusal("The client_id URL must have a path.");
  if (url.hash !== "" || clientId.includes("#"))
    throw new ClientMetadataRefusal("The client_id URL must not have a fragment.");
  if (url.username !== "" || url.password !== "")
    throw new ClientMetadataRefusal("The client_id URL must not hold a user name or password.");
  if (/\/\.{1,2}(\/|$)/.test(clientId.slice(url.origin.length)))
    throw new ClientMetadataRefusal("The client_id URL must not have . or .. path segments.");
  return url;
}

const timeoutOf = (policy: ClientMetadataFetchPolicy): number =>
  policy.timeoutMs ?? CLIENT_METADATA_TIMEOUT_MS;

async function systemResolver(hostname: string): Promise<readonly ResolvedAddress[]> {
  const answers = await lookup(hostname, { all: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/**
 * `work`'s outcome, or `signal`'s reason once it aborts first: a lookup that never answers is
 * abandoned at the fetch's time limit (the system's resolver cannot be cancelled, only left).
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error as Error);
      },
    );
  });
}

/** The address to connect to, after every address of the host was checked. */
async function checkedAddress(
  hostname: string,
  policy: ClientMetadataFetchPolicy,
  signal: AbortSignal,
): Promise<ResolvedAddress> {
  const family = isIP(hostname);
  let addresses: readonly ResolvedAddress[];
  if (family === 4 || family === 6) addresses = [{ address: hostname, family }];
  else {
    try {
      addresses = await untilAborted((policy.resolveHost ?? systemResolver)(hostname), signal);
    } catch {
      const within = signal.aborted ? ` within ${timeoutOf(policy)} ms` : "";
      throw new ClientMetadataRefusal(
        `The client_id's host ${hostname} could not be resolved${within}.`,
      );
    }
  }
  const [first] = addresses;
  if (first === undefined)
    throw new ClientMetadataRefusal(`The client_id's host ${hostname} resolves to no address.`);
  for (const { address } of addresses) {
    const addressClass = refusedAddressClass(address);
    if (addressClass === undefined) continue;
    if (addressClass === "loopback" && policy.allowLoopback && !ALWAYS_REFUSED.has(addressClass))
      continue;
    throw new ClientMetadataRefusal(
      `Client metadata documents are not fetched from ${addressClass} addresses (${hostname === address ? address : `${hostname} resolves to ${address}`}).`,
    );
  }
  return first;
}

/** GETs the document: its status, content type and at most the size limit of its body. */
function get(
  url: URL,
  hostname: string,
  target: ResolvedAddress,
  policy: ClientMetadataFetchPolicy,
  signal: AbortSignal,
): Promise<{ status: number; contentType: string; body: Buffer; tooLarge: boolean }> {
  return new Promise((resolve, reject) => {
    const request = httpsRequest({
      method: "GET",
      hostname,
      servername: isIP(hostname) === 0 ? hostname : undefined,
      port: url.port === "" ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers: { accept: "application/json", "user-agent": "TokenPriceIndex-OAuth/1" },
      lookup: pinnedLookup(target),
      agent: false,
      ca: policy.ca,
      signal,
    });
    request.on("error", reject);
    request.on("response", (response: IncomingMessage) => {
      const pieces: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      response.on("data", (piece: Buffer) => {
        size += piece.length;
        if (size > CLIENT_METADATA_MAX_BYTES) {
          tooLarge = true;
          response.destroy();
          return;
        }
        pieces.push(piece);
      });
      const done = () =>
        resolve({
          status: response.statusCode ?? 0,
          contentType: String(response.headers["content-type"] ?? ""),
          body: Buffer.concat(pieces),
          tooLarge,
        });
      response.on("end", done);
      response.on("close", done);
      response.on("error", reject);
    });
    request.end();
  });
}

/** Fetches and checks the document at `clientId`; throws a ClientMetadataRefusal saying why not. */
export async function fetchClientMetadataDocument(
  clientId: string,
  policy: ClientMetadataFetchPolicy,
): Promise<ClientMetadataDocument> {
  const url = checkClientIdUrl(clientId);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1");
  // One time limit for the whole fetch, the host's lookup included.
  const signal = AbortSignal.timeout(timeoutOf(policy));
  const target = await checkedAddress(hostname, policy, signal);
  let answer: Awaited<ReturnType<typeof get>>;
  try {
    answer = await get(url, hostname, target, policy, signal);
  } catch (error) {
    const reason = signal.aborted
      ? `no answer within ${timeoutOf(policy)} ms`
      : ((error as { code?: string }).code ?? "the connection failed");
    throw new ClientMetadataRefusal(
      `The client metadata document at ${hostname} could not be fetched (${reason}).`,
    );
  }
  if (answer.tooLarge)
    throw new ClientMetadataRefusal(
      `The client metadata document is larger than ${CLIENT_METADATA_MAX_BYTES} bytes.`,
    );
  if (answer.status !== 200)
    throw new ClientMetadataRefusal(
      `The client metadata document answered HTTP ${answer.status}, not 200 (redirects are not followed).`,
    );
  const mediaType = answer.contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (mediaType !== "application/json" && !/^application\/[a-z0-9.+-]*\+json$/.test(mediaType))
    throw new ClientMetadataRefusal("The client metadata document is not application/json.");
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString("utf8"));
  } catch {
    throw new ClientMetadataRefusal("The client metadata document is not valid JSON.");
  }
  return checkDocument(clientId, json);
}

/** The draft's rules for the document itself. */
export function checkDocument(clientId: string, json: unknown): ClientMetadataDocument {
  if (json === null || typeof json !== "object" || Array.isArray(json))
    throw new ClientMetadataRefusal("The client metadata document is not a JSON object.");
  const document = json as Record<string, unknown>;
  if (document.client_id !== clientId)
    throw new ClientMetadataRefusal(
      "The client metadata document's client_id is not the URL it was fetched from.",
    );
  if (!Array.isArray(document.redirect_uris) || document.redirect_uris.length === 0)
    throw new ClientMetadataRefusal("The client metadata document must list redirect_uris.");
  // A document is public: it cannot hold a shared secret (the draft forbids these methods).
  if ("client_secret" in document || "client_secret_expires_at" in document)
    throw new ClientMetadataRefusal("The client metadata document must not hold a client secret.");
  const method = document.token_endpoint_auth_method;
  if (method !== undefined && method !== "none")
    throw new ClientMetadataRefusal(
      "The client metadata document's token_endpoint_auth_method must be none: this server takes public clients only.",
    );
  for (const uri of document.redirect_uris) {
    const refusal =
      typeof uri === "string" ? redirectUriRefusal(uri) : "A redirect URI is not text.";
    if (refusal !== undefined) throw new ClientMetadataRefusal(refusal);
  }
  const parsed = OAuthClientMetadataSchema.safeParse(document);
  if (!parsed.success)
    throw new ClientMetadataRefusal(
      `The client metadata document is not valid client metadata: ${parsed.error.issues[0]?.message ?? "invalid"}.`,
    );
  const metadata = { ...parsed.data, client_id: clientId, token_endpoint_auth_method: "none" };
  return {
    clientId,
    clientName: parsed.data.client_name ?? new URL(clientId).host,
    clientUri: parsed.data.client_uri ?? null,
    redirectUris: parsed.data.redirect_uris,
    metadata,
  };
}
