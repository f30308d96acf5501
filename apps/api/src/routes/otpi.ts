import { Router } from "express";
import type { AppDeps } from "../app";
import { callerOf, identifyCaller } from "../http/caller";
import { methodNotAllowed, sendError } from "../http/errors";
import { answerOtpi } from "../services/otpi";

/** `GET /api/otpi`: the token price index (contract 4.1). */
export function otpiRoutes(deps: AppDeps): Router {
  const router = Router();
  router.get("/api/otpi", identifyCaller(deps.auth), (req, res) => {
    const caller = callerOf(res);
    const result = answerOtpi(req.query, caller.access, deps.clock(), deps.index);
    if (!result.ok) {
      sendError(res, result.error);
      return;
    }
    res.setHeader("Cache-Control", caller.kind === "anonymous" ? "public, max-age=60" : "private, max-age=60");
    res.setHeader("Vary", "Authorization");
    res.json(result.value);
  });
  router.all("/api/otpi", methodNotAllowed(["GET"]));
  return router;
}
