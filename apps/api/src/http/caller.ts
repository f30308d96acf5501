import type { RequestHandler, Response } from "express";
import { apiKeyRequired } from "@tpi/domain";
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
  return async function checkKey(req, res, next) {
    // No header: anonymous (callerOf's default), decided without a turn of the event loop.
    if (req.headers.authorization === undefined) return next();
    const result = await auth.authenticate(req.headers.authorization);
    if (!result.ok) {
      sendError(res, result.error);
      return;
    }
    res.locals.caller = result.value;
    next();
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
