import { DomainError, ERROR_LABELS, type ErrorCode } from "@tpi/domain";
import type { ServerResponse } from "node:http";
import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import type { DatabaseHealth } from "../health/database-health";
import { currentRequestId, type Logger } from "../observability/logger";
import { ERROR_STATUS } from "./error-status";

/** The contract's error body: `{ error, message }`, and the request's id (`X-Request-Id`) to quote in a report. */
export type ErrorBody = { error: string; message: string; requestId?: string };

export function errorBody(error: string, message: string): ErrorBody {
  const requestId = currentRequestId();
  return requestId === undefined ? { error, message } : { error, message, requestId };
}

/** Seconds a client is told to wait (Retry-After) before retrying a 503. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * Seconds a client is told to wait (Retry-After) before asking again for a market's data while its
 * first load runs: such a load takes from a minute (a sample) to half an hour (a back-fill), so
 * asking more often only adds load to the instances that serve meanwhile.
 */
export const LOADING_RETRY_AFTER_SECONDS = 30;

/** The Retry-After (seconds) of each error that a client may retry as is after a while. */
const RETRY_AFTER_SECONDS: Partial<Record<ErrorCode, number>> = {
  unavailable: UNAVAILABLE_RETRY_AFTER_SECONDS,
  loading: LOADING_RETRY_AFTER_SECONDS,
};

/** The Retry-After header's value for an error, or undefined when retrying as is would not help. */
export function retryAfterOf(error: DomainError): string | undefined {
  const seconds = RETRY_AFTER_SECONDS[error.code];
  return seconds === undefined ? undefined : String(seconds);
}

/** The 503 of a market's data asked for while its first load runs (in any instance). */
export function marketLoading(market: string): DomainError {
  return new DomainError(
    "loading",
    `The ${market} market is loading its published data (its first load is running); retry in ${LOADING_RETRY_AFTER_SECONDS} seconds.`,
  );
}

/** A body over the limit (http/limits.ts); refused before it is read (http/body-limit.ts). */
export const PAYLOAD_TOO_LARGE_MESSAGE =
  "The request body is larger than the limit for this route.";

export const DATABASE_UNAVAILABLE_MESSAGE =
  "The database is temporarily unavailable and this request needs it. Retry shortly.";

/**
 * A JSON answer written with Node's own calls: it works in Express and before it (the fast lane
 * answers refusals without Express's request objects). No body for HEAD.
 */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body));
  res.statusCode = status;
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", bytes.length);
  res.end(res.req.method === "HEAD" ? undefined : bytes);
}

export function sendError(res: ServerResponse, error: DomainError): void {
  const retryAfter = retryAfterOf(error);
  if (retryAfter !== undefined) res.setHeader("Retry-After", retryAfter);
  const challenge = bearerChallenge(error);
  if (challenge !== undefined && !res.hasHeader("WWW-Authenticate"))
    res.setHeader("WWW-Authenticate", challenge);
  sendJson(res, ERROR_STATUS[error.code].http, errorBody(error.label, error.message));
}

/** API-key 401s: no key where one is needed (a keyed route, lab, GPU or day), and a key that is not valid. */
const KEY_CHALLENGES: Partial<Record<ErrorCode, string | undefined>> = {
  api_key_required: undefined,
  invalid_api_key: "invalid_token",
  inactive_api_key: "invalid_token",
};

/**
 * The `WWW-Authenticate` challenge of an API-key 401 (a 401 must carry one, RFC 9110; its form is
 * RFC 6750's): `Bearer`, with `error="invalid_token"` when the key sent is unknown, malformed or
 * revoked, and any `parameters` first (`resource_metadata="…"`, RFC 9728). Undefined for every
 * other error, the website's session 401s included (a cookie, not a bearer token).
 */
export function bearerChallenge(
  error: DomainError,
  parameters: readonly string[] = [],
): string | undefined {
  if (!(error.code in KEY_CHALLENGES)) return undefined;
  const code = KEY_CHALLENGES[error.code];
  const all = code === undefined ? parameters : [...parameters, `error="${code}"`];
  return all.length === 0 ? "Bearer" : `Bearer ${all.join(", ")}`;
}

/**
 * Adds `field` to the response's Vary header, keeping what is there (CORS's Origin, say). Plain
 * Node, like sendJson; `*` already varies on everything.
 */
export function appendVary(res: ServerResponse, field: string): void {
  const current = res.getHeader("Vary");
  if (current === undefined) {
    res.setHeader("Vary", field);
    return;
  }
  const text = Array.isArray(current) ? current.join(", ") : String(current);
  const fields = text.split(",").map((value) => value.trim().toLowerCase());
  if (fields.includes("*") || fields.includes(field.toLowerCase())) return;
  res.setHeader("Vary", text === "" ? field : `${text}, ${field}`);
}

export function errorOf(code: ErrorCode, message: string): DomainError {
  return new DomainError(code, message);
}

/** Unknown paths: a JSON 404 (never Express's HTML page). */
export const routeNotFound: RequestHandler = (req, res) => {
  sendError(
    res,
    errorOf(
      "route_not_found",
      `No route ${req.method} ${req.path}. See GET /api/token-types, GET /api/otpi and /health.`,
    ),
  );
};

/** A known path asked with the wrong method. */
export function methodNotAllowed(allowed: readonly string[]): RequestHandler {
  const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  return (req, res) => {
    res.setHeader("Allow", allow);
    if (req.method === "OPTIONS") {
      res.status(204).end();
      return;
    }
    sendError(
      res,
      errorOf(
        "method_not_allowed",
        `${req.method} is not supported on ${req.baseUrl}${req.path}. Allowed: ${allow}.`,
      ),
    );
  };
}

type HttpishError = {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
};

/**
 * The last middleware. Domain errors map through the status table; body-parser and router errors
 * (bad JSON, oversized bodies, malformed URL encoding) become clear 4xx; a database that cannot be
 * reached or did not answer in time is a 503 with Retry-After, counted by the outage tracker
 * (which logs the outage once) rather than logged here; anything else is a 500 whose body says
 * nothing about internals.
 */
export function errorHandler(log: Logger, databaseHealth: DatabaseHealth): ErrorRequestHandler {
  return (error: unknown, req: Request, res: Response, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (error instanceof DomainError) {
      sendError(res, error);
      return;
    }
    if (databaseHealth.reportFailure(error)) {
      sendError(res, errorOf("unavailable", DATABASE_UNAVAILABLE_MESSAGE));
      return;
    }
    const httpish = (typeof error === "object" && error !== null ? error : {}) as HttpishError;
    const status = httpish.status ?? httpish.statusCode;
    if (status === 413 || httpish.type === "entity.too.large") {
      sendError(res, errorOf("payload_too_large", PAYLOAD_TOO_LARGE_MESSAGE));
      return;
    }
    if (httpish.type === "entity.parse.failed") {
      sendError(res, errorOf("unsupported_body", "The request body is not valid JSON."));
      return;
    }
    if (error instanceof URIError || (status !== undefined && status >= 400 && status < 500)) {
      const message =
        error instanceof URIError
          ? "The request URL is not correctly percent-encoded."
          : "The request could not be processed.";
      sendJson(
        res,
        status !== undefined && status >= 400 && status < 500 ? status : 400,
        errorBody(ERROR_LABELS.bad_request, message),
      );
      return;
    }
    log.error("unhandled error", {
      method: req.method,
      path: req.path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    sendError(res, errorOf("internal", "An unexpected error occurred. It has been logged."));
  };
}
