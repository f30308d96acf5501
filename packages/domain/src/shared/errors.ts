/**
 * The application's one typed error. Each code has a fixed `error` label (the short label of
 * the contract's error body); the HTTP status and tRPC code for each live in one table in the
 * api (`apps/api/src/http/error-status.ts`), so that no handler chooses a status by hand.
 */
export const ERROR_LABELS = {
  /** A parameter is missing, repeated, unknown or invalid. */
  bad_request: "Bad request",
  /** No key was sent where one is required (missing key, paid lab, or dates outside the free window). */
  api_key_required: "Unauthorized",
  /** The Authorization header is malformed or names no key we know. */
  invalid_api_key: "Unauthorized",
  /** The key exists but is revoked, or its trial account has expired. */
  inactive_api_key: "Unauthorized",
  /** A website procedure needs a live session and got none (missing, expired, revoked). */
  session_required: "Unauthorized",
  /** A sign-in with an unknown address or a wrong password (the same answer for both). */
  invalid_credentials: "Unauthorized",
  /** Authenticated, but the account may not do this. */
  forbidden: "Forbidden",
  /** A valid request that matches no published data. */
  no_data: "No data available",
  /** No such route. */
  route_not_found: "Not found",
  /** The route exists but not for this HTTP method. */
  method_not_allowed: "Method not allowed",
  /** A thing the request names by id does not exist, or is not the caller's (never told apart). */
  not_found: "Not found",
  /** A release that was never cut or is past retention (the message names the releases kept). */
  release_not_found: "Not found",
  /** The request is valid but the thing it acts on is in a state that refuses it. */
  conflict: "Conflict",
  /** The account holds as many active keys as it may (MAX_KEYS_PER_ACCOUNT). */
  key_limit_reached: "Key limit reached",
  /** A request body over the size limit. */
  payload_too_large: "Payload too large",
  /** The request's headers exceed Node's limit (16 KB in total), refused by the HTTP parser. */
  headers_too_large: "Request header fields too large",
  /** The client did not send the whole request (headers, then body) within the server's timeouts. */
  request_timeout: "Request timeout",
  /** A request body that is not valid JSON or not of the declared type. */
  unsupported_body: "Bad request",
  /** A limiter's allowance is used up. */
  rate_limited: "Too many requests",
  /** A dependency (database, upstream model) cannot be reached. */
  unavailable: "Service unavailable",
  /** The market's first load of its published data is still running: retry after a while. */
  loading: "Loading",
  /** An upstream service answered with an error. */
  bad_gateway: "Bad gateway",
  /** A bug. The message never carries internals. */
  internal: "Internal server error",
} as const;

export type ErrorCode = keyof typeof ERROR_LABELS;

export class DomainError extends Error {
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = "DomainError";
    this.code = code;
  }

  get label(): string {
    return ERROR_LABELS[this.code];
  }
}

/** The contract's message for a missing key; more specific variants extend it. */
export const API_KEY_USAGE = "Use Authorization: Bearer <API_KEY>";
export const API_KEY_REQUIRED_MESSAGE = `API key required. ${API_KEY_USAGE}`;
export const INVALID_API_KEY_MESSAGE = "Invalid API key";
export const INACTIVE_API_KEY_MESSAGE = "API key is inactive";

export const apiKeyRequired = (detail?: string): DomainError =>
  new DomainError(
    "api_key_required",
    detail ? `${detail} ${API_KEY_USAGE}` : API_KEY_REQUIRED_MESSAGE,
  );
export const invalidApiKey = (): DomainError =>
  new DomainError("invalid_api_key", INVALID_API_KEY_MESSAGE);
export const inactiveApiKey = (): DomainError =>
  new DomainError("inactive_api_key", INACTIVE_API_KEY_MESSAGE);
export const badRequest = (message: string): DomainError => new DomainError("bad_request", message);
export const noData = (message: string): DomainError => new DomainError("no_data", message);
export const forbidden = (message: string): DomainError => new DomainError("forbidden", message);
