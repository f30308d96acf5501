import { CHAT_RATE_LIMIT, CHAT_REQUIRES_FULL_MESSAGE, describeAllowance } from "@tpi/domain";
import { JSON_BODY_LIMIT_TEXT } from "../http/limits";
import { defineRoute, reply } from "../http/route";
import { chatRequestSchema, chatResponseSchema } from "./schemas";
import { answerChat } from "./chat-service";
import { chatToolbox } from "./function-tools";
import { BAD_REQUEST_RESPONSE, UNAUTHORIZED_RESPONSE, errorResponse } from "../openapi/responses";
import { fullPlanOnly } from "../openapi/full-plan-only";

/** Each question spends model tokens: Full plan keys only. */
const FULL_PLAN_ONLY = fullPlanOnly(CHAT_REQUIRES_FULL_MESSAGE);

/**
 * `POST /api/chat` (contract 4.3, 8): Full plan keys only (a keyless caller gets 401, a Premium or
 * Trial key 403, as the reference's access table has it), counted against the per-key chat
 * allowance.
 */
export const chatRoute = defineRoute({
  method: "post",
  path: "/api/chat",
  operationId: "chat",
  security: "required",
  limiter: "chat",
  authorizeCaller: FULL_PLAN_ONLY.authorizeCaller,
  body: chatRequestSchema,
  rulesInProse: [
    {
      rule: "the message is trimmed before its length is checked",
      mayRefuse: ({ body }) =>
        typeof body === "object" &&
        body !== null &&
        /^\s*$/.test(String((body as { message?: unknown }).message)),
    },
  ],
  responses: {
    200: { description: "Answer", schema: chatResponseSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    403: FULL_PLAN_ONLY.forbiddenResponse,
    413: errorResponse(`The body is larger than ${JSON_BODY_LIMIT_TEXT}.`),
    502: errorResponse("The configured chat model answered with an error."),
    503: errorResponse("The configured chat model did not answer in time or cannot be reached."),
  },
  docs: {
    summary: "Ask the market-data assistant",
    description:
      "Answers from the index data with the rows used (`sources`); says so when a question is outside its scope.",
    tags: ["Assistant"],
    access: `Full plan keys only (Premium and Trial keys get 403). ${describeAllowance(CHAT_RATE_LIMIT)}.`,
    examples: () => [
      {
        label: "A comparison",
        pathAndQuery: "/api/chat",
        body: { message: "Compare anthropic and openai over the last month" },
        withKey: true,
      },
    ],
  },
  handler:
    (deps) =>
    async ({ body, caller, res }) => {
      const scope = { deps, caller, now: deps.clock() };
      const model = deps.chatModel;
      const backend = model && { model, toolbox: chatToolbox(deps, caller) };
      reply(res, await answerChat(body, deps.marketList, scope, backend), {
        cacheControl: "no-store",
      });
    },
});
