import type { DomainError, RawQuery, Result } from "@tpi/domain";
import { Router, type Response } from "express";
import type { AppDeps } from "../app";
import { callerOf, identifyCaller, requireKey } from "../http/caller";
import { methodNotAllowed, sendError } from "../http/errors";
import {
  answerDailyIndexAll,
  answerGpuCatalog,
  answerGpuHistory,
  answerGpuIndexHistory,
  answerGpuLatest,
} from "../services/gpu";

/** Values change at most hourly (contract 8 rule 5), so a minute of caching is safe. */
const INDEX_MAX_AGE_SECONDS = 60;

function reply<T>(res: Response, result: Result<T, DomainError>, maxAgeSeconds: number): void {
  if (!result.ok) {
    sendError(res, result.error);
    return;
  }
  const scope = callerOf(res).kind === "anonymous" ? "public" : "private";
  res.setHeader("Cache-Control", `${scope}, max-age=${maxAgeSeconds}`);
  res.setHeader("Vary", "Authorization");
  res.json(result.value);
}

/** The GPU compute price index routes (issue 5; contract 4.3). Values are USD per GPU-hour. */
export function gpuRoutes(deps: AppDeps): Router {
  const router = Router();
  const optionalKey = identifyCaller(deps.auth);
  const query = (req: { query: unknown }) => req.query as RawQuery;

  router.get("/api/gpu-types", (req, res) => reply(res, answerGpuCatalog(query(req), false), 3600));
  router.all("/api/gpu-types", methodNotAllowed(["GET"]));
  router.get("/api/gpu-types-free", (req, res) =>
    reply(res, answerGpuCatalog(query(req), true), 3600),
  );
  router.all("/api/gpu-types-free", methodNotAllowed(["GET"]));

  router.get("/api/daily-index/all", optionalKey, (req, res) =>
    reply(
      res,
      answerDailyIndexAll(query(req), callerOf(res).access, deps.clock(), deps.gpuIndex),
      INDEX_MAX_AGE_SECONDS,
    ),
  );
  router.all("/api/daily-index/all", methodNotAllowed(["GET"]));

  router.get("/api/gpu/:gpuName/history", optionalKey, requireKey, (req, res) =>
    reply(
      res,
      answerGpuHistory(req.params.gpuName, query(req), callerOf(res).access, deps.gpuIndex),
      INDEX_MAX_AGE_SECONDS,
    ),
  );
  router.all("/api/gpu/:gpuName/history", methodNotAllowed(["GET"]));

  router.get("/api/gpu/:gpuName/index-history", optionalKey, (req, res) =>
    reply(
      res,
      answerGpuIndexHistory(
        req.params.gpuName,
        query(req),
        callerOf(res).access,
        deps.clock(),
        deps.gpuIndex,
      ),
      INDEX_MAX_AGE_SECONDS,
    ),
  );
  router.all("/api/gpu/:gpuName/index-history", methodNotAllowed(["GET"]));

  router.get("/api/gpu/:gpuName", optionalKey, (req, res) =>
    reply(
      res,
      answerGpuLatest(req.params.gpuName, query(req), callerOf(res).access, deps.gpuIndex),
      INDEX_MAX_AGE_SECONDS,
    ),
  );
  router.all("/api/gpu/:gpuName", methodNotAllowed(["GET"]));
  return router;
}
