import { databaseFailureReason, describeDatabaseError, isDatabaseUnavailable } from "@tpi/db";
import type { Logger } from "../observability/logger";

/** What /health (and metrics) report about the database. */
export type DatabaseState =
  | { status: "available"; outages: number }
  | {
      status: "unavailable";
      /** When the current outage began. */
      since: Date;
      /** Requests and job runs that failed on the database during this outage. */
      failures: number;
      /**
       * Why, one line (databaseFailureReason): from the first failure, or from the database's
       * answer to a probe when that failure did not say.
       */
      reason: string;
      outages: number;
    };

/** The state during an outage, with whether its ERROR line was written yet. */
type Outage = Extract<DatabaseState, { status: "unavailable" }> & { logged: boolean };

/** While the database is down, how often it is asked `select 1` to notice its return. */
export const DATABASE_PROBE_INTERVAL_MS = 1_000;

/**
 * Tracks whether the database answers, from what requests, jobs and its own probe see. An outage
 * is logged once when it begins and once when it ends (with its duration and how many failures it
 * caused), never per request. Nothing is refused because of this state: requests still try the
 * database (each bounded by the pool's timeouts), so service resumes with the first answer. Only
 * key checks use it, to serve a key's last known state at once instead of waiting on a database
 * known to be down.
 */
export class DatabaseHealth {
  private current: DatabaseState = { status: "available", outages: 0 };
  private probeTimer: NodeJS.Timeout | undefined;
  private probing = false;

  constructor(
    private readonly log: Logger,
    /** A cheap query (`select 1`) on the request pool. */
    private readonly probe: () => Promise<unknown>,
  ) {}

  get state(): DatabaseState {
    return this.current;
  }

  get available(): boolean {
    return this.current.status === "available";
  }

  /**
   * Counts `error` towards an outage when it says the database is unavailable (see
   * isDatabaseUnavailable) and returns true; returns false for any other error, which the caller
   * handles as before.
   */
  reportFailure(error: unknown): boolean {
    if (!isDatabaseUnavailable(error)) return false;
    if (this.current.status === "unavailable") {
      this.current.failures += 1;
      return true;
    }
    const reason = databaseFailureReason(error);
    const outage: Outage = {
      status: "unavailable",
      since: new Date(),
      failures: 1,
      reason: reason ?? describeDatabaseError(error),
      outages: this.current.outages + 1,
      logged: false,
    };
    this.current = outage;
    if (reason !== undefined) this.logStart(outage);
    else this.diagnose(outage);
    this.startProbing();
    return true;
  }

  /** The database answered. Ends an outage, if one was going on. */
  reportSuccess(): void {
    if (this.current.status === "available") return;
    const outage = this.current as Outage;
    this.logStart(outage); // still being diagnosed: said with what is known
    const seconds = (Date.now() - outage.since.getTime()) / 1000;
    this.log.info(
      `database available again after ${seconds.toFixed(1)} s (${outage.failures} failed request(s) or job run(s) during the outage)`,
    );
    this.current = { status: "available", outages: outage.outages };
    this.stopProbing();
  }

  /**
   * The first failure did not say why (a transaction's state, see databaseFailureReason): the
   * database is asked at once, and its answer, a failure that does say, is the outage's reason.
   */
  private diagnose(outage: Outage): void {
    this.probe().then(
      () => this.reportSuccess(),
      (probeError: unknown) => {
        const reason = databaseFailureReason(probeError);
        if (reason !== undefined) outage.reason = reason;
        this.logStart(outage);
      },
    );
  }

  /** The outage's one ERROR line, once. */
  private logStart(outage: Outage): void {
    if (outage.logged) return;
    outage.logged = true;
    this.log.error(
      `database unavailable: ${outage.reason}. Answering from memory what can be (known API keys for a while); requests that need the database get 503 until it answers again`,
    );
  }

  stop(): void {
    this.stopProbing();
  }

  private startProbing(): void {
    if (this.probeTimer !== undefined) return;
    this.probeTimer = setInterval(() => {
      if (this.probing) return;
      this.probing = true;
      this.probe()
        .then(
          () => this.reportSuccess(),
          () => undefined, // still down: not a request's failure, not counted
        )
        .finally(() => {
          this.probing = false;
        });
    }, DATABASE_PROBE_INTERVAL_MS);
    this.probeTimer.unref();
  }

  private stopProbing(): void {
    clearInterval(this.probeTimer);
    this.probeTimer = undefined;
  }
}
