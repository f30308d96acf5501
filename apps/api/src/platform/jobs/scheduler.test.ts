import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "../observability/logger";
import { Metrics } from "../observability/metrics";
import { Scheduler } from "./scheduler";

/** A run that lasts until the test ends it. */
function controllable() {
  let finish: (() => void) | undefined;
  let fail: ((error: Error) => void) | undefined;
  let starts = 0;
  const run = () => {
    starts += 1;
    return new Promise<void>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return {
    run,
    starts: () => starts,
    finish: () => finish?.(),
    fail: (error: Error) => fail?.(error),
  };
}

function recordingLogger() {
  const lines: string[] = [];
  return { log: createLogger("debug", (line) => lines.push(line)), lines };
}

describe("Scheduler", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs a job once per interval", async () => {
    const { log } = recordingLogger();
    const scheduler = new Scheduler(log);
    let runs = 0;
    scheduler.every({
      name: "tick",
      intervalMs: 1_000,
      failureMessage: "tick failed",
      run: async () => {
        runs += 1;
      },
    });
    await vi.advanceTimersByTimeAsync(3_500);
    expect(runs).toBe(3);
    await scheduler.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(3);
  });

  it("skips a run that falls due while the previous one is still going", async () => {
    const { log } = recordingLogger();
    const scheduler = new Scheduler(log);
    const job = controllable();
    scheduler.every({ name: "slow", intervalMs: 1_000, failureMessage: "slow failed", ...job });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job.starts()).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(job.starts()).toBe(1);
    job.finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job.starts()).toBe(2);
    job.finish();
    await scheduler.stop();
  });

  it("wake runs a job at once, and once more right after a run in progress, without waiting for its interval", async () => {
    const { log } = recordingLogger();
    const scheduler = new Scheduler(log);
    const job = controllable();
    const handle = scheduler.every({
      name: "outbox",
      intervalMs: 60_000,
      failureMessage: "outbox failed",
      ...job,
    });
    handle.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.starts()).toBe(1);
    // Woken twice during that run: one more run follows it, not two.
    handle.wake();
    handle.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.starts()).toBe(1);
    job.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.starts()).toBe(2);
    job.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.starts()).toBe(2);
    await scheduler.stop();
    handle.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.starts()).toBe(2);
  });

  it("stop waits for the run in progress to finish", async () => {
    const { log } = recordingLogger();
    const scheduler = new Scheduler(log);
    const job = controllable();
    scheduler.every({ name: "slow", intervalMs: 1_000, failureMessage: "slow failed", ...job });
    await vi.advanceTimersByTimeAsync(1_000);
    let stopped = false;
    const stopping = scheduler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(stopped).toBe(false);
    job.finish();
    await stopping;
    expect(stopped).toBe(true);
    expect(job.starts()).toBe(1);
  });

  it("logs a failed run once and keeps the schedule", async () => {
    const { log, lines } = recordingLogger();
    const scheduler = new Scheduler(log);
    const job = controllable();
    scheduler.every({ name: "flaky", intervalMs: 1_000, failureMessage: "flaky failed", ...job });
    await vi.advanceTimersByTimeAsync(1_000);
    job.fail(new Error("database unreachable"));
    await vi.advanceTimersByTimeAsync(0);
    const warnings = lines.filter((line) => line.includes("WARN"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('flaky failed {"error":"Error: database unreachable"}');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job.starts()).toBe(2);
    job.finish();
    await scheduler.stop();
  });

  it("leaves a job with a zero interval off", async () => {
    const { log } = recordingLogger();
    const scheduler = new Scheduler(log);
    let runs = 0;
    scheduler.every({
      name: "off",
      intervalMs: 0,
      failureMessage: "off failed",
      run: async () => {
        runs += 1;
      },
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(0);
    await scheduler.stop();
  });

  it("stop() tells a running job to stop at its next safe point, and waits for it", async () => {
    const { log } = recordingLogger();
    const scheduler = new Scheduler(log);
    let signal: AbortSignal | undefined;
    let finish: () => void = () => undefined;
    scheduler.every({
      name: "settlement",
      intervalMs: 1_000,
      failureMessage: "settlement failed",
      run: (stopping) => {
        signal = stopping;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(signal?.aborted).toBe(false);
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    expect(signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false); // the run in progress is waited for
    finish();
    await stopping;
    expect(stopped).toBe(true);
  });

  it("counts each run and its duration by job name and outcome", async () => {
    const { log } = recordingLogger();
    const metrics = new Metrics();
    const scheduler = new Scheduler(log, undefined, metrics);
    const job = controllable();
    scheduler.every({ name: "settlement", intervalMs: 1_000, failureMessage: "failed", ...job });
    await vi.advanceTimersByTimeAsync(1_000);
    job.finish();
    await vi.advanceTimersByTimeAsync(1_000);
    job.fail(new Error("database unreachable"));
    await vi.advanceTimersByTimeAsync(0);
    await scheduler.stop();
    const { body } = await metrics.exposition();
    expect(body).toContain('tpi_job_runs_total{job="settlement",outcome="ok"} 1');
    expect(body).toContain('tpi_job_runs_total{job="settlement",outcome="failed"} 1');
    expect(body).toContain('tpi_job_duration_seconds_count{job="settlement",outcome="ok"} 1');
  });
});
