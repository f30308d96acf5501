import { utcDayOf, type AccessLevel, type OtpiQuery } from "@tpi/domain";
import { Router } from "express";
import type { AppDeps } from "../app";
import { callerOf, identifyCaller } from "../http/caller";
import { methodNotAllowed, sendError } from "../http/errors";
import { ResponseCache } from "../http/response-cache";
import { answerValidOtpiQuery, validateOtpiRequest } from "../services/otpi";

/** Distinct (access, query, day) answers kept serialised. */
const CACHED_ANSWERS = 1_000;

/**
 * `GET /api/otpi`: the token price index (contract 4.1). Answers come from the in-memory
 * published set; successful bodies are kept serialised (with an ETag, so clients can revalidate
 * with If-None-Match) until the published set changes or the UTC day (and so the free window) moves.
 */
export function otpiRoutes(deps: AppDeps): Router {
  const router = Router();
  const answers = new ResponseCache(CACHED_ANSWERS);
  deps.index.onChange(() => answers.clear());

  /** Computes and caches a successful answer; undefined when the answer is an error (not cached). */
  const answerAndCache = (key: string, query: OtpiQuery, access: AccessLevel, now: Date) => {
    const result = answerValidOtpiQuery(query, access, now, deps.index);
    return result.ok ? answers.set(key, result.value) : undefined;
  };

  router.get("/api/otpi", identifyCaller(deps.auth), (req, res) => {
    const caller = callerOf(res);
    const now = deps.clock();
    const query = validateOtpiRequest(req.query, caller.access, now);
    if (!query.ok) {
      sendError(res, query.error);
      return;
    }
    // The answer depends on the caller's access, the query and (through the free window) the UTC day.
    const key = `${caller.access}|${utcDayOf(now)}|${JSON.stringify(query.value)}`;
    const body = answers.get(key) ?? answerAndCache(key, query.value, caller.access, now);
    if (!body) {
      const miss = answerValidOtpiQuery(query.value, caller.access, now, deps.index);
      if (!miss.ok) sendError(res, miss.error);
      return;
    }
    res.setHeader(
      "Cache-Control",
      caller.kind === "anonymous" ? "public, max-age=60" : "private, max-age=60",
    );
    res.setHeader("Vary", "Authorization");
    res.setHeader("ETag", body.etag);
    res.type("application/json").send(body.json);
  });
  router.all("/api/otpi", methodNotAllowed(["GET"]));
  return router;
}
