import { close, open } from "node:fs";
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
  open(file.path, "r", (error, fd) => {
    if (error !== null) {
      for (const header of [
        "ETag",
        "Repr-Digest",
        "Content-Disposition",
        "Content-Length",
        "Content-Type",
      ])
        res.removeHeader(header);
      if (error.code === "ENOENT" && file.onMissing !== undefined) file.onMissing();
      else if (req.next === undefined) res.destroy(error);
      else req.next(error);
      return;
    }
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
