import type { TransportProblem } from "../../../platform/ingest/paced-http";

/**
 * Why a GPU quote source gave nothing usable. The transport problems of platform/ingest/paced-http,
 * and `mismatch`: a well-formed snapshot of another day than the one asked for (a ledger file
 * labelled for another day, or a `latest.json` not yet replaced: poll again later).
 */
export type QuoteSourceProblem = TransportProblem | "mismatch";

export class QuoteSourceError extends Error {
  constructor(
    /** The source id (`gpurentalprices`, `vastai`). */
    readonly source: string,
    readonly problem: QuoteSourceProblem,
    message: string,
  ) {
    super(message);
    this.name = "QuoteSourceError";
  }

  /**
   * True when further requests of the run are pointless: the credentials or the configuration
   * were refused, the source rate-limited us past what a run waits, or the process is stopping.
   */
  get stopsRun(): boolean {
    return this.problem === "auth" || this.problem === "rate-limit" || this.problem === "stopped";
  }
}

/** What a GPU source request cut short by the run's stop signal raises. */
export const QUOTE_SOURCE_STOPPED_MESSAGE =
  "the GPU quote fetch was stopped before it finished (the process is stopping); nothing partial was kept, and the next run fetches it again";
