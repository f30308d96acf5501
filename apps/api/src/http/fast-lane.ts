import type { IncomingMessage, ServerResponse } from "node:http";
import type { ErrorRequestHandler, Express, Request, RequestHandler, Response } from "express";
import type { AppDeps } from "../deps";
import { callerOf } from "./caller";
import { maxAgeSeconds, sendPrepared } from "./prepared-answer";
import type { RouteChain } from "./register-routes";
import { STATIC_MAX_AGE_SECONDS, callerClass, type AnswerCache } from "./settled";
import { cacheScope } from "./route";

/**
 * The fast lane: a GET for a URL whose settled answer the api already holds skips Express's
 * router. It runs the very middleware Express would run for that route, in the same order (request
 * id and access log, security headers, CORS, the public limiter, the route's key checks), then
 * sends the prepared bytes. Anything else, and any request the lane cannot serve in full, goes to
 * Express. Express's request and response objects are set up exactly as Express does, so every
 * middleware and error path behaves the same in both lanes.
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
  /** What Express runs first for every request, in order. */
  front: readonly RequestHandler[];
  /** The public limiter, which Express runs for every path under /api. */
  publicLimiter: RequestHandler;
  chains: readonly RouteChain[];
  errorHandler: ErrorRequestHandler;
};

export function createFastLane(parts: FastLaneParts): FastLane {
  const { app, deps, answers, errorHandler } = parts;
  const served = { count: 0 };
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
        // validates the request and computes one.
        req.params = answers.find(req.url)?.params ?? {};
        return chain.handler(req, res, next);
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
      if (req.method !== "GET" || hasBody(req)) return false;
      const url = req.url ?? "";
      const entry = answers.find(url);
      const pipeline = entry && pipelines.get(entry.route);
      if (pipeline === undefined) return false;
      const expressReq = req as Request;
      const expressRes = res as Response;
      // What Express's app.handle and router do before the first middleware.
      expressReq.res = expressRes;
      expressRes.req = expressReq;
      Object.setPrototypeOf(expressReq, app.request);
      Object.setPrototypeOf(expressRes, app.response);
      expressRes.locals = Object.create(null) as Response["locals"];
      expressReq.originalUrl = url;
      expressReq.baseUrl = "";
      expressReq.params = {};
      run(pipeline, expressReq, expressRes, errorHandler);
      return true;
    },
  };
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
