import { randomBytes } from "node:crypto";
import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";

/** The Redis the shared-limit tests use: REDIS_URL, else the machine's server (CI has one). */
export const TEST_REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/** Undefined when Redis answers PING within a second, otherwise why not. */
export async function redisUnavailableReason(url = TEST_REDIS_URL): Promise<string | undefined> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return `no Redis answers at ${url} (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    client.disconnect();
  }
}

/** A key prefix no other test run uses, so parallel runs sharing one Redis do not collide. */
export function uniqueRedisPrefix(label: string): string {
  return `tpi-test:${label}:${randomBytes(6).toString("hex")}:`;
}

/** Deletes every key under `prefix`. */
export async function deleteRedisKeys(client: Redis, prefix: string): Promise<void> {
  let cursor = "0";
  do {
    const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 100);
    if (keys.length > 0) await client.del(...keys);
    cursor = next;
  } while (cursor !== "0");
}

/**
 * A TCP proxy in front of the test Redis that the test can cut and restore, to simulate an
 * outage without stopping the machine's Redis server.
 */
export class RedisOutageProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private readonly pairs = new Set<{ client: Socket; upstream: Socket }>();
  private stalled = false;
  port = 0;

  constructor(private readonly target = new URL(TEST_REDIS_URL)) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts forwarding (on the same port as before, after a cut). */
  async open(port = this.port): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(Number(this.target.port || 6379), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      const pair = { client, upstream };
      this.pairs.add(pair);
      client.on("close", () => this.pairs.delete(pair));
      upstream.pipe(client);
      if (this.stalled) client.pause();
      else client.pipe(upstream);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  /**
   * Stops forwarding commands to Redis without closing anything: Redis looks hung (as in a
   * network partition). Commands wait in the proxy and reach Redis, in order, after `resume`.
   */
  stall(): void {
    this.stalled = true;
    for (const { client, upstream } of this.pairs) {
      client.unpipe(upstream);
      client.pause();
    }
  }

  resume(): void {
    this.stalled = false;
    for (const { client, upstream } of this.pairs) client.pipe(upstream);
  }

  /** Refuses new connections and drops the open ones: Redis is "down" for whoever uses the proxy. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
