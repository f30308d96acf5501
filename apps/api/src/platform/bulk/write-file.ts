import { rename, rm } from "node:fs/promises";
import { Worker } from "node:worker_threads";
import type { BulkColumn, BulkFormat, BulkRow } from "@tpi/domain";

export { PARQUET_ROW_GROUP_ROWS } from "./file-encoder";

export type WrittenFile = { rows: number; bytes: number; sha256: string /* hex */ };

/**
 * Rows posted to the bulk file worker at once. The writer holds two batches at most (one being
 * encoded, one being read from the database) and waits for the worker's answer before posting
 * the next, so memory stays bounded however large the file and however slow the disk.
 */
export const WORKER_BATCH_ROWS = 2_000;

/**
 * The compiled worker (apps/api/build.mjs bundles src/platform/bulk/file-worker.ts there). Found
 * from this module's source location, which the build keeps for bundled code: the same file from
 * dist/main.js, dist/cli.js, the benchmarks and the tests (which compile a stale dist/ first:
 * testing/compiled-api-setup.ts).
 */
export const BULK_FILE_WORKER = new URL("../../../dist/bulk-file-worker.js", import.meta.url);

/** What the main thread tells the worker: rows to encode, the end of the rows, or to stop. */
export type ToFileWorker = { kind: "rows"; rows: BulkRow[] } | { kind: "end" } | { kind: "abort" };

/** The worker's answer to each `rows` and `end`: done (with the file after `end`) or failed. */
export type FromFileWorker =
  | { kind: "done"; written?: WrittenFile }
  | { kind: "failed"; error: unknown };

/** What the worker is started with. */
export type FileWorkerData = { format: BulkFormat; columns: readonly BulkColumn[]; path: string };

/**
 * Writes `rows` as a CSV or Parquet file at `path`. The rows are read here, in batches, and
 * encoded and written in a worker thread (a Parquet row group is one synchronous call of up to
 * seconds that would otherwise stall every request): the bytes go to `path + ".partial"` and
 * through SHA-256 as they are written, and the file is renamed to `path` only once complete. If
 * the rows fail midway, a value is refused, or the worker dies, the partial file is removed and
 * nothing appears under `path`. Equal columns and rows give byte-identical files. One thread per
 * file being written, started for it (tens of milliseconds) and ended with it.
 */
export function writeBulkFile(
  format: BulkFormat,
  columns: readonly BulkColumn[],
  rows: AsyncIterable<BulkRow>,
  path: string,
): Promise<WrittenFile> {
  return writeBulkFileWith(BULK_FILE_WORKER, format, columns, rows, path);
}

/** writeBulkFile with the worker module named: the tests start one that crashes. */
export async function writeBulkFileWith(
  workerModule: URL,
  format: BulkFormat,
  columns: readonly BulkColumn[],
  rows: AsyncIterable<BulkRow>,
  path: string,
): Promise<WrittenFile> {
  const partial = `${path}.partial`;
  const worker = new FileWorker(workerModule, { format, columns, path: partial });
  try {
    let batch: BulkRow[] = [];
    // The batch the worker is encoding while the next one is read.
    let encoding: Promise<unknown> = Promise.resolve();
    for await (const row of rows) {
      batch.push(row);
      if (batch.length === WORKER_BATCH_ROWS) {
        await encoding;
        encoding = worker.send({ kind: "rows", rows: batch });
        batch = [];
      }
    }
    await encoding;
    if (batch.length > 0) await worker.send({ kind: "rows", rows: batch });
    const { written } = await worker.send({ kind: "end" });
    if (written === undefined) throw new Error("the bulk file worker finished without the file");
    await worker.exited;
    await rename(partial, path);
    return written;
  } catch (error) {
    await worker.stop();
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * One worker thread writing one file. A message is answered before the next is sent, so one
 * answer is awaited at a time; a worker that fails or exits rejects it, and every later one.
 */
class FileWorker {
  private readonly worker: Worker;
  private awaiting:
    | { resolve(answer: { written?: WrittenFile }): void; reject(error: unknown): void }
    | undefined;
  private failure: Error | undefined;
  private hasExited = false;
  readonly exited: Promise<void>;

  constructor(module: URL, data: FileWorkerData) {
    this.worker = new Worker(module, { workerData: data });
    this.worker.on("message", (answer: FromFileWorker) => {
      if (answer.kind === "done") this.answer()?.resolve(answer);
      else this.fail(answer.error);
    });
    this.worker.on("error", (error) => this.fail(error));
    this.exited = new Promise((resolve) =>
      this.worker.once("exit", (code) => {
        this.hasExited = true;
        this.fail(
          new Error(`the bulk file worker stopped (exit code ${code}) before the file was written`),
        );
        resolve();
      }),
    );
  }

  /**
   * Posts a message and resolves with the worker's answer. The promise is marked handled: the
   * writer awaits it later, after reading the next batch.
   */
  send(message: ToFileWorker): Promise<{ written?: WrittenFile }> {
    const answer = new Promise<{ written?: WrittenFile }>((resolve, reject) => {
      if (this.failure !== undefined) return reject(this.failure);
      this.awaiting = { resolve, reject };
      this.worker.postMessage(message);
    });
    answer.catch(() => undefined);
    return answer;
  }

  /** Asks the worker to close its file and waits until it has exited. */
  async stop(): Promise<void> {
    if (this.hasExited) return;
    this.worker.postMessage({ kind: "abort" } satisfies ToFileWorker);
    await this.exited;
  }

  private answer() {
    const awaiting = this.awaiting;
    this.awaiting = undefined;
    return awaiting;
  }

  private fail(error: unknown): void {
    this.failure ??= error instanceof Error ? error : new Error(String(error));
    this.answer()?.reject(this.failure);
  }
}
