/**
 * The load generator's own process (see load.ts): runs autocannon (or, for compressed answers,
 * a node:http loop) against one URL and prints its figures as one JSON line on stdout, so that the client never shares an event loop (or a
 * CPU's worth of JavaScript) with the server it measures.
 *
 *   node load-worker.mjs '{"url":"http://127.0.0.1:8080/api/otpi","connections":50,"seconds":6}'
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import process from "node:process";
import autocannon from "autocannon";

const options = JSON.parse(process.argv[2] ?? "{}");
const figures =
  options.engine === "node-http" ? await nodeHttpLoad(options) : await autocannonLoad(options);
process.stdout.write(JSON.stringify(figures) + "\n");

async function autocannonLoad(options) {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: options.method ?? "GET",
    headers: options.headers ?? {},
  });
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [
      status,
      stats.count ?? 0,
    ]),
  );
  // Every answer counts (autocannon's default includes non-2xx in latency and bytes), so a 304
  // target is measured like a 200 one.
  const totalRequests = Object.values(statusCounts).reduce((sum, count) => sum + count, 0);
  return {
    engine: "autocannon",
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCounts,
    totalRequests,
    // Bytes read from the socket per answer: status line, headers and body.
    bytesPerResponse: totalRequests > 0 ? result.throughput.total / totalRequests : 0,
    durationSeconds: result.duration,
  };
}

/**
 * A closed loop per connection over node:http keep-alive sockets (Node's C parser). autocannon's
 * JavaScript HTTP parser slows down on binary bodies: it answered 870 req/s for 52 kB of random
 * bytes where it answers 16,000 for 52 kB of JSON from the same server, so compressed answers
 * are measured with this engine instead. Bytes per answer count the body as received (compressed)
 * and the headers as Node parsed them.
 */
async function nodeHttpLoad(options) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latenciesMs = [];
  const statusCounts = {};
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  const once = () =>
    new Promise((resolve) => {
      const sent = performance.now();
      const req = http.request(
        options.url,
        { method: options.method ?? "GET", headers: options.headers ?? {}, agent },
        (res) => {
          let headerBytes = 0;
          for (let i = 0; i < res.rawHeaders.length; i += 2)
            headerBytes += res.rawHeaders[i].length + res.rawHeaders[i + 1].length + 4;
          bytes += headerBytes;
          res.on("data", (chunk) => (bytes += chunk.length));
          res.on("end", () => {
            latenciesMs.push(performance.now() - sent);
            statusCounts[res.statusCode] = (statusCounts[res.statusCode] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const connection = async () => {
    while (performance.now() < deadline) await once();
  };
  await Promise.all(Array.from({ length: options.connections }, connection));
  const durationSeconds = (performance.now() - started) / 1000;
  agent.destroy();
  latenciesMs.sort((a, b) => a - b);
  const percentile = (q) =>
    latenciesMs.length === 0
      ? 0
      : latenciesMs[Math.min(latenciesMs.length - 1, Math.floor(q * latenciesMs.length))];
  const totalRequests = latenciesMs.length;
  const non2xx = Object.entries(statusCounts)
    .filter(([status]) => Number(status) < 200 || Number(status) > 299)
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    engine: "node-http",
    requestsPerSecond: totalRequests / durationSeconds,
    p50Ms: Math.round(percentile(0.5) * 10) / 10,
    p99Ms: Math.round(percentile(0.99) * 10) / 10,
    errors,
    timeouts: 0,
    non2xx,
    statusCounts,
    totalRequests,
    bytesPerResponse: totalRequests > 0 ? bytes / totalRequests : 0,
    durationSeconds,
  };
}
