import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { runWithRequestId, type Logger } from "../observability/logger";
import type { Metrics } from "../observability/metrics";
import type { Route } from "../core/route";

/**
 * An incoming `X-Request-Id` is kept (a proxy's id then joins its logs to ours) when it is short
 * and plain; anything else is replaced, so that a client cannot put arbitrary text in our logs
 * and headers.
 */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The route label of paths that match no route: one label, whatever the path (bounded cardinality). */
export const UNMATCHED_ROUTE = "unmatched";

/** Distinct request paths whose label is remembered. */
const LABELS_KEPT = 1_000;

/** Paths served outside the route list, each under one label. */
const PREFIX_ROUTES = ["/trpc/", "/docs/assets/"] as const;

/**
 * Maps a request path to its route's template (`/api/gpu/H100` -> `/api/gpu/{gpuName}`), the
 * label of metrics and access-log lines: never the raw path, so labels stay few.
 */
export function routeLabeler(routes: readonly Route[]): (path: string) => string {
  const templates = [...new Set(routes.map((route) => route.path))].map((template) => ({
    template,
    // Express matches case-insensitively and with an optional trailing slash.
    pattern: new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{\w+\}/g, "[^/]+")}/?$`,
      "i",
    ),
  }));
  const label = (path: string): string => {
    const known = templates.find(({ pattern }) => pattern.test(path));
    if (known) return known.template;
    if (path === "/metrics") return path;
    const prefix = PREFIX_ROUTES.find((candidate) => path.startsWith(candidate));
    return prefix === undefined ? UNMATCHED_ROUTE : `${prefix}*`;
  };
  // Paths repeat (the same few URLs carry most traffic); remembered, bounded against junk paths.
  const labels = new Map<string, string>();
  return (path) => {
    let known = labels.get(path);
    if (known === undefined) {
      known = label(path);
      if (labels.size >= LABELS_KEPT) labels.clear();
      labels.set(path, known);
    }
    return known;
  };
}

/** One request as the access log and the metrics see it, from its first middleware on. */
export type RequestRecord = {
  readonly requestId: string;
  /**
   * Writes the access-log line and counts the answer. `handedOver`: the whole answer was given to
   * the socket (a synchronous `end`), so it did not end early even though it is not flushed yet.
   */
  finish(handedOver?: boolean): void;
};

export type RequestContext = {
  /**
   * The first middleware: gives the request its id (the `X-Request-Id` response header, the
   * `requestId` of error bodies and of every log line written while it is handled), and when the
   * answer closes writes one access-log line and counts it in the metrics.
   */
  identifyRequest: RequestHandler;
  /**
   * The same, for a caller that runs the rest of the request itself (the fast lane): the id is set
   * and the record returned; the caller runs the request under `runWithRequestId` and finishes the
   * record when the answer ended (at once when it ended synchronously: no close listener then).
   */
  begin(req: IncomingMessage, res: ServerResponse): RequestRecord;
};

/** The Authorization header and the query are never logged. */
export function requestContext(
  log: Logger,
  metrics: Metrics,
  labelOf: (path: string) => string,
): RequestContext {
  const begin = (req: IncomingMessage, res: ServerResponse): RequestRecord => {
    // Node's own request fields only: the fast lane runs this without Express's objects.
    const incoming = req.headers["x-request-id"];
    const requestId =
      typeof incoming === "string" && WELL_FORMED_REQUEST_ID.test(incoming)
        ? incoming
        : randomUUID();
    res.setHeader("X-Request-Id", requestId);
    const started = performance.now();
    // Read now: a mounted router (/trpc) rewrites req.url while it handles the request.
    const path = pathOf(req.url ?? "/");
    const route = labelOf(path);
    return {
      requestId,
      finish(handedOver = false) {
        const seconds = (performance.now() - started) / 1000;
        const status = res.statusCode;
        metrics.requestFinished(req.method ?? "GET", route, status, seconds);
        log.info("request", {
          requestId,
          method: req.method,
          route,
          path,
          status,
          durationMs: Math.round(seconds * 10_000) / 10,
          // The client went away before the whole answer was sent.
          ...(handedOver || res.writableFinished ? {} : { aborted: true }),
        });
      },
    };
  };
  return {
    begin,
    identifyRequest(req, res, next) {
      const record = begin(req, res);
      res.once("close", () => record.finish());
      runWithRequestId(record.requestId, next);
    },
  };
}

/** The path of a request target, as Express's `req.path` gives it (origin or absolute form). */
export function pathOf(url: string): string {
  if (url.startsWith("/")) {
    const query = url.indexOf("?");
    return query === -1 ? url : url.slice(0, query);
  }
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}
