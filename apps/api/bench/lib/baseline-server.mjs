/**
 * A baseline server in its own process (see baselines.ts): answers GET /0, /1, ... with the
 * recorded responses of a responses file (status, every header but date, connection and length,
 * body bytes), so that a target is compared with the cheapest server sending the same bytes.
 *
 *   node baseline-server.mjs express|node-http /tmp/responses.json
 *
 * `express`: a bare Express app, `res.status(s).set(headers).send(body)` with the body as a
 * Buffer (Express's routing and its send path; no JSON.stringify, since the bytes are ready,
 * and no ETag hash, since the recorded headers carry the api's). `node-http`: `node:http` alone, `res.writeHead(s, headers); res.end(body)`.
 * Prints `{"port":N}` on stdout once listening; SIGTERM stops it.
 */
import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import process from "node:process";
import express from "express";

const [kind, responsesFile] = process.argv.slice(2);
const responses = JSON.parse(readFileSync(responsesFile, "utf8")).map((recorded) => ({
  status: recorded.status,
  headers: recorded.headers,
  body: Buffer.from(recorded.bodyBase64, "base64"),
}));

/** `/3` -> the fourth response; anything else undefined. */
function responseFor(path) {
  const match = /^\/(\d+)$/.exec(path);
  return match === null ? undefined : responses[Number(match[1])];
}

let server;
if (kind === "express") {
  const app = express();
  // The recorded headers are the answer's: Express adds none of its own (the api sends no
  // X-Powered-By, and its ETag is among the recorded headers when it sent one).
  app.disable("x-powered-by");
  app.set("etag", false);
  app.get(/^\/\d+$/, (req, res) => {
    const recorded = responseFor(req.path);
    if (recorded === undefined) return void res.sendStatus(404);
    res.status(recorded.status).set(recorded.headers).send(recorded.body);
  });
  server = createServer(app);
} else if (kind === "node-http") {
  server = createServer((req, res) => {
    const recorded = responseFor(req.url ?? "");
    if (recorded === undefined) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(recorded.status, {
      ...recorded.headers,
      "content-length": recorded.body.length,
    });
    res.end(recorded.body);
  });
} else {
  process.stderr.write("usage: node baseline-server.mjs express|node-http RESPONSES_FILE\n");
  process.exit(2);
}
server.keepAliveTimeout = 65_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(JSON.stringify({ port: server.address().port }) + "\n");
});
process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
