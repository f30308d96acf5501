import { once } from "node:events";
import http, { type RequestListener } from "node:http";
import net, { type AddressInfo, type Socket } from "node:net";
import type { StreamSlots } from "../platform/events/stream-slots";

/**
 * A server of `listener` whose clients can leave while a stream's handler awaits its place:
 * `slots.acquire` is held until the leaving client's connection has closed on the server's side,
 * so the handler gets its place after the close every time, without a timer.
 */
export type LeavingClientServer = {
  url: string;
  /** Sends `GET path` and leaves once the handler asks for a place; resolves when it got its answer. */
  sendThenLeave(path: string, headers: Record<string, string>): Promise<void>;
  close(): Promise<void>;
};

export async function serveLeavingClients(
  listener: RequestListener,
  slots: StreamSlots,
): Promise<LeavingClientServer> {
  const server = http.createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const acquire = slots.acquire.bind(slots);
  let leave: (() => Promise<void>) | undefined;
  let answered: (() => void) | undefined;
  slots.acquire = async (keyId) => {
    const leaving = leave;
    const done = answered;
    leave = undefined;
    answered = undefined;
    await leaving?.();
    const slot = await acquire(keyId);
    done?.();
    return slot;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    async sendThenLeave(path, headers) {
      const connected = once(server, "connection") as Promise<[Socket]>;
      const client = net.connect(port, "127.0.0.1");
      const [socket] = await connected;
      const granted = new Promise<void>((resolve) => (answered = resolve));
      leave = async () => {
        client.destroy();
        if (!socket.closed) await once(socket, "close");
      };
      const lines = Object.entries({ host: `127.0.0.1:${port}`, ...headers }).map(
        ([name, value]) => `${name}: ${value}\r\n`,
      );
      client.write(`GET ${path} HTTP/1.1\r\n${lines.join("")}\r\n`);
      await granted;
    },
    async close() {
      slots.acquire = acquire;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
