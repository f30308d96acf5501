import type { TransportProblem } from "../../../platform/ingest/paced-http";
import { SourceError } from "../../../platform/ingest/source-error";

/**
 * Why a GPU quote source gave nothing usable. The transport problems of platform/ingest/paced-http,
 * and `mismatch`: a well-formed snapshot of another day than the one asked for (a ledger file
 * labelled for another day, or a `latest.json` not yet replaced: poll again later).
 */
export type QuoteSourceProblem = TransportProblem | "mismatch";

export class QuoteSourceError extends SourceError<QuoteSourceProblem> {
  constructor(
    /** The source id (`gpurentalprices`, `vastai`). */
    readonly source: string,
    problem: QuoteSourceProblem,
    message: string,
  ) {
    // The credentials or the configuration refused, rate-limited past what a run waits, stopping.
    super("QuoteSourceError", problem, message, ["auth", "rate-limit", "stopped"]);
  }
}

/** What a GPU source request cut short by the run's stop signal raises. */
export const QUOTE_SOURCE_STOPPED_MESSAGE =
  "the GPU quote fetch was stopped before it finished (the process is stopping); nothing partial was kept, and the next run fetches it again";
