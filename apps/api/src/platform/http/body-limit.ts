import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import express, { type Request, type RequestHandler, type Response } from "express";
import { PAYLOAD_TOO_LARGE_MESSAGE, errorOf, sendError } from "./errors";
import { JSON_BODY_LIMIT_BYTES } from "./limits";

/**
 * Request bodies at the edge. No route takes a body over JSON_BODY_LIMIT_BYTES, so a body is never
 * read past it: a declared `Content-Length` over it is refused from the request's head (no
 * `100 Continue` is sent for it), a body without a declared length (chunked) is cut when it
 * passes the limit, and a body no handler reads is not read after the answer. Each such refusal
 * closes its connection, which the client learns from `Connection: close`.
 */

/** What is refused from a request's head alone, before any of its body is read. */
export type HeadRefusal = "host_missing" | "body_too_large";

export function headRefusalOf(req: IncomingMessage): HeadRefusal | undefined {
  // HTTP/1.1 requires Host (RFC 9112, section 3.2); Node's own check answers a bare 400, so the
  // server is created without it (server-limits.ts) and the check is here.
  if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1)
    return "host_missing";
  const length = req.headers["content-length"];
  if (length !== undefined && Number(length) > JSON_BODY_LIMIT_BYTES) return "body_too_large";
  return undefined;
}

const HOST_MISSING_MESSAGE = "The request has no Host header, which HTTP/1.1 requires.";

/** A refusal's answer on one path (the MCP endpoint answers in JSON-RPC). */
export type RefusalAnswer = (req: Request, res: Response) => void;

/**
 * Refuses what the request's head already shows, before any middleware reads its body: no Host
 * (400), a declared body over the limit (413, in `tooLargeByPath`'s form on its paths); and
 * makes sure that a body of undeclared length that no one reads is not read after the answer.
 * Placed right after the middleware that sets every answer's headers (request id, security
 * headers, CORS); the fast lane never serves such requests.
 */
export function refuseFromHead(
  tooLargeByPath: Readonly<Record<string, RefusalAnswer>> = {},
): RequestHandler {
  return (req, res, next) => {
    const refusal = headRefusalOf(req);
    if (refusal === "host_missing") {
      closeAfterAnswer(res);
      sendError(res, errorOf("bad_request", HOST_MISSING_MESSAGE));
      return;
    }
    if (refusal === "body_too_large") {
      closeAfterAnswer(res);
      // Matched as Express routes match: whatever the case, with or without a trailing slash.
      const answer = tooLargeByPath[req.path.toLowerCase().replace(/(.)\/$/, "$1")];
      if (answer === undefined) sendError(res, payloadTooLarge());
      else answer(req, res);
      return;
    }
    if (req.headers["transfer-encoding"] !== undefined) closeIfBodyUnread(req, res);
    next();
  };
}

function payloadTooLarge() {
  return errorOf("payload_too_large", PAYLOAD_TOO_LARGE_MESSAGE);
}

/**
 * `express.json` (same options), cut at the limit. body-parser stops keeping a body at the limit
 * but then reads the rest before it answers (a body streamed without end is read until the
 * request timeout); here the bytes are counted as they arrive, and at the limit the 413 goes out
 * at once (through the error handlers that follow, as body-parser's own would) and the
 * connection is closed.
 */
export function jsonBody(options: { strict?: boolean } = {}): RequestHandler {
  const parse = express.json({ ...options, limit: JSON_BODY_LIMIT_BYTES });
  return (req, res, next) => {
    let done = false;
    const once = (error?: unknown) => {
      if (done) return;
      done = true;
      next(error);
    };
    parse(req, res, once);
    // body-parser reads the body (a `data` listener, set before it returns) or has already answered.
    if (done || req.listenerCount("data") === 0) return;
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= JSON_BODY_LIMIT_BYTES) return;
      req.off("data", count);
      closeAfterAnswer(res);
      once(Object.assign(new Error("request entity too large"), TOO_LARGE_FIELDS));
    };
    req.on("data", count);
  };
}

/** body-parser's own 413 fields, which the error handlers read. */
const TOO_LARGE_FIELDS = {
  status: 413,
  statusCode: 413,
  expose: true,
  type: "entity.too.large",
  limit: JSON_BODY_LIMIT_BYTES,
};

/**
 * How long a closing connection whose client may still be sending is kept half-open after the
 * answer (milliseconds): its bytes are read and dropped until the client closes its side or this
 * time passes. Closing at once would make the kernel reset the connection over the unread bytes,
 * and a client that reads only once it has sent its body would lose the answer (RFC 9112,
 * section 9.6). nginx's `lingering_timeout` is the same.
 */
export const LINGERING_CLOSE_MS = 5_000;

type LingeringSocket = Socket & { lingering?: true };

/**
 * Answers with `Connection: close`, then closes the connection lingering (see LINGERING_CLOSE_MS)
 * rather than at once. Node closes a `Connection: close` connection with `destroySoon` once the
 * answer is written; this socket's does the lingering close instead.
 */
export function closeAfterAnswer(res: ServerResponse): void {
  res.setHeader("Connection", "close");
  const socket: LingeringSocket | null = res.socket;
  if (socket === null) return;
  socket.destroySoon = () => lingeringClose(socket);
}

/**
 * A body of undeclared length that no handler read: Node would read (and drop) it to its end to
 * keep the connection for a next request, however long the client streams. The connection is
 * closed after the answer instead.
 */
function closeIfBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  const socket: LingeringSocket = req.socket;
  socket.destroySoon = () => lingeringClose(socket);
  res.once("finish", () => {
    if (!req.complete) lingeringClose(socket);
  });
}

function lingeringClose(socket: LingeringSocket): void {
  if (socket.lingering === true || socket.destroyed) return;
  socket.lingering = true;
  // The answer is flushed, then FIN; what the client still sends is read (Node's HTTP parser
  // keeps reading the socket and drops the rest of the body) until it closes its side: Node's
  // server destroys the socket then.
  socket.end();
  const timer = setTimeout(() => socket.destroy(), LINGERING_CLOSE_MS);
  timer.unref();
  socket.once("close", () => clearTimeout(timer));
}
