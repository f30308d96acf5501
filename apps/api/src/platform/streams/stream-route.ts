import {
  DomainError,
  EVENT_TYPE_NAMES,
  MAX_SERIES_PER_FILTER,
  MAX_THRESHOLDS_PER_FILTER,
  badRequest,
  err,
  ok,
  validateEventFilter,
  type EventFilter,
  type EventFilterInput,
  type MarketEvent,
  type Result,
  type ThresholdInput,
} from "@tpi/domain";
import { isEventRetained, readEventsAfter, type StoredEvent } from "@tpi/db";
import type { Response } from "express";
import { z } from "zod";
import { planOfCaller, type Caller } from "../auth/api-key-authenticator";
import type { AppDeps } from "../core/deps";
import type { Market } from "../core/market";
import { watchClientGone } from "../http/client-gone";
import { sendError } from "../http/errors";
import { defineRoute } from "../http/route";
import { UNAUTHORIZED_RESPONSE, errorResponse } from "../openapi/responses";
import {
  DEFAULT_LIVE_EVENT_SETTINGS,
  EVENT_RETENTION_DAYS,
  itemsAfter,
  parseCursor,
  type LiveEvents,
  type StreamCursor,
} from "../events/live-events";
import { mayReceiveEvent, servedMarketSeries } from "../webhooks/service";

/**
 * `GET /api/v1/events/stream`: the events a webhook subscription would receive, as a
 * Server-Sent Events stream, for a key's holder. Filters as query parameters, with the webhook
 * filter's meaning and validation; every event carries an `id:` a reconnecting client sends back
 * (`Last-Event-ID`, or the `lastEventId` parameter for a client that cannot set headers) to
 * resume exactly after it. A comment line every heartbeat keeps proxies from closing an idle
 * stream. Refusals (a bad filter, an unknown or expired Last-Event-ID, too many open streams)
 * are JSON answers before the stream starts.
 */

export const EVENT_STREAM_PATH = "/api/v1/events/stream";

/** The bytes a client may leave unread before its stream is ended (it resumes with Last-Event-ID). */
const MAX_UNREAD_BYTES = 1024 * 1024;

/** Events a resuming stream reads per query while it catches up. */
const CATCH_UP_PAGE = 500;

const LIST_FORM = "comma-separated, as the webhook filter's list";

const eventStreamQuerySchema = z.object({
  types: z
    .string()
    .optional()
    .describe(
      `Event types, ${LIST_FORM} (${EVENT_TYPE_NAMES.join(", ")}); every type when absent.`,
    ),
  markets: z.string().optional().describe(`Markets, ${LIST_FORM}; every market when absent.`),
  series: z
    .string()
    .optional()
    .describe(
      `Series keys, ${LIST_FORM} (at most ${MAX_SERIES_PER_FILTER}); a source event, which concerns its whole market, passes any series filter.`,
    ),
  thresholds: z
    .string()
    .optional()
    .describe(
      `Threshold rules, ${LIST_FORM}: \`level:<number>\` (the value crossed it) or \`change:<percent>\` (it moved by more than that percent); at most ${MAX_THRESHOLDS_PER_FILTER}. Evaluated on each value.settled and print.published event the stream sees; each crossing is a threshold.crossed event.`,
    ),
  lastEventId: z
    .string()
    .optional()
    .describe(
      "The id of the last event received, for a client that cannot send the Last-Event-ID header (the header wins when both are sent).",
    ),
});

type StreamQuery = z.output<typeof eventStreamQuerySchema>;

export const LAST_EVENT_ID_MESSAGES = {
  form: (id: string) =>
    `Invalid Last-Event-ID '${id.slice(0, 40)}': send back the id of an event this stream sent.`,
  expired: (id: string) =>
    `Last-Event-ID '${id}' is no longer held: events are kept ${EVENT_RETENTION_DAYS} days, so the events after it cannot all be sent. Reconnect without Last-Event-ID to receive events from now on, and read what changed meanwhile from the REST routes.`,
};

/**
 * The Retry-After of a stream refused for the key's limit (seconds): a place frees when one of
 * the key's streams closes, which no one can foretell; a client that retries sooner only adds
 * refusals.
 */
export const STREAM_LIMIT_RETRY_AFTER_SECONDS = 30;

export const tooManyStreamsMessage = (limit: number): string =>
  `This API key already has ${limit} live event streams open, the most it may hold at once. Close one before opening another.`;

const threshold = (text: string): Result<ThresholdInput, DomainError> => {
  const match = /^(level|change):(.+)$/.exec(text);
  if (match === null)
    return err(
      badRequest(
        `Invalid threshold '${text.slice(0, 40)}': write level:<number> or change:<percent>.`,
      ),
    );
  const [, kind = "", number = ""] = match;
  const value = /^-?\d+(\.\d+)?$/.test(number) ? Number(number) : Number.NaN;
  return ok(kind === "level" ? { kind, level: value } : { kind, percent: value });
};

const list = (text: string | undefined): string[] | undefined =>
  text === undefined ? undefined : text === "" ? [] : text.split(",");

/** The filter the query describes, checked as a webhook subscription's filter is. */
export function streamFilterOf(
  query: StreamQuery,
  markets: readonly Market[],
): Result<EventFilter, DomainError> {
  const thresholds: ThresholdInput[] = [];
  for (const text of list(query.thresholds) ?? []) {
    const rule = threshold(text);
    if (!rule.ok) return rule;
    thresholds.push(rule.value);
  }
  const input: EventFilterInput = {
    types: list(query.types),
    markets: list(query.markets),
    series: list(query.series),
    thresholds,
  };
  return validateEventFilter(input, servedMarketSeries(markets));
}

/** Whether the caller may read `event`, by its market's rule (a GET's). */
function mayRead(deps: AppDeps, caller: Caller, event: MarketEvent): boolean {
  return mayReceiveEvent(deps.marketList, event, planOfCaller(caller));
}

export const eventStreamRoute = defineRoute({
  method: "get",
  path: EVENT_STREAM_PATH,
  operationId: "streamEvents",
  security: "required",
  limiter: "public",
  query: eventStreamQuerySchema,
  rulesInProse: [
    {
      rule: "the lists and rules must hold valid values, as a webhook subscription's filter",
      mayRefuse: ({ query }) =>
        query.some(([name]) => ["types", "markets", "series", "thresholds"].includes(name)),
    },
    {
      rule: "lastEventId must name an event held (sent less than the retention ago)",
      mayRefuse: ({ query }) => query.some(([name]) => name === "lastEventId"),
    },
  ],
  responses: {
    200: {
      description:
        "A stream of Server-Sent Events: `id:` (send it back as Last-Event-ID to resume after it), `event:` (the event type), `data:` (the event's payload, as a webhook delivers it); comment lines as heartbeats.",
      schema: z.string(),
      mediaType: "text/event-stream",
    },
    400: errorResponse(
      `Bad request: a parameter is invalid, or the Last-Event-ID is not one this service still holds (events are kept ${EVENT_RETENTION_DAYS} days).`,
    ),
    401: UNAUTHORIZED_RESPONSE,
    429: errorResponse(
      `Or the key already holds as many live event streams as it may (${DEFAULT_LIVE_EVENT_SETTINGS.maxStreamsPerKey}, REST and MCP together, across instances).`,
    ),
  },
  docs: {
    summary: "Receive events live (Server-Sent Events)",
    description: `The events a webhook subscription receives (value.settled, print.published, value.revised, threshold.crossed, source.degraded, source.recovered), pushed as they are published. Reconnect with Last-Event-ID to receive every event after the last one seen, none twice, within ${EVENT_RETENTION_DAYS} days. Each key may hold a few streams open at once.`,
    tags: ["Events"],
    access:
      "Any plan's key, receiving what its plan reads on the REST routes (hourly prints and neo-cloud sites need a Full plan).",
    examples: () => [
      {
        label: "Settled and revised values of two markets",
        pathAndQuery: `${EVENT_STREAM_PATH}?types=value.settled,value.revised&markets=token,gpu`,
        withKey: true,
      },
    ],
  },
  handler:
    (deps) =>
    async ({ query, caller, req, res }) => {
      const clientGone = watchClientGone(req, res);
      const live = deps.liveEvents;
      if (live === undefined || caller.kind !== "key")
        return sendError(res, new DomainError("unavailable", "Live events are not served here."));
      const filter = streamFilterOf(query, deps.marketList);
      if (!filter.ok) return sendError(res, filter.error);
      const resumeFrom = req.get("last-event-id") ?? query.lastEventId;
      let cursor: StreamCursor | undefined;
      if (resumeFrom !== undefined) {
        cursor = parseCursor(resumeFrom);
        if (cursor === undefined)
          return sendError(res, badRequest(LAST_EVENT_ID_MESSAGES.form(resumeFrom)));
        if (!(await isEventRetained(deps.db, cursor.position, live.settings.retentionMs)))
          return sendError(res, badRequest(LAST_EVENT_ID_MESSAGES.expired(resumeFrom)));
      }
      const slot = await live.slots.acquire(caller.keyId);
      if (slot === null) {
        res.setHeader("Retry-After", String(STREAM_LIMIT_RETRY_AFTER_SECONDS));
        return sendError(
          res,
          new DomainError("rate_limited", tooManyStreamsMessage(live.settings.maxStreamsPerKey)),
        );
      }
      // Left during the awaits: no "close" is coming to give the place back.
      if (clientGone()) return slot.release();
      await serveStream(deps, live, caller, filter.value, cursor, res, slot.release);
    },
});

/** Writes the stream until the client leaves or the instance stops. */
async function serveStream(
  deps: AppDeps,
  live: LiveEvents,
  caller: Caller,
  filter: EventFilter,
  resumeAfter: StreamCursor | undefined,
  res: Response,
  releaseSlot: () => void,
): Promise<void> {
  let cursor = resumeAfter;
  /** Batches the feed read while the stream caught up (sent, in order, once it has). */
  let pending: (readonly StoredEvent[])[] | undefined = [];
  let ended = false;
  const write = (text: string): void => {
    if (ended) return;
    res.write(text);
    // A client that does not read: end its stream, it resumes from its Last-Event-ID.
    if (res.writableLength > MAX_UNREAD_BYTES) end();
  };
  const send = (stored: readonly StoredEvent[]): void => {
    for (const event of stored) {
      for (const item of itemsAfter(event, filter, cursor))
        if (mayRead(deps, caller, item.event))
          write(
            `id: ${item.id}\nevent: ${item.event.type}\ndata: ${JSON.stringify(item.event)}\n\n`,
          );
      cursor = { position: event.position, index: Number.MAX_SAFE_INTEGER };
    }
  };
  const heartbeat = setInterval(() => write(": heartbeat\n\n"), live.settings.heartbeatMs);
  heartbeat.unref();
  let unsubscribe = (): void => undefined;
  const untrack = live.track(() => end());
  function end(): void {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    untrack();
    releaseSlot();
    res.end();
  }
  res.on("close", end);

  res.writeHead(200, {
    "Content-Type": "text/event-stream; charset=utf-8",
    "Cache-Control": "no-store",
    // nginx and others buffer answers unless told not to: events must leave as they come.
    "X-Accel-Buffering": "no",
  });
  write(`retry: ${live.settings.retryMs}\n\n`);

  try {
    const subscription = await live.feed.subscribe((events) => {
      if (pending === undefined) send(events);
      else pending.push(events);
    }, end);
    unsubscribe = subscription.unsubscribe;
    if (ended) return unsubscribe();
    if (cursor === undefined)
      cursor = { position: subscription.after, index: Number.MAX_SAFE_INTEGER };
    else {
      // Catching up from the outbox, then the batches the feed read meanwhile (positions already
      // sent are skipped by the cursor).
      for (;;) {
        const from = cursor.position - 1n;
        const page = await readEventsAfter(deps.db, from, CATCH_UP_PAGE);
        send(page);
        if (ended || page.length < CATCH_UP_PAGE) break;
      }
    }
    const caughtUp = pending;
    pending = undefined;
    for (const events of caughtUp) send(events);
    write(": live\n\n");
  } catch (error) {
    deps.log.warn("event stream: could not start; the client reconnects", {
      error: String(error),
    });
    end();
  }
}
