import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** What one load run measured (autocannon's figures, from its own process). */
export type LoadFigures = {
  /** Which generator measured: autocannon, or the node:http loop for compressed answers. */
  engine: LoadEngine;
  /** Mean of the per-second request counts (node-http: answers over the run's duration). */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  /** Answers with a status outside 200-299 (a 304 counts here). */
  non2xx: number;
  /** Answers per HTTP status code, e.g. `{ "200": 1200, "304": 30000 }`. */
  statusCounts: Record<string, number>;
  totalRequests: number;
  /** Bytes read per answer: status line, headers and body (the body as sent: compressed if it was). */
  bytesPerResponse: number;
  durationSeconds: number;
};

/**
 * autocannon for everything it parses at speed; node:http (Node's C parser) for compressed
 * answers, whose binary bodies slow autocannon's JavaScript parser down twentyfold.
 */
export type LoadEngine = "autocannon" | "node-http";

export type LoadOptions = {
  /** Default: node-http when the request accepts a compressed answer, autocannon otherwise. */
  engine?: LoadEngine;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  method?: string;
};

const WORKER = fileURLToPath(new URL("./load-worker.mjs", import.meta.url));

/**
 * Loads `url` for `options.seconds` from a separate Node process (autocannon, or the node:http
 * loop for compressed answers), and
 * resolves with its figures. Rejects when the worker fails or prints no figures.
 */
export function runLoad(url: string, options: LoadOptions): Promise<LoadFigures> {
  const engine =
    options.engine ?? (acceptsCompression(options.headers) ? "node-http" : "autocannon");
  const request = JSON.stringify({ url, ...options, engine });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER, request], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      const line = stdout.trim().split("\n").pop() ?? "";
      if (code !== 0 || line === "") {
        reject(
          new Error(
            `load worker for ${url} exited with ${signal ?? code}: ${stderr.trim() || "(no output)"}`,
          ),
        );
        return;
      }
      resolve(JSON.parse(line) as LoadFigures);
    });
  });
}

function acceptsCompression(headers: Record<string, string> | undefined): boolean {
  return Object.entries(headers ?? {}).some(
    ([name, value]) => name.toLowerCase() === "accept-encoding" && /gzip|br|\*/.test(value),
  );
}
