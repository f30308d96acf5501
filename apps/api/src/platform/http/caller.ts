import type { NextFunction, RequestHandler, Response } from "express";
import { apiKeyRequired, type DomainError, type Result } from "@tpi/domain";
import { ANONYMOUS, type ApiKeyAuthenticator, type Caller } from "../auth/api-key-authenticator";
import { sendError } from "./errors";

/** The caller resolved for this request (anonymous until `identifyCaller` ran). */
export function callerOf(res: Response): Caller {
  return (res.locals.caller as Caller | undefined) ?? ANONYMOUS;
}

/**
 * Optional authentication: no header means anonymous; a header that is present must name a
 * valid, active key, otherwise the request fails with the contract's 401.
 */
export function identifyCaller(auth: ApiKeyAuthenticator): RequestHandler {
  const decided = (res: Response, next: NextFunction, result: Result<Caller, DomainError>) => {
    if (!result.ok) {
      sendError(res, result.error);
      return;
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

/** For routes that need a key: anonymous callers get 401 `Unauthorized`. */
export const requireKey: RequestHandler = (_req, res, next) => {
  if (callerOf(res).kind === "anonymous") {
    sendError(res, apiKeyRequired());
    return;
  }
  next();
};
