import pg from "pg";
import {
  lastEventPosition,
  readEventsAfter,
  type Db,
  type StoredEvent,
  WEBHOOK_EVENTS_CHANNEL,
} from "@tpi/db";
import type { Logger } from "../observability/logger";

/**
 * This instance's tail of the event outbox: every live stream and MCP subscription of the
 * process listens here, and the feed reads the outbox once per wake-up for all of them (never a
 * query per stream). It wakes on PostgreSQL's notification of an append (LISTEN on the channel
 * `appendEvents` notifies) and on a timer besides, so a lost notification or a dropped listening
 * connection only delays an event by one poll. Every instance learns from PostgreSQL, so an
 * event appended through any instance reaches the streams of all.
 *
 * The feed runs only while something listens: the first listener starts it at the outbox's last
 * position, the last one to leave stops it.
 */

export type EventFeedSettings = {
  /** Where to LISTEN (a connection of its own); without it the feed polls only. */
  listenUrl?: string;
  /** Milliseconds between polls, whatever the notifications. */
  pollMs: number;
  /** Events read per query; a wake-up reads pages until one comes back short. */
  batchSize: number;
};

export const DEFAULT_EVENT_FEED_SETTINGS: Omit<EventFeedSettings, "listenUrl"> = {
  pollMs: 2_000,
  batchSize: 500,
};

/** After the listening connection fails, it is opened again this long later (milliseconds). */
const RELISTEN_DELAY_MS = 1_000;

/** Told each batch read, in position order, every position after the one it started after. */
export type FeedListener = (events: readonly StoredEvent[]) => void;

/**
 * Told once, when its listener threw: the listener hears nothing more (it is detached), and what
 * it served ends (its client reconnects and resumes). The other listeners are not concerned.
 */
export type FeedFailure = (error: unknown) => void;

export type FeedSubscription = {
  /** The listener hears every event after this position (the outbox's end when it attached). */
  after: bigint;
  unsubscribe: () => void;
};

export class EventFeed {
  /** Each listener with what ends it when it throws. */
  private readonly listeners = new Map<FeedListener, FeedFailure>();
  /** The last position read; undefined while stopped. */
  private cursor: bigint | undefined;
  private starting: Promise<bigint> | undefined;
  private pumping: Promise<void> | undefined;
  private wokenWhilePumping = false;
  private timer: NodeJS.Timeout | undefined;
  private listening: pg.Client | undefined;
  private relistenTimer: NodeJS.Timeout | undefined;
  private failureLogged = false;
  private closed = false;
  /** Wake-ups that read the outbox (tests and the benchmark count them). */
  reads = 0;

  constructor(
    private readonly db: Db,
    private readonly settings: EventFeedSettings,
    private readonly log: Logger,
  ) {}

  /**
   * Attaches `listener`. Resolves once the feed knows where it stands: the listener hears every
   * event after the returned position, in order, each once.
   */
  async subscribe(listener: FeedListener, onFailure: FeedFailure): Promise<FeedSubscription> {
    if (this.closed) throw new Error("the event feed is closed");
    this.listeners.set(listener, onFailure);
    let after: bigint;
    try {
      after = this.cursor ?? (await this.start());
    } catch (error) {
      this.listeners.delete(listener);
      throw error;
    }
    return {
      after,
      unsubscribe: () => this.detach(listener),
    };
  }

  /** Reads the outbox now (a notification, a poll, or a caller that knows of an append). */
  wake(): void {
    if (this.cursor === undefined) return;
    if (this.pumping !== undefined) {
      this.wokenWhilePumping = true;
      return;
    }
    this.pumping = this.pump().finally(() => {
      this.pumping = undefined;
      if (this.wokenWhilePumping) {
        this.wokenWhilePumping = false;
        this.wake();
      }
    });
  }

  /** Stops reading for good; listeners hear nothing more. */
  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.stop();
    await this.pumping;
  }

  private start(): Promise<bigint> {
    this.starting ??= lastEventPosition(this.db).then(
      (position) => {
        this.starting = undefined;
        // Every listener left (or the feed closed) while the position was read.
        if (this.listeners.size === 0) return position;
        this.cursor = position;
        this.timer = setInterval(() => this.wake(), this.settings.pollMs);
        this.timer.unref();
        this.listen();
        return position;
      },
      (error: unknown) => {
        this.starting = undefined;
        throw error;
      },
    );
    return this.starting;
  }

  private stop(): void {
    this.cursor = undefined;
    clearInterval(this.timer);
    this.timer = undefined;
    clearTimeout(this.relistenTimer);
    this.relistenTimer = undefined;
    const client = this.listening;
    this.listening = undefined;
    if (client !== undefined) void client.end().catch(() => undefined);
  }

  private async pump(): Promise<void> {
    try {
      for (;;) {
        const after = this.cursor;
        if (after === undefined) return;
        this.reads += 1;
        const events = await readEventsAfter(this.db, after, this.settings.batchSize);
        // Stopped (or restarted elsewhere) while reading: what was read belongs to no one.
        if (this.cursor !== after) return;
        this.reportRecovered();
        const last = events.at(-1);
        if (last === undefined) return;
        this.cursor = last.position;
        for (const [listener, onFailure] of [...this.listeners])
          this.tell(listener, onFailure, events);
        if (events.length < this.settings.batchSize) return;
      }
    } catch (error) {
      this.reportFailure(`could not read the event outbox; retrying at the next poll`, error);
    }
  }

  /** One listener's batch: its failure is its own, the next listener hears the batch all the same. */
  private tell(
    listener: FeedListener,
    onFailure: FeedFailure,
    events: readonly StoredEvent[],
  ): void {
    try {
      listener(events);
    } catch (error) {
      this.log.error("event feed: a listener failed on a batch; its stream is ended", {
        error: String(error),
        positions: `${events[0]?.position}..${events.at(-1)?.position}`,
      });
      this.detach(listener);
      try {
        onFailure(error);
      } catch (failure) {
        this.log.error("event feed: ending a failed listener's stream failed", {
          error: String(failure),
        });
      }
    }
  }

  private detach(listener: FeedListener): void {
    if (!this.listeners.delete(listener)) return;
    if (this.listeners.size === 0) this.stop();
  }

  /** LISTEN on a connection of its own; a failed connection is opened again, then the outbox read. */
  private listen(): void {
    const url = this.settings.listenUrl;
    if (url === undefined || this.cursor === undefined) return;
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    this.listening = client;
    const retry = (error: unknown) => {
      if (this.listening !== client) return;
      this.listening = undefined;
      void client.end().catch(() => undefined);
      this.reportFailure("lost the event notifications' connection; polling meanwhile", error);
      this.relistenTimer = setTimeout(() => this.listen(), RELISTEN_DELAY_MS);
      this.relistenTimer.unref();
    };
    client.on("notification", () => this.wake());
    client.on("error", retry);
    client.on("end", () => retry(new Error("connection ended")));
    client
      .connect()
      .then(() => client.query(`listen ${WEBHOOK_EVENTS_CHANNEL}`))
      // A notification sent before LISTEN took effect is not heard: read what it announced.
      .then(() => this.wake(), retry);
  }

  private reportFailure(message: string, error: unknown): void {
    if (this.failureLogged) return;
    this.failureLogged = true;
    this.log.warn(`event feed: ${message}`, { error: String(error) });
  }

  private reportRecovered(): void {
    if (!this.failureLogged) return;
    this.failureLogged = false;
    this.log.info("event feed: reading the event outbox again");
  }
}
