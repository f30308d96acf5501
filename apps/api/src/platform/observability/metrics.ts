import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type LabelValues,
} from "prom-client";

/**
 * The api's Prometheus metrics, served on `GET /metrics` (behind the internal service token).
 * Every label takes values from a fixed set: routes are their templates (`/api/gpu/{gpuName}`,
 * never a raw path; anything unknown is `unmatched`), jobs and limiters their names in code.
 */
export type PoolStats = { total: number; idle: number; waiting: number };

/** Seconds; from a cached read (about a millisecond) to a slow chat answer or a timeout. */
const REQUEST_SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds; from a reload of the published set to a settlement of many days or a long sync. */
const JOB_SECONDS_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900];

export type JobOutcome = "ok" | "failed";
export type LimiterDecision = "allowed" | "limited";

export class Metrics {
  readonly registry = new Registry();

  private readonly httpRequests = new Counter({
    name: "tpi_http_requests_total",
    help: "HTTP requests answered, by method, route template and status code.",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
  });
  private readonly httpDuration = new Histogram({
    name: "tpi_http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method, route template and status code.",
    labelNames: ["method", "route", "status"] as const,
    buckets: REQUEST_SECONDS_BUCKETS,
    registers: [this.registry],
  });
  private readonly limiterDecisions = new Counter({
    name: "tpi_rate_limit_decisions_total",
    help: "Rate-limiter decisions, by limiter (public, chat, mcp) and decision (allowed, limited).",
    labelNames: ["limiter", "decision"] as const,
    registers: [this.registry],
  });
  private readonly jobRuns = new Counter({
    name: "tpi_job_runs_total",
    help: "Runs of the periodic jobs, by job name and outcome (ok, failed).",
    labelNames: ["job", "outcome"] as const,
    registers: [this.registry],
  });
  private readonly jobDuration = new Histogram({
    name: "tpi_job_duration_seconds",
    help: "Duration of the periodic jobs' runs, by job name and outcome.",
    labelNames: ["job", "outcome"] as const,
    buckets: JOB_SECONDS_BUCKETS,
    registers: [this.registry],
  });

  /** With `processMetrics`, also Node's default process metrics (CPU, memory, event loop, GC). */
  constructor(options: { processMetrics?: boolean } = {}) {
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  /** The labelled series of each (method, route, status), made once: labels are hashed only then. */
  private readonly requestSeries = new Map<
    string,
    { count: { inc(): void }; duration: { observe(seconds: number): void } }
  >();

  requestFinished(labels: LabelValues<"method" | "route" | "status">, seconds: number): void {
    const key = `${labels.method} ${labels.route} ${labels.status}`;
    let series = this.requestSeries.get(key);
    if (series === undefined) {
      series = {
        count: this.httpRequests.labels(labels),
        duration: this.httpDuration.labels(labels),
      };
      this.requestSeries.set(key, series);
    }
    series.count.inc();
    series.duration.observe(seconds);
  }

  limiterDecided(limiter: string, decision: LimiterDecision): void {
    this.limiterDecisions.inc({ limiter, decision });
  }

  jobFinished(job: string, outcome: JobOutcome, seconds: number): void {
    this.jobRuns.inc({ job, outcome });
    this.jobDuration.observe({ job, outcome }, seconds);
  }

  /** Key lookups answered from the cache and from the database, read when scraped. */
  observeKeyCache(read: () => { hits: number; misses: number }): void {
    new Counter({
      name: "tpi_api_key_cache_lookups_total",
      help: "API-key lookups, by result: hit (answered from the cache) or miss (read from the database).",
      labelNames: ["result"] as const,
      registers: [this.registry],
      collect() {
        // The authenticator counts; the counter shows its totals.
        const { hits, misses } = read();
        this.reset();
        this.inc({ result: "hit" }, hits);
        this.inc({ result: "miss" }, misses);
      },
    });
  }

  /** The database connection pool, read when scraped. */
  observeDatabasePool(read: () => PoolStats | undefined): void {
    new Gauge({
      name: "tpi_database_pool_connections",
      help: "Connections of the database pool, by state: total (open), idle, waiting (requests queued for a connection).",
      labelNames: ["state"] as const,
      registers: [this.registry],
      collect() {
        const stats = read();
        if (stats === undefined) return;
        this.set({ state: "total" }, stats.total);
        this.set({ state: "idle" }, stats.idle);
        this.set({ state: "waiting" }, stats.waiting);
      },
    });
  }

  /** 1 while the database answers, 0 during an outage, read when scraped. */
  observeDatabaseUp(read: () => boolean | Promise<boolean>): void {
    new Gauge({
      name: "tpi_database_up",
      help: "1 while the database answers, 0 while it is unreachable.",
      registers: [this.registry],
      async collect() {
        this.set((await read()) ? 1 : 0);
      },
    });
  }

  /** The kept settled answers and the fast lane's answers, read when scraped. */
  observeAnswers(read: () => { urls: number; bytes: number; fastLaneAnswers: number }): void {
    new Gauge({
      name: "tpi_answer_cache_bytes",
      help: "Uncompressed bytes of settled answers kept in memory.",
      registers: [this.registry],
      collect() {
        this.set(read().bytes);
      },
    });
    new Gauge({
      name: "tpi_answer_cache_urls",
      help: "Distinct request URLs with a settled answer kept in memory.",
      registers: [this.registry],
      collect() {
        this.set(read().urls);
      },
    });
    new Counter({
      name: "tpi_fast_lane_answers_total",
      help: "Settled answers sent from memory before Express routing (the fast lane).",
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read().fastLaneAnswers);
      },
    });
  }

  /** The Prometheus text exposition of every metric. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
