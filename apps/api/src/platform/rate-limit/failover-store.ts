import {
  MemoryStore,
  type ClientRateLimitInfo,
  type Options,
  type Store,
} from "express-rate-limit";
import { RedisStore } from "rate-limit-redis";
import type { RedisConnection } from "../redis/redis-connection";

/**
 * A rate-limit store that counts in Redis, shared by every api instance, while Redis answers, and
 * in this process's memory while it does not. Requests are never refused or delayed because Redis
 * is down: during an outage each instance enforces the limit on its own traffic, and shared
 * counting resumes as soon as the connection is ready again.
 */
export class FailoverStore implements Store {
  /** Counts are kept outside this process (when Redis answers), so the limiter must not assume local keys. */
  readonly localKeys = false;
  readonly prefix: string;
  private readonly shared: RedisStore;
  private readonly local = new MemoryStore();
  private options: Options | undefined;

  constructor(
    private readonly redis: RedisConnection,
    prefix: string,
  ) {
    this.prefix = prefix;
    this.shared = new RedisStore({
      prefix,
      sendCommand: (command: string, ...args: string[]) =>
        redis.sendCommand(command, ...args) as never,
    });
    // rate-limit-redis loads its Lua scripts in init(); after an outage they are loaded again
    // (a restarted Redis has forgotten them, and a failed first load would otherwise stick).
    redis.onReady(() => void this.initShared());
  }

  init(options: Options): void {
    this.options = options;
    this.local.init(options);
    if (this.redis.ready) void this.initShared();
  }

  private async initShared(): Promise<void> {
    if (this.options === undefined) return;
    try {
      await this.shared.init(this.options);
    } catch (error) {
      this.redis.markUnreachable(`loading the rate-limit script failed: ${errorText(error)}`);
    }
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    return this.either((store) => store.increment(key));
  }

  async decrement(key: string): Promise<void> {
    await this.either((store) => store.decrement(key));
  }

  async resetKey(key: string): Promise<void> {
    await this.local.resetKey(key);
    await this.either((store) => store.resetKey(key));
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.either((store) => store.get(key));
  }

  shutdown(): void {
    this.local.shutdown();
  }

  private async either<T>(run: (store: RedisStore | MemoryStore) => Promise<T>): Promise<T> {
    if (this.redis.ready) {
      try {
        const result = await run(this.shared);
        this.redis.reportSuccess();
        return result;
      } catch (error) {
        this.redis.markUnreachable(errorText(error));
      }
    }
    return run(this.local);
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
