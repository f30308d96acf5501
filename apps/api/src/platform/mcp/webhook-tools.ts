import type { CallToolResult, Tool } from "@modelcontextprotocol/sdk/types.js";
import { DomainError, apiKeyRequired, err, ok, type Result } from "@tpi/domain";
import { isDatabaseUnavailable } from "@tpi/db";
import { z } from "zod";
import type { Caller } from "../auth/api-key-authenticator";
import type { AppDeps } from "../core/deps";
import { DATABASE_UNAVAILABLE_MESSAGE } from "../http/errors";
import { parseValue } from "../http/input";
import {
  filterInputSchema,
  webhookCreatedResponseSchema,
  webhookDeletedResponseSchema,
  webhookDeliveryLogResponseSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
  webhookTestResponseSchema,
} from "../webhook-api/schemas";
import { webhookServiceOf } from "../webhooks/service";
import {
  createWebhook,
  deleteWebhook,
  listWebhooks,
  pauseWebhook,
  resumeWebhook,
  testWebhook,
  webhookAllowance,
  webhookDeliveryLog,
  type WebhookService,
} from "../webhooks/subscriptions";
import { toolErrorSchema } from "./tool-source";

/**
 * The MCP tools that manage the caller's webhook subscriptions. Unlike the data tools they
 * change things, so they answer through the webhook service (the same one as the REST routes
 * under /api/v1/webhooks, with the same refusals in the same words) rather than a settled GET;
 * a success's `structuredContent` is `{ data: <the REST route's 200 body> }`. They act for the
 * key's account, so they are listed to key holders only, and refuse a keyless call with the
 * REST 401 text.
 */

export type WebhookTool = {
  name: string;
  title: string;
  description: string;
  input: z.ZodObject;
  output: z.ZodType;
  /** Whether it changes nothing, and whether it may remove something (MCP's annotations). */
  readOnly: boolean;
  destructive: boolean;
  idempotent: boolean;
  run(
    service: WebhookService,
    accountId: string,
    args: unknown,
  ): Promise<Result<object, DomainError>>;
};

const idInput = z.object({ id: z.string().min(1).describe("The subscription's id") }).strict();

function outputOf(body: z.ZodType): z.ZodType {
  return z.union([z.object({ data: body }), toolErrorSchema]);
}

/** Parses the arguments by the tool's schema (the REST 400 words), then runs the service. */
function withInput<Schema extends z.ZodObject>(
  schema: Schema,
  run: (
    service: WebhookService,
    accountId: string,
    input: z.output<Schema>,
  ) => Promise<Result<object, DomainError>>,
) {
  return async (service: WebhookService, accountId: string, args: unknown) => {
    const input = parseValue(schema, args);
    return input.ok ? run(service, accountId, input.value) : input;
  };
}

const success = <T extends object>(result: Result<T, DomainError>): Result<object, DomainError> =>
  result.ok ? ok({ success: true, ...result.value }) : result;

const listInput = z.object({}).strict();
const createInput = z
  .object({
    url: z.string().describe("The receiver's https URL"),
    filter: filterInputSchema
      .optional()
      .describe(
        "What it receives: `types`, `markets`, `series` (lists) and `thresholds` (rules); omit for every event",
      ),
  })
  .strict();
const deliveriesInput = z
  .object({
    id: z.string().min(1).describe("The subscription's id"),
    limit: z.number().int().optional().describe("Entries per page (1 to 200; 50 by default)"),
    before: z.number().int().optional().describe("The previous page's `nextBefore`"),
  })
  .strict();

const REST = "/api/v1/webhooks";

export const WEBHOOK_TOOLS: readonly WebhookTool[] = [
  {
    name: "list_webhooks",
    title: "Webhook subscriptions",
    description: `The caller's webhook subscriptions (id, URL, filter, status), its plan's limits and the deliveries counted today (GET ${REST}).`,
    input: listInput,
    output: outputOf(webhookListResponseSchema),
    readOnly: true,
    destructive: false,
    idempotent: true,
    run: withInput(listInput, async (service, accountId) => {
      const listed = await listWebhooks(service, accountId);
      const allowance = await webhookAllowance(service, accountId);
      if (!listed.ok) return listed;
      if (!allowance.ok) return allowance;
      return success(ok({ ...listed.value, allowance: allowance.value }));
    }),
  },
  {
    name: "create_webhook",
    title: "Create a webhook subscription",
    description: `Subscribes an https URL to signed events (Standard Webhooks), narrowed by an optional filter; the answer holds the signing secret, shown this once (POST ${REST}).`,
    input: createInput,
    output: outputOf(webhookCreatedResponseSchema),
    readOnly: false,
    destructive: false,
    idempotent: false,
    run: withInput(createInput, async (service, accountId, input) =>
      success(
        await createWebhook(service, accountId, { url: input.url, filter: input.filter ?? {} }),
      ),
    ),
  },
  {
    name: "pause_webhook",
    title: "Pause a webhook subscription",
    description: `Stops queueing events for a subscription; what was queued waits (POST ${REST}/{id}/pause).`,
    input: idInput,
    output: outputOf(webhookResponseSchema),
    readOnly: false,
    destructive: false,
    idempotent: true,
    run: withInput(idInput, async (service, accountId, { id }) => {
      const paused = await pauseWebhook(service, accountId, id);
      return success(paused.ok ? ok({ subscription: paused.value }) : paused);
    }),
  },
  {
    name: "resume_webhook",
    title: "Resume a webhook subscription",
    description: `Queues events for a paused subscription again and delivers what waited, in order (POST ${REST}/{id}/resume).`,
    input: idInput,
    output: outputOf(webhookResponseSchema),
    readOnly: false,
    destructive: false,
    idempotent: true,
    run: withInput(idInput, async (service, accountId, { id }) => {
      const resumed = await resumeWebhook(service, accountId, id);
      return success(resumed.ok ? ok({ subscription: resumed.value }) : resumed);
    }),
  },
  {
    name: "delete_webhook",
    title: "Delete a webhook subscription",
    description: `Deletes a subscription with its queued deliveries and its log (POST ${REST}/{id}/delete).`,
    input: idInput,
    output: outputOf(webhookDeletedResponseSchema),
    readOnly: false,
    destructive: true,
    idempotent: true,
    run: withInput(idInput, async (service, accountId, { id }) =>
      success(await deleteWebhook(service, accountId, id)),
    ),
  },
  {
    name: "test_webhook",
    title: "Send a test delivery",
    description: `Posts a signed webhook.test payload to the subscription's URL now and returns what the endpoint answered (POST ${REST}/{id}/test).`,
    input: idInput,
    output: outputOf(webhookTestResponseSchema),
    readOnly: false,
    destructive: false,
    idempotent: false,
    run: withInput(idInput, async (service, accountId, { id }) => {
      const sent = await testWebhook(service, accountId, id);
      return success(sent.ok ? ok({ test: sent.value }) : sent);
    }),
  },
  {
    name: "list_webhook_deliveries",
    title: "Webhook delivery log",
    description: `A subscription's deliveries, newest event first: status, attempts, the answer's status, latency and error (or why one was skipped), with the newest test sends (GET ${REST}/{id}/deliveries).`,
    input: deliveriesInput,
    output: outputOf(webhookDeliveryLogResponseSchema),
    readOnly: true,
    destructive: false,
    idempotent: true,
    run: withInput(deliveriesInput, async (service, accountId, input) =>
      success(
        await webhookDeliveryLog(service, accountId, input.id, {
          ...(input.limit === undefined ? {} : { limit: input.limit }),
          ...(input.before === undefined ? {} : { before: input.before }),
        }),
      ),
    ),
  },
];

/** A webhook tool's `tools/list` entry (JSON Schemas as `toJsonSchema` writes them). */
export function webhookToolDefinition(
  tool: WebhookTool,
  toJsonSchema: (schema: z.ZodType, io: "input" | "output") => Record<string, unknown>,
): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: `${tool.description} Needs an API key: acts for the key's account.`,
    inputSchema: toJsonSchema(tool.input, "input") as Tool["inputSchema"],
    outputSchema: { type: "object", ...toJsonSchema(tool.output, "output") } as NonNullable<
      Tool["outputSchema"]
    >,
    annotations: {
      readOnlyHint: tool.readOnly,
      destructiveHint: tool.destructive,
      idempotentHint: tool.idempotent,
      openWorldHint: tool.name === "test_webhook",
    },
    _meta: { access: "key" },
  };
}

/** Runs a webhook tool for the caller, as an MCP result: `{ data }`, or the REST error body. */
export async function runWebhookTool(
  tool: WebhookTool,
  args: unknown,
  deps: AppDeps,
  caller: Caller,
): Promise<CallToolResult> {
  let result: Result<object, DomainError>;
  if (caller.kind === "anonymous") result = err(apiKeyRequired());
  else {
    try {
      result = await tool.run(webhookServiceOf(deps), caller.accountId, args);
    } catch (error) {
      result = err(unexpected(error, tool, deps));
    }
  }
  if (!result.ok) {
    const body = { error: result.error.label, message: result.error.message };
    return {
      isError: true,
      content: [{ type: "text", text: JSON.stringify(body) }],
      structuredContent: body,
    };
  }
  const structured = { data: result.value };
  return {
    content: [{ type: "text", text: JSON.stringify(structured) }],
    structuredContent: structured,
  };
}

function unexpected(error: unknown, tool: WebhookTool, deps: AppDeps): DomainError {
  if (error instanceof DomainError) return error;
  if (deps.databaseHealth.reportFailure(error) || isDatabaseUnavailable(error))
    return new DomainError("unavailable", DATABASE_UNAVAILABLE_MESSAGE);
  deps.log.error("unhandled error in a webhook tool", {
    tool: tool.name,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return new DomainError("internal", "An unexpected error occurred. It has been logged.");
}
