import createClient, { type Client, type Middleware } from "openapi-fetch";
import type { components, paths } from "./generated/openapi.js";

/** The contract's error body (`{ error, message, requestId }`), as every 4xx and 5xx carries it. */
export type ErrorBody = components["schemas"]["ErrorBody"];

/** The openapi-fetch client of this API: `GET`, `POST`… typed by path from the OpenAPI document. */
export type TpiClient = Client<paths>;

export type TpiClientOptions = {
  /** Where the api is served, e.g. `http://localhost:8080` (no trailing path). */
  baseUrl: string;
  /** An API key (`tpi_sk_…`), sent as `Authorization: Bearer`; without one only the free tier answers. */
  apiKey?: string;
  /** The fetch to use (the global one otherwise). */
  fetch?: typeof globalThis.fetch;
  /** How many times a 429 is retried after its Retry-After wait (default 2; 0 turns retries off). */
  maxRetries?: number;
  /**
   * The longest Retry-After the client waits for, in seconds (default 60, the public window). A
   * longer one is returned to the caller as the 429: waiting less than asked would fail again.
   */
  maxRetryAfterSeconds?: number;
};

export const DEFAULT_MAX_RETRIES = 2;
export const DEFAULT_MAX_RETRY_AFTER_SECONDS = 60;

/**
 * Seconds to wait from a Retry-After header: delta-seconds or an HTTP date (RFC 9110 §10.2.3);
 * undefined when absent or unreadable, so that the caller does not guess.
 */
export function retryAfterSeconds(
  header: string | null,
  now: Date = new Date(),
): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  // An HTTP date names its zone (GMT); Date.parse alone would read "-3" as a year.
  const date = /GMT$/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

/** The error an aborted signal carries (an AbortError DOMException unless abort() was given one). */
function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error
    ? signal.reason
    : new DOMException("This operation was aborted", "AbortError");
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortReason(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * The key and the 429 handling, as one openapi-fetch middleware: adds `Authorization: Bearer`, and
 * on a 429 with Retry-After (within the bound) waits that long, then sends the request again, up
 * to `maxRetries` times. The wait ends early, rejecting, when the request's signal aborts.
 */
export function tpiMiddleware(
  options: Pick<TpiClientOptions, "apiKey" | "maxRetries" | "maxRetryAfterSeconds">,
): Middleware {
  const maxRetries = options.maxRetries ?? DEFAULT_MAX_RETRIES;
  const maxWait = options.maxRetryAfterSeconds ?? DEFAULT_MAX_RETRY_AFTER_SECONDS;
  // A sent request's body is consumed: each request keeps an unsent copy until its answer.
  const unsent = new Map<string, Request>();
  return {
    onRequest({ request, id }) {
      if (options.apiKey) request.headers.set("Authorization", `Bearer ${options.apiKey}`);
      if (maxRetries > 0) unsent.set(id, request.clone());
      return request;
    },
    async onResponse({ request, response, options: clientOptions, id }) {
      const copy = unsent.get(id);
      unsent.delete(id);
      let current = response;
      for (let attempt = 0; copy && attempt < maxRetries && current.status === 429; attempt++) {
        const wait = retryAfterSeconds(current.headers.get("Retry-After"));
        if (wait === undefined || wait > maxWait) break;
        await current.body?.cancel();
        await sleep(wait * 1000, request.signal);
        current = await clientOptions.fetch(copy.clone());
      }
      return current;
    },
    onError({ id }) {
      unsent.delete(id);
    },
  };
}

/**
 * A typed client of the Token Price Index API. Every call returns `{ data, error, response }`:
 * `data` typed from the route's 200 schema, `error` as `ErrorBody` on a 4xx or 5xx.
 *
 * ```ts
 * const tpi = createTpiClient({ baseUrl: "http://localhost:8080", apiKey: process.env.TPI_KEY });
 * const { data, error } = await tpi.GET("/api/otpi", { params: { query: { lab: "qwen" } } });
 * ```
 */
export function createTpiClient(options: TpiClientOptions): TpiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    // The document's object parameters (alternatives, as `/api/daily-index`'s GPU) are
    // `style: form, explode: true`: each property its own `name=value` pair.
    querySerializer: { object: { style: "form", explode: true } },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  client.use(tpiMiddleware(options));
  return client;
}

/** A non-2xx answer, thrown by `unwrap`: its status and the contract's error body. */
export class TpiApiError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  constructor(status: number, body: ErrorBody) {
    super(`${status} ${body.error}: ${body.message}`);
    this.name = "TpiApiError";
    this.status = status;
    this.body = body;
  }
}

/**
 * The data of a call, or a thrown `TpiApiError`: for scripts that would rather throw than check
 * `error` after every call. `const rows = await unwrap(tpi.GET("/api/otpi"))`.
 */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  throw new TpiApiError(response.status, toErrorBody(error, response));
}

/** The body as sent when it has the contract's shape; a made-up one (from the status) otherwise, e.g. a proxy's HTML page. */
function toErrorBody(error: unknown, response: Response): ErrorBody {
  if (
    typeof error === "object" &&
    error !== null &&
    typeof (error as ErrorBody).error === "string" &&
    typeof (error as ErrorBody).message === "string"
  )
    return error as ErrorBody;
  return {
    error: response.statusText || `HTTP ${response.status}`,
    message: typeof error === "string" && error ? error.slice(0, 200) : "no error body",
  };
}
