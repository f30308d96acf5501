import { close, read } from "node:fs";
import type { Response } from "express";
import { FILE_BYTES_PER_TURN, fileSendBudget, type TurnBudget } from "./turn-budget";

/**
 * Read buffers for files being sent, reused: a download holds one while it reads a chunk into it,
 * waits for the turn budget and writes it, and gives it back when it ends. A new Buffer per read
 * (fs.createReadStream's way) is garbage holding external memory: sending 1.5 GB that way took 46
 * young-generation collections and 1.8-2.2 ms of CPU per MB, with reused buffers 4-6 and 0.9-1.6
 * ms (docs/operations/benchmarks.md). Spare buffers beyond `spares` are left to the collector.
 */
export class ChunkBuffers {
  private readonly free: Buffer[] = [];
  /** Buffers this pool has allocated so far (what reuse saves shows here). */
  allocated = 0;

  constructor(
    readonly chunkBytes: number,
    private readonly spares: number,
  ) {}

  take(): Buffer {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    this.allocated++;
    return Buffer.allocUnsafeSlow(this.chunkBytes);
  }

  /** Only a buffer nothing reads or writes any more: no read into it, no socket write from it. */
  give(buffer: Buffer): void {
    if (this.free.length < this.spares) this.free.push(buffer);
  }
}

/**
 * Spare read buffers kept for the next downloads: 8 × 256 KiB, 2 MiB at most. Buffers in use are
 * one per running download; beyond those and the spares, nothing is kept.
 */
const SPARE_BUFFERS = 8;

/** The api's read buffers for sending bulk files (sendFileChunks). */
export const fileChunkBuffers = new ChunkBuffers(FILE_BYTES_PER_TURN, SPARE_BUFFERS);

/**
 * Sends `bytes` bytes of the open file `fd` as the body of `res` (its status and headers set),
 * then ends it and closes `fd`; a client that goes away stops the reads and closes `fd`, and a
 * read that fails midway destroys the response (the client sees a short body, never a wrong one).
 *
 * One chunk at a time per download, in one buffer from `buffers`: read it (fs.read, in the thread
 * pool), wait for the turn budget, write it, and read the next only once the socket has taken it
 * (the write's callback), which is also the backpressure: a slow client holds one buffer, never
 * its file. The buffer goes back to `buffers` only once no read or write uses it (each has called
 * back), so a reused buffer never changes bytes still on their way to a socket.
 */
export function sendFileChunks(
  fd: number,
  bytes: number,
  res: Response,
  budget: TurnBudget = fileSendBudget,
  buffers: ChunkBuffers = fileChunkBuffers,
): void {
  let buffer: Buffer | undefined = buffers.take();
  let position = 0;
  /** A read into the buffer has not called back: the descriptor and the buffer are in use. */
  let reading = false;
  /** A write from the buffer has not called back: the buffer is in use. */
  let writing = false;
  let stopped = false;
  let closed = false;

  /**
   * Once stopped: the descriptor closed when no read uses it; the buffer back in the pool when no
   * read or write uses it, or dropped when a write still might (a socket destroyed under a write
   * need not call it back).
   */
  const release = () => {
    if (!stopped || reading || closed) return;
    closed = true;
    close(fd, () => undefined);
    if (buffer !== undefined && !writing) buffers.give(buffer);
    buffer = undefined;
  };
  const stop = (error?: Error) => {
    if (stopped) return;
    stopped = true;
    if (error !== undefined) res.destroy(error);
    release();
  };
  res.once("close", () => stop());

  const readNext = () => {
    if (stopped || buffer === undefined) return;
    if (position >= bytes) {
      res.end();
      stop();
      return;
    }
    const length = Math.min(buffer.length, bytes - position);
    reading = true;
    read(fd, buffer, 0, length, position, (error, read) => {
      reading = false;
      if (stopped) return release();
      if (error !== null) return stop(error);
      if (read === 0) return stop(new Error(`the file ended at ${position} of ${bytes} bytes`));
      budget.whenAllowed(read, () => write(read));
    });
  };
  const write = (length: number) => {
    if (stopped || buffer === undefined) return;
    if (res.destroyed || res.socket === null || res.socket.destroyed) return stop();
    writing = true;
    res.write(buffer.subarray(0, length), (error) => {
      writing = false;
      if (error !== null && error !== undefined) return stop();
      position += length;
      readNext();
    });
  };
  readNext();
}
