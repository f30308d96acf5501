import type { Result, DomainError } from "@tpi/domain";
import { z } from "zod";
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
import { accountProcedure, change, session } from "./account-procedure";
import { t, unwrap } from "./init";

/**
 * The signed-in account's webhook subscriptions (`account.webhooks.*`), for the website's
 * account pages: the session token names the account (changes also need the session's CSRF
 * token), and every answer and refusal is the webhook service's, as the REST routes give them.
 * Inputs are only bounded here; the service checks them and words the refusals.
 */

// Bounds far above any value the service accepts, so that its words, not these, refuse.
const id = z.string().max(100);
const filter = z
  .object({
    types: z.array(z.string().max(100)).max(100).optional(),
    markets: z.array(z.string().max(100)).max(100).optional(),
    series: z.array(z.string().max(1_000)).max(1_000).optional(),
    thresholds: z
      .array(
        z
          .object({
            kind: z.string().max(100),
            level: z.number().optional(),
            percent: z.number().optional(),
          })
          .strict(),
      )
      .max(100)
      .optional(),
  })
  .strict();

/** The service for the request, and the account of a live session (with its CSRF token for changes). */
const webhookProcedure = accountProcedure.use(({ ctx, next }) =>
  next({ ctx: { webhooks: webhookServiceOf(ctx.deps) } }),
);

/** The answer, or the service's refusal as a tRPC error (the REST status and words). */
async function answer<T>(result: Promise<Result<T, DomainError>>): Promise<T> {
  return unwrap(await result);
}

type Acting = { webhooks: WebhookService; accountId: string };

/** One subscription's change, for the account of a session whose CSRF token came with it. */
function changeOf<T>(act: (acting: Acting, id: string) => Promise<Result<T, DomainError>>) {
  return webhookProcedure
    .input(z.object({ ...change, id }).strict())
    .mutation(async ({ ctx, input }) => {
      const { account } = await ctx.accounts.guard.changing(input.sessionToken, input.csrfToken);
      return answer(act({ webhooks: ctx.webhooks, accountId: account.id }, input.id));
    });
}

export const webhooksRouter = t.router({
  /**
   * The account's subscriptions, oldest first, each with its newest delivery (null before the
   * first); its plan's limits with what it used of today's deliveries; the markets a filter may
   * name (the form's boxes).
   */
  list: webhookProcedure.input(z.object(session).strict()).query(async ({ ctx, input }) => {
    const { account } = await ctx.accounts.guard.session(input.sessionToken);
    const [{ subscriptions }, allowance] = await Promise.all([
      answer(listWebhooks(ctx.webhooks, account.id)),
      answer(webhookAllowance(ctx.webhooks, account.id)),
    ]);
    const withLast = await Promise.all(
      subscriptions.map(async (subscription) => {
        const log = await answer(
          webhookDeliveryLog(ctx.webhooks, account.id, subscription.id, { limit: 1 }),
        );
        return { ...subscription, lastDelivery: log.deliveries[0] ?? null };
      }),
    );
    const markets = ctx.webhooks.served.map((served) => served.market);
    return { subscriptions: withLast, allowance, markets };
  }),
  /** One subscription of the account (another account's is "not found"). */
  get: webhookProcedure
    .input(z.object({ ...session, id }).strict())
    .query(async ({ ctx, input }) => {
      const { account } = await ctx.accounts.guard.session(input.sessionToken);
      return answer(getWebhook(ctx.webhooks, account.id, input.id));
    }),
  /** Its delivery log, newest event first, a page before `before` (an event position); its newest test sends. */
  deliveries: webhookProcedure
    .input(
      z
        .object({ ...session, id, before: z.number().optional(), limit: z.number().optional() })
        .strict(),
    )
    .query(async ({ ctx, input }) => {
      const { account } = await ctx.accounts.guard.session(input.sessionToken);
      const { before, limit } = input;
      return answer(
        webhookDeliveryLog(ctx.webhooks, account.id, input.id, {
          ...(before === undefined ? {} : { before }),
          ...(limit === undefined ? {} : { limit }),
        }),
      );
    }),
  /** A new subscription and its signing secret, shown this once. */
  create: webhookProcedure
    .input(z.object({ ...change, url: z.string().max(10_000), filter }).strict())
    .mutation(async ({ ctx, input }) => {
      const { account } = await ctx.accounts.guard.changing(input.sessionToken, input.csrfToken);
      return answer(
        createWebhook(ctx.webhooks, account.id, { url: input.url, filter: input.filter }),
      );
    }),
  pause: changeOf(({ webhooks, accountId }, id) => pauseWebhook(webhooks, accountId, id)),
  resume: changeOf(({ webhooks, accountId }, id) => resumeWebhook(webhooks, accountId, id)),
  /** Enables a subscription disabled after failed deliveries; what it queued is sent again, in order. */
  enable: changeOf(({ webhooks, accountId }, id) => enableWebhook(webhooks, accountId, id)),
  remove: changeOf(({ webhooks, accountId }, id) => deleteWebhook(webhooks, accountId, id)),
  /** A new signing secret, shown this once; the previous one signs beside it for a while. */
  rotateSecret: changeOf(({ webhooks, accountId }, id) =>
    rotateWebhookSecret(webhooks, accountId, id),
  ),
  /** Sends a signed test payload now and answers the receiver's status and the time taken. */
  test: changeOf(({ webhooks, accountId }, id) => testWebhook(webhooks, accountId, id)),
  /** Delivers one event of its log again. */
  redeliver: webhookProcedure
    .input(z.object({ ...change, id, eventId: z.string().max(2_000) }).strict())
    .mutation(async ({ ctx, input }) => {
      const { account } = await ctx.accounts.guard.changing(input.sessionToken, input.csrfToken);
      return answer(redeliverWebhookEvent(ctx.webhooks, account.id, input.id, input.eventId));
    }),
});
