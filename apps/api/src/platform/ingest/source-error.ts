/**
 * Why a request to an outside source gave no usable answer, as a problem the source names (its
 * transport's, and its own such as a used-up budget). Some problems make the rest of a run
 * pointless (the key refused, rate-limited past what a run waits, the process stopping): each
 * source states which, and a sync stops its run on them instead of failing item after item.
 */
export class SourceError<Problem extends string> extends Error {
  constructor(
    /** The subclass's name in logs and stack traces. */
    name: string,
    readonly problem: Problem,
    message: string,
    private readonly runStoppers: readonly Problem[],
  ) {
    super(message);
    this.name = name;
  }

  /** True when further requests of the run are pointless. */
  get stopsRun(): boolean {
    return this.runStoppers.includes(this.problem);
  }
}
