import net from "node:net";

/**
 * A loopback TCP proxy that a test can cut and restore, to make a real dependency (PostgreSQL,
 * Redis) unreachable without stopping the machine's server: `cut` drops every connection and
 * closes new ones on arrival, `refuse` drops every connection and stops listening (new ones are
 * refused: ECONNREFUSED, as when the server is down), `refuseAtCommit` does that the moment a
 * client sends a PostgreSQL COMMIT (which never arrives), `blackHole` keeps connections open but
 * carries nothing either way (a network partition: bytes wait, nothing answers), `blackHoleAt`
 * does that the moment a client sends a given statement (which the server runs, but whose answer
 * never comes back), `restore` heals each.
 */
export type TcpProxy = {
  port: number;
  cut(): void;
  refuse(): void;
  refuseAtCommit(): void;
  blackHole(): void;
  /** Black-holes when a client sends `text`; settles once it has. */
  blackHoleAt(text: string): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
};

type Pair = { client: net.Socket; upstream: net.Socket | undefined };

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: "open" | "cut" | "blackHole" | "refuse" = "open";
  let refuseAtCommit = false;
  let blackHoleAt: { text: string; reached: () => void } | undefined;
  const pairs = new Set<Pair>();

  const connectUpstream = (pair: Pair) => {
    const upstream = net.connect(targetPort, targetHost);
    pair.upstream = upstream;
    upstream.on("error", () => drop(pair)).on("close", () => drop(pair));
    // Before the pipe's own listener, so that the COMMIT is never passed on.
    pair.client.prependListener("data", (chunk: Buffer) => {
      if (refuseAtCommit && chunk.includes("COMMIT")) {
        refuseAtCommit = false;
        refuse();
      }
      if (blackHoleAt !== undefined && chunk.includes(blackHoleAt.text)) {
        const { reached } = blackHoleAt;
        blackHoleAt = undefined;
        blackHole();
        reached();
      }
    });
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
  const refuse = () => {
    mode = "refuse";
    for (const pair of pairs) drop(pair);
    if (server.listening) server.close();
  };
  const blackHole = () => {
    mode = "blackHole";
    for (const { client, upstream } of pairs) {
      client.unpipe();
      upstream?.unpipe();
      client.pause();
      upstream?.pause();
    }
  };
  return {
    port,
    cut() {
      mode = "cut";
      for (const pair of pairs) drop(pair);
    },
    refuse,
    refuseAtCommit() {
      refuseAtCommit = true;
    },
    blackHole,
    blackHoleAt: (text) =>
      new Promise<void>((resolve) => {
        blackHoleAt = { text, reached: resolve };
      }),
    async restore() {
      const was = mode;
      mode = "open";
      refuseAtCommit = false;
      blackHoleAt = undefined;
      if (was === "refuse" && !server.listening)
        await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
      if (was !== "blackHole") return;
      for (const pair of pairs) {
        if (pair.upstream === undefined) connectUpstream(pair);
        else pair.client.pipe(pair.upstream).pipe(pair.client);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        mode = "cut";
        for (const pair of pairs) drop(pair);
        if (server.listening) server.close(() => resolve());
        else resolve();
      }),
  };
}

/** A new proxy in front of the server a PostgreSQL URL names, and that URL through the proxy. */
export async function proxiedDatabaseUrl(url: string): Promise<{ proxy: TcpProxy; url: string }> {
  const target = new URL(url);
  const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  target.port = String(proxy.port);
  return { proxy, url: target.toString() };
}
