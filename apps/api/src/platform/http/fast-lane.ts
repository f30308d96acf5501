import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from "express";
import type { AppDeps } from "../core/deps";
import { callerOf } from "./caller";
import { maxAgeSeconds, sendPrepared } from "./prepared-answer";
import {
  keepRequestId,
  runSynchronouslyWithRequestId,
  runWithRequestId,
} from "../observability/logger";
import type { RouteChain } from "./register-routes";
import type { RequestContext } from "./request-context";
import { STATIC_MAX_AGE_SECONDS, callerClass, type AnswerCache } from "./settled";
import { cacheScope } from "./route";

/**
 * The fast lane: a GET for a URL whose settled answer the api already holds skips Express's
 * router. It runs the very middleware Express would run for that route, in the same order (request
 * id and access log, security headers, CORS, the public limiter, the route's key checks), then
 * sends the prepared bytes. Anything else goes to Express. The middleware reads only Node's own
 * request fields (and the client address Express would compute); a request that needs more (an
 * error, an answer not kept for this caller) gets Express's objects at that point, exactly as
 * Express would have set them up.
 */
export type FastLane = {
  /** Serves the request and returns true, or returns false (untouched) for Express to serve. */
  tryServe(req: IncomingMessage, res: ServerResponse): boolean;
  /** Answers the lane sent from kept bytes (for the metrics). */
  readonly served: { count: number };
};

export type FastLaneParts = {
  app: Express;
  deps: AppDeps;
  answers: AnswerCache;
  /** The request's id and access-log record: what Express runs first for every request. */
  context: RequestContext;
  /** What Express runs next for every request, in order. */
  front: readonly RequestHandler[];
  /** The public limiter, which Express runs for every path under /api. */
  publicLimiter: RequestHandler;
  chains: readonly RouteChain[];
  errorHandler: ErrorRequestHandler;
};

export function createFastLane(parts: FastLaneParts): FastLane {
  const { app, deps, answers, errorHandler } = parts;
  const served = { count: 0 };
  // Express computes the client address with a getter of its request prototype (X-Forwarded-For
  // when TRUST_PROXY says so); the lane reads it once per request through the same getter.
  const requestPrototype = Object.getPrototypeOf(app.request) as object;
  const ipDescriptor = Object.getOwnPropertyDescriptor(requestPrototype, "ip");
  if (ipDescriptor === undefined || !("get" in ipDescriptor))
    throw new Error("Express's request has no `ip` getter");

  /**
   * Gives a request Express's request and response objects, as Express's app.handle and router
   * do before their first middleware: for a handler or error handler that needs Express. The
   * common path never does, because swapping the prototypes of Node's objects costs more than
   * everything else the lane does (measured: about half of the throughput of plain node:http).
   */
  const toExpress = (req: Request, res: Response, params: Record<string, string>) => {
    if (Object.getPrototypeOf(req) === app.request) return;
    req.res = res;
    res.req = req;
    Object.setPrototypeOf(req, app.request);
    Object.setPrototypeOf(res, app.response);
    req.originalUrl = req.url;
    req.baseUrl = "";
    req.params = params;
  };
  const onError: ErrorRequestHandler = (error, req, res, next) => {
    toExpress(req, res, {});
    errorHandler(error, req, res, next);
  };

  // Each settled route's middleware, built once: front, limiter, checks, then the kept answer.
  const pipelines = new Map<RouteChain["route"], RequestHandler[]>();
  for (const chain of parts.chains) {
    if (chain.route.settled === undefined) continue;
    const sendKept: RequestHandler = (req, res, next) => {
      const caller = callerOf(res);
      const nowMs = deps.clock().getTime();
      const kept = answers.answer(req.url, callerClass(caller), nowMs);
      if (kept === undefined) {
        // No answer kept for this caller's class (or it expired): the route's own handler
        // validates the request and computes one, with Express's objects, and keeps the request
        // id across its awaits (its rejection, too, is caught in the request's scope).
        toExpress(req, res, answers.find(req.url)?.params ?? {});
        keepRequestId(() => {
          const result: unknown = chain.handler(req, res, next);
          if (result instanceof Promise) result.catch(next);
        });
        return;
      }
      served.count++;
      sendPrepared(req, res, kept, {
        scope: cacheScope(caller),
        varyOnKey: chain.route.security !== "none",
        maxAgeSeconds: maxAgeSeconds(kept.freshUntil, nowMs, STATIC_MAX_AGE_SECONDS),
      });
    };
    pipelines.set(chain.route, [
      ...parts.front,
      ...(chain.route.limiter === "public" ? [parts.publicLimiter] : []),
      ...chain.checks,
      sendKept,
    ]);
  }

  return {
    served,
    tryServe(req, res) {
      // Without Host, Express refuses it (http/body-limit.ts).
      if (req.method !== "GET" || hasBody(req) || req.headers.host === undefined) return false;
      const entry = answers.find(req.url ?? "");
      const pipeline = entry && pipelines.get(entry.route);
      if (pipeline === undefined) return false;
      // What the shared middleware uses besides Node's own fields: the app (the limiter's
      // checks), the client address (its key), `append` (its RateLimit headers) and the
      // response's locals (the caller).
      const request = req as Request & { app: Express; ip: string | undefined };
      const response = res as Response;
      request.app = app;
      request.ip = Reflect.get(requestPrototype, "ip", request) as string | undefined;
      response.locals = Object.create(null) as Response["locals"];
      response.append = appendHeader;
      const record = parts.context.begin(req, res);
      // The request id (error bodies, log lines) without AsyncLocalStorage for the synchronous
      // part: a kept answer to a trusted origin or within the limit, keyless or with a cached
      // key, is sent before this call returns. What continues later enters the scope where it
      // starts: the limiter (its store) and the route's handler (keepRequestId). The key check
      // of a key not yet cached continues after the database answers, so a request with a key
      // runs in the scope from the start, as in Express.
      if (req.headers.authorization === undefined)
        runSynchronouslyWithRequestId(record.requestId, () =>
          run(pipeline, request, response, onError),
        );
      else runWithRequestId(record.requestId, () => run(pipeline, request, response, onError));
      // A kept answer is sent in this turn: the record is finished now, without a close listener
      // (which costs a sixth of the lane's throughput). A request that waits (a key looked up, an
      // answer computed) is finished when its answer closes, as in Express.
      if (res.writableEnded) record.finish(true);
      else res.once("close", () => record.finish());
      return true;
    },
  };
}

/** Express's `res.append` for plain responses: adds a value to a header, keeping earlier ones. */
function appendHeader(this: Response, field: string, value?: string | string[]): Response {
  const previous = this.getHeader(field);
  const added = value ?? [];
  const values =
    previous === undefined
      ? added
      : [...(Array.isArray(previous) ? previous : [String(previous)]), ...[added].flat()];
  this.setHeader(field, values);
  return this;
}

/** A GET with a body is left to Express, which parses (and may refuse) it. */
function hasBody(req: IncomingMessage): boolean {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

/** Runs connect-style middleware in order, like Express: `next(error)` goes to the error handler. */
function run(
  handlers: readonly RequestHandler[],
  req: Request,
  res: Response,
  errorHandler: ErrorRequestHandler,
): void {
  let position = 0;
  const next = (error?: unknown): void => {
    if (error !== undefined && error !== null && error !== "route" && error !== "router") {
      errorHandler(error, req, res, () => undefined);
      return;
    }
    const handler = handlers[position++];
    if (handler === undefined) return;
    try {
      const result: unknown = handler(req, res, next);
      if (result instanceof Promise) result.catch(next);
    } catch (thrown) {
      next(thrown);
    }
  };
  next();
}
