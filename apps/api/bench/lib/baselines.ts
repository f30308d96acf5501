import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ownChildProcess, residentBytes } from "./api-process";

/** One answer as it came over the wire: the body undecoded (compressed if it was). */
export type RecordedResponse = {
  status: number;
  /** The headers a baseline repeats: all but those its own server writes. */
  headers: Record<string, string>;
  body: Buffer;
};

/**
 * Headers a baseline does not copy: those its own server writes (the date, the connection's
 * state, the length of the bytes it sends). Every other header of the recorded answer is
 * repeated, so that both sides of a comparison send the same bytes: the api's security,
 * caching and request-id headers cost the server to write and the load generator to parse.
 */
const SERVER_WRITTEN_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
]);

/** GETs `url` with `headers` once and keeps the answer's raw bytes (no decompression, unlike fetch). */
export function recordResponse(
  url: string,
  headers: Record<string, string> = {},
): Promise<RecordedResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: "GET", headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.once("error", reject);
      incoming.once("end", () => {
        const repeated: Record<string, string> = {};
        for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
          const name = incoming.rawHeaders[i] ?? "";
          const value = incoming.rawHeaders[i + 1] ?? "";
          if (!SERVER_WRITTEN_HEADERS.has(name.toLowerCase())) repeated[name] = value;
        }
        resolve({
          status: incoming.statusCode ?? 0,
          headers: repeated,
          body: Buffer.concat(chunks),
        });
      });
    });
    outgoing.once("error", reject);
    outgoing.end();
  });
}

/**
 * `express`: bare Express, `res.status().set().send(Buffer)` of the recorded bytes.
 * `node-http`: `node:http` alone, `res.writeHead(); res.end(Buffer)`.
 */
export type BaselineKind = "express" | "node-http";

export const BASELINE_DESCRIPTIONS: Record<BaselineKind, string> = {
  express:
    "bare Express 5 in its own process: res.status(s).set(the recorded headers).send(Buffer of the recorded body), no X-Powered-By, no ETag of its own",
  "node-http":
    "node:http in its own process: res.writeHead(s, {the recorded headers, content-length}); res.end(Buffer of the recorded body)",
};

export type BaselineServer = {
  kind: BaselineKind;
  pid: number;
  /** URL answering the i-th recorded response. */
  urlOf(index: number): string;
  rssBytes(): Promise<number>;
  stop(): Promise<void>;
};

const WORKER = fileURLToPath(new URL("./baseline-server.mjs", import.meta.url));

/**
 * Starts a baseline server in its own process serving `responses` at /0, /1, ... (the bytes
 * reach it through a temporary JSON file).
 */
export async function startBaselineServer(
  kind: BaselineKind,
  responses: readonly RecordedResponse[],
): Promise<BaselineServer> {
  const folder = mkdtempSync(join(tmpdir(), "tpi-bench-baseline-"));
  const file = join(folder, "responses.json");
  writeFileSync(
    file,
    JSON.stringify(
      responses.map((recorded) => ({
        status: recorded.status,
        headers: recorded.headers,
        bodyBase64: recorded.body.toString("base64"),
      })),
    ),
  );
  const child = spawn(process.execPath, [WORKER, kind, file], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  ownChildProcess(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let stdout = "";
      child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
        stdout += chunk;
        const line = stdout.split("\n")[0];
        if (stdout.includes("\n") && line !== undefined)
          resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once("exit", (code) => reject(new Error(`${kind} baseline exited with ${code}`)));
      child.once("error", reject);
    });
    const pid = child.pid ?? 0;
    return {
      kind,
      pid,
      urlOf: (index) => `http://127.0.0.1:${port}/${index}`,
      rssBytes: () => residentBytes(pid),
      async stop() {
        child.kill("SIGTERM");
        await exited;
      },
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
