import { DEFAULT_WINSOR_BOUNDS } from "@tpi/domain";
import { Router } from "express";
import type { AppDeps } from "../app";
import { identifyCaller, requireKey } from "../http/caller";
import { methodNotAllowed, sendError } from "../http/errors";
import { answerChat } from "../chat/chat-service";

/**
 * `POST /api/chat` (contract 4.3, 8): requires a key. The 20-per-minute per-key limiter is mounted
 * on this path by the rate-limit module, not here.
 */
export function chatRoutes(deps: AppDeps): Router {
  const router = Router();
  router.post("/api/chat", identifyCaller(deps.auth), requireKey, async (req, res) => {
    const data = {
      index: deps.index,
      gpuIndex: deps.gpuIndex,
      now: deps.clock(),
      rules: deps.rules,
      winsor: deps.chat?.winsor ?? DEFAULT_WINSOR_BOUNDS,
    };
    const result = await answerChat(req.body, data, deps.chat?.model);
    if (!result.ok) {
      sendError(res, result.error);
      return;
    }
    res.setHeader("Cache-Control", "no-store");
    res.json(result.value);
  });
  router.all("/api/chat", methodNotAllowed(["POST"]));
  return router;
}
