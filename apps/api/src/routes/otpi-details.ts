import { Router, type Response } from "express";
import type { DomainError, Result } from "@tpi/domain";
import type { AppDeps } from "../app";
import { callerOf, identifyCaller, requireKey } from "../http/caller";
import { methodNotAllowed, sendError } from "../http/errors";
import { answerConstituents, answerMethodology, answerRevisions } from "../services/otpi-details";

function reply<T>(res: Response, result: Result<T, DomainError>, cacheControl: string): void {
  if (!result.ok) {
    sendError(res, result.error);
    return;
  }
  res.setHeader("Cache-Control", cacheControl);
  res.setHeader("Vary", "Authorization");
  res.json(result.value);
}

/**
 * The published "why": `GET /api/otpi/constituents` (keyless for free labs inside the free
 * window, like `/api/otpi`), `GET /api/otpi/methodology` (public), `GET /api/otpi/revisions` (keyed).
 * Exact paths, so they never collide with `GET /api/otpi` itself.
 */
export function otpiDetailRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get("/api/otpi/constituents", identifyCaller(deps.auth), async (req, res) => {
    const caller = callerOf(res);
    const result = await answerConstituents(deps.db, req.query, caller.access, deps.clock());
    reply(res, result, caller.kind === "anonymous" ? "public, max-age=60" : "private, max-age=60");
  });
  router.get("/api/otpi/methodology", (req, res) => {
    reply(res, answerMethodology(req.query, deps.rules), "public, max-age=300");
  });
  router.get("/api/otpi/revisions", identifyCaller(deps.auth), requireKey, async (req, res) => {
    reply(res, await answerRevisions(deps.db, req.query), "private, max-age=60");
  });
  for (const path of ["/api/otpi/constituents", "/api/otpi/methodology", "/api/otpi/revisions"]) {
    router.all(path, methodNotAllowed(["GET"]));
  }
  return router;
}
