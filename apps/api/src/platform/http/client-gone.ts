import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Whether the client has left, for a handler that awaits (a lookup, a lease) before it takes
 * something that only the response's "close" gives back: a client that leaves during those
 * awaits fires "close" before the handler listens, so the handler asks this once it holds the
 * thing and gives it back at once. Call it before the first await; it also sees a connection
 * closed earlier still (while the middleware before the handler awaited).
 */
export function watchClientGone(req: IncomingMessage, res: ServerResponse): () => boolean {
  let closed = false;
  res.once("close", () => {
    closed = true;
  });
  return () => closed || res.destroyed || req.socket.destroyed;
}
