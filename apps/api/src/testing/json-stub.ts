import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A loopback HTTP server for connector tests: each request is recorded and answered by the test's
 * `answer` function (status, headers, a JSON body or raw text), so a test states exactly what the
 * outside source says in its documented shape.
 */
export type StubAnswer = {
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON; `text` wins when both are given. */
  body?: unknown;
  text?: string;
};

export type StubRequest = {
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** performance.now() at arrival. */
  atMs: number;
};

export type JsonStub = {
  url: string;
  requests: StubRequest[];
  answer: (request: StubRequest) => StubAnswer;
  close(): Promise<void>;
};

export async function startJsonStub(
  answer: (request: StubRequest) => StubAnswer,
): Promise<JsonStub> {
  const stub: Omit<JsonStub, "url" | "close"> = { requests: [], answer };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://stub");
    const request: StubRequest = {
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      atMs: performance.now(),
    };
    stub.requests.push(request);
    const reply = stub.answer(request);
    res.writeHead(reply.status ?? 200, {
      "content-type": "application/json; charset=utf-8",
      ...reply.headers,
    });
    res.end(reply.text ?? (reply.body === undefined ? "" : JSON.stringify(reply.body)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
