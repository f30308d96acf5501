import type { z } from "zod";

/**
 * The one way the service asks an outside data source for something over HTTP: requests paced by
 * a minimum interval between their starts, a timeout per request, retries with exponential
 * backoff for network errors, timeouts, 429 and 5xx, a 429's own wait when it names one (up to a
 * longest acceptable wait), a stop signal that ends waits and cuts the request in flight, and
 * every attempt counted. What differs per source (which answers refuse the credentials, how its
 * 429 says when to come back, where its error text sits, the error class it raises) is a
 * `SourcePolicy`. Keys travel only in headers and are scrubbed from every message.
 */

/**
 * Why a request or answer was unusable. `auth` (credentials or configuration refused),
 * `rate-limit` and `stopped` make further requests of the run pointless; `unavailable` (retries
 * used up), `http` (an answer not worth retrying) and `malformed` fail only what was asked.
 */
export type TransportProblem =
  | "auth"
  | "rate-limit"
  | "unavailable"
  | "http"
  | "malformed"
  | "stopped";

/** How hard and how fast a client asks. Durations are milliseconds. */
export type PacingConfig = {
  /** Per request: connection, headers and body. */
  timeoutMs: number;
  /** Retries after the first attempt, for timeouts, network errors, 429 and 5xx. */
  maxRetries: number;
  /** Backoff before retry n (0-based) is retryBaseMs * 2^n. */
  retryBaseMs: number;
  /** Least time between the starts of two requests. */
  minRequestIntervalMs: number;
  /** A 429 asking to wait longer than this stops the run. */
  maxRetryAfterMs: number;
};

/**
 * The most a successful answer's body may hold (bytes). The largest a source sends today is
 * OpenRouter's model list, about 2 MB; a body past this is a broken or hostile upstream, and is
 * cut off while it streams in rather than read whole into memory.
 */
export const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** The most of an error answer's body read for its message (bytes). */
export const MAX_ERROR_ANSWER_BYTES = 64 * 1024;

/** An answer that was not a success, with its body as text ("" when it could not be read). */
export type HttpAnswer = { status: number; headers: Headers; url: string; text: string };

/** A successful answer: the exact bytes (for content hashes) and their UTF-8 text. */
export type HttpBody = {
  status: number;
  headers: Headers;
  /** The URL that answered, after redirects (a CDN behind a 302). */
  url: string;
  bytes: Uint8Array;
  text: string;
};

export type HttpRequest = {
  url: string;
  /** How messages name the request, e.g. `GET /api/v1/models`: never the full URL. */
  what: string;
  method?: "GET" | "POST";
  /** A JSON body (sent with `content-type: application/json`). */
  jsonBody?: unknown;
  /** Refuse a success whose content type is not JSON (an HTML page from a proxy): `malformed`. */
  requireJsonContentType?: boolean;
};

export type SourcePolicy = {
  /** The source as messages name it: "OpenRouter", "Hugging Face", "Vast.ai". */
  sourceName: string;
  /** Sent with every request (accept, authorization). */
  headers: Record<string, string>;
  /** Texts that never appear in a message (keys); each is replaced by `[redacted]`. */
  secrets?: readonly string[];
  /**
   * The message of a refusal that stops the run (credentials refused, the dataset not visible),
   * or undefined when the answer is not one. Asked for every 4xx answer but 429.
   */
  refusal(answer: HttpAnswer, what: string): string | undefined;
  /** The source's error text from an answer, shortened, as `: text`; "" when there is none. */
  errorDetail(answer: HttpAnswer): string;
  /** Milliseconds a 429 asks to wait from `nowMs`, undefined when it does not say. Default: Retry-After. */
  retryAfterMs?(headers: Headers, nowMs: number): number | undefined;
  /** The message of a request cut short by the stop signal. */
  stoppedMessage: string;
  /** Asked before each attempt is counted; throws to refuse it (a daily budget). */
  beforeAttempt?(what: string): void;
  /** The source's own error for a problem (the message is already scrubbed of secrets). */
  error(problem: TransportProblem, message: string): Error;
};

/** Retry-After as seconds or an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** Waits `ms`, or less when `signal` is aborted meanwhile. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, Math.ceil(ms)));
    signal?.addEventListener("abort", done, { once: true });
  });

/** `text` with every secret replaced, so that no key reaches a message or a log. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let scrubbed = text;
  for (const secret of secrets)
    if (secret.length > 0) scrubbed = scrubbed.split(secret).join("[redacted]");
  return scrubbed;
}

/**
 * One run's paced connection to one source. Every attempt counts as a request and is told to
 * `onRequest` before it goes out, so a log written there counts a request a crash interrupted.
 */
export class PacedHttpClient {
  /** Requests this client sent (attempts, retries included). */
  requests = 0;
  private lastStartMs = Number.NEGATIVE_INFINITY;
  private notBeforeMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly config: PacingConfig,
    private readonly policy: SourcePolicy,
    /** Told the running count before each request goes out. */
    private readonly onRequest: (requests: number) => Promise<void> = () => Promise.resolve(),
    /** Once aborted, waits end and the request in flight is cut: the policy's `stopped` error. */
    private readonly stopping?: AbortSignal,
  ) {}

  /** The successful answer's body; every other outcome raises the policy's error. */
  async send(request: HttpRequest): Promise<HttpBody> {
    const body = await this.attempts(request, undefined);
    // Without an `absent` test no answer gives null.
    if (body === null) throw new Error(`${request.what}: no answer expected to be absent`);
    return body;
  }

  /** As `send`, but an answer `absent` recognises (a missing file) gives null instead of an error. */
  async sendOrAbsent(
    request: HttpRequest,
    absent: (answer: HttpAnswer) => boolean,
  ): Promise<HttpBody | null> {
    return this.attempts(request, absent);
  }

  /** The body as JSON; a body that is not complete JSON is `malformed` (never retried). */
  json(body: HttpBody, what: string): unknown {
    try {
      return JSON.parse(body.text);
    } catch (error) {
      throw this.fail(
        "malformed",
        `${what} answered with a body that is not complete JSON (${body.text.length} characters; truncated?): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /**
   * An answer read by its schema; an answer of another shape is `malformed`, with its first
   * problem: "malformed model list: data.0.id: …". `what` names the answer.
   */
  parse<T>(schema: z.ZodType<T>, payload: unknown, what: string): T {
    const parsed = schema.safeParse(payload);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw this.fail(
      "malformed",
      `malformed ${what}: ${issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "unexpected shape"}`,
    );
  }

  /** The source's error for `problem`, its message scrubbed of secrets. */
  fail(problem: TransportProblem, message: string): Error {
    return this.policy.error(problem, scrubSecrets(message, this.policy.secrets ?? []));
  }

  private async attempts(
    request: HttpRequest,
    absent: ((answer: HttpAnswer) => boolean) | undefined,
  ): Promise<HttpBody | null> {
    const { config, policy } = this;
    const { what } = request;
    const headers: Record<string, string> = { ...policy.headers };
    if (request.jsonBody !== undefined) headers["content-type"] = "application/json";
    let lastProblem = "";
    for (let attempt = 0; attempt <= config.maxRetries; attempt++) {
      this.throwIfStopped();
      await this.paced(what);
      this.throwIfStopped(); // stopped during the pacing wait: counted, never sent
      const timeout = AbortSignal.timeout(config.timeoutMs);
      let response: Response;
      try {
        response = await fetch(request.url, {
          method: request.method ?? "GET",
          signal: this.stopping ? AbortSignal.any([timeout, this.stopping]) : timeout,
          headers,
          body: request.jsonBody === undefined ? undefined : JSON.stringify(request.jsonBody),
        });
      } catch (error) {
        this.throwIfStopped();
        lastProblem = transportProblem(error, config.timeoutMs);
        this.backOff(attempt);
        continue;
      }
      if (response.status === 429) {
        await response.body?.cancel();
        const wait = (policy.retryAfterMs ?? defaultRetryAfterMs)(response.headers, Date.now());
        if (wait !== undefined && wait > config.maxRetryAfterMs)
          throw this.fail(
            "rate-limit",
            `${policy.sourceName} rate-limited ${what} (HTTP 429) and asked to wait ${Math.ceil(wait / 1000)} s, longer than the ${config.maxRetryAfterMs / 1000} s a run waits; run the sync again later`,
          );
        lastProblem = `HTTP 429 (rate limited)`;
        if (wait === undefined) this.backOff(attempt);
        else this.notBeforeMs = Math.max(this.notBeforeMs, performance.now() + wait);
        if (attempt === config.maxRetries)
          throw this.fail(
            "rate-limit",
            `${what} was rate-limited by ${policy.sourceName} (HTTP 429) ${attempt + 1} time(s); run the sync again later`,
          );
        continue;
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        lastProblem = `HTTP ${response.status}`;
        this.backOff(attempt);
        continue;
      }
      if (!response.ok) {
        const answer: HttpAnswer = {
          status: response.status,
          headers: response.headers,
          url: response.url,
          text: await readAtMost(response, MAX_ERROR_ANSWER_BYTES)
            .then((read) => new TextDecoder().decode(read.bytes))
            .catch(() => ""),
        };
        const refusal = policy.refusal(answer, what);
        if (refusal !== undefined) throw this.fail("auth", refusal);
        if (absent?.(answer)) return null;
        throw this.fail(
          "http",
          `${what} answered HTTP ${response.status}${policy.errorDetail(answer)}; not retried`,
        );
      }
      if (request.requireJsonContentType) {
        const type = response.headers.get("content-type") ?? "";
        if (!/^application\/([\w.+-]+\+)?json\b/i.test(type.trim())) {
          await response.body?.cancel();
          throw this.fail(
            "malformed",
            `${what} answered with content type ${type === "" ? "(none)" : `'${type.slice(0, 100)}'`}, not JSON (an error page from a proxy?)`,
          );
        }
      }
      let read: BodyRead;
      try {
        read = await readAtMost(response, MAX_ANSWER_BYTES);
      } catch (error) {
        this.throwIfStopped();
        lastProblem = `body not received: ${transportProblem(error, config.timeoutMs)}`;
        this.backOff(attempt);
        continue;
      }
      if (read.cut)
        throw this.fail(
          "malformed",
          `${what} answered more than ${MAX_ANSWER_BYTES / 1024 / 1024} MB; not read further (a broken or hostile upstream?)`,
        );
      const { bytes } = read;
      return {
        status: response.status,
        headers: response.headers,
        url: response.url,
        bytes,
        text: new TextDecoder().decode(bytes),
      };
    }
    throw this.fail(
      "unavailable",
      `${what} failed after ${config.maxRetries + 1} attempt(s): ${lastProblem}`,
    );
  }

  /** Waits for the pacing interval (and any Retry-After or backoff), counting the request first. */
  private async paced(what: string): Promise<void> {
    this.policy.beforeAttempt?.(what);
    // Counted (and logged) before the pacing wait, so the log's write never delays a request
    // past the time its interval was measured from.
    this.requests += 1;
    await this.onRequest(this.requests);
    const startAt = Math.max(this.lastStartMs + this.config.minRequestIntervalMs, this.notBeforeMs);
    const wait = startAt - performance.now();
    if (wait > 0) await sleep(wait, this.stopping);
    this.lastStartMs = performance.now();
  }

  private throwIfStopped(): void {
    if (this.stopping?.aborted) throw this.fail("stopped", this.policy.stoppedMessage);
  }

  private backOff(attempt: number): void {
    this.notBeforeMs = Math.max(
      this.notBeforeMs,
      performance.now() + this.config.retryBaseMs * 2 ** attempt,
    );
  }
}

function defaultRetryAfterMs(headers: Headers, nowMs: number): number | undefined {
  return retryAfterMs(headers.get("retry-after"), nowMs);
}

export type BodyRead = { bytes: Uint8Array; cut: boolean };

/**
 * The response's body as it streams in, up to `maxBytes`: `cut` when it held more (its first
 * `maxBytes` are kept, the rest cancelled, never read), so a huge answer costs at most `maxBytes` of memory. Every answer from
 * outside (a source, a chat model) is read this way, never whole.
 */
export async function readAtMost(response: Response, maxBytes: number): Promise<BodyRead> {
  if (response.body === null) return { bytes: new Uint8Array(0), cut: false };
  const reader: ReadableStreamDefaultReader<Uint8Array> = response.body.getReader();
  const pieces: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (length + value.length > maxBytes) {
      // Keep the first maxBytes (an error answer's message is read from them), then hang up.
      pieces.push(value.subarray(0, maxBytes - length));
      await reader.cancel();
      return { bytes: joinPieces(pieces, maxBytes), cut: true };
    }
    pieces.push(value);
    length += value.length;
  }
  return { bytes: joinPieces(pieces, length), cut: false };
}

function joinPieces(pieces: readonly Uint8Array[], length: number): Uint8Array {
  const joined = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    joined.set(piece, at);
    at += piece.length;
  }
  return joined;
}

function transportProblem(error: unknown, timeoutMs: number): string {
  const timedOut =
    error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
  if (timedOut) return `timed out after ${timeoutMs} ms`;
  const cause =
    error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
  return `network error: ${error instanceof Error ? error.message : String(error)}${cause}`;
}

/**
 * A non-empty string that `pick` finds in a JSON error body (OpenRouter's `error.message`, Vast's
 * `msg`), or undefined when the body is not JSON or holds none.
 */
export function jsonErrorText(
  text: string,
  pick: (body: Record<string, unknown>) => unknown,
): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body !== "object" || body === null) return undefined;
    const value = pick(body as Record<string, unknown>);
    return typeof value === "string" && value.length > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}
