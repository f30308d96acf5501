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

/** A scheduled job: `wake()` asks for a run now rather than at the next interval. */
export type ScheduledJob = { wake: () => void };

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

  /**
   * Runs `job` every `intervalMs`. The handle's `wake()` runs it as soon as possible besides (work
   * that arrived and should not wait for the next interval, such as a mail just queued): at once
   * when no run is going, else once more right after the current run.
   */
  every(job: PeriodicJob): ScheduledJob {
    if (this.stopped) throw new Error(`scheduler stopped: cannot schedule ${job.name}`);
    if (job.intervalMs <= 0) return { wake: () => undefined };
    let current: Promise<void> | undefined;
    let wokenDuringRun = false;
    const start = (why: "interval" | "wake") => {
      if (this.stopped) return;
      if (current) {
        if (why === "wake") wokenDuringRun = true;
        else this.log.debug(`${job.name} still running; skipped this interval`);
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
          if (wokenDuringRun) {
            wokenDuringRun = false;
            start("wake");
          }
        });
      current = run;
      this.running.add(run);
    };
    const timer = setInterval(() => start("interval"), job.intervalMs);
    timer.unref();
    this.timers.push(timer);
    return { wake: () => start("wake") };
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
