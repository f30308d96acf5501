import { createReadStream } from "node:fs";
import { pipeline } from "node:stream/promises";
import type { BulkFormat } from "@tpi/domain";
import type { Request, Response } from "express";

/**
 * PLACEHOLDER, replaced at merge by the bulk files' sender: serves a file from disk with its
 * length, a strong ETag from its SHA-256 (If-None-Match -> 304) and its digest (RFC 9530).
 */
export function sendBulkFile(
  req: Request,
  res: Response,
  file: { path: string; fileName: string; format: BulkFormat; bytes: number; sha256: string },
): void {
  const etag = `"${file.sha256}"`;
  res.setHeader("ETag", etag);
  const match = req.get("if-none-match");
  if (match !== undefined && match.split(",").some((tag) => tag.trim() === etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader(
    "Content-Type",
    file.format === "csv" ? "text/csv; charset=utf-8" : "application/vnd.apache.parquet",
  );
  res.setHeader("Content-Length", String(file.bytes));
  res.setHeader("Content-Disposition", `attachment; filename="${file.fileName}"`);
  res.setHeader("Repr-Digest", `sha-256=:${Buffer.from(file.sha256, "hex").toString("base64")}:`);
  pipeline(createReadStream(file.path), res).catch(() => res.destroy());
}
