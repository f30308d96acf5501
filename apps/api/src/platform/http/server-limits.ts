import {
  STATUS_CODES,
  createServer,
  maxHeaderSize,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { Duplex } from "node:stream";
import type { ErrorCode } from "@tpi/domain";
import { ERROR_LABELS } from "@tpi/domain";
import { headRefusalOf } from "./body-limit";
import { ERROR_STATUS } from "./error-status";
import type { ErrorBody } from "./errors";

/** Limits on what one client may hold of the server: time to send a request, idle time, connections. */
export type ServerLimits = {
  /** Milliseconds to send the request's headers. */
  headersTimeoutMs: number;
  /** Milliseconds to send the whole request (headers and body); at least `headersTimeoutMs`. */
  requestTimeoutMs: number;
  /** Milliseconds an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Connections open at once; more are closed on arrival. */
  maxConnections: number;
};

/**
 * How often Node checks the headers and request timeouts, in milliseconds: a slow client is cut
 * at most this long after its timeout. Node's default (30 s) would let a 10 s timeout last 40 s.
 * Fixed when the server is created, hence a constant.
 */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * The api's HTTP server: `app` behind the limits, answering parser errors with JSON. Node's own
 * answers without a body are left to the app: a request without Host (Node's bare 400; the app
 * answers the JSON 400, body-limit.ts) and an `Expect` header (see `answerExpectations`).
 */
export function createLimitedServer(app: RequestListener, limits: ServerLimits): Server {
  const server = createServer(
    { connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS, requireHostHeader: false },
    app,
  );
  applyServerLimits(server, limits);
  answerExpectations(server);
  return server;
}

/**
 * `Expect: 100-continue` (a client waiting for leave to send its body): Node would send
 * `100 Continue` at once, so the client would send a body the app then refuses. `100 Continue`
 * goes only to a request the app will not refuse from its head (a declared body over the limit,
 * no Host); the others get their refusal without it, and the body is never sent. Any other
 * expectation is ignored, as RFC 9110 allows and nginx does, rather than answered with Node's
 * bare 417.
 */
function answerExpectations(server: Server): void {
  server.on("checkContinue", (req: IncomingMessage, res: ServerResponse) => {
    if (headRefusalOf(req) === undefined) res.writeContinue();
    server.emit("request", req, res);
  });
  server.on("checkExpectation", (req: IncomingMessage, res: ServerResponse) =>
    server.emit("request", req, res),
  );
}

export function applyServerLimits(server: Server, limits: ServerLimits): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) =>
    answerClientError(error, socket, limits),
  );
}

/** What Node's HTTP parser and timeouts report, as our error codes; anything else is a 400. */
const CLIENT_ERROR_CODES: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: "headers_too_large",
  ERR_HTTP_REQUEST_TIMEOUT: "request_timeout",
  HPE_HEADERS_TIMEOUT: "request_timeout",
};

function clientErrorMessage(code: ErrorCode, limits: ServerLimits): string {
  switch (code) {
    case "headers_too_large":
      return `The request's headers are larger than ${maxHeaderSize / 1024} KB in total.`;
    case "request_timeout":
      return `The request was not received in time: headers within ${limits.headersTimeoutMs / 1000} s, the whole request within ${limits.requestTimeoutMs / 1000} s.`;
    default:
      return "The request is not valid HTTP/1.1 (request line, URL or headers).";
  }
}

/**
 * Node's own answer to a request its parser refuses (or that times out) has no body; ours is the
 * contract's JSON error, written on the raw socket (there is no request object), then the
 * connection closes. Nothing is written once a response has started on the socket.
 */
function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Duplex & { _httpMessage?: { headersSent?: boolean } },
  limits: ServerLimits,
): void {
  if (error.code === "ECONNRESET" || !socket.writable || socket._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const code = CLIENT_ERROR_CODES[error.code ?? ""] ?? "bad_request";
  const body: ErrorBody = { error: ERROR_LABELS[code], message: clientErrorMessage(code, limits) };
  const json = JSON.stringify(body);
  const status = ERROR_STATUS[code].http;
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ERROR_LABELS[code]}`,
      "Content-Type: application/json; charset=utf-8",
      `Content-Length: ${Buffer.byteLength(json)}`,
      "Cache-Control: no-store",
      "X-Content-Type-Options: nosniff",
      "Connection: close",
      "",
      json,
    ].join("\r\n"),
  );
}
