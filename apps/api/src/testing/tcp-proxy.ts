import net from "node:net";

/**
 * A loopback TCP proxy that a test can cut and restore, to make a real dependency (PostgreSQL,
 * Redis) unreachable without stopping the machine's server: `cut` refuses (connections are
 * closed at once), `blackHole` keeps connections open but carries nothing either way (a network
 * partition: bytes wait, nothing answers), `restore` heals both.
 */
export type TcpProxy = {
  port: number;
  cut(): void;
  blackHole(): void;
  restore(): void;
  close(): Promise<void>;
};

type Pair = { client: net.Socket; upstream: net.Socket | undefined };

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: "open" | "cut" | "blackHole" = "open";
  const pairs = new Set<Pair>();

  const connectUpstream = (pair: Pair) => {
    const upstream = net.connect(targetPort, targetHost);
    pair.upstream = upstream;
    upstream.on("error", () => drop(pair)).on("close", () => drop(pair));
    pair.client.pipe(upstream).pipe(pair.client);
  };
  const drop = (pair: Pair) => {
    pair.client.destroy();
    pair.upstream?.destroy();
    pairs.delete(pair);
  };
  const server = net.createServer((client) => {
    if (mode === "cut") {
      client.destroy();
      return;
    }
    const pair: Pair = { client, upstream: undefined };
    pairs.add(pair);
    client.on("error", () => drop(pair)).on("close", () => drop(pair));
    if (mode === "blackHole") client.pause();
    else connectUpstream(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    cut() {
      mode = "cut";
      for (const pair of pairs) drop(pair);
    },
    blackHole() {
      mode = "blackHole";
      for (const { client, upstream } of pairs) {
        client.unpipe();
        upstream?.unpipe();
        client.pause();
        upstream?.pause();
      }
    },
    restore() {
      const wasBlackHole = mode === "blackHole";
      mode = "open";
      if (!wasBlackHole) return;
      for (const pair of pairs) {
        if (pair.upstream === undefined) connectUpstream(pair);
        else pair.client.pipe(pair.upstream).pipe(pair.client);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        mode = "cut";
        for (const pair of pairs) drop(pair);
        server.close(() => resolve());
      }),
  };
}
