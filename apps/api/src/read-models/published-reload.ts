/**
 * Keeps an in-memory copy of published data current. Published values change only when
 * something is settled or restated, so the copy reloads only when the database's publication
 * fingerprint moves: on the scheduler's timer (values another instance published) and on demand (right after
 * this process settles). A failed reload keeps serving the last loaded copy.
 */
export class PublishedReload {
  private fingerprint = "";
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly what: string,
    private readonly readFingerprint: () => Promise<string>,
    private readonly reload: () => Promise<void>,
  ) {}

  /** Logged when a timed refresh fails: the last loaded copy stays in service. */
  get refreshFailureMessage(): string {
    return `${this.what} refresh failed; serving the last loaded values`;
  }

  /** Reloads when anything was published or restated since the last load. True if it reloaded. */
  async refresh(): Promise<boolean> {
    const fingerprint = await this.readFingerprint();
    if (fingerprint === this.fingerprint) return false;
    await this.reload();
    this.fingerprint = fingerprint;
    for (const listener of this.listeners) listener();
    return true;
  }

  /** Called after each reload (used to drop caches derived from the published data). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }
}
