/**
 * The load generator's own process (see load.ts): runs autocannon against one URL and prints
 * its figures as one JSON line on stdout, so that the client never shares an event loop (or a
 * CPU's worth of JavaScript) with the server it measures.
 *
 *   node load-worker.mjs '{"url":"http://127.0.0.1:8080/api/otpi","connections":50,"seconds":6}'
 */
import process from "node:process";
import autocannon from "autocannon";

const options = JSON.parse(process.argv[2] ?? "{}");
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.seconds,
  method: options.method ?? "GET",
  headers: options.headers ?? {},
});
const statusCounts = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([status, stats]) => [status, stats.count ?? 0]),
);
// Every answer counts (autocannon's default includes non-2xx in latency and bytes), so a 304
// target is measured like a 200 one.
const totalRequests = Object.values(statusCounts).reduce((sum, count) => sum + count, 0);
process.stdout.write(
  JSON.stringify({
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
  }) + "\n",
);
