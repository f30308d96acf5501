/**
 * The bulk-download benchmark's stand-in server, in its own process, until the release routes
 * serve files: an Express app that sends the files of a manifest through sendBulkFile (the code
 * the release routes call) and answers GET /settled with a prepared JSON answer from memory (a
 * settled GET's serving path: ready bytes, an ETag, no database).
 *
 *   node --import tsx bench/lib/bulk-file-server.ts /tmp/manifest.json
 *
 * The manifest: `[{ fileName, path, format, bytes, sha256 }]`. Prints `{"port":N}` on stdout once
 * listening; SIGTERM stops it. GET /metrics (Node's process metrics) answers to INTERNAL_API_TOKEN.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import express from "express";
import { sendBulkFile, type BulkFileToSend } from "../../src/platform/bulk/send-file";
import { fileSendBudget } from "../../src/platform/bulk/turn-budget";
import { Metrics } from "../../src/platform/observability/metrics";

const files = new Map(
  (JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")) as BulkFileToSend[]).map((file) => [
    file.fileName,
    file,
  ]),
);

/** About the size of a settled series answer (a month of daily values with provenance). */
const settled = Buffer.from(
  JSON.stringify({
    success: true,
    data: Array.from({ length: 30 }, (_, i) => ({
      date: `2026-11-${String(i + 1).padStart(2, "0")}`,
      value: (2.31 + i / 100).toFixed(4),
      source: "sample",
    })),
  }),
);
const settledTag = `"${createHash("sha256").update(settled).digest("base64url")}"`;

const app = express();
app.disable("x-powered-by");
app.get("/settled", (_req, res) => {
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("ETag", settledTag);
  res.setHeader("Content-Length", settled.length);
  res.end(settled);
});
// Node's process metrics, the event-loop delay among them, as the api serves them: behind the
// internal token (INTERNAL_API_TOKEN) the benchmark started this process with.
const metrics = new Metrics({ processMetrics: true });
app.get("/metrics", async (req, res) => {
  if (req.headers.authorization !== `Bearer ${process.env.INTERNAL_API_TOKEN ?? ""}`) {
    res.status(401).json({ error: "api_key_required", message: "The internal token is required." });
    return;
  }
  const { contentType, body } = await metrics.exposition();
  res.type(contentType).send(body);
});
app.get("/files/:name", (req, res) => {
  const file = files.get(req.params.name);
  if (file === undefined) {
    res.status(404).json({ error: "not_found", message: "No such file." });
    return;
  }
  sendBulkFile(req, res, file);
});

const server = app.listen(0, "127.0.0.1", () => {
  // As the api does: files yield to the requests this server receives.
  fileSendBudget.watch(server);
  process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port })}\n`);
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
