import { Transform } from "node:stream";

/**
 * Bytes of bulk files the api writes to its sockets in one event-loop turn, across every download
 * at once: one 64 KiB file read (fs.createReadStream's chunk). Writing a MB to a loopback socket
 * cost the api's thread 4.5 to 5.5 ms of CPU (docs/operations/benchmarks.md), so such a turn
 * spends about a third of a millisecond on files however many downloads run.
 */
export const FILE_BYTES_PER_TURN = 64 * 1024;

/**
 * CPU the api spent on other work (answering requests, timers) since files last went out, in
 * milliseconds, above which a turn counts as busy and sends no file bytes: about four settled
 * GETs' worth (a settled GET costs the api 50-60 µs).
 */
export const BUSY_TURN_CPU_MS = 0.2;

/**
 * However busy the api, files still go out one turn's budget per this many milliseconds (64 KiB
 * per 20 ms: about 3 MB/s shared by every download), so a download under sustained load is
 * slowed, never stopped.
 */
export const BUSY_FILE_INTERVAL_MS = 20;

/** The clocks a budget decides by, in milliseconds: this process's CPU time, and the wall. */
export type TurnClock = { cpuMs(): number; nowMs(): number };

const PROCESS_CLOCK: TurnClock = {
  cpuMs: () => {
    const used = process.cpuUsage();
    return (used.user + used.system) / 1000;
  },
  nowMs: () => performance.now(),
};

type Waiting = { bytes: number; release: () => void };

/**
 * A budget of bytes per event-loop turn shared by many streams, that lets the api's other work go
 * first. Each stream's chunk waits for the check phase (setImmediate), which runs after the poll
 * phase has handled every request that was ready. In that phase a turn releases chunks, oldest
 * first, until `bytesPerTurn` is spent (always at least one, so a chunk larger than the budget
 * still goes) — but only when the api did little else since files last went out (less than
 * `busyTurnCpuMs` of CPU), or when `busyIntervalMs` has passed since then: while requests keep
 * the api busy, files get one turn's budget per interval; when it is idle, every turn. The rest
 * wait for a later turn. A stream has one chunk waiting at most (its Transform takes no more until
 * the chunk is released), so the oldest-first order is a round robin over the streams.
 */
export class TurnBudget {
  private readonly waiting: Waiting[] = [];
  private scheduled = false;
  /** CPU and wall time when files last went out (or when the first chunk began to wait). */
  private lastCpuMs: number | undefined;
  private lastSentMs = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly options: {
      bytesPerTurn: number;
      busyTurnCpuMs: number;
      busyIntervalMs: number;
      clock?: TurnClock;
    },
  ) {}

  /** A Transform passing chunks through unchanged, each once a turn has budget left for it. */
  paced(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.wait(chunk.length, () => callback(null, chunk));
      },
    });
  }

  private get clock(): TurnClock {
    return this.options.clock ?? PROCESS_CLOCK;
  }

  private wait(bytes: number, release: () => void): void {
    // Idle time before the first chunk does not count as other work.
    if (this.waiting.length === 0 && !this.scheduled) {
      this.lastCpuMs = this.clock.cpuMs();
    }
    this.waiting.push({ bytes, release });
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.releaseOneTurn());
  }

  private releaseOneTurn(): void {
    this.scheduled = false;
    const cpuMs = this.clock.cpuMs();
    const nowMs = this.clock.nowMs();
    const busy = cpuMs - (this.lastCpuMs ?? cpuMs) >= this.options.busyTurnCpuMs;
    if (!busy || nowMs - this.lastSentMs >= this.options.busyIntervalMs) {
      let left = this.options.bytesPerTurn;
      let released = 0;
      for (let next = this.waiting[0]; next !== undefined; next = this.waiting[0]) {
        if (released > 0 && next.bytes > left) break;
        this.waiting.shift();
        left -= next.bytes;
        released++;
        next.release();
      }
      this.lastSentMs = this.clock.nowMs();
    }
    // Sending counts as the files' own time, not as other work.
    this.lastCpuMs = this.clock.cpuMs();
    if (this.waiting.length > 0) this.schedule();
  }
}

/** The api's one budget for sending bulk files (sendBulkFile). */
export const fileSendBudget = new TurnBudget({
  bytesPerTurn: FILE_BYTES_PER_TURN,
  busyTurnCpuMs: BUSY_TURN_CPU_MS,
  busyIntervalMs: BUSY_FILE_INTERVAL_MS,
});
