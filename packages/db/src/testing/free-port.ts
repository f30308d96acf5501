import { createServer } from "node:net";

/**
 * A loopback port nothing listens on right now, chosen by the kernel. A port drawn at random from
 * the ephemeral range can be one an outgoing connection already holds; the kernel never hands out
 * such a port.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no TCP port was assigned");
  return address.port;
}
