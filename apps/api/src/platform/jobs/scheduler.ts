import type { DatabaseHealth } from "../health/database-health";
import type { Logger } from "../observability/logger";
import type { Metrics } from "../observability/metrics";

/** Work the api repeats on a timer while it serves (settlement, prints, syncs, reloads, flushes). */
export type PeriodicJob = {
  /** Names the job in debug lines. */
  name: string;
  /** Milliseconds between runs; 0 leaves the job off. */
  intervalMs: number;
  /**
   * One run. A rejection is logged once as a warning (a database outage is counted by the outage
   * tracker instead, which logs it once for all jobs and requests); the next run is still due on time.
   */
  run: (stopping: AbortSignal) => Promise<unknown>;
  /** The warning logged (with the error) when a run fails. */
  failureMessage: string;
};

/**
 * Runs every periodic job of the process on its own interval, never two runs of one job at
 * once: a run still going when the next is due makes that next run be skipped, not stacked
 * (a slow database must not pile up settlements). Timers do not keep the process alive.
 */
export class Scheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<void>>();
  private stopped = false;
  /** Aborted by stop(): long runs (settlement, prints) end at their next transaction boundary. */
  private readonly stopping = new AbortController();

  constructor(
    private readonly log: Logger,
    private readonly databaseHealth?: DatabaseHealth,
    /** Counts every run and its duration by job name and outcome. */
    private readonly metrics?: Metrics,
  ) {}

  every(job: PeriodicJob): void {
    if (this.stopped) throw new Error(`scheduler stopped: cannot schedule ${job.name}`);
    if (job.intervalMs <= 0) return;
    let current: Promise<void> | undefined;
    const timer = setInterval(() => {
      if (this.stopped) return;
      if (current) {
        this.log.debug(`${job.name} still running; skipped this interval`);
        return;
      }
      const run = Promise.resolve()
        .then(() => this.timed(job))
        .then(
          () => undefined,
          (error: unknown) => {
            if (this.databaseHealth?.reportFailure(error)) return;
            this.log.warn(job.failureMessage, { error: String(error) });
          },
        )
        .finally(() => {
          current = undefined;
          this.running.delete(run);
        });
      current = run;
      this.running.add(run);
    }, job.intervalMs);
    timer.unref();
    this.timers.push(timer);
  }

  private async timed(job: PeriodicJob): Promise<unknown> {
    const started = performance.now();
    const finished = (outcome: "ok" | "failed") =>
      this.metrics?.jobFinished(job.name, outcome, (performance.now() - started) / 1000);
    try {
      const result = await job.run(this.stopping.signal);
      finished("ok");
      return result;
    } catch (error) {
      finished("failed");
      throw error;
    }
  }

  /**
   * Starts no further run, asks runs in progress to stop at their next safe point (the signal
   * passed to `run`), and resolves once every one of them has finished.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
    await Promise.all([...this.running]);
  }
}
