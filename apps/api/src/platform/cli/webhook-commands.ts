import { parseArgs } from "node:util";
import { normalizeEmail, type DomainError, type Result } from "@tpi/domain";
import { findCredentialsByEmail } from "@tpi/db";
import { parseValue } from "../http/input";
import { webhookPolicyFrom } from "../jobs/webhook-dispatch";
import { filterInputSchema } from "../webhook-api/schemas";
import { servedMarketSeries } from "../webhooks/service";
import {
  createWebhook,
  deleteWebhook,
  enableWebhook,
  listWebhooks,
  pauseWebhook,
  redeliverWebhookEvent,
  resumeWebhook,
  rotateWebhookSecret,
  testWebhook,
  webhookAllowance,
  webhookDeliveryLog,
  type WebhookService,
  type WebhookSubscriptionView,
} from "../webhooks/subscriptions";
import { UsageError, withRuntime } from "./command";
import type { Command, CommandContext, CommandModule } from "../core/command";
import type { Runtime } from "../runtime/runtime";

/**
 * Operator commands on an account's webhook subscriptions, the account named by its email
 * address. They answer through the same service as the REST routes, so they refuse what the api
 * refuses in the same words; each prints what it did. A command runs in its own process: the
 * api instances' dispatchers pick up what it queued within WEBHOOK_DISPATCH_INTERVAL_MS.
 */

export const WEBHOOK_USAGE = `  webhooks list --email EMAIL          list the account's webhook subscriptions and its plan's limits
  webhooks create --email EMAIL --url URL [--filter JSON]
                                       subscribe (filter: {"types":[..],"markets":[..],"series":[..],
                                       "thresholds":[..]}); prints the signing secret once
  webhooks pause|resume|enable|delete --email EMAIL --id ID
                                       pause, resume, enable a disabled one (its queue, events
                                       published while disabled included, resumes in order), or
                                       delete a subscription
  webhooks rotate-secret --email EMAIL --id ID
                                       a new secret (printed once); the old one signs for 24 more hours
  webhooks test --email EMAIL --id ID  send a signed test delivery now and print the answer
  webhooks deliveries --email EMAIL --id ID [--limit N] [--before POSITION]
                                       the delivery log, newest first
  webhooks redeliver --email EMAIL --id ID --event EVENT_ID
                                       deliver one event again`;

const DISPATCH_NOTE = "the api instances deliver it within WEBHOOK_DISPATCH_INTERVAL_MS";

type Values = {
  email?: string | undefined;
  id?: string | undefined;
  url?: string | undefined;
  filter?: string | undefined;
  limit?: string | undefined;
  before?: string | undefined;
  event?: string | undefined;
};

function optionsOf(args: string[], allowed: readonly (keyof Values)[]): Values {
  const options = Object.fromEntries(allowed.map((name) => [name, { type: "string" as const }]));
  const { values } = parseArgs({ args, options, strict: true });
  const read = (name: keyof Values): string | undefined => {
    const value: unknown = values[name];
    return typeof value === "string" ? value : undefined;
  };
  return Object.fromEntries(allowed.map((name) => [name, read(name)]));
}

function required(value: string | undefined, option: string): string {
  if (value === undefined || value.trim() === "") throw new UsageError(`${option} is required`);
  return value.trim();
}

/** The refusal as the api words it; the command fails with it (exit code 1). */
function valueOf<T>(result: Result<T, DomainError>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function describe(subscription: WebhookSubscriptionView): string {
  const reason = subscription.disabledReason === null ? "" : ` (${subscription.disabledReason})`;
  return `${subscription.id}  ${subscription.status}${reason}  ${subscription.url}  filter ${JSON.stringify(subscription.filter)}  created ${subscription.createdAt}`;
}

/** Opens the runtime, finds the account by email, and runs `run` with the service. */
async function forAccount(
  context: CommandContext,
  email: string | undefined,
  run: (service: WebhookService, accountId: string) => Promise<void>,
): Promise<void> {
  const address = normalizeEmail(required(email, "--email"));
  await withRuntime(context, async (runtime: Runtime) => {
    const account = await findCredentialsByEmail(runtime.database.db, address);
    if (account === null) throw new Error(`no account has the email address '${address}'`);
    const service: WebhookService = {
      db: runtime.database.db,
      clock: runtime.clock,
      policy: webhookPolicyFrom(context.env),
      served: servedMarketSeries(context.markets),
    };
    await run(service, account.id);
  });
}

function wholeNumber(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,15}$/.test(value)) throw new UsageError(`${option} must be a whole number`);
  return Number(value);
}

const subcommands: Record<string, Command> = {
  async list(args, context) {
    const values = optionsOf(args, ["email"]);
    await forAccount(context, values.email, async (service, accountId) => {
      const { subscriptions } = valueOf(await listWebhooks(service, accountId));
      const allowance = valueOf(await webhookAllowance(service, accountId));
      for (const subscription of subscriptions) console.log(describe(subscription));
      console.log(
        `${subscriptions.length} of ${allowance.limits.subscriptions} subscription(s) on plan ${allowance.plan}; ${allowance.deliveriesToday} of ${allowance.limits.deliveriesPerDay} deliveries today (UTC)`,
      );
    });
  },

  async create(args, context) {
    const values = optionsOf(args, ["email", "url", "filter"]);
    const url = required(values.url, "--url");
    let filterJson: unknown = {};
    if (values.filter !== undefined) {
      try {
        filterJson = JSON.parse(values.filter);
      } catch {
        throw new UsageError("--filter must be a JSON object");
      }
    }
    const filter = parseValue(filterInputSchema, filterJson);
    if (!filter.ok) throw new UsageError(`--filter: ${filter.error.message}`);
    await forAccount(context, values.email, async (service, accountId) => {
      const created = valueOf(
        await createWebhook(service, accountId, { url, filter: filter.value }),
      );
      console.log(`created webhook subscription ${describe(created.subscription)}`);
      console.log(`signing secret (shown once): ${created.secret}`);
    });
  },

  async pause(args, context) {
    const values = optionsOf(args, ["email", "id"]);
    await forAccount(context, values.email, async (service, accountId) => {
      const paused = valueOf(await pauseWebhook(service, accountId, required(values.id, "--id")));
      console.log(`paused: ${describe(paused)}; no events are queued for it until it is resumed`);
    });
  },

  async resume(args, context) {
    const values = optionsOf(args, ["email", "id"]);
    await forAccount(context, values.email, async (service, accountId) => {
      const resumed = valueOf(await resumeWebhook(service, accountId, required(values.id, "--id")));
      console.log(
        `resumed: ${describe(resumed)}; what waited is delivered in order, ${DISPATCH_NOTE}`,
      );
    });
  },

  async enable(args, context) {
    const values = optionsOf(args, ["email", "id"]);
    await forAccount(context, values.email, async (service, accountId) => {
      const enabled = valueOf(await enableWebhook(service, accountId, required(values.id, "--id")));
      console.log(
        `enabled: ${describe(enabled)}; the delivery that gave up goes first, then the queue in order, with the events published while it was disabled that the outbox holds; ${DISPATCH_NOTE}`,
      );
    });
  },

  async delete(args, context) {
    const values = optionsOf(args, ["email", "id"]);
    await forAccount(context, values.email, async (service, accountId) => {
      const deleted = valueOf(await deleteWebhook(service, accountId, required(values.id, "--id")));
      console.log(`deleted webhook subscription ${deleted.id} with its queued deliveries and log`);
    });
  },

  async "rotate-secret"(args, context) {
    const values = optionsOf(args, ["email", "id"]);
    await forAccount(context, values.email, async (service, accountId) => {
      const id = required(values.id, "--id");
      const rotated = valueOf(await rotateWebhookSecret(service, accountId, id));
      console.log(`new signing secret for ${id} (shown once): ${rotated.secret}`);
      console.log(`the previous secret also signs until ${rotated.previousSecretExpiresAt}`);
    });
  },

  async test(args, context) {
    const values = optionsOf(args, ["email", "id"]);
    await forAccount(context, values.email, async (service, accountId) => {
      const id = required(values.id, "--id");
      const test = valueOf(await testWebhook(service, accountId, id));
      const answer = test.responseStatus === null ? "no answer" : `answered ${test.responseStatus}`;
      console.log(
        `test delivery to ${id}: ${test.delivered ? "delivered" : "failed"} (${answer}, ${test.latencyMs} ms)${test.error === null ? "" : `: ${test.error}`}`,
      );
    });
  },

  async deliveries(args, context) {
    const values = optionsOf(args, ["email", "id", "limit", "before"]);
    const limit = wholeNumber(values.limit, "--limit");
    const before = wholeNumber(values.before, "--before");
    await forAccount(context, values.email, async (service, accountId) => {
      const page = valueOf(
        await webhookDeliveryLog(service, accountId, required(values.id, "--id"), {
          ...(limit === undefined ? {} : { limit }),
          ...(before === undefined ? {} : { before }),
        }),
      );
      for (const entry of page.deliveries) {
        const answer = entry.responseStatus === null ? "-" : String(entry.responseStatus);
        const latency = entry.latencyMs === null ? "-" : `${entry.latencyMs} ms`;
        console.log(
          `${entry.position}  ${entry.eventId}  ${entry.eventType}  ${entry.status}  attempts ${entry.attempts}  status ${answer}  ${latency}${entry.error === null ? "" : `  ${entry.error}`}`,
        );
      }
      for (const test of page.tests)
        console.log(
          `test ${test.sentAt}  ${test.delivered ? "delivered" : "failed"}  status ${test.responseStatus ?? "-"}  ${test.latencyMs} ms`,
        );
      console.log(
        `${page.deliveries.length} deliveries${page.nextBefore === null ? "" : `; older: --before ${page.nextBefore}`}`,
      );
    });
  },

  async redeliver(args, context) {
    const values = optionsOf(args, ["email", "id", "event"]);
    await forAccount(context, values.email, async (service, accountId) => {
      const event = required(values.event, "--event");
      valueOf(await redeliverWebhookEvent(service, accountId, required(values.id, "--id"), event));
      console.log(`event ${event} queued again, ahead of the queue; ${DISPATCH_NOTE}`);
    });
  },
};

export const WEBHOOK_COMMANDS: CommandModule = {
  usage: WEBHOOK_USAGE,
  commands: {
    async webhooks(args, context) {
      const [subcommand = "", ...rest] = args;
      const command = Object.hasOwn(subcommands, subcommand) ? subcommands[subcommand] : undefined;
      if (command === undefined)
        throw new UsageError(
          `webhooks takes ${Object.keys(subcommands).join(", ")}; got '${subcommand}'`,
        );
      await command(rest, context);
    },
  },
};
