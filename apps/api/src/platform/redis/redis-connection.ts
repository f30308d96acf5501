import { Redis } from "ioredis";
import { redact, type Logger } from "../observability/logger";

/** What /health reports about the shared rate-limit store ("connecting" only until the first answer or failure). */
export type RedisState = "connecting" | "connected" | "unreachable";

/** A Redis command slower than this counts as a failure: the request is limited locally instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/**
 * After a failed command on a connection that still looks open (a stalled Redis, a network
 * partition that has not closed the socket yet), requests skip Redis this long before trying it
 * again, so that a hung Redis costs one timeout per interval rather than one per request.
 */
export const REDIS_RETRY_AFTER_FAILURE_MS = 2_000;
/** Reconnection attempts back off to at most this, so shared limiting resumes soon after Redis does. */
const MAX_RECONNECT_DELAY_MS = 1_000;

/**
 * The api's connection to the Redis that holds the shared rate-limit counters. It never blocks a
 * request on an absent Redis: commands fail at once while disconnected (no offline queue, no
 * retries) and the limiters fall back to their local counters. The client reconnects by itself.
 * An outage is logged once when it starts and once when it ends.
 */
export class RedisConnection {
  readonly client: Redis;
  private state: RedisState = "connecting";
  private outageLogged = false;
  private readonly readyListeners: (() => void)[] = [];
  private readonly where: string;
  /** Epoch ms before which requests do not try Redis (see REDIS_RETRY_AFTER_FAILURE_MS). */
  private suspendedUntil = 0;

  constructor(
    url: string,
    private readonly log: Logger,
  ) {
    this.client = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
    });
    const where = redact(url);
    this.where = where;
    this.client.on("ready", () => {
      this.suspendedUntil = 0;
      this.reportSuccess();
      for (const listener of this.readyListeners) listener();
    });
    const down = (reason: string) => this.markUnreachable(`${where}: ${reason}`);
    this.client.on("error", (error: Error) => down(error.message));
    this.client.on("close", () => down("connection closed"));
    // A refused connection reports an error at once; one that neither connects nor fails (a
    // black-holed address) counts as an outage after this long.
    setTimeout(() => {
      if (this.state !== "connected") down("not reachable at startup");
    }, 2_000).unref();
  }

  get status(): RedisState {
    return this.state;
  }

  /** True when commands can be sent now; otherwise callers use their local fallback without waiting. */
  get ready(): boolean {
    return this.client.status === "ready" && Date.now() >= this.suspendedUntil;
  }

  /** Called each time the connection becomes usable (at startup and after every outage). */
  onReady(listener: () => void): void {
    this.readyListeners.push(listener);
  }

  /** A command failed or timed out: treat Redis as unreachable until a command succeeds again. */
  markUnreachable(reason: string): void {
    this.state = "unreachable";
    this.suspendedUntil = Date.now() + REDIS_RETRY_AFTER_FAILURE_MS;
    if (this.outageLogged) return;
    this.outageLogged = true;
    this.log.warn(
      `Redis unreachable (${reason}); rate limits are enforced per instance, in memory, until it answers again`,
    );
  }

  /** A command succeeded (or the connection became ready): the outage, if any, is over. */
  reportSuccess(): void {
    if (this.state === "connected") return;
    this.state = "connected";
    if (this.outageLogged)
      this.log.info(
        `Redis at ${this.where} answers again: rate limits are shared across instances again`,
      );
    this.outageLogged = false;
  }

  /**
   * Asks Redis itself (PING, bounded by the command timeout) and returns the state that leaves,
   * so that a Redis answering again shows as connected without waiting for a rate-limited
   * request to try it. While the client is not connected, the state stands as it is.
   */
  async probe(): Promise<RedisState> {
    if (this.client.status !== "ready") return this.state;
    try {
      await this.client.ping();
      this.suspendedUntil = 0;
      this.reportSuccess();
    } catch (error) {
      this.markUnreachable(
        `PING failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return this.state;
  }

  /** Sends a raw command; used by the rate-limit store. */
  sendCommand(command: string, ...args: string[]): Promise<unknown> {
    return this.client.call(command, ...args);
  }

  async close(): Promise<void> {
    this.client.removeAllListeners();
    this.client.on("error", () => undefined);
    try {
      await this.client.quit();
    } catch {
      this.client.disconnect();
    }
  }
}
