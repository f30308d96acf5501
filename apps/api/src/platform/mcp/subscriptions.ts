import { mcpSubscriptionsAmong, type StoredEvent } from "@tpi/db";
import type { MarketEvent } from "@tpi/domain";
import type { ResourceUpdatedNotification } from "@modelcontextprotocol/sdk/types.js";
import { planOfCaller, type Caller } from "../auth/api-key-authenticator";
import { mayReceiveEvent } from "../webhooks/service";
import type { AppDeps } from "../core/deps";
import type { LiveEvents } from "../events/live-events";
import type { FeedSubscription } from "../events/event-feed";

/**
 * MCP resource subscriptions (MCP specification 2025-06-18, "Resources", "Subscriptions"): a
 * client subscribes to a series resource (`resources/subscribe` with `params.uri`, answered
 * `{}`), and the server sends `notifications/resources/updated` with `params.uri` on the
 * session's event stream (a GET on the MCP endpoint, Streamable HTTP's "Listening for Messages
 * from the Server") each time the series' value settles or is revised; the client reads the
 * resource again (`resources/read`). Any instance records a subscription (in PostgreSQL, by the
 * session id, `Mcp-Session-Id`); the instance holding the session's stream learns of events
 * from the event feed and asks once per batch which of its sessions subscribe to what.
 */

/** A series of a market as a resource: its last published value (RFC 6570 template). */
export const SERIES_RESOURCE_TEMPLATE = "tpi://series/{market}/{series}";

export function seriesResourceUri(market: string, series: string): string {
  return `tpi://series/${encodeURIComponent(market)}/${encodeURIComponent(series)}`;
}

export function parseSeriesResourceUri(
  uri: string,
): { market: string; series: string } | undefined {
  const match = /^tpi:\/\/series\/([^/]+)\/([^/]+)$/.exec(uri);
  if (match === null) return undefined;
  try {
    const [, market = "", series = ""] = match;
    return { market: decodeURIComponent(market), series: decodeURIComponent(series) };
  } catch {
    return undefined;
  }
}

/** The events that change a series resource's value. */
const UPDATING_TYPES = new Set<MarketEvent["type"]>(["value.settled", "value.revised"]);

/** A session id as this server issues them (a UUID); anything else is not one of its sessions. */
export const SESSION_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The resource subscriptions one MCP session may hold (each is a row and a match per batch). */
export const MAX_SUBSCRIPTIONS_PER_SESSION = 100;

export const MCP_SESSION_MESSAGES = {
  unknown:
    "Session not found: this API key opened no MCP session with this Mcp-Session-Id, or it expired. Send initialize again (with the same key) for a new session.",
  tooManySubscriptions: `This session already holds ${MAX_SUBSCRIPTIONS_PER_SESSION} resource subscriptions, the most it may: unsubscribe from one before subscribing to another.`,
};

type Session = {
  caller: Caller;
  notify: (message: ResourceUpdatedNotification) => void;
  /** Ends the session's stream (its client reconnects). */
  end: () => void;
};

export class McpSubscriptions {
  private readonly sessions = new Map<string, Session>();
  private subscription: Promise<FeedSubscription> | undefined;

  constructor(
    private readonly deps: Pick<AppDeps, "db" | "marketList" | "log">,
    private readonly live: LiveEvents,
  ) {}

  /** Ends the stream this instance holds for the session, if any (a new one replaces it). */
  endStream(sessionId: string): void {
    this.sessions.get(sessionId)?.end();
  }

  /**
   * Sends the session's notifications to `notify` until the returned function is called. A stream
   * this instance still held for the session ends: the session's notifications go to one stream,
   * the newest, and the one replaced closes rather than falls silent.
   */
  async attach(
    sessionId: string,
    caller: Caller,
    notify: Session["notify"],
    end: Session["end"],
  ): Promise<() => void> {
    const replaced = this.sessions.get(sessionId);
    this.sessions.set(sessionId, { caller, notify, end });
    // After the new one is set: the replaced stream's detach then leaves the session listed.
    replaced?.end();
    const detach = () => {
      if (this.sessions.get(sessionId)?.notify !== notify) return;
      this.sessions.delete(sessionId);
      this.live.openMcpSessions.delete(sessionId);
      if (this.sessions.size > 0) return;
      const subscription = this.subscription;
      this.subscription = undefined;
      void subscription?.then((feed) => feed.unsubscribe()).catch(() => undefined);
    };
    this.subscription ??= this.live.feed.subscribe(
      (events) => void this.onEvents(events),
      // Never thrown by a listener that only starts its work; were it, every stream reconnects.
      () => {
        for (const session of [...this.sessions.values()]) session.end();
      },
    );
    try {
      await this.subscription;
      // Listed once the feed is heard: from here on, no update of the session is missed.
      if (this.sessions.get(sessionId)?.notify === notify) this.live.openMcpSessions.add(sessionId);
    } catch (error) {
      this.subscription = undefined;
      detach();
      throw error;
    }
    return detach;
  }

  private async onEvents(events: readonly StoredEvent[]): Promise<void> {
    const updated = new Map<string, MarketEvent>();
    for (const { event } of events)
      if (UPDATING_TYPES.has(event.type) && event.data.series !== null)
        updated.set(seriesResourceUri(event.data.market, event.data.series), event);
    if (updated.size === 0 || this.sessions.size === 0) return;
    try {
      const wanted = await mcpSubscriptionsAmong(
        this.deps.db,
        [...this.sessions.keys()],
        [...updated.keys()],
      );
      for (const { sessionId, uri } of wanted) {
        const session = this.sessions.get(sessionId);
        const event = updated.get(uri);
        if (session === undefined || event === undefined) continue;
        if (!mayReceiveEvent(this.deps.marketList, event, planOfCaller(session.caller))) continue;
        this.tell(sessionId, session, uri);
      }
    } catch (error) {
      this.deps.log.warn("MCP subscriptions: could not read who subscribes; updates missed", {
        error: String(error),
      });
    }
  }

  /** One session's notification: a stream that fails ends alone, the others are told all the same. */
  private tell(sessionId: string, session: Session, uri: string): void {
    try {
      session.notify({ method: "notifications/resources/updated", params: { uri } });
    } catch (error) {
      this.deps.log.error("MCP subscriptions: a session's stream failed; it is ended", {
        sessionId,
        error: String(error),
      });
      session.end();
    }
  }
}
