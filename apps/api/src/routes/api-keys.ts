import {
  API_KEY_NAME_MAX_LENGTH,
  TRIAL_KEY_CREATION_MESSAGE,
  badRequest,
  planMayCreateKeys,
} from "@tpi/domain";
import { Router } from "express";
import type { AppDeps } from "../app";
import { callerOf, identifyCaller, requireKey } from "../http/caller";
import { ERROR_STATUS } from "../http/error-status";
import { methodNotAllowed, sendError } from "../http/errors";
import { createApiKeyBodySchema } from "../schemas/api-keys";
import { createApiKey } from "../services/api-keys";

/** The contract's one exception to `{ error, message }` (section 7): the trial refusal. */
export type TrialRefusalBody = { success: false; error: string };

/** `POST /api/create-api-key`: a key of a premium or full account creates another key for it. */
export function apiKeyRoutes(deps: AppDeps, maxKeysPerAccount: number): Router {
  const router = Router();
  router.post("/api/create-api-key", identifyCaller(deps.auth), requireKey, async (req, res) => {
    const caller = callerOf(res);
    if (caller.kind !== "key") return; // requireKey answered already
    if (!planMayCreateKeys(caller.plan)) {
      const body: TrialRefusalBody = { success: false, error: TRIAL_KEY_CREATION_MESSAGE };
      res.status(ERROR_STATUS.forbidden.http).json(body);
      return;
    }
    const parsed = createApiKeyBodySchema.safeParse(req.body);
    if (!parsed.success) {
      sendError(
        res,
        badRequest(
          `The body must be a JSON object with a 'name' of 1 to ${API_KEY_NAME_MAX_LENGTH} characters.`,
        ),
      );
      return;
    }
    const created = await createApiKey(deps.db, {
      accountId: caller.accountId,
      name: parsed.data.name,
      maxKeysPerAccount,
    });
    if (!created.ok) {
      sendError(res, created.error);
      return;
    }
    const { accountId: _account, ...key } = created.value;
    res.setHeader("Cache-Control", "no-store");
    res.status(201).json({ success: true, ...key });
  });
  router.all("/api/create-api-key", methodNotAllowed(["POST"]));
  return router;
}
