import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

/** One delivery as the receiver saw it. */
export type ReceivedWebhook = {
  path: string;
  /** The `webhook-id` header: the event's id, the same on every attempt. */
  id: string;
  /** The Standard Webhooks library verified it with the subscription's secret. */
  verified: boolean;
  /** Answered 204; false for a held delivery (never answered) or one that failed verification. */
  accepted: boolean;
  /** Date.now() at its arrival. */
  atMs: number;
};

/**
 * A subscriber's endpoint on loopback, one path per subscription: each delivery is verified with
 * the official Standard Webhooks library and answered 204 at once, unless the test holds it (no
 * answer: the delivering instance waits). Tests wait on its arrivals, never on a timer.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly secrets = new Map<string, string>();
  private readonly holds = new Map<string, (delivery: ReceivedWebhook) => void>();
  private readonly held: ServerResponse[] = [];
  private readonly watchers = new Set<() => void>();
  private readonly server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = new URL(request.url ?? "/", "http://receiver").pathname;
      const header = (name: string): string => {
        const value = request.headers[name];
        return typeof value === "string" ? value : "";
      };
      const delivery: ReceivedWebhook = {
        path,
        id: header("webhook-id"),
        verified: this.verifies(path, Buffer.concat(chunks).toString("utf8"), {
          "webhook-id": header("webhook-id"),
          "webhook-timestamp": header("webhook-timestamp"),
          "webhook-signature": header("webhook-signature"),
        }),
        accepted: false,
        atMs: Date.now(),
      };
      this.received.push(delivery);
      const hold = this.holds.get(path);
      if (hold !== undefined) {
        this.holds.delete(path);
        this.held.push(response);
        hold(delivery);
      } else {
        delivery.accepted = delivery.verified;
        response.writeHead(delivery.verified ? 204 : 400).end();
      }
      for (const watcher of this.watchers) watcher();
    });
  });
  url = "";

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Deliveries to `path` are verified with this secret (the one its subscription was created with). */
  verifyWith(path: string, secret: string): void {
    this.secrets.set(path, secret);
  }

  /** The next delivery to `path` is held without an answer; resolves with it when it arrives. */
  holdNext(path: string): Promise<ReceivedWebhook> {
    return new Promise((resolve) => this.holds.set(path, resolve));
  }

  /** The ids `path` answered 204 to, each once, in the order of their first acceptance. */
  acceptedIds(path: string): string[] {
    const ids = this.received
      .filter((delivery) => delivery.path === path && delivery.accepted)
      .map((delivery) => delivery.id);
    return [...new Set(ids)];
  }

  /** Resolves once `done()` holds, asked at each arrival; fails after `timeoutMs` saying `what`. */
  until(done: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
    return new Promise((resolve, reject) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.watchers.delete(check);
      };
      const check = (): void => {
        if (!done()) return;
        finish();
        resolve();
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`the webhook receiver waited ${timeoutMs} ms: ${what()}`));
      }, timeoutMs);
      this.watchers.add(check);
      check();
    });
  }

  async close(): Promise<void> {
    for (const response of this.held) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private verifies(path: string, body: string, headers: Record<string, string>): boolean {
    const secret = this.secrets.get(path);
    if (secret === undefined) return false;
    try {
      new Webhook(secret).verify(body, headers);
      return true;
    } catch {
      return false;
    }
  }
}
