import {
  GITHUB_SEARCH_SOURCE_NAME,
  githubSearchIntervalMs,
  githubSearchPath,
  readSearchCount,
  type CountFailure,
  type GithubSearchRequest,
  type Result,
} from "@tpi/domain";
import {
  jsonErrorText,
  MAX_ANSWER_BYTES,
  readAtMost,
  retryAfterMs,
  scrubSecrets,
} from "../../../platform/ingest/paced-http";
import { SourceError } from "../../../platform/ingest/source-error";

/**
 * GitHub's REST search (`GET /search/issues`, `GET /search/commits`; docs.github.com/rest/search/search),
 * asked for `total_count` only. Without a token 10 searches a minute, with `GITHUB_TOKEN` 30: the
 * requests are paced by the domain's `githubSearchIntervalMs`. When GitHub says to slow down (the
 * primary limit used up: `x-ratelimit-remaining: 0` until `x-ratelimit-reset`; a secondary limit:
 * 403 or 429, with `retry-after` or, without it, a minute) the client waits and asks again: a rate
 * limit is never a count. A search GitHub marks `incomplete_results` is a failed count.
 */

/** The sync log's, the lock's and the served data's name for GitHub search (as events name it). */
export const GITHUB_SEARCH_SOURCE = GITHUB_SEARCH_SOURCE_NAME;

export type GithubSearchConfig = {
  /** `https://api.github.com`; tests point it at a loopback stub. */
  baseUrl: string;
  /** Optional; sent only in the Authorization header, never logged. */
  token: string | undefined;
  /** GitHub refuses requests without a User-Agent. */
  userAgent: string;
  /** Per request: connection, headers and body (milliseconds). */
  timeoutMs: number;
  /** Retries after the first attempt, for network errors, timeouts and 5xx. */
  maxRetries: number;
  /** Backoff before retry n (0-based) is retryBaseMs * 2^n milliseconds. */
  retryBaseMs: number;
  /** Least time between two searches (milliseconds); `githubSearchIntervalMs` by default. */
  minRequestIntervalMs: number;
  /** A rate limit asking to wait longer than this (milliseconds) stops the run. */
  maxRateLimitWaitMs: number;
  /** Rate-limit answers waited out per search before it fails. */
  maxRateLimitWaits: number;
};

/** Without a `retry-after`, GitHub asks to wait at least a minute after a secondary rate limit. */
export const SECONDARY_LIMIT_DEFAULT_WAIT_MS = 60_000;

export function defaultGithubSearchConfig(
  token: string | undefined,
  baseUrl = "https://api.github.com",
): GithubSearchConfig {
  return {
    baseUrl,
    token,
    userAgent: "token-price-index (+https://github.com)",
    timeoutMs: 20_000,
    maxRetries: 3,
    retryBaseMs: 2_000,
    minRequestIntervalMs: githubSearchIntervalMs(token !== undefined),
    maxRateLimitWaitMs: 15 * 60_000,
    maxRateLimitWaits: 5,
  };
}

/**
 * Why a search gave no answer. `auth` (the token refused), `rate-limit` (asked to wait longer than
 * a run waits), `unreachable` (no attempt got any HTTP answer: offline, DNS, a firewall; every
 * later search would fail the same way, so the run stops instead of spending minutes per day on
 * retries) and `stopped` end the run; `http` (a 422: the query refused) and `unavailable` (GitHub
 * answered, with server errors, until the retries were used up) fail only the count asked for.
 */
export type GithubSearchProblem =
  | "auth"
  | "rate-limit"
  | "unreachable"
  | "unavailable"
  | "http"
  | "stopped";

export class GithubSearchError extends SourceError<GithubSearchProblem> {
  constructor(problem: GithubSearchProblem, message: string) {
    super("GithubSearchError", problem, message, ["auth", "rate-limit", "unreachable", "stopped"]);
  }
}

export const GITHUB_STOPPED_MESSAGE =
  "the sync was stopped before it finished (the process is stopping); the days not written are searched by the next sync";

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

/** One run's paced connection to GitHub search. Every attempt counts as a request. */
export class GithubSearchClient {
  /** Requests sent (attempts, retries and rate-limited ones included). */
  requests = 0;
  /** Time waited for rate limits (milliseconds), for the run's log. */
  rateLimitWaitMs = 0;
  private lastStartMs = Number.NEGATIVE_INFINITY;
  private notBeforeMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly config: GithubSearchConfig,
    private readonly stopping?: AbortSignal,
    /** Told each rate-limit wait before it starts (the sync logs it). */
    private readonly onWait: (waitMs: number, why: string) => void = () => undefined,
  ) {}

  /**
   * The search's count, or a failed count (`incomplete_results`, a malformed answer); a problem
   * with the request itself raises GithubSearchError.
   */
  async count(request: GithubSearchRequest): Promise<Result<number, CountFailure>> {
    const what = `GET ${request.endpoint} (${request.agent} ${request.metric} ${request.day})`;
    const url = `${this.config.baseUrl.replace(/\/+$/, "")}${githubSearchPath(request)}`;
    const headers: Record<string, string> = {
      accept: "application/vnd.github+json",
      "x-github-api-version": "2022-11-28",
      "user-agent": this.config.userAgent,
    };
    if (this.config.token !== undefined) headers.authorization = `Bearer ${this.config.token}`;
    let retries = 0;
    let rateLimitWaits = 0;
    let lastProblem = "";
    let answered = false;
    for (;;) {
      this.throwIfStopped();
      await this.paced();
      this.throwIfStopped();
      this.requests += 1;
      let response: Response;
      try {
        const timeout = AbortSignal.timeout(this.config.timeoutMs);
        response = await fetch(url, {
          headers,
          signal: this.stopping ? AbortSignal.any([timeout, this.stopping]) : timeout,
        });
      } catch (error) {
        this.throwIfStopped();
        lastProblem = networkProblem(error, this.config.timeoutMs);
        if (retries >= this.config.maxRetries) break;
        this.backOff(retries++);
        continue;
      }
      answered = true;
      const read = await readAtMost(response, MAX_ANSWER_BYTES).catch(() => undefined);
      if (read?.cut === true)
        throw this.fail(
          "http",
          `${what} answered more than ${MAX_ANSWER_BYTES / 1024 / 1024} MB; not read further (a broken or hostile upstream?)`,
        );
      const text = read === undefined ? "" : new TextDecoder().decode(read.bytes);
      this.notePrimaryLimit(response.headers);
      const wait = rateLimitWait(response, text);
      if (wait !== undefined) {
        if (wait.ms > this.config.maxRateLimitWaitMs)
          throw this.fail(
            "rate-limit",
            `GitHub rate-limited ${what} (HTTP ${response.status}, ${wait.why}) and asked to wait ${Math.ceil(wait.ms / 1000)} s, longer than the ${Math.ceil(this.config.maxRateLimitWaitMs / 1000)} s a sync waits; sync again later${this.config.token === undefined ? " (a GITHUB_TOKEN triples the search limit)" : ""}`,
          );
        if (rateLimitWaits >= this.config.maxRateLimitWaits)
          throw this.fail(
            "rate-limit",
            `GitHub rate-limited ${what} ${rateLimitWaits + 1} time(s) in a row (HTTP ${response.status}, ${wait.why}); sync again later`,
          );
        rateLimitWaits += 1;
        this.rateLimitWaitMs += wait.ms;
        this.onWait(wait.ms, `HTTP ${response.status}, ${wait.why}`);
        this.notBeforeMs = Math.max(this.notBeforeMs, performance.now() + wait.ms);
        continue;
      }
      if (response.status === 401)
        throw this.fail(
          "auth",
          `GITHUB_TOKEN was refused by GitHub (HTTP 401 on ${what}${errorDetail(text)}); check the token or unset it to search without one`,
        );
      if (response.status >= 500) {
        lastProblem = `HTTP ${response.status}`;
        if (retries >= this.config.maxRetries) break;
        this.backOff(retries++);
        continue;
      }
      if (!response.ok)
        throw this.fail(
          "http",
          `${what} answered HTTP ${response.status}${errorDetail(text)}; not retried`,
        );
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      return readSearchCount(body);
    }
    throw this.fail(
      answered ? "unavailable" : "unreachable",
      `${what} failed after ${this.config.maxRetries + 1} attempt(s): ${lastProblem}${answered ? "" : "; GitHub did not answer, so this sync stops here and the next one (in an hour) tries again"}`,
    );
  }

  /** The primary limit: when none is left, nothing is sent before the window resets. */
  private notePrimaryLimit(headers: Headers): void {
    const remaining = headers.get("x-ratelimit-remaining");
    const reset = headers.get("x-ratelimit-reset");
    if (remaining === null || reset === null || Number(remaining) > 0) return;
    const resetMs = Number(reset) * 1000;
    if (!Number.isFinite(resetMs)) return;
    const wait = Math.max(0, resetMs - Date.now()) + 1_000; // reset is whole seconds: one more
    if (wait > this.config.maxRateLimitWaitMs) return; // the next answer says so and stops the run
    this.notBeforeMs = Math.max(this.notBeforeMs, performance.now() + wait);
  }

  private async paced(): Promise<void> {
    const startAt = Math.max(this.lastStartMs + this.config.minRequestIntervalMs, this.notBeforeMs);
    const wait = startAt - performance.now();
    if (wait > 0) await sleep(wait, this.stopping);
    this.lastStartMs = performance.now();
  }

  private backOff(attempt: number): void {
    this.notBeforeMs = Math.max(
      this.notBeforeMs,
      performance.now() + this.config.retryBaseMs * 2 ** attempt,
    );
  }

  private throwIfStopped(): void {
    if (this.stopping?.aborted) throw this.fail("stopped", GITHUB_STOPPED_MESSAGE);
  }

  private fail(problem: GithubSearchProblem, message: string): GithubSearchError {
    return new GithubSearchError(
      problem,
      scrubSecrets(message, this.config.token === undefined ? [] : [this.config.token]),
    );
  }
}

/**
 * How long a rate-limited answer asks to wait, or undefined when the answer is not one. GitHub
 * answers a limit with 403 or 429: `retry-after` (seconds) when it names a wait; otherwise
 * `x-ratelimit-remaining: 0` means the primary limit (wait until `x-ratelimit-reset`, epoch
 * seconds), and a body saying "rate limit" a secondary one (wait a minute). Any other 403 is not
 * a rate limit.
 */
export function rateLimitWait(
  answer: { status: number; headers: Headers },
  text: string,
  nowMs = Date.now(),
): { ms: number; why: string } | undefined {
  if (answer.status !== 403 && answer.status !== 429) return undefined;
  const retryAfter = retryAfterMs(answer.headers.get("retry-after"), nowMs);
  if (retryAfter !== undefined) return { ms: retryAfter, why: "retry-after" };
  const remaining = answer.headers.get("x-ratelimit-remaining");
  const reset = Number(answer.headers.get("x-ratelimit-reset") ?? "");
  if (remaining === "0" && Number.isFinite(reset) && reset > 0)
    return { ms: Math.max(0, reset * 1000 - nowMs) + 1_000, why: "x-ratelimit-reset" };
  if (answer.status === 429 || /rate limit/i.test(text))
    return { ms: SECONDARY_LIMIT_DEFAULT_WAIT_MS, why: "secondary rate limit" };
  return undefined;
}

function errorDetail(text: string): string {
  const message = jsonErrorText(text, (body) => body.message);
  return message === undefined ? "" : `: ${message.slice(0, 200)}`;
}

function networkProblem(error: unknown, timeoutMs: number): string {
  const timedOut =
    error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
  if (timedOut) return `timed out after ${timeoutMs} ms`;
  return `network error: ${error instanceof Error ? error.message : String(error)}`;
}
