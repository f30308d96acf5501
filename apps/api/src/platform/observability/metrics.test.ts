import { Counter, Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { Metrics } from "./metrics";

/** The lines of one metric family in an exposition (HELP, TYPE and samples). */
function family(exposition: string, name: string): string[] {
  return exposition
    .split("\n")
    .filter(
      (line) =>
        line.startsWith(`# HELP ${name} `) ||
        line.startsWith(`# TYPE ${name} `) ||
        /^(\w+)/.exec(line)?.[1]?.replace(/_(bucket|sum|count)$/, "") === name,
    );
}

describe("metrics counted in plain numbers and read at scrape time", () => {
  it("expose what prom-client's own inc and observe expose for the same answers and decisions", async () => {
    const metrics = new Metrics();
    // What the same observations give through prom-client's calls, as the api made them before.
    const reference = new Registry();
    const requests = new Counter({
      name: "tpi_http_requests_total",
      help: "HTTP requests answered, by method, route template and status code.",
      labelNames: ["method", "route", "status"] as const,
      registers: [reference],
    });
    const durations = new Histogram({
      name: "tpi_http_request_duration_seconds",
      help: "Time from a request's arrival to the end of its answer, by method, route template and status code.",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [reference],
    });
    const decisions = new Counter({
      name: "tpi_rate_limit_decisions_total",
      help: "Rate-limiter decisions, by limiter (public, chat, mcp) and decision (allowed, limited).",
      labelNames: ["limiter", "decision"] as const,
      registers: [reference],
    });

    const scrapes: { ours: string; theirs: string }[] = [];
    const scrape = async () =>
      scrapes.push({ ours: (await metrics.exposition()).body, theirs: await reference.metrics() });
    await scrape(); // nothing counted yet
    // Interleaved series; durations on bucket bounds, between them, and above the last one.
    const answers: [string, string, number, number][] = [
      ["GET", "/api/otpi", 200, 0.0004],
      ["GET", "/api/gpu/{gpuName}", 404, 0.005],
      ["GET", "/api/otpi", 200, 0.01],
      ["POST", "/api/chat", 429, 0.0051],
      ["GET", "/api/otpi", 304, 31],
      ["GET", "/api/otpi", 200, 2.5],
      ["GET", "unmatched", 404, 30],
      ["GET", "/api/gpu/{gpuName}", 404, 0.3],
    ];
    for (const [index, [method, route, status, seconds]] of answers.entries()) {
      metrics.requestFinished(method, route, status, seconds);
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
      const decision = index % 3 === 0 ? "limited" : "allowed";
      const limiter = index % 2 === 0 ? "public" : "chat";
      metrics.limiterDecided(limiter, decision);
      decisions.inc({ limiter, decision });
      if (index === 3) await scrape();
    }
    await scrape();
    await scrape(); // a second scrape without new answers: the same totals

    for (const { ours, theirs } of scrapes)
      for (const name of [
        "tpi_http_requests_total",
        "tpi_http_request_duration_seconds",
        "tpi_rate_limit_decisions_total",
      ])
        expect(family(ours, name)).toEqual(family(theirs, name));
    const last = scrapes.at(-1)?.ours ?? "";
    expect(last).toContain(
      'tpi_http_requests_total{method="GET",route="/api/otpi",status="200"} 3',
    );
    expect(last).toContain(
      'tpi_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/otpi",status="304"} 1',
    );
  });
});
