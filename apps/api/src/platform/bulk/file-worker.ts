/**
 * The bulk file worker: encodes and writes one file (file-encoder.ts) in its own thread, for
 * writeBulkFile (write-file.ts), which reads the rows and posts them here in batches. Each
 * `rows` and `end` is answered once handled; a failure is answered, the file closed and the
 * thread ended; `abort` closes the file and ends the thread.
 */
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import { openBulkFileEncoder } from "./file-encoder";
import type { FileWorkerData, FromFileWorker, ToFileWorker } from "./write-file";

if (parentPort === null) throw new Error("file-worker.ts runs as a worker thread (writeBulkFile)");
const port: MessagePort = parentPort;
const { format, columns, path } = workerData as FileWorkerData;
const encoder = openBulkFileEncoder(format, columns, path);
const reply = (answer: FromFileWorker) => port.postMessage(answer);

async function handle(message: ToFileWorker): Promise<void> {
  switch (message.kind) {
    case "rows":
      await encoder.add(message.rows);
      return reply({ kind: "done" });
    case "end":
      reply({ kind: "done", written: await encoder.finish() });
      return port.close();
    case "abort":
      await encoder.destroy();
      return port.close();
  }
}

// One message at a time, in order: the writer posts the next only once this one is answered,
// except `abort`, which waits for what is under way.
let queue = Promise.resolve();
port.on("message", (message: ToFileWorker) => {
  queue = queue
    .then(() => handle(message))
    .catch(async (error: unknown) => {
      await encoder.destroy();
      reply({ kind: "failed", error });
      port.close();
    });
});
