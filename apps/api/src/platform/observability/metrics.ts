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

type RequestLabels = LabelValues<"method" | "route" | "status">;
type DecisionLabels = LabelValues<"limiter" | "decision">;

/**
 * One (method, route, status) of the requests answered, counted in plain numbers: the request
 * path adds to these, and prom-client reads them only when /metrics is scraped (its `inc` and
 * `observe` hash and check the labels on every call, which every answer would pay).
 */
type RequestSeries = {
  readonly labels: RequestLabels;
  count: number;
  sum: number;
  /** Observations per bucket of REQUEST_SECONDS_BUCKETS, not cumulative; above the last: none. */
  readonly buckets: number[];
};

/**
 * What the histogram's `collect` uses of a prom-client 15 histogram beyond its typings: `zero`
 * (documented, not typed) makes a series under its labels' hash, and `hashMap` holds each
 * series' counts, which prom-client's exposition reads (metrics.test.ts checks the exposition
 * against the same observations made with `observe`).
 */
type HistogramInternals = {
  zero(labels: RequestLabels): void;
  hashMap: Record<
    string,
    { labels: unknown; bucketValues: Record<number, number>; sum: number; count: number }
  >;
};

/** The index of the first bucket whose upper bound holds `value` (prom-client's `le`); -1 above all. */
function bucketOf(bounds: readonly number[], value: number): number {
  for (let index = 0; index < bounds.length; index++)
    if (value <= (bounds[index] ?? Number.POSITIVE_INFINITY)) return index;
  return -1;
}

/** A counter's `collect`: writes counts kept in plain numbers into it when it is scraped. */
function countsCollector<T extends string>(
  counts: readonly { labels: LabelValues<T>; count: number }[],
): (this: Counter<T>) => void {
  return function collect(this: Counter<T>) {
    this.reset();
    for (const { labels, count } of counts) this.inc(labels, count);
  };
}

/** The request histogram's `collect`: writes the request series into it when it is scraped. */
function requestHistogramCollector(
  series: readonly RequestSeries[],
): (this: Histogram<"method" | "route" | "status">) => void {
  return function collect(this: Histogram<"method" | "route" | "status">) {
    // prom-client has no call that sets a series' buckets, sum and count: each series is made
    // by `zero` (its labels hashed as `observe` hashes them), then given its counts.
    const histogram = this as unknown as HistogramInternals;
    this.reset();
    for (const { labels } of series) histogram.zero(labels);
    const entries = new Map(Object.values(histogram.hashMap).map((entry) => [entry.labels, entry]));
    for (const { labels, count, sum, buckets } of series) {
      const entry = entries.get(labels);
      if (entry === undefined) throw new Error("prom-client's histogram did not keep a series");
      entry.count = count;
      entry.sum = sum;
      REQUEST_SECONDS_BUCKETS.forEach((bound, index) => {
        entry.bucketValues[bound] = buckets[index] ?? 0;
      });
    }
  };
}

export class Metrics {
  readonly registry = new Registry();

  /** Every request series, in the order each first occurred (prom-client's order too). */
  private readonly requestSeries: RequestSeries[] = [];
  /** The same series by method, route and status: found without building a key per answer. */
  private readonly requestSeriesByLabels = new Map<
    string,
    Map<string, Map<number, RequestSeries>>
  >();
  /** Limiter decisions, in the order each first occurred. */
  private readonly decisionCounts: { labels: DecisionLabels; count: number }[] = [];

  private readonly httpRequests = new Counter({
    name: "tpi_http_requests_total",
    help: "HTTP requests answered, by method, route template and status code.",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.registry],
    collect: countsCollector(this.requestSeries),
  });
  private readonly httpDuration = new Histogram({
    name: "tpi_http_request_duration_seconds",
    help: "Time from a request's arrival to the end of its answer, by method, route template and status code.",
    labelNames: ["method", "route", "status"] as const,
    buckets: REQUEST_SECONDS_BUCKETS,
    registers: [this.registry],
    collect: requestHistogramCollector(this.requestSeries),
  });
  private readonly limiterDecisions = new Counter({
    name: "tpi_rate_limit_decisions_total",
    help: "Rate-limiter decisions, by limiter (public, chat, mcp) and decision (allowed, limited).",
    labelNames: ["limiter", "decision"] as const,
    registers: [this.registry],
    collect: countsCollector(this.decisionCounts),
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

  /**
   * Counts an answer in tpi_http_requests_total and observes its duration (seconds) in
   * tpi_http_request_duration_seconds, under its method, route template and status.
   */
  requestFinished(method: string, route: string, status: number, seconds: number): void {
    let byRoute = this.requestSeriesByLabels.get(method);
    if (byRoute === undefined) {
      byRoute = new Map();
      this.requestSeriesByLabels.set(method, byRoute);
    }
    let byStatus = byRoute.get(route);
    if (byStatus === undefined) {
      byStatus = new Map();
      byRoute.set(route, byStatus);
    }
    let series = byStatus.get(status);
    if (series === undefined) {
      series = {
        labels: { method, route, status: String(status) },
        count: 0,
        sum: 0,
        buckets: REQUEST_SECONDS_BUCKETS.map(() => 0),
      };
      byStatus.set(status, series);
      this.requestSeries.push(series);
    }
    series.count += 1;
    series.sum += seconds;
    const bucket = bucketOf(REQUEST_SECONDS_BUCKETS, seconds);
    if (bucket !== -1) series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1;
  }

  /** Counts a limiter's decision in tpi_rate_limit_decisions_total. */
  limiterDecided(limiter: string, decision: LimiterDecision): void {
    const counted = this.decisionCounts.find(
      ({ labels }) => labels.limiter === limiter && labels.decision === decision,
    );
    if (counted !== undefined) counted.count += 1;
    else this.decisionCounts.push({ labels: { limiter, decision }, count: 1 });
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
