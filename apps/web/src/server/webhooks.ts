import "server-only";
import type { accountApi } from "./account";

/**
 * The answers of the account's webhook procedures, typed from the api's router (so the pages
 * follow its shapes).
 */
type WebhooksApi = ReturnType<typeof accountApi>["webhooks"];

export type WebhookListAnswer = Awaited<ReturnType<WebhooksApi["list"]["query"]>>;
export type WebhookAnswer = Awaited<ReturnType<WebhooksApi["get"]["query"]>>;
export type DeliveryLogAnswer = Awaited<ReturnType<WebhooksApi["deliveries"]["query"]>>;
