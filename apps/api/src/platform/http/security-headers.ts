import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import helmet from "helmet";

/**
 * The security headers of every answer: helmet's defaults, which do not depend on the request.
 * Helmet runs once, at start-up, against a recording response; each request then gets the
 * recorded headers, without re-running helmet's dozen middleware.
 */
export function securityHeaders(): RequestHandler {
  const recorded: Array<[string, string]> = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      recorded.push([name, String(value)]);
      return recorder;
    },
    removeHeader() {
      // helmet removes X-Powered-By, which the app never sets.
    },
    getHeader() {
      return undefined;
    },
  };
  let finished = false;
  helmet()({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error !== undefined)
      throw error instanceof Error ? error : new Error(`helmet failed: ${JSON.stringify(error)}`);
    finished = true;
  });
  if (!finished)
    throw new Error("helmet did not finish synchronously; its headers cannot be recorded");
  return function sendSecurityHeaders(_req, res, next) {
    for (const [name, value] of recorded) res.setHeader(name, value);
    next();
  };
}
