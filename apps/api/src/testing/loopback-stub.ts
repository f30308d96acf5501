import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The machinery of a loopback stand-in for an outside HTTP service: tests script replies per
 * path (a queue, used before the documented answer), hold an answer until they release it,
 * delay it, cut its body mid-stream, and read every request with its arrival time and body.
 * Each stub brings its documented answers.
 */

export type StubReply = {
  status?: number;
  body?: string;
  /** Replace the default `content-type: application/json` by naming another. */
  headers?: Record<string, string>;
  delayMs?: number;
  /** The documented answer (status, body and headers are ignored), after `delayMs` and `until`. */
  documented?: boolean;
  /** The reply is sent once this settles (and `delayMs` after), if the client still waits. */
  until?: Promise<void>;
  /**
   * Sends the status, the headers (with the full Content-Length) and the first half of the
   * body, then drops the connection: a body cut mid-stream.
   */
  cutMidBody?: boolean;
};

export type StubRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  /** performance.now() when the request arrived, milliseconds. */
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
};

export type LoopbackStub = {
  url: string;
  requests: StubRequest[];
  /** Scripted replies per path, used before the documented answer. */
  queue: Record<string, StubReply[]>;
  close(): Promise<void>;
};

export async function startLoopbackStub(
  documented: (request: StubRequest, stubUrl: string) => StubReply,
  /** Told of every request as it arrives, scripted or not (a rate limit counts them all). */
  observe: (request: StubRequest) => void = () => undefined,
): Promise<LoopbackStub> {
  const stub: LoopbackStub = {
    url: "",
    requests: [],
    queue: {},
    close: () => Promise.resolve(),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stub");
      const request: StubRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        at: performance.now(),
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      stub.requests.push(request);
      observe(request);
      const scripted = stub.queue[url.pathname]?.shift();
      const reply: StubReply =
        scripted === undefined || scripted.documented
          ? { ...documented(request, stub.url), delayMs: scripted?.delayMs }
          : scripted;
      const send = () =>
        setTimeout(() => {
          if (res.destroyed) return;
          const body = Buffer.from(reply.body ?? "", "utf8");
          const headers = {
            "content-type": "application/json",
            ...reply.headers,
            "content-length": String(body.length),
          };
          res.writeHead(reply.status ?? 200, headers);
          if (!reply.cutMidBody) return void res.end(body);
          res.write(body.subarray(0, Math.floor(body.length / 2)), () => res.destroy());
        }, reply.delayMs ?? 0);
      if (scripted?.until === undefined) send();
      else void scripted.until.then(send, send);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return stub;
}

/** A promise the test settles when it wants a held reply to go out. */
export function releaseLater(): { until: Promise<void>; release: () => void } {
  let release = () => undefined as void;
  const until = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { until, release };
}
