import {
  EVENT_TYPE_NAMES,
  MAX_SERIES_KEY_LENGTH,
  MAX_WEBHOOK_URL_LENGTH,
  THRESHOLD_KINDS,
  WEBHOOK_MESSAGES,
} from "@tpi/domain";
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_SUBSCRIPTION_STATUSES } from "@tpi/db";
import { z } from "zod";
import { instantSchema, storableText } from "../http/input";
import { successBody } from "../openapi/responses";

/** The webhook routes' bodies, parameters and answers, as validated and as documented. */

const thresholdInputSchema = z
  .object({
    kind: z.string().describe(`One of ${THRESHOLD_KINDS.join(", ")}`),
    level: z.number().optional().describe("A level rule's level, in the series' unit"),
    percent: z.number().optional().describe("A change rule's percent, above 0"),
  })
  .strict();

export const filterInputSchema = z
  .object({
    types: z
      .array(z.string())
      .optional()
      .describe(`Event types (${EVENT_TYPE_NAMES.join(", ")}); omit for every type`),
    markets: z.array(z.string()).optional().describe("Market names; omit for every market"),
    series: z
      .array(storableText(z.string().max(MAX_SERIES_KEY_LENGTH), "filter.series"))
      .optional()
      .describe("Series keys; omit for every series"),
    thresholds: z
      .array(thresholdInputSchema)
      .optional()
      .describe("Rules for threshold.crossed events"),
  })
  .strict();

export const createWebhookBodySchema = z
  .object({
    url: storableText(z.string().url().max(MAX_WEBHOOK_URL_LENGTH), "url").describe(
      "The receiver's https URL",
    ),
    filter: filterInputSchema.optional().describe("What it receives; omit for every event"),
  })
  .strict()
  .describe("A webhook subscription to create");

const subscriptionId = z.string().min(1).max(100).describe("The subscription's id (a UUID)");

export const webhookIdParamsSchema = z.object({ id: subscriptionId });

export const webhookEventParamsSchema = z.object({
  id: subscriptionId,
  eventId: z.string().min(1).max(1_000).describe("The event's id, from the delivery log"),
});

const wholeNumber = (message: string) =>
  z
    .string()
    .regex(/^[0-9]{1,15}$/, message)
    .transform(Number);

export const deliveryLogQuerySchema = z.object({
  limit: wholeNumber(WEBHOOK_MESSAGES.deliveryLogLimit)
    .optional()
    .describe("Entries per page (1 to 200; 50 by default)"),
  before: wholeNumber(WEBHOOK_MESSAGES.deliveryLogBefore)
    .optional()
    .describe("The `nextBefore` of the previous page"),
});

const filterSchema = z
  .object({
    types: z.array(z.enum(EVENT_TYPE_NAMES)).nullable(),
    markets: z.array(z.string()).nullable(),
    series: z.array(z.string()).nullable(),
    thresholds: z.array(
      z.union([
        z.object({ kind: z.literal("level"), level: z.number() }).strict(),
        z.object({ kind: z.literal("change"), percent: z.number() }).strict(),
      ]),
    ),
  })
  .strict()
  .meta({ id: "WebhookFilter", description: "null: no narrowing (every value)" });

export const webhookSubscriptionSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    filter: filterSchema,
    status: z.enum(WEBHOOK_SUBSCRIPTION_STATUSES),
    disabledReason: z.string().nullable(),
    createdAt: instantSchema,
    failingSince: instantSchema.nullable(),
  })
  .strict()
  .meta({ id: "WebhookSubscription" });

const testSchema = z
  .object({
    sentAt: instantSchema,
    delivered: z.boolean(),
    responseStatus: z.number().int().nullable(),
    latencyMs: z.number().int(),
    error: z.string().nullable(),
  })
  .strict()
  .meta({ id: "WebhookTest" });

const deliverySchema = z
  .object({
    position: z.number().int(),
    eventId: z.string(),
    eventType: z.enum(EVENT_TYPE_NAMES),
    publishedAt: instantSchema,
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    lastAttemptAt: instantSchema.nullable(),
    responseStatus: z.number().int().nullable(),
    error: z.string().nullable(),
    latencyMs: z.number().int().nullable(),
    nextAttemptAt: instantSchema.nullable(),
    deliveredAt: instantSchema.nullable(),
  })
  .strict()
  .meta({ id: "WebhookDelivery" });

export const webhookListResponseSchema = successBody("WebhookList", {
  subscriptions: z.array(webhookSubscriptionSchema),
  allowance: z
    .object({
      plan: z.string(),
      limits: z.object({ subscriptions: z.number().int(), deliveriesPerDay: z.number().int() }),
      deliveriesToday: z.number().int(),
    })
    .strict(),
});
export const webhookCreatedResponseSchema = successBody("WebhookCreated", {
  subscription: webhookSubscriptionSchema,
  secret: z.string().describe("The signing secret (whsec_...), shown this once"),
});
export const webhookResponseSchema = successBody("WebhookAnswer", {
  subscription: webhookSubscriptionSchema,
});
export const webhookDeletedResponseSchema = successBody("WebhookDeleted", {
  id: z.string(),
  deleted: z.literal(true),
});
export const webhookRotatedResponseSchema = successBody("WebhookSecretRotated", {
  secret: z.string().describe("The new signing secret, shown this once"),
  previousSecretExpiresAt: instantSchema.describe("Until then the previous secret signs too"),
});
export const webhookTestResponseSchema = successBody("WebhookTestAnswer", { test: testSchema });
export const webhookRedeliveredResponseSchema = successBody("WebhookRedelivered", {
  eventId: z.string(),
  requeued: z.literal(true),
});
export const webhookDeliveryLogResponseSchema = successBody("WebhookDeliveryLog", {
  deliveries: z.array(deliverySchema),
  nextBefore: z.number().int().nullable(),
  tests: z.array(testSchema),
});
