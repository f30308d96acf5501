import type { NextFunction, RequestHandler, Response } from "express";
import type { DomainError, Result } from "@tpi/domain";
import { ANONYMOUS, type ApiKeyAuthenticator, type Caller } from "../auth/api-key-authenticator";
import { sendError } from "./errors";
import type { Route } from "../core/route";
import { requireAccess } from "./run-route";

/** The caller resolved for this request (anonymous until `identifyCaller` ran). */
export function callerOf(res: Response): Caller {
  return (res.locals.caller as Caller | undefined) ?? ANONYMOUS;
}

/** A bad key's 401, when `identifyCaller` was asked to leave it for after the limiter. */
export function deferredRefusalOf(res: Response): DomainError | undefined {
  return res.locals.callerRefusal as DomainError | undefined;
}

/**
 * Optional authentication: no header means anonymous; a header that is present must name a
 * valid, active key, otherwise the request fails with the contract's 401 (or, with
 * `deferRefusal`, continues as anonymous with the 401 kept for `deferredRefusalOf`, so that a
 * limiter can count it first).
 */
export function identifyCaller(
  auth: ApiKeyAuthenticator,
  options: { deferRefusal?: boolean } = {},
): RequestHandler {
  const decided = (res: Response, next: NextFunction, result: Result<Caller, DomainError>) => {
    if (!result.ok) {
      if (!options.deferRefusal) return sendError(res, result.error);
      res.locals.callerRefusal = result.error;
      return next();
    }
    res.locals.caller = result.value;
    next();
  };
  return function checkKey(req, res, next) {
    // No header: anonymous (callerOf's default). A busy key: its lookup is cached. Both are
    // decided in this turn of the event loop, without a promise.
    const header = req.headers.authorization;
    if (header === undefined) return next();
    const known = auth.authenticateFromCache(header);
    if (known !== undefined) return decided(res, next, known);
    return auth.authenticate(header).then((result) => decided(res, next, result));
  };
}

/** The route's access step (`requireAccess`) as middleware: before its limiter counts a key. */
export function requireKeyFor(route: Route): RequestHandler {
  return function requireKey(_req, res, next) {
    const access = requireAccess(route, callerOf(res));
    if (!access.ok) return sendError(res, access.error);
    next();
  };
}
