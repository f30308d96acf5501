import type { EventEmitter } from "node:events";

/**
 * Bytes of bulk files the api writes to its sockets in one event-loop turn, across every download
 * at once: one file chunk (file-chunks.ts reads this much at a time), so a turn's file work is at
 * most one read's callback and one socket write of 256 KiB. Most of a chunk's cost is per chunk,
 * not per byte: reading a file from the page cache and writing it to a loopback socket cost 1.2
 * ms of CPU per MB in 64 KiB chunks, 0.68 in 256 KiB and 0.64 in 1 MiB (medians of five, a 16 MiB
 * file sent 30 times; docs/operations/benchmarks.md), so 256 KiB takes most of the gain while a
 * turn spends about 0.2 ms on files (under 3 ms at the api's worst 10 ms per MB measured under
 * load) however many downloads run.
 */
export const FILE_BYTES_PER_TURN = 256 * 1024;

/**
 * While requests keep arriving, files go out at most this many bytes per millisecond, shared by
 * every download (6.5 MB/s, as 64 KiB per 10 ms was before the chunks grew): after a turn that sent
 * N bytes, files wait N / this milliseconds (40 ms after a 256 KiB chunk), so a download under
 * sustained load is slowed, never stopped, and the CPU spent on files under load is bounded by
 * bytes, whatever the chunk size.
 */
export const BUSY_FILE_BYTES_PER_MS = 6_553.6;

/** The clock a budget decides by (milliseconds), and how it waits (a timer). */
export type TurnClock = { nowMs(): number; after(ms: number, run: () => void): void };

const WALL_CLOCK: TurnClock = {
  nowMs: () => performance.now(),
  after: (ms, run) => {
    // A budget's wait must not keep a stopping process alive.
    setTimeout(run, ms).unref();
  },
};

type Waiting = { bytes: number; release: () => void };

/**
 * A budget of bytes per event-loop turn shared by many downloads, that lets requests go first.
 * Each download's chunk waits for the check phase (setImmediate), which runs after the poll phase
 * has handled every request that was ready. A turn then releases chunks, oldest first, until
 * `bytesPerTurn` is spent (always at least one, so a chunk larger than the budget still goes),
 * when no request reached a watched server since files last went out; when requests did, files
 * wait until the bytes that last went out, at `busyBytesPerMs`, have had their time (a timer: the
 * api answers requests meanwhile, and spends nothing on files). The rest wait for a later turn. A download
 * has one chunk waiting at most (sendFileChunks asks for the next once the socket has taken the
 * last), so the oldest-first order is a round robin over the downloads.
 */
export class TurnBudget {
  private readonly waiting: Waiting[] = [];
  private scheduled = false;
  private readonly watched = new WeakSet<EventEmitter>();
  /** Requests the watched servers received since files last went out. */
  private requests = 0;
  private lastSentMs = Number.NEGATIVE_INFINITY;
  /** Bytes the last sending turn released. */
  private lastSentBytes = 0;

  constructor(
    private readonly options: {
      bytesPerTurn: number;
      busyBytesPerMs: number;
      clock?: TurnClock;
    },
  ) {}

  /** Counts the requests `server` (an http.Server) receives: while they arrive, files yield. */
  watch(server: EventEmitter): void {
    if (this.watched.has(server)) return;
    this.watched.add(server);
    server.on("request", () => {
      this.requests++;
    });
  }

  private get clock(): TurnClock {
    return this.options.clock ?? WALL_CLOCK;
  }

  /** Calls `release` (to send a chunk of `bytes`) in the turn that has budget left for it. */
  whenAllowed(bytes: number, release: () => void): void {
    this.waiting.push({ bytes, release });
    this.schedule(0);
  }

  /** The next release: in the next turn's check phase, or after `delayMs` when requests came. */
  private schedule(delayMs: number): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const run = () => this.releaseOneTurn();
    if (delayMs > 0) this.clock.after(delayMs, run);
    else setImmediate(run);
  }

  private releaseOneTurn(): void {
    this.scheduled = false;
    const sinceSentMs = this.clock.nowMs() - this.lastSentMs;
    const busyWaitMs = this.lastSentBytes / this.options.busyBytesPerMs;
    if (this.requests > 0 && sinceSentMs < busyWaitMs) {
      this.schedule(busyWaitMs - sinceSentMs);
      return;
    }
    this.requests = 0;
    this.lastSentMs = this.clock.nowMs();
    let left = this.options.bytesPerTurn;
    let released = 0;
    for (let next = this.waiting[0]; next !== undefined; next = this.waiting[0]) {
      if (released > 0 && next.bytes > left) break;
      this.waiting.shift();
      left -= next.bytes;
      released++;
      next.release();
    }
    this.lastSentBytes = this.options.bytesPerTurn - left;
    if (this.waiting.length > 0) this.schedule(0);
  }
}

/** The api's one budget for sending bulk files (sendBulkFile). */
export const fileSendBudget = new TurnBudget({
  bytesPerTurn: FILE_BYTES_PER_TURN,
  busyBytesPerMs: BUSY_FILE_BYTES_PER_MS,
});
