import { randomUUID } from "node:crypto";

/** Loads of one refresh while values keep being published under it. */
const MAX_LOAD_ATTEMPTS = 3;
/** Recorded after loads that never held still: no stored fingerprint equals it. */
const UNSETTLED_LOAD = "unsettled";

/**
 * Keeps an in-memory copy of published data current. Published values change only when
 * something is settled or restated, so the copy reloads only when the database's publication
 * fingerprint moves: on the scheduler's timer (values another instance published) and on demand (right after
 * this process settles). A failed reload keeps serving the last loaded copy.
 */
export class PublishedReload {
  private fingerprint = "";
  private loadedVersion = "";
  private readonly listeners: Array<() => void> = [];
  /** The refresh in progress (or the last one): the next waits for it. */
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly what: string,
    private readonly readFingerprint: () => Promise<string>,
    private readonly reload: () => Promise<void>,
  ) {}

  /** Logged when a timed refresh fails: the last loaded copy stays in service. */
  get refreshFailureMessage(): string {
    return `${this.what} refresh failed; serving the last loaded values`;
  }

  /**
   * The fingerprint of what is loaded: the same on every instance that loaded the same values,
   * so it can key validators (ETags) that any instance honours. Empty before the first load.
   */
  get version(): string {
    return this.loadedVersion;
  }

  /**
   * Reloads when anything was published or restated since the last load. True if it reloaded.
   * Calls run one after another (the timer and a settlement can ask at once): two loads side by
   * side could finish out of order and leave the older copy in service.
   */
  refresh(): Promise<boolean> {
    const run = this.running.then(
      () => this.refreshOnce(),
      () => this.refreshOnce(),
    );
    this.running = run;
    return run;
  }

  private async refreshOnce(): Promise<boolean> {
    let fingerprint = await this.readFingerprint();
    if (fingerprint === this.fingerprint) return false;
    // The fingerprint names the loaded values only if nothing was published while they loaded;
    // otherwise load again (a few times at most). A copy that never held still is served under a
    // version unique to it, and its fingerprint is left unrecorded, so the next refresh loads
    // again: recording the last fingerprint read would keep a copy that missed the values
    // published during its load in service until something else was published.
    let loaded: string | undefined;
    for (let attempt = 0; attempt < MAX_LOAD_ATTEMPTS && loaded === undefined; attempt++) {
      await this.reload();
      const after = await this.readFingerprint();
      if (after === fingerprint) loaded = fingerprint;
      fingerprint = after;
    }
    this.fingerprint = loaded ?? UNSETTLED_LOAD;
    this.loadedVersion = loaded ?? `${fingerprint}~${randomUUID()}`;
    for (const listener of this.listeners) listener();
    return true;
  }

  /** Called after each reload (used to drop caches derived from the published data). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }
}
