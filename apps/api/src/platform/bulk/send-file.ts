import { close, open, stat } from "node:fs";
import { basename } from "node:path";
import type { BulkFormat } from "@tpi/domain";
import type { Request, Response } from "express";
import { sendFileChunks } from "./file-chunks";

/** The media type each format is served as (Parquet's as registered with IANA in 2024). */
export const BULK_CONTENT_TYPES: Readonly<Record<BulkFormat, string>> = {
  csv: "text/csv; charset=utf-8",
  parquet: "application/vnd.apache.parquet",
};

const SAFE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

export type BulkFileToSend = {
  /** Where the complete file is on this instance's disk. */
  path: string;
  /** The name a browser saves it under (bulkFileName: lower-case letters, digits, `-`, `.`). */
  fileName: string;
  format: BulkFormat;
  bytes: number;
  /** SHA-256 of the file's bytes, hex. */
  sha256: string;
  /**
   * Answers instead when no file is at `path` (ENOENT: retention removed it since the caller
   * looked it up), the file's headers removed; without it, that is an error like any other.
   */
  onMissing?: () => void;
  /**
   * The nginx `internal` location that serves the directory holding `path` (e.g.
   * `/internal/release-files/`): the api checks and answers as without it, then hands the body
   * to nginx (X-Accel-Redirect) instead of sending it. Only for files that never change once
   * written under their name (written elsewhere, then renamed into place): nginx may open the
   * file any time after the api answered. Absent: the api sends the bytes itself.
   */
  accelPrefix?: string;
};

/**
 * Sends a bulk file from disk as a download, streamed (never read whole into memory):
 * `Content-Length`, a strong `ETag` (the SHA-256: equal bytes, equal tag), `Repr-Digest`
 * (RFC 9530) so a client checks what it received, `Content-Type` and `Content-Disposition:
 * attachment`. A matching `If-None-Match` answers 304 without the body, HEAD answers the headers
 * alone, and a client that goes away stops the read. The bytes go out paced, within a budget per
 * event-loop turn that every download shares (turn-budget.ts), read into reused buffers
 * (file-chunks.ts). The caller has checked access and that the file at `path` is complete and
 * has `sha256`; a file that cannot be opened goes to the app's error handler (logged, and a 500
 * with the contract's body).
 *
 * This folder sits with the platform contracts (a market's definition names its datasets), below
 * the http layer: so no import from it, and errors reach the error handler through `req.next`.
 */
export function sendBulkFile(req: Request, res: Response, file: BulkFileToSend): void {
  // bulkFileName's names need no quoting or encoding; anything else is a bug, not a download.
  if (!SAFE_FILE_NAME.test(file.fileName))
    throw new Error(`unsafe bulk file name ${JSON.stringify(file.fileName)}`);
  const internalUri =
    file.accelPrefix === undefined ? undefined : accelRedirectUri(file.accelPrefix, file.path);
  const etag = `"${file.sha256}"`;
  res.setHeader("ETag", etag);
  res.setHeader("Repr-Digest", reprDigest(file.sha256));
  res.setHeader("Content-Type", BULK_CONTENT_TYPES[file.format]);
  res.setHeader("Content-Disposition", `attachment; filename="${file.fileName}"`);
  if (ifNoneMatchMatches(req.headers["if-none-match"], etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader("Content-Length", String(file.bytes));
  // A client that left while the handler awaited (its key, its plan) gets no file opened for it;
  // one that leaves later closes the response, which stops the reads and closes the file.
  if (req.method === "HEAD" || res.destroyed || req.socket.destroyed) {
    res.status(200).end();
    return;
  }
  const failed = (error: NodeJS.ErrnoException) => {
    for (const header of FILE_HEADERS) res.removeHeader(header);
    if (error.code === "ENOENT" && file.onMissing !== undefined) file.onMissing();
    else if (req.next === undefined) res.destroy(error);
    else req.next(error);
  };
  if (internalUri !== undefined && !hasPreconditions(req)) {
    // Still on disk (retention may have removed it since it was looked up): a missing file is
    // answered as without nginx (onMissing), not left to nginx's 404.
    stat(file.path, (error) => {
      if (error !== null) return failed(error);
      if (res.destroyed || req.socket.destroyed) return;
      handOffToNginx(res, internalUri);
    });
    return;
  }
  open(file.path, "r", (error, fd) => {
    if (error !== null) return failed(error);
    // A client that left while the file opened gets nothing read for it.
    if (res.destroyed || req.socket.destroyed) {
      close(fd, () => undefined);
      return;
    }
    res.status(200);
    // The file's chunks go out within the budget every download shares per event-loop turn,
    // after the turn has answered the requests that were ready, and sparingly while requests
    // keep arriving (turn-budget.ts): however many downloads run, settled GETs go first. A
    // client that leaves stops the reads; a file that fails midway destroys the response (the
    // client sees a short body, never a wrong one).
    sendFileChunks(fd, file.bytes, res);
  });
}

/** The headers sendBulkFile sets for a file, removed again when the file cannot be read. */
const FILE_HEADERS = [
  "ETag",
  "Repr-Digest",
  "Content-Disposition",
  "Content-Length",
  "Content-Type",
];

/**
 * The internal URI nginx serves `path` at: the prefix and the file's own name on disk, never a
 * part of the request. Names are checked like download names (a letter or digit, then letters,
 * digits, `.`, `_`, `-`: no `/`, no `..`, nothing to encode), so the URI names one file in the
 * location's directory.
 */
export function accelRedirectUri(prefix: string, path: string): string {
  const name = basename(path);
  if (!SAFE_FILE_NAME.test(name))
    throw new Error(`unsafe bulk file name on disk ${JSON.stringify(name)}`);
  return `${prefix}${name}`;
}

/**
 * Conditions nginx would evaluate against headers of its own (its not-modified filter runs before
 * the ETag the api passes is added, and it knows the file's mtime as Last-Modified): If-Match and
 * If-Unmodified-Since would answer 412 there where the api ignores them and answers 200. Such a
 * request is answered by the api itself, as without nginx.
 */
function hasPreconditions(req: Request): boolean {
  return req.headers["if-match"] !== undefined || req.headers["if-unmodified-since"] !== undefined;
}

/**
 * Answers with the headers already set and an empty body, and `X-Accel-Redirect` naming the
 * internal location that serves the file. nginx (deploy/nginx/tpi.conf, "Release files") then
 * serves the file from disk with sendfile, keeping Content-Type, Content-Disposition and
 * Cache-Control of this answer (nginx keeps those, Set-Cookie, Expires and Accept-Ranges on a
 * redirect) and adding back ETag, Repr-Digest and the api's other headers from it
 * ($upstream_http_*), so the client sees the headers the api sends itself. Content-Length is
 * 0 here (this answer's own body, so the connection to nginx stays reusable); nginx sends the
 * file's.
 */
function handOffToNginx(res: Response, internalUri: string): void {
  res.setHeader("X-Accel-Redirect", internalUri);
  res.setHeader("Content-Length", "0");
  res.status(200).end();
}

/** `sha-256=:<base64>:`, the RFC 9530 form of a hex SHA-256. */
export function reprDigest(sha256Hex: string): string {
  return `sha-256=:${Buffer.from(sha256Hex, "hex").toString("base64")}:`;
}

/**
 * If-None-Match (RFC 9110 13.1.2): `*`, or a list of entity tags compared weakly (a `W/` tag
 * matches the same strong tag).
 */
function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
