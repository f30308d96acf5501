import type { EventEmitter } from "node:events";

/**
 * Bytes of bulk files the api writes to its sockets in one event-loop turn, across every download
 * at once: one 64 KiB file read (fs.createReadStream's chunk). Writing a MB to a loopback socket
 * cost the api's thread 4.5 to 5.5 ms of CPU (docs/operations/benchmarks.md), so such a turn
 * spends about a third of a millisecond on files however many downloads run.
 */
export const FILE_BYTES_PER_TURN = 64 * 1024;

/**
 * While requests keep arriving, files go out one turn's budget per this many milliseconds (64 KiB
 * per 10 ms: about 6.5 MB/s shared by every download, some 3 % of a core at the cost above), so a
 * download under sustained load is slowed, never stopped.
 */
export const BUSY_FILE_INTERVAL_MS = 10;

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
 * wait until `busyIntervalMs` has passed since they last went out (a timer: the api answers
 * requests meanwhile, and spends nothing on files). The rest wait for a later turn. A download
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

  constructor(
    private readonly options: {
      bytesPerTurn: number;
      busyIntervalMs: number;
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
    if (this.requests > 0 && sinceSentMs < this.options.busyIntervalMs) {
      this.schedule(this.options.busyIntervalMs - sinceSentMs);
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
    if (this.waiting.length > 0) this.schedule(0);
  }
}

/** The api's one budget for sending bulk files (sendBulkFile). */
export const fileSendBudget = new TurnBudget({
  bytesPerTurn: FILE_BYTES_PER_TURN,
  busyIntervalMs: BUSY_FILE_INTERVAL_MS,
});
