import { err, webhookNotFound, type DomainError, type Result } from "@tpi/domain";
import type { Request, Response } from "express";
import type { AppDeps } from "../core/deps";
import type { Route } from "../core/route";
import type { Caller } from "../auth/api-key-authenticator";
import { EVENT_RETENTION_DAYS } from "../events/live-events";
import { JSON_BODY_LIMIT_TEXT } from "../http/limits";
import { defineRoute, reply } from "../http/route";
import { BAD_REQUEST_RESPONSE, UNAUTHORIZED_RESPONSE, errorResponse } from "../openapi/responses";
import {
  createWebhookBodySchema,
  deliveryLogQuerySchema,
  webhookCreatedResponseSchema,
  webhookDeletedResponseSchema,
  webhookDeliveryLogResponseSchema,
  webhookEventParamsSchema,
  webhookIdParamsSchema,
  webhookListResponseSchema,
  webhookRedeliveredResponseSchema,
  webhookResponseSchema,
  webhookRotatedResponseSchema,
  webhookTestResponseSchema,
} from "./schemas";
import { webhookServiceOf } from "../webhooks/service";
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  getWebhook,
  listWebhooks,
  pauseWebhook,
  redeliverWebhookEvent,
  resumeWebhook,
  rotateWebhookSecret,
  testWebhook,
  webhookAllowance,
  webhookDeliveryLog,
  type WebhookService,
} from "../webhooks/subscriptions";

/**
 * `/api/v1/webhooks`: the key's account manages its webhook subscriptions. Thin: each route
 * answers the subscriptions service (subscriptions.ts), whose refusals are the `{ error,
 * message }` bodies; another account's subscription is a 404 like an unknown one. Answers to a
 * key are never cached. The routes use GET and POST only (the platform's route methods): each
 * change of a subscription is a POST to an action under it, deletion included.
 */

const BASE = "/api/v1/webhooks";
const NOT_FOUND = errorResponse("No subscription of the key's account has that id.");
const CONFLICT = errorResponse(
  "The subscription's status refuses the action (the message says why).",
);
const TOO_LARGE = errorResponse(`The body is larger than ${JSON_BODY_LIMIT_TEXT}.`);
const ACCESS = "A key of the account; each account sees its own subscriptions only.";
const EXAMPLE_ID = "7d1c9e3a-4b2f-4c8e-9a41-2f6b8d0e5c13";
/** What an example acting on a subscription asks the reader to put in first. */
const NEEDS_SUBSCRIPTION = `the id of one of your subscriptions in place of ${EXAMPLE_ID}`;
const NEEDS_DELIVERY = `${NEEDS_SUBSCRIPTION}, and the id of an event in its delivery log`;

/** The account a keyed route acts for; the routes require a key, so there always is one. */
function accountOf(caller: Caller): string | undefined {
  return caller.kind === "anonymous" ? undefined : caller.accountId;
}

/** Answers a service result, `success: true` first, never cached. */
function answer<T extends object>(
  res: Response,
  result: Result<T, DomainError>,
  status = 200,
): void {
  reply(res, result.ok ? { ok: true, value: { success: true, ...result.value } } : result, {
    cacheControl: "no-store",
    status,
  });
}

/** A route's handler over the service, for the caller's account. */
function keyed<Input>(
  run: (service: WebhookService, accountId: string, input: Input) => Promise<void>,
) {
  return (deps: AppDeps) => {
    const service = webhookServiceOf(deps);
    return async (input: Input & { caller: Caller }) => {
      const accountId = accountOf(input.caller);
      if (accountId === undefined) return;
      await run(service, accountId, input);
    };
  };
}

const listRoute = defineRoute({
  method: "get",
  path: BASE,
  operationId: "listWebhooks",
  security: "required",
  limiter: "public",
  responses: {
    200: {
      description: "The account's subscriptions and its plan's limits",
      schema: webhookListResponseSchema,
    },
    401: UNAUTHORIZED_RESPONSE,
  },
  docs: {
    summary: "List the account's webhook subscriptions",
    description:
      "Oldest first, with the plan's limits (subscriptions, deliveries per UTC day) and the deliveries counted today.",
    tags: ["Webhooks"],
    access: ACCESS,
    examples: () => [{ label: "The account's webhooks", pathAndQuery: BASE, withKey: true }],
  },
  handler: keyed<{ req: Request; res: Response }>(async (service, accountId, { req, res }) => {
    // Express would also match `/api/v1/webhooks/` here: that is one subscription's path with
    // its id left out, which no subscription has.
    if (req.path !== BASE) return answer(res, err(webhookNotFound()));
    const listed = await listWebhooks(service, accountId);
    const allowance = await webhookAllowance(service, accountId);
    if (!allowance.ok) return answer(res, allowance);
    answer(
      res,
      listed.ok ? { ok: true, value: { ...listed.value, allowance: allowance.value } } : listed,
    );
  }),
});

const createRoute = defineRoute({
  method: "post",
  path: BASE,
  operationId: "createWebhook",
  security: "required",
  limiter: "public",
  body: createWebhookBodySchema,
  rulesInProse: [
    {
      rule: "the URL follows the operator's target policy (https to a public address unless allowed otherwise), and the filter names served markets, known event types and series, and coherent threshold rules",
      mayRefuse: () => true,
    },
  ],
  responses: {
    201: {
      description: "The new subscription and its signing secret (shown this once)",
      schema: webhookCreatedResponseSchema,
    },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    403: errorResponse("The account holds the most subscriptions its plan allows."),
    413: TOO_LARGE,
  },
  docs: {
    summary: "Create a webhook subscription",
    description:
      "The URL must be https on a public address (unless the operator allows otherwise). `filter` narrows what it receives (types, markets, series, threshold rules); omitted, every event. The secret signs every delivery (Standard Webhooks headers webhook-id, webhook-timestamp, webhook-signature) and is in this answer only.",
    tags: ["Webhooks"],
    access: ACCESS,
    examples: () => [
      {
        label: "Settled GPU values",
        pathAndQuery: BASE,
        withKey: true,
        body: {
          url: "https://example.com/hooks/tpi",
          filter: { types: ["value.settled"], markets: ["gpu"] },
        },
      },
    ],
  },
  handler: keyed<{ res: Response; body: { url: string; filter?: object | undefined } }>(
    async (service, accountId, { res, body }) => {
      answer(
        res,
        await createWebhook(service, accountId, { url: body.url, filter: body.filter ?? {} }),
        201,
      );
    },
  ),
});

const getRoute = defineRoute({
  method: "get",
  path: `${BASE}/{id}`,
  operationId: "getWebhook",
  security: "required",
  limiter: "public",
  params: webhookIdParamsSchema,
  responses: {
    200: { description: "The subscription", schema: webhookResponseSchema },
    401: UNAUTHORIZED_RESPONSE,
    404: NOT_FOUND,
  },
  docs: {
    summary: "One webhook subscription",
    tags: ["Webhooks"],
    access: ACCESS,
    examples: () => [
      {
        label: "A subscription",
        pathAndQuery: `${BASE}/${EXAMPLE_ID}`,
        needs: NEEDS_SUBSCRIPTION,
        withKey: true,
      },
    ],
  },
  handler: keyed<{ res: Response; params: { id: string } }>(
    async (service, accountId, { res, params }) => {
      const found = await getWebhook(service, accountId, params.id);
      answer(res, found.ok ? { ok: true, value: { subscription: found.value } } : found);
    },
  ),
});

/** A POST action on one subscription that answers the subscription as it now is. */
function statusAction(
  action: "pause" | "resume" | "enable",
  run: typeof pauseWebhook,
  summary: string,
  description: string,
) {
  return defineRoute({
    method: "post",
    path: `${BASE}/{id}/${action}`,
    operationId: `${action}Webhook`,
    security: "required",
    limiter: "public",
    params: webhookIdParamsSchema,
    responses: {
      200: { description: "The subscription, changed", schema: webhookResponseSchema },
      401: UNAUTHORIZED_RESPONSE,
      404: NOT_FOUND,
      409: CONFLICT,
    },
    docs: {
      summary,
      description,
      tags: ["Webhooks"],
      access: ACCESS,
      examples: () => [
        {
          label: summary,
          pathAndQuery: `${BASE}/${EXAMPLE_ID}/${action}`,
          needs: NEEDS_SUBSCRIPTION,
          withKey: true,
          body: {},
        },
      ],
    },
    handler: keyed<{ res: Response; params: { id: string } }>(
      async (service, accountId, { res, params }) => {
        const changed = await run(service, accountId, params.id);
        answer(res, changed.ok ? { ok: true, value: { subscription: changed.value } } : changed);
      },
    ),
  });
}

const pauseRoute = statusAction(
  "pause",
  pauseWebhook,
  "Pause a webhook subscription",
  "No events are queued for it while paused; what was queued waits. Pausing a paused one changes nothing; a disabled one answers 409.",
);
const resumeRoute = statusAction(
  "resume",
  resumeWebhook,
  "Resume a paused webhook subscription",
  "Events are queued for it again and what waited is delivered, in order (events published while paused are not). A disabled one answers 409: enable it.",
);
const enableRoute = statusAction(
  "enable",
  enableWebhook,
  "Enable a subscription disabled after failed deliveries",
  `The delivery that gave up is queued again, first, then everything queued behind it (events are queued for a disabled subscription too), in order. Its deliveries are kept ${EVENT_RETENTION_DAYS} days from when it was disabled; enabled later, it receives what the outbox still holds (at least the last ${EVENT_RETENTION_DAYS} days' events). Any other status answers 409.`,
);

const deleteRoute = defineRoute({
  method: "post",
  path: `${BASE}/{id}/delete`,
  operationId: "deleteWebhook",
  security: "required",
  limiter: "public",
  params: webhookIdParamsSchema,
  responses: {
    200: { description: "Deleted", schema: webhookDeletedResponseSchema },
    401: UNAUTHORIZED_RESPONSE,
    404: NOT_FOUND,
  },
  docs: {
    summary: "Delete a webhook subscription",
    description: "With its queued deliveries and its log.",
    tags: ["Webhooks"],
    access: ACCESS,
    examples: () => [
      {
        label: "Delete",
        pathAndQuery: `${BASE}/${EXAMPLE_ID}/delete`,
        needs: NEEDS_SUBSCRIPTION,
        withKey: true,
        body: {},
      },
    ],
  },
  handler: keyed<{ res: Response; params: { id: string } }>(
    async (service, accountId, { res, params }) => {
      answer(res, await deleteWebhook(service, accountId, params.id));
    },
  ),
});

const rotateRoute = defineRoute({
  method: "post",
  path: `${BASE}/{id}/rotate-secret`,
  operationId: "rotateWebhookSecret",
  security: "required",
  limiter: "public",
  params: webhookIdParamsSchema,
  responses: {
    200: { description: "The new secret (shown this once)", schema: webhookRotatedResponseSchema },
    401: UNAUTHORIZED_RESPONSE,
    404: NOT_FOUND,
  },
  docs: {
    summary: "Rotate a subscription's signing secret",
    description:
      "The previous secret keeps signing beside the new one for 24 hours (both signatures in webhook-signature), so the receiver switches without losing a delivery.",
    tags: ["Webhooks"],
    access: ACCESS,
    examples: () => [
      {
        label: "Rotate",
        pathAndQuery: `${BASE}/${EXAMPLE_ID}/rotate-secret`,
        needs: NEEDS_SUBSCRIPTION,
        withKey: true,
        body: {},
      },
    ],
  },
  handler: keyed<{ res: Response; params: { id: string } }>(
    async (service, accountId, { res, params }) => {
      answer(res, await rotateWebhookSecret(service, accountId, params.id));
    },
  ),
});

const testRoute = defineRoute({
  method: "post",
  path: `${BASE}/{id}/test`,
  operationId: "testWebhook",
  security: "required",
  limiter: "public",
  params: webhookIdParamsSchema,
  responses: {
    200: { description: "What the endpoint answered", schema: webhookTestResponseSchema },
    401: UNAUTHORIZED_RESPONSE,
    404: NOT_FOUND,
  },
  docs: {
    summary: "Send a signed test delivery now",
    description:
      "A `webhook.test` payload, signed like every delivery, posted at once whatever the subscription's status; the answer says what the endpoint answered, and the log keeps it. Not an event: it does not count against the daily cap.",
    tags: ["Webhooks"],
    access: ACCESS,
    examples: () => [
      {
        label: "Test",
        pathAndQuery: `${BASE}/${EXAMPLE_ID}/test`,
        needs: NEEDS_SUBSCRIPTION,
        withKey: true,
        body: {},
      },
    ],
  },
  handler: keyed<{ res: Response; params: { id: string } }>(
    async (service, accountId, { res, params }) => {
      const sent = await testWebhook(service, accountId, params.id);
      answer(res, sent.ok ? { ok: true, value: { test: sent.value } } : sent);
    },
  ),
});

const deliveriesRoute = defineRoute({
  method: "get",
  path: `${BASE}/{id}/deliveries`,
  operationId: "listWebhookDeliveries",
  security: "required",
  limiter: "public",
  params: webhookIdParamsSchema,
  query: deliveryLogQuerySchema,
  responses: {
    200: {
      description: "The delivery log, newest event first",
      schema: webhookDeliveryLogResponseSchema,
    },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    404: NOT_FOUND,
  },
  docs: {
    summary: "A subscription's delivery log",
    description:
      "Each event's delivery: its status (pending, delivering, delivered, failed, skipped), attempts, the last answer's status, latency and error (or why it was skipped), newest first; `nextBefore` pages on. With the newest test sends.",
    tags: ["Webhooks"],
    access: ACCESS,
    examples: () => [
      {
        label: "The log",
        pathAndQuery: `${BASE}/${EXAMPLE_ID}/deliveries?limit=20`,
        needs: NEEDS_SUBSCRIPTION,
        withKey: true,
      },
    ],
  },
  handler: keyed<{
    res: Response;
    params: { id: string };
    query: { limit?: number | undefined; before?: number | undefined };
  }>(async (service, accountId, { res, params, query }) => {
    answer(
      res,
      await webhookDeliveryLog(service, accountId, params.id, {
        ...(query.limit === undefined ? {} : { limit: query.limit }),
        ...(query.before === undefined ? {} : { before: query.before }),
      }),
    );
  }),
});

const redeliverRoute = defineRoute({
  method: "post",
  path: `${BASE}/{id}/deliveries/{eventId}/redeliver`,
  operationId: "redeliverWebhookEvent",
  security: "required",
  limiter: "public",
  params: webhookEventParamsSchema,
  responses: {
    200: { description: "Queued again", schema: webhookRedeliveredResponseSchema },
    400: BAD_REQUEST_RESPONSE,
    401: UNAUTHORIZED_RESPONSE,
    404: errorResponse("No such subscription, or no delivery of that event to it."),
    409: errorResponse("The event's delivery is still queued."),
  },
  docs: {
    summary: "Deliver one event again",
    description:
      "A finished delivery (delivered, failed or skipped) is queued again, due now, with the same webhook-id; it goes out before what is queued behind it, once the request in flight to the endpoint, if any, is finished.",
    tags: ["Webhooks"],
    access: ACCESS,
    examples: () => [
      {
        label: "Redeliver",
        pathAndQuery: `${BASE}/${EXAMPLE_ID}/deliveries/value-settled~gpu~H100_20SXM~2026-11-28/redeliver`,
        needs: NEEDS_DELIVERY,
        withKey: true,
        body: {},
      },
    ],
  },
  handler: keyed<{ res: Response; params: { id: string; eventId: string } }>(
    async (service, accountId, { res, params }) => {
      answer(res, await redeliverWebhookEvent(service, accountId, params.id, params.eventId));
    },
  ),
});

/** Every webhook route, in the order the reference lists them. */
export const WEBHOOK_ROUTES: readonly Route[] = [
  listRoute,
  createRoute,
  getRoute,
  pauseRoute,
  resumeRoute,
  enableRoute,
  rotateRoute,
  testRoute,
  deleteRoute,
  deliveriesRoute,
  redeliverRoute,
];
