import type { Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";

/** A server's connection, with the response Node is writing on it (`null` between requests). */
type HttpSocket = Socket & { _httpMessage?: ServerResponse | null };

export type DrainOptions = {
  /** Milliseconds in-flight requests get to finish; whatever is still open then is closed. */
  graceMs: number;
  /**
   * Milliseconds a connection may stay open without a request once the drain began: then it is
   * closed. A request arriving on it meanwhile is answered, with `Connection: close`.
   */
  idleCloseMs: number;
};

/**
 * Stops an HTTP server without resetting a request. Follows the server's connections from its
 * start; `drain` then:
 *
 * - stops listening (new connections are refused);
 * - answers every request still to be answered, and every request that arrives later on an
 *   existing connection, normally, with `Connection: close`: the client learns that the
 *   connection ends, and it ends once the answer is written;
 * - closes a connection only after it stayed `idleCloseMs` without a request (HTTP/1.1 has no
 *   way to tell an idle client that its connection is closing; closing it at once would reset a
 *   request already on its way, which a proxy may replay only when it is a GET). Node's own
 *   `server.close()` closes idle connections at once, so it is not used as it is;
 * - after `graceMs`, closes every connection left and resolves with the number of requests that
 *   were still being answered (0 when everything finished in time).
 */
export function drainableServer(server: Server): {
  drain(options: DrainOptions): Promise<number>;
} {
  const sockets = new Set<HttpSocket>();
  server.on("connection", (socket: HttpSocket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  return {
    async drain({ graceMs, idleCloseMs }) {
      // A socket timeout of 0 is none: "at once" is the shortest there is.
      const idleMs = Math.max(1, idleCloseMs);
      const closed = stopListening(server);
      server.prependListener("request", (req, res: ServerResponse) => {
        res.setHeader("Connection", "close");
        // The request stops the idle countdown below (Node's own keep-alive timer it stops itself).
        req.socket.setTimeout(0);
      });
      // A connection whose answer had begun before the drain (its headers could not say
      // `close`) is kept alive by Node after it: it closes after this long without a request.
      server.keepAliveTimeout = idleMs;
      for (const socket of sockets) {
        const answering = socket._httpMessage;
        // Idle, or a request's head still arriving: a socket timeout counts from the last byte
        // read, and Node closes a socket that times out between requests.
        if (answering === null || answering === undefined) socket.setTimeout(idleMs);
        else if (!answering.headersSent) answering.setHeader("Connection", "close");
      }
      if (await withinGrace(closed, graceMs)) return 0;
      const left = [...sockets].filter((socket) => {
        const answering = socket._httpMessage;
        return answering !== null && answering !== undefined && !answering.writableFinished;
      }).length;
      server.closeAllConnections();
      await closed;
      return left;
    },
  };
}

/**
 * `server.close()` without its first step, which since Node 19 destroys every idle connection
 * at once: the listening socket closes (new connections are refused) and the promise resolves
 * once the last connection has closed.
 */
function stopListening(server: Server): Promise<void> {
  const closeIdleConnections = Object.getOwnPropertyDescriptor(server, "closeIdleConnections");
  server.closeIdleConnections = () => undefined;
  try {
    return new Promise<void>((resolve) => server.close(() => resolve()));
  } finally {
    if (closeIdleConnections === undefined) Reflect.deleteProperty(server, "closeIdleConnections");
    else Object.defineProperty(server, "closeIdleConnections", closeIdleConnections);
  }
}

/** True when `work` settles within `ms`; false (and `work` left running) otherwise. */
export async function withinGrace(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
