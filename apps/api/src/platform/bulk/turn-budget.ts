import { Transform } from "node:stream";

/**
 * Bytes of bulk files the api writes to its sockets per event-loop turn, across every download
 * at once: one 64 KiB file read (fs.createReadStream's chunk). Writing a MB to a loopback socket
 * cost the api's thread about 4 ms of CPU (docs/operations/benchmarks.md), so a turn spends about
 * a quarter of a millisecond on files however many downloads run, while a turn under load answers
 * up to one request per open connection; an api with nothing else to do turns again at once, so
 * downloads alone still get well over 100 MB/s.
 */
export const FILE_BYTES_PER_TURN = 64 * 1024;

type Waiting = { bytes: number; release: () => void };

/**
 * A budget of bytes per event-loop turn shared by many streams: each stream's chunk waits for the
 * check phase (setImmediate), which runs after the poll phase has handled every request that was
 * ready, and a turn releases chunks, oldest first, until the budget is spent (always at least
 * one, so a chunk larger than the budget still goes). The rest wait for the next turn. A stream
 * has one chunk waiting at most (its Transform takes no more until the chunk is released), so the
 * oldest-first order is a round robin over the streams.
 */
export class TurnBudget {
  private readonly waiting: Waiting[] = [];
  private scheduled = false;

  constructor(private readonly bytesPerTurn: number) {}

  /** A Transform passing chunks through unchanged, each once a turn has budget left for it. */
  paced(): Transform {
    return new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.wait(chunk.length, () => callback(null, chunk));
      },
    });
  }

  private wait(bytes: number, release: () => void): void {
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
    let left = this.bytesPerTurn;
    let released = 0;
    for (let next = this.waiting[0]; next !== undefined; next = this.waiting[0]) {
      if (released > 0 && next.bytes > left) break;
      this.waiting.shift();
      left -= next.bytes;
      released++;
      next.release();
    }
    if (this.waiting.length > 0) this.schedule();
  }
}

/** The api's one budget for sending bulk files (sendBulkFile). */
export const fileSendBudget = new TurnBudget(FILE_BYTES_PER_TURN);
