import { RateLimitedError, type AttemptLimit } from "@tpi/domain";
import type { Options, Store } from "express-rate-limit";
import { limiterStore } from "./limiters";
import type { RateLimitSettings } from "../core/deps";

/**
 * Counts attempts (sign-in, sign-up, reset requests) in the api's rate-limit store: Redis when
 * REDIS_URL is set (shared by every instance, in memory during a Redis outage), memory otherwise.
 * Keys are the visitor's address, an account's email address, or both; the counts are kept
 * under this deployment's prefix.
 */
export class AttemptLimiter {
  private readonly stores = new Map<string, Store>();

  constructor(private readonly settings: RateLimitSettings) {}

  private storeFor(limit: AttemptLimit): Store {
    let store = this.stores.get(limit.name);
    if (store === undefined) {
      store = limiterStore(this.settings, `account-${limit.name}`);
      // The stores read only the window from the limiter's options.
      void store.init?.({ windowMs: limit.windowMs } as Options);
      this.stores.set(limit.name, store);
    }
    return store;
  }

  /** Counts one attempt; over the limit it throws a 429 with the seconds until the window resets. */
  async hit(limit: AttemptLimit, key: string): Promise<void> {
    const { totalHits, resetTime } = await this.storeFor(limit).increment(key);
    if (totalHits <= limit.limit) return;
    const waitMs = (resetTime?.getTime() ?? Date.now() + limit.windowMs) - Date.now();
    throw new RateLimitedError(Math.max(1, Math.ceil(waitMs / 1000)));
  }

  /** Refuses, as `hit` over the limit, when `key` already has `limit.limit` attempts; counts none. */
  async refuseOver(limit: AttemptLimit, key: string): Promise<void> {
    const info = await this.storeFor(limit).get?.(key);
    if (info === undefined) return;
    const resetsAt = info.resetTime?.getTime() ?? Date.now() + limit.windowMs;
    if (resetsAt <= Date.now() || info.totalHits < limit.limit) return;
    throw new RateLimitedError(Math.max(1, Math.ceil((resetsAt - Date.now()) / 1000)));
  }

  /** Counts one attempt and never refuses (a count that slows down rather than refuses). */
  async add(limit: AttemptLimit, key: string): Promise<void> {
    await this.storeFor(limit).increment(key);
  }

  /** Attempts counted under `key` in its current window (0 once the window has ended). */
  async count(limit: AttemptLimit, key: string): Promise<number> {
    const info = await this.storeFor(limit).get?.(key);
    if (info === undefined) return 0;
    const live = info.resetTime === undefined || info.resetTime.getTime() > Date.now();
    return live ? info.totalHits : 0;
  }

  /** Gives one attempt back (a successful sign-in was no failure). */
  async giveBack(limit: AttemptLimit, key: string): Promise<void> {
    await this.storeFor(limit).decrement(key);
  }

  /** Forgets a key's attempts (a successful sign-in clears its account and address's failures). */
  async reset(limit: AttemptLimit, key: string): Promise<void> {
    await this.storeFor(limit).resetKey(key);
  }
}
