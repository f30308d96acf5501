import type { Db, StoredEvent } from "@tpi/db";
import { matches, thresholdCrossingsOf, type EventFilter, type MarketEvent } from "@tpi/domain";
import type { Logger } from "../observability/logger";
import type { RedisConnection } from "../redis/redis-connection";
import { DEFAULT_EVENT_FEED_SETTINGS, EventFeed, type EventFeedSettings } from "./event-feed";
import { StreamSlots } from "./stream-slots";

/**
 * What the live streams (`GET /api/v1/events/stream`) and the MCP subscriptions of one instance
 * share: the event feed, the per-key count of open streams, and the list of open streams that
 * a shutdown ends.
 */

export type LiveEventSettings = {
  feed: EventFeedSettings;
  /** Milliseconds between comment lines on an idle stream (proxies close silent connections). */
  heartbeatMs: number;
  /** Live streams one API key may hold open at once, across every instance. */
  maxStreamsPerKey: number;
  /**
   * How long the outbox keeps an event (milliseconds): a stream resumes from a Last-Event-ID
   * stored less than this long ago; older events are pruned once delivered.
   */
  retentionMs: number;
  /** The reconnection delay a stream advises its client (SSE `retry:`, milliseconds). */
  retryMs: number;
};

/** Seven days: a client offline over a weekend and a holiday still resumes without a gap. */
export const EVENT_RETENTION_DAYS = 7;

export const DEFAULT_LIVE_EVENT_SETTINGS: LiveEventSettings = {
  feed: DEFAULT_EVENT_FEED_SETTINGS,
  heartbeatMs: 15_000,
  maxStreamsPerKey: 5,
  retentionMs: EVENT_RETENTION_DAYS * 24 * 3_600_000,
  retryMs: 3_000,
};

export class LiveEvents {
  readonly feed: EventFeed;
  readonly slots: StreamSlots;
  private readonly open = new Set<() => void>();
  /** The MCP sessions whose event streams are open here (their subscriptions are renewed). */
  readonly openMcpSessions = new Set<string>();

  constructor(
    readonly db: Db,
    readonly settings: LiveEventSettings,
    log: Logger,
    redis?: { connection: RedisConnection; prefix: string },
  ) {
    this.feed = new EventFeed(db, settings.feed, log);
    this.slots = new StreamSlots(
      () => settings.maxStreamsPerKey,
      redis?.connection,
      redis?.prefix ?? "",
    );
  }

  /** Keeps `end` (which ends one stream) until the returned function forgets it. */
  track(end: () => void): () => void {
    this.open.add(end);
    return () => this.open.delete(end);
  }

  /** Streams open on this instance. */
  get openStreams(): number {
    return this.open.size;
  }

  /** Ends every open stream (their clients reconnect elsewhere with Last-Event-ID) and the feed. */
  async close(): Promise<void> {
    for (const end of [...this.open]) end();
    this.slots.stop();
    await this.feed.close();
  }
}

/**
 * What a stream with `filter` sends for one stored event: the event when the filter matches it,
 * then the threshold.crossed events its rules give for it, evaluated here (the outbox holds
 * crossings only for webhook subscriptions' rules, so a stored crossing is never sent: its twin,
 * with the same id, is derived here when the stream's own rules give it).
 */
export function streamItemsOf(event: MarketEvent, filter: EventFilter): MarketEvent[] {
  if (event.type === "threshold.crossed") return [];
  const items: MarketEvent[] = matches(filter, event) ? [event] : [];
  if (
    filter.thresholds.length > 0 &&
    (event.type === "value.settled" || event.type === "print.published")
  )
    for (const crossing of thresholdCrossingsOf(event, filter.thresholds))
      if (matches(filter, crossing)) items.push(crossing);
  return items;
}

/**
 * Where a stream stands: every item of positions before `position` was sent, and of the items
 * `position` gives (`streamItemsOf`), those up to `index`. Written as the SSE id: `12` for the
 * first item of position 12, `12-2` for its third.
 */
export type StreamCursor = { position: bigint; index: number };

export function cursorId(cursor: StreamCursor): string {
  return cursor.index === 0 ? String(cursor.position) : `${cursor.position}-${cursor.index}`;
}

/** At most 19 digits (a bigint position) and an index below 1,000 (10 rules give at most 11 items). */
const CURSOR_PATTERN = /^([1-9][0-9]{0,18})(?:-([1-9][0-9]{0,2}))?$/;

/** The largest position the outbox can hold (PostgreSQL's bigint, 2^63 - 1). */
const MAX_POSITION = 9_223_372_036_854_775_807n;

export function parseCursor(text: string): StreamCursor | undefined {
  const match = CURSOR_PATTERN.exec(text);
  if (match === null) return undefined;
  const [, digits = "", index] = match;
  const position = BigInt(digits);
  // 19 digits reach past a bigint; such an id was never sent, and the database refuses it.
  if (position > MAX_POSITION) return undefined;
  return { position, index: index === undefined ? 0 : Number(index) };
}

/** The items of `stored` after `cursor`, each with its id; the cursor the last one leaves. */
export function itemsAfter(
  stored: StoredEvent,
  filter: EventFilter,
  cursor: StreamCursor | undefined,
): { id: string; event: MarketEvent }[] {
  if (cursor !== undefined && stored.position < cursor.position) return [];
  const skipThrough =
    cursor !== undefined && stored.position === cursor.position ? cursor.index : -1;
  return streamItemsOf(stored.event, filter)
    .map((event, index) => ({ index, event }))
    .filter(({ index }) => index > skipThrough)
    .map(({ index, event }) => ({
      id: cursorId({ position: stored.position, index }),
      event,
    }));
}
