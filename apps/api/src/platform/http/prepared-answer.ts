import type { IncomingMessage, ServerResponse } from "node:http";
import { appendVary } from "./errors";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";

/**
 * A settled answer serialised once: the JSON bytes, their compressed forms (made on first
 * demand), the strong ETag and the instant until which the answer is current. Served as it is
 * to every caller of the same class asking the same URL, by Express and by the fast lane alike.
 */

/**
 * Bodies smaller than this (bytes) are always sent uncompressed: the saving is a few hundred
 * bytes at most, while compressing per request or negotiating would cost small answers' speed.
 */
export const COMPRESSION_MIN_BYTES = 1024;

export type ContentCoding = "br" | "gzip";

/**
 * Brotli at quality 5 compresses JSON about as well as gzip -9 at a fraction of brotli's default
 * cost (quality 11 takes seconds on a multi-megabyte history); each form is made once per answer.
 */
const BROTLI_QUALITY = 5;

export class PreparedAnswer {
  readonly body: Buffer;
  private readonly compressedForms = new Map<ContentCoding, Buffer>();

  constructor(
    /** The strong ETag (quoted) of the uncompressed body; a compressed form's names its coding. */
    readonly etag: string,
    value: unknown,
    /** Epoch milliseconds until which the answer is current (Infinity: while the process runs). */
    readonly freshUntil: number,
  ) {
    this.body = Buffer.from(JSON.stringify(value));
  }

  /** Large enough to be sent compressed to clients that accept it. */
  get compressible(): boolean {
    return this.body.length >= COMPRESSION_MIN_BYTES;
  }

  bytes(coding: ContentCoding | undefined): Buffer {
    if (coding === undefined) return this.body;
    let form = this.compressedForms.get(coding);
    if (form === undefined) {
      form =
        coding === "br"
          ? brotliCompressSync(this.body, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : gzipSync(this.body);
      this.compressedForms.set(coding, form);
    }
    return form;
  }
}

/** The ETag of one representation: each content coding is a different set of bytes. */
export function etagOf(etag: string, coding: ContentCoding | undefined): string {
  return coding === undefined ? etag : `${etag.slice(0, -1)}-${coding}"`;
}

/** Distinct `Accept-Encoding` values whose coding is remembered (clients send a few; bounded against junk). */
const CODINGS_KEPT = 256;
const codingOfHeader = new Map<string, ContentCoding | undefined>();

/**
 * The coding to send for an `Accept-Encoding` header: brotli when accepted, else gzip, else none.
 * A coding with `q=0` is refused; `*` accepts both.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (acceptEncoding === undefined || acceptEncoding === "") return undefined;
  // Each large answer asks this; the header is parsed once per distinct value.
  if (codingOfHeader.has(acceptEncoding)) return codingOfHeader.get(acceptEncoding);
  const coding = parseAcceptEncoding(acceptEncoding);
  if (codingOfHeader.size >= CODINGS_KEPT) codingOfHeader.clear();
  codingOfHeader.set(acceptEncoding, coding);
  return coding;
}

function parseAcceptEncoding(acceptEncoding: string): ContentCoding | undefined {
  let br: boolean | undefined;
  let gzip: boolean | undefined;
  let any: boolean | undefined;
  for (const part of acceptEncoding.split(",")) {
    const [rawName = "", ...parameters] = part.split(";");
    const name = rawName.trim().toLowerCase();
    const q = parameters
      .map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(parameter)?.[1])
      .find((value) => value !== undefined);
    const accepted = q === undefined || Number(q) > 0;
    if (name === "br") br = accepted;
    else if (name === "gzip" || name === "x-gzip") gzip = accepted;
    else if (name === "*") any = accepted;
  }
  if (br ?? any) return "br";
  if (gzip ?? any) return "gzip";
  return undefined;
}

/**
 * Whether an `If-None-Match` header names `etag` (weak comparison, as RFC 9110 requires for
 * If-None-Match; `*` matches any current answer).
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === "*") return true;
  const wanted = etag.startsWith("W/") ? etag.slice(2) : etag;
  for (const candidate of header.split(",")) {
    const tag = candidate.trim();
    if ((tag.startsWith("W/") ? tag.slice(2) : tag) === wanted) return true;
  }
  return false;
}

/** Whole seconds until `freshUntil` (never negative); `staticMaxAge` for answers fixed while the process runs. */
export function maxAgeSeconds(freshUntil: number, now: number, staticMaxAge: number): number {
  if (freshUntil === Number.POSITIVE_INFINITY) return staticMaxAge;
  return Math.max(0, Math.floor((freshUntil - now) / 1000));
}

export type SendPreparedOptions = {
  /** `public` for keyless callers (shared caches may keep it), `private` for answers to a key. */
  scope: "public" | "private";
  /** The answer depends on the key: `Vary: Authorization`. */
  varyOnKey: boolean;
  maxAgeSeconds: number;
};

type VaryingResponse = ServerResponse;

const VARY = "Accept-Encoding";
const VARY_ON_KEY = "Authorization, Accept-Encoding";

/**
 * The caching headers of every settled answer, 200 or 304. `Vary: Accept-Encoding` is sent with
 * small answers too: whether an answer is compressed depends on that header in general, and a
 * 304 decided before the body exists could not tell small from large.
 */
function setCachingHeaders(res: VaryingResponse, etag: string, options: SendPreparedOptions): void {
  res.setHeader("Cache-Control", `${options.scope}, max-age=${options.maxAgeSeconds}`);
  // Merged with what other middleware varies on (CORS adds Origin), never replacing it.
  if (res.hasHeader("Vary")) {
    if (options.varyOnKey) appendVary(res, "Authorization");
    appendVary(res, "Accept-Encoding");
  } else res.setHeader("Vary", options.varyOnKey ? VARY_ON_KEY : VARY);
  res.setHeader("ETag", etag);
}

/**
 * The validator of `etag`'s answer that an `If-None-Match` header names, if any: the plain bytes'
 * or a compressed form's (all the same content; a client or cache may hold a form other than the
 * one it would get now, and its copy is as current). `*` is left to the caller (see below).
 */
export function heldEtag(header: string | undefined, etag: string): string | undefined {
  if (header === undefined) return undefined;
  for (const coding of [undefined, "gzip", "br"] as const) {
    const candidate = etagOf(etag, coding);
    if (ifNoneMatchHits(header, candidate)) return candidate;
  }
  return undefined;
}

/**
 * Writes a prepared answer: 304 when the client holds a current copy, otherwise the bytes in
 * the negotiated coding. Headers other middleware set (request id, security, CORS, rate limit)
 * are kept.
 */
export function sendPrepared(
  req: IncomingMessage,
  res: VaryingResponse,
  answer: PreparedAnswer,
  options: SendPreparedOptions,
): void {
  const held = heldEtag(req.headers["if-none-match"], answer.etag);
  if (held !== undefined) {
    sendNotModified(res, held, options);
    return;
  }
  const coding = answer.compressible ? preferredCoding(req.headers["accept-encoding"]) : undefined;
  setCachingHeaders(res, etagOf(answer.etag, coding), options);
  const bytes = answer.bytes(coding);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  if (coding !== undefined) res.setHeader("Content-Encoding", coding);
  res.setHeader("Content-Length", bytes.length);
  res.statusCode = 200;
  res.end(req.method === "HEAD" ? undefined : bytes);
}

/**
 * The ETag to answer 304 with, decided from the validator alone, before any body is built; or
 * undefined when the body is needed. `If-None-Match: *` asks whether any answer exists, which an
 * error answer would not be, so the body decides.
 */
export function notModifiedBeforeBody(req: IncomingMessage, etag: string): string | undefined {
  const header = req.headers["if-none-match"];
  if (header === undefined || header.trim() === "*") return undefined;
  return heldEtag(header, etag);
}

export function sendNotModified(
  res: VaryingResponse,
  etag: string,
  options: SendPreparedOptions,
): void {
  setCachingHeaders(res, etag, options);
  res.statusCode = 304;
  res.end();
}
