import { timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { errorOf, sendError } from "./errors";

export const INTERNAL_TOKEN_REQUIRED_MESSAGE =
  "The internal API requires the internal service token. Use Authorization: Bearer <INTERNAL_API_TOKEN>";

/** The internal tRPC router's gate: the website's bearer token, compared in constant time; closed without one. */
export function requireInternalToken(token: string | undefined): RequestHandler {
  const expected = token === undefined ? undefined : Buffer.from(`Bearer ${token}`);
  return (req, res, next) => {
    const presented = Buffer.from(req.headers.authorization ?? "");
    if (
      expected === undefined ||
      presented.length !== expected.length ||
      !timingSafeEqual(presented, expected)
    ) {
      sendError(res, errorOf("api_key_required", INTERNAL_TOKEN_REQUIRED_MESSAGE));
      return;
    }
    next();
  };
}
