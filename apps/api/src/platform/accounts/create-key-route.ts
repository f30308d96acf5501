import {
  API_KEY_NAME_MAX_LENGTH,
  DEFAULT_MAX_KEYS_PER_ACCOUNT,
  TRIAL_KEY_CREATION_MESSAGE,
  badRequest,
  planMayCreateKeys,
} from "@tpi/domain";
import { ERROR_STATUS } from "../http/error-status";
import { JSON_BODY_LIMIT_TEXT } from "../http/limits";
import { defineRoute, reply } from "../http/route";
import {
  createApiKeyBodySchema,
  createApiKeyResponseSchema,
  trialRefusalSchema,
} from "./create-key-schemas";
import { createApiKey } from "./create-key";
import { BAD_REQUEST_RESPONSE, UNAUTHORIZED_RESPONSE, errorResponse } from "../openapi/responses";

/** The contract's one exception to `{ error, message }` (section 7): the trial refusal. */
export type TrialRefusalBody = { success: false; error: string };

/** `POST /api/create-api-key`: a key of a premium or full account creates another key for it. */
export const createApiKeyRoute = defineRoute({
  method: "post",
  path: "/api/create-api-key",
  operationId: "createApiKey",
  security: "required",
  limiter: "public",
  body: createApiKeyBodySchema,
  invalidBody: () =>
    badRequest(
      `The body must be a JSON object with only a 'name' of 1 to ${API_KEY_NAME_MAX_LENGTH} characters.`,
    ),
  // Trial accounts are refused before their body is read.
  admit: (caller, res) => {
    if (caller.kind === "key" && planMayCreateKeys(caller.plan)) return true;
    const body: TrialRefusalBody = { success: false, error: TRIAL_KEY_CREATION_MESSAGE };
    res.status(ERROR_STATUS.forbidden.http).json(body);
    return false;
  },
  responses: {
    201: { description: "The new key", schema: createApiKeyResponseSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    403: { description: "Trial accounts cannot create API keys.", schema: trialRefusalSchema },
    409: errorResponse("The account already holds the most keys it may hold."),
    413: errorResponse(`The body is larger than ${JSON_BODY_LIMIT_TEXT}.`),
  },
  docs: {
    summary: "Create another API key for the caller's account",
    description:
      "Authenticated with an existing key of the account. The new key is in the 201 answer only (`Cache-Control: no-store`): only its hash is stored. Trial accounts get 403 with `{ success: false, error }` (no `message`); an account already holding its most active keys (MAX_KEYS_PER_ACCOUNT) gets 409.",
    tags: ["Account"],
    access: "A key of the account (trial accounts get 403).",
    examples: () => [
      {
        label: "A key for a deploy bot",
        pathAndQuery: "/api/create-api-key",
        body: { name: "deploy bot" },
        withKey: true,
      },
    ],
  },
  handler:
    (deps) =>
    async ({ body, caller, res }) => {
      if (caller.kind !== "key") return; // the route requires a key: never anonymous here
      const created = await createApiKey(deps.db, {
        accountId: caller.accountId,
        name: body.name,
        maxKeysPerAccount: deps.maxKeysPerAccount ?? DEFAULT_MAX_KEYS_PER_ACCOUNT,
      });
      if (!created.ok) return reply(res, created, { cacheControl: "no-store" });
      const { accountId: _account, ...key } = created.value;
      reply(
        res,
        { ok: true, value: { success: true, ...key } },
        { cacheControl: "no-store", status: 201 },
      );
    },
});
