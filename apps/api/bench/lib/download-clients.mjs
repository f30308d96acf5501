/**
 * The bulk-download benchmark's downloading clients, in their own process (see
 * bulk-download-bench.ts), so that they share neither an event loop nor a CPU priority with the
 * load generator or the server: `count` clients each download every file in turn, and one more
 * reads slowly (64 KB every 25 ms, as on a slow link), each checking the SHA-256 of what arrived
 * against Repr-Digest and its length against Content-Length. The process lowers its own CPU
 * priority to `nice` first (19, the lowest, by default), so that on a machine with few cores the
 * clients read with what the server and the load generator leave: the comparison then measures
 * the server, not the clients' contention with the load generator for the same cores.
 *
 *   node download-clients.mjs '{"base":"http://127.0.0.1:8080","paths":["/files/a.csv"],"count":4,"nice":19,"headers":{}}'
 *
 * Downloads until its stdin closes, then prints its totals as one JSON line on stdout and exits.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import { setPriority } from "node:os";
import { performance } from "node:perf_hooks";
import process from "node:process";
import { setTimeout } from "node:timers";

/** Bytes a slow client reads per tick, and the tick (milliseconds): about 2.6 MB/s. */
const SLOW_CHUNK_BYTES = 64 * 1024;
const SLOW_TICK_MS = 25;

const options = JSON.parse(process.argv[2] ?? "{}");
setPriority(options.nice ?? 19);

const stopper = new globalThis.AbortController();
process.stdin.resume();
process.stdin.once("end", () => stopper.abort());
process.stdin.once("close", () => stopper.abort());

const totals = { files: 0, bytes: 0, checksumFailures: 0 };

/** Downloads `path` once: the bytes read, and whether they match Repr-Digest and Content-Length. */
function downloadOnce(path, slow) {
  return new Promise((resolve, reject) => {
    const request = http.get(`${options.base}${path}`, {
      agent: false,
      headers: options.headers ?? {},
      signal: stopper.signal,
    });
    request.on("error", (error) =>
      stopper.signal.aborted ? resolve({ bytes: 0, ok: true }) : reject(error),
    );
    request.on("response", (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`${path} answered ${response.statusCode}`));
        return;
      }
      const hash = createHash("sha256");
      let bytes = 0;
      response.on("data", (chunk) => {
        hash.update(chunk);
        bytes += chunk.length;
        totals.bytes += chunk.length;
        if (slow && bytes % SLOW_CHUNK_BYTES < chunk.length) {
          response.pause();
          setTimeout(() => response.resume(), SLOW_TICK_MS);
        }
      });
      response.on("error", () => resolve({ bytes, ok: stopper.signal.aborted }));
      response.on("end", () => {
        const digest = `sha-256=:${hash.digest("base64")}:`;
        resolve({
          bytes,
          ok:
            digest === response.headers["repr-digest"] &&
            bytes === Number(response.headers["content-length"]),
        });
      });
    });
  });
}

async function client(offset, slow) {
  for (let i = offset; !stopper.signal.aborted; i++) {
    const path = options.paths[i % options.paths.length];
    const { ok } = await downloadOnce(path, slow);
    if (stopper.signal.aborted) break;
    totals.files++;
    if (!ok) totals.checksumFailures++;
  }
}

const started = performance.now();
await Promise.all([
  ...Array.from({ length: options.count }, (_, i) => client(i, false)),
  client(0, true),
]);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage();
process.stdout.write(
  JSON.stringify({
    ...totals,
    megabytesPerSecond: totals.bytes / 1e6 / seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    seconds,
  }) + "\n",
);
