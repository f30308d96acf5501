import { randomUUID } from "node:crypto";
import type { RedisConnection } from "../redis/redis-connection";

/**
 * The open live streams of each API key, counted against one limit. With Redis (REDIS_URL) the
 * count is shared by every instance: one sorted set per key, a member per open stream, scored
 * with the time its lease ends. Each instance renews the leases of its own streams, so the
 * streams of an instance that died without closing them stop counting once their leases end.
 * While Redis does not answer (or without it) each instance counts its own streams in memory,
 * as the rate limiters do: a Redis outage never refuses a stream.
 */

/** How long a stream's place counts without being renewed (milliseconds). */
export const STREAM_LEASE_MS = 60_000;

/** A stream's place in its key's count. */
export type StreamSlot = { id: string; release: () => void };

/**
 * Atomically: forget ended leases, refuse when `limit` streams are open, else count this one.
 * KEYS[1] the key's set; ARGV: now (ms), lease end (ms), limit, member, set's expiry (ms).
 */
const ACQUIRE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

export class StreamSlots {
  /** This instance's open streams, by key: the count itself without Redis, the leases to renew with it. */
  private readonly local = new Map<string, Set<string>>();
  private readonly renewal: NodeJS.Timeout;

  constructor(
    private readonly limit: () => number,
    private readonly redis: RedisConnection | undefined,
    private readonly prefix: string,
  ) {
    // Renewed well within the lease, so a slow round does not lose a place.
    this.renewal = setInterval(() => void this.renew(), STREAM_LEASE_MS / 3);
    this.renewal.unref();
  }

  /** A place for one more stream of `keyId`; null when the key already has `limit` open. */
  async acquire(keyId: string): Promise<StreamSlot | null> {
    const id = randomUUID();
    const mine = this.local.get(keyId) ?? new Set<string>();
    const shared = await this.acquireShared(keyId, id);
    if (shared === false) return null;
    if (shared === undefined && mine.size >= this.limit()) return null;
    mine.add(id);
    this.local.set(keyId, mine);
    return {
      id,
      release: () => {
        mine.delete(id);
        if (mine.size === 0) this.local.delete(keyId);
        if (this.redis?.ready === true)
          void this.redis
            .sendCommand("ZREM", this.setOf(keyId), id)
            .catch((error: unknown) => this.redis?.markUnreachable(String(error)));
      },
    };
  }

  stop(): void {
    clearInterval(this.renewal);
  }

  /** True or false as Redis decides; undefined when Redis is not there to ask. */
  private async acquireShared(keyId: string, id: string): Promise<boolean | undefined> {
    if (this.redis?.ready !== true) return undefined;
    const now = Date.now();
    try {
      const admitted = await this.redis.sendCommand(
        "EVAL",
        ACQUIRE_SCRIPT,
        "1",
        this.setOf(keyId),
        String(now),
        String(now + STREAM_LEASE_MS),
        String(this.limit()),
        id,
        String(STREAM_LEASE_MS * 2),
      );
      this.redis.reportSuccess();
      return admitted === 1;
    } catch (error) {
      this.redis.markUnreachable(`stream slots: ${String(error)}`);
      return undefined;
    }
  }

  private async renew(): Promise<void> {
    if (this.redis?.ready !== true) return;
    const until = String(Date.now() + STREAM_LEASE_MS);
    try {
      for (const [keyId, ids] of this.local) {
        const members = [...ids].flatMap((id) => [until, id]);
        // A place Redis forgot (a restart, an outage longer than the lease) is counted again.
        if (members.length > 0) await this.redis.sendCommand("ZADD", this.setOf(keyId), ...members);
        await this.redis.sendCommand("PEXPIRE", this.setOf(keyId), String(STREAM_LEASE_MS * 2));
      }
    } catch (error) {
      this.redis.markUnreachable(`stream slots: ${String(error)}`);
    }
  }

  private setOf(keyId: string): string {
    return `${this.prefix}streams:${keyId}`;
  }
}
