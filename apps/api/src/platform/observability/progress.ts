/**
 * Progress for long operations: a bar redrawn in place on a terminal, plain lines otherwise
 * (logs, CI), at most every `minIntervalMs` or at each 10% step.
 */
export type Progress = {
  update(done: number, total?: number): void;
  finish(summary: string): void;
};

export function createProgress(
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
  minIntervalMs = 1_000,
): Progress {
  const isTty = stream.isTTY === true;
  let lastPrint = 0;
  let lastDecile = -1;
  const started = Date.now();
  const rate = (done: number) => Math.round(done / Math.max((Date.now() - started) / 1000, 0.001));

  return {
    update(done, total) {
      const now = Date.now();
      const fraction = total ? Math.min(1, done / total) : undefined;
      if (isTty) {
        if (now - lastPrint < 100 && fraction !== 1) return;
        lastPrint = now;
        const width = 30;
        const bar =
          fraction === undefined
            ? ""
            : `[${"#".repeat(Math.round(fraction * width)).padEnd(width, ".")}] ${(fraction * 100).toFixed(0).padStart(3)}% `;
        stream.write(
          `\r${label} ${bar}${done.toLocaleString("en-US")}${total ? `/${total.toLocaleString("en-US")}` : ""} (${rate(done).toLocaleString("en-US")}/s)\x1b[K`,
        );
        return;
      }
      const decile = fraction === undefined ? -1 : Math.floor(fraction * 10);
      if (now - lastPrint < minIntervalMs && decile === lastDecile) return;
      lastPrint = now;
      lastDecile = decile;
      const pct = fraction === undefined ? "" : ` (${(fraction * 100).toFixed(0)}%)`;
      stream.write(
        `${label}: ${done.toLocaleString("en-US")}${total ? ` of ${total.toLocaleString("en-US")}` : ""}${pct}\n`,
      );
    },
    finish(summary) {
      stream.write(`${isTty ? "\r\x1b[K" : ""}${label}: ${summary}\n`);
    },
  };
}
