import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { mkdtemp, readdir, readlink, rm, writeFile } from "node:fs/promises";
import { get, request, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_LABELS } from "@tpi/domain";
import type { DatabaseHealth } from "../health/database-health";
import { errorHandler } from "../http/errors";
import { createLogger } from "../observability/logger";
import { fileChunkBuffers } from "./file-chunks";
import { accelRedirectUri, reprDigest, sendBulkFile, type BulkFileToSend } from "./send-file";

/** A bulk file as a client downloads it over HTTP: headers, conditional requests, HEAD. */
let dir: string;
let server: Server;
let base: string;
let file: BulkFileToSend;
/** Files of random bytes, none a whole number of 256 KiB reads, the largest beyond socket buffers. */
const distinct: BulkFileToSend[] = [];
/** Resolves with whether the server's response finished (false: it closed before its end). */
let lastResponse: Promise<boolean> = Promise.resolve(true);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tpi-send-"));
  // 32 MiB: far more than loopback's socket buffers (which grow to several MiB) take in 256 KiB
  // writes, so a client that stops reading stops the server midway.
  const bytes = Buffer.alloc(32 * 1024 * 1024, "lab,2026-01-01,1.5\r\n");
  const path = join(dir, "token-lab-index-daily-r1-full.csv");
  await writeFile(path, bytes);
  file = {
    path,
    fileName: "token-lab-index-daily-r1-full.csv",
    format: "csv",
    bytes: bytes.length,
    sha256: createHash("sha256").update(bytes).digest("hex"),
  };
  for (const [index, size] of [16 * 1024 * 1024 + 7, 1024 * 1024 + 5, 300_001].entries()) {
    const random = randomBytes(size);
    const fileName = `random-${index}.csv`;
    await writeFile(join(dir, fileName), random);
    distinct.push({
      path: join(dir, fileName),
      fileName,
      format: "csv",
      bytes: size,
      sha256: createHash("sha256").update(random).digest("hex"),
    });
  }
  const app = express();
  app.get("/distinct/:index", (req, res) => {
    const chosen = distinct[Number(req.params.index)];
    if (chosen === undefined) res.status(404).end();
    else sendBulkFile(req, res, chosen);
  });
  app.get("/file", (req, res) => {
    lastResponse = new Promise((resolve) => res.once("close", () => resolve(res.writableFinished)));
    sendBulkFile(req, res, file);
  });
  app.get("/missing", (req, res) =>
    sendBulkFile(req, res, { ...file, path: join(dir, "none.csv") }),
  );
  // Behind nginx (TPI_RELEASE_FILES_ACCEL_PREFIX): the api checks and answers, nginx sends.
  const accelPrefix = "/internal/release-files/";
  app.get("/accel", (req, res) => sendBulkFile(req, res, { ...file, accelPrefix }));
  app.get("/accel-missing", (req, res) =>
    sendBulkFile(req, res, { ...file, path: join(dir, "none.csv"), accelPrefix }),
  );
  app.get("/unsafe", (req, res) => sendBulkFile(req, res, { ...file, fileName: 'a"; b.csv' }));
  // The app's own error handler, as the api registers it after every route.
  const databaseHealth = { reportFailure: () => false } as unknown as DatabaseHealth;
  app.use(errorHandler(createLogger("silent"), databaseHealth));
  server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

/** How many of this process's file descriptors are open on `path` (Linux: /proc/self/fd). */
async function openDescriptorsOf(path: string): Promise<number> {
  let count = 0;
  for (const fd of await readdir("/proc/self/fd"))
    if ((await readlink(`/proc/self/fd/${fd}`).catch(() => "")) === path) count++;
  return count;
}

/**
 * A download over node:http: its response once headers arrive, and once it ends whether it was a
 * 200 and its bytes match its Repr-Digest.
 */
function startDownload(path: string) {
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    get(`${base}${path}`, { agent: false }, resolve).once("error", reject);
  });
  const body = response.then(
    (res) =>
      new Promise<{ ok: boolean; matches: boolean }>((resolve, reject) => {
        const hash = createHash("sha256");
        res.on("data", (chunk: Buffer) => hash.update(chunk));
        res.once("error", reject);
        res.once("end", () =>
          resolve({
            ok: res.statusCode === 200,
            matches: `sha-256=:${hash.digest("base64")}:` === res.headers["repr-digest"],
          }),
        );
      }),
  );
  return { response, body };
}

describe("sendBulkFile", () => {
  it("sends the file with its length, strong ETag, digest, type and download name", async () => {
    const response = await fetch(`${base}/file`);
    const body = Buffer.from(await response.arrayBuffer());
    expect(response.status).toBe(200);
    expect(
      Object.fromEntries(
        ["content-length", "etag", "repr-digest", "content-type", "content-disposition"].map(
          (h) => [h, response.headers.get(h)],
        ),
      ),
    ).toEqual({
      "content-length": String(file.bytes),
      etag: `"${file.sha256}"`,
      "repr-digest": `sha-256=:${createHash("sha256").update(body).digest("base64")}:`,
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${file.fileName}"`,
    });
    expect(createHash("sha256").update(body).digest("hex")).toBe(file.sha256);
  });

  it("answers 304 without a body to a matching If-None-Match, weak or in a list", async () => {
    for (const tag of [
      `"${file.sha256}"`,
      `W/"${file.sha256}"`,
      `"other", "${file.sha256}"`,
      "*",
    ]) {
      const response = await fetch(`${base}/file`, { headers: { "If-None-Match": tag } });
      expect([response.status, (await response.arrayBuffer()).byteLength]).toEqual([304, 0]);
      expect(response.headers.get("etag")).toBe(`"${file.sha256}"`);
    }
    const other = await fetch(`${base}/file`, { headers: { "If-None-Match": '"other"' } });
    expect([other.status, (await other.arrayBuffer()).byteLength]).toEqual([200, file.bytes]);
  });

  it("answers HEAD with the headers alone", async () => {
    const response = await fetch(`${base}/file`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBe(String(file.bytes));
    expect(response.headers.get("repr-digest")).toBe(reprDigest(file.sha256));
  });

  it("stops reading the file when the client goes away", async () => {
    const req = request(`${base}/file`);
    req.end();
    const [response] = (await once(req, "response")) as [IncomingMessage];
    await once(response, "data");
    expect(await openDescriptorsOf(file.path)).toBe(1);
    req.destroy();
    expect(await lastResponse).toBe(false);
    // The response's close stops the reads; the descriptor closes on the next turns of the event
    // loop (the file system's close runs in the thread pool).
    for (let turn = 0; turn < 1_000 && (await openDescriptorsOf(file.path)) > 0; turn++)
      await new Promise((resolve) => setImmediate(resolve));
    expect(await openDescriptorsOf(file.path)).toBe(0);
  });

  it("reuses its read buffers without changing a byte of any download, however they interleave", async () => {
    const before = fileChunkBuffers.allocated;
    // The largest file's download stops reading until every other one has finished: its last
    // write waits on a full socket, holding its buffer, while the others read into theirs.
    const stalled = startDownload("/distinct/0");
    const stalledResponse = await stalled.response;
    stalledResponse.pause();
    const others = [1, 2, 1, 2, 1, 2, 0, 1].map((index) => startDownload(`/distinct/${index}`));
    // One client leaves midway: its buffer goes back only once its write has called back.
    const leaving = startDownload("/distinct/0");
    const leavingResponse = await leaving.response;
    await once(leavingResponse, "data");
    leavingResponse.destroy();
    const finished = await Promise.all(others.map((download) => download.body));
    stalledResponse.resume();
    finished.push(await stalled.body);
    for (const download of finished) expect(download).toEqual({ ok: true, matches: true });
    // One buffer per download at most, not one per 256 KiB read (some 160 reads here).
    expect(fileChunkBuffers.allocated - before).toBeLessThanOrEqual(10);
    // Later downloads take the buffers given back.
    const again = fileChunkBuffers.allocated;
    for (const index of [1, 2, 1])
      expect(await startDownload(`/distinct/${index}`).body).toEqual({ ok: true, matches: true });
    expect(fileChunkBuffers.allocated).toBe(again);
  });

  it("hands a file it cannot open to the error handler: the contract's 500, no file headers", async () => {
    const response = await fetch(`${base}/missing`);
    expect(response.status).toBe(500);
    expect([response.headers.get("etag"), response.headers.get("content-disposition")]).toEqual([
      null,
      null,
    ]);
    expect(await response.json()).toMatchObject({ error: ERROR_LABELS.internal });
  });

  it("behind nginx: the same headers, X-Accel-Redirect naming the file on disk, an empty body; without it the bytes", async () => {
    const promised = ["etag", "repr-digest", "content-type", "content-disposition"];
    const own = await fetch(`${base}/file`);
    const ownBody = Buffer.from(await own.arrayBuffer());
    expect([own.headers.get("x-accel-redirect"), ownBody.length]).toEqual([null, file.bytes]);
    expect(createHash("sha256").update(ownBody).digest("hex")).toBe(file.sha256);

    const handedOff = await fetch(`${base}/accel`);
    expect(handedOff.status).toBe(200);
    expect(handedOff.headers.get("x-accel-redirect")).toBe(
      "/internal/release-files/token-lab-index-daily-r1-full.csv",
    );
    expect(handedOff.headers.get("content-length")).toBe("0");
    expect((await handedOff.arrayBuffer()).byteLength).toBe(0);
    for (const header of promised)
      expect([header, handedOff.headers.get(header)]).toEqual([header, own.headers.get(header)]);
    // Opened nowhere: the api reads none of the file.
    expect(await openDescriptorsOf(file.path)).toBe(0);

    // What nginx would judge by its own validators, and HEAD and 304, the api answers itself.
    const ifMatch = await fetch(`${base}/accel`, { headers: { "If-Match": `"${file.sha256}"` } });
    expect([
      ifMatch.headers.get("x-accel-redirect"),
      (await ifMatch.arrayBuffer()).byteLength,
    ]).toEqual([null, file.bytes]);
    const head = await fetch(`${base}/accel`, { method: "HEAD" });
    expect([head.headers.get("x-accel-redirect"), head.headers.get("content-length")]).toEqual([
      null,
      String(file.bytes),
    ]);
    const notModified = await fetch(`${base}/accel`, {
      headers: { "If-None-Match": `"${file.sha256}"` },
    });
    expect([notModified.status, notModified.headers.get("x-accel-redirect")]).toEqual([304, null]);

    // A file gone from disk is the api's answer (here its error handler), never nginx's 404.
    const missing = await fetch(`${base}/accel-missing`);
    expect([missing.status, missing.headers.get("x-accel-redirect")]).toEqual([500, null]);
  });

  it("builds the internal URI from the file's own name on disk, never a path", () => {
    expect(accelRedirectUri("/internal/release-files/", "/data/releases/a-r1-full.parquet")).toBe(
      "/internal/release-files/a-r1-full.parquet",
    );
    for (const path of ["/data/releases/..", "/data/releases/a b.csv", "/data/releases/%2e.csv"])
      expect(() => accelRedirectUri("/internal/release-files/", path)).toThrow(/unsafe/);
  });

  it("refuses a file name that would need quoting in Content-Disposition", async () => {
    const response = await fetch(`${base}/unsafe`);
    expect(response.status).toBe(500);
    expect([response.headers.get("content-disposition"), response.headers.get("etag")]).toEqual([
      null,
      null,
    ]);
  });
});
