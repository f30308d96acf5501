import type { Db } from "@tpi/db";
import type { Market, MarketStates } from "../core/market";
import { marketDataStates } from "./market-data-state";

/**
 * Which markets are loading their published data, as this instance last saw it: a market whose
 * first-start load is running (in this process or another: the state `/health` reports as
 * `loading`), or whose published sets this instance has not loaded yet. Its data routes answer
 * 503 `loading` meanwhile, instead of a 404 that would tell a client the data does not exist.
 * Read once before the server listens, then on the published sets' reload interval.
 */
export class MarketLoading {
  private loading: ReadonlySet<string> = new Set();
  private readonly listeners: Array<() => void> = [];

  constructor(
    private readonly db: Db,
    private readonly marketList: readonly Market[],
    private readonly markets: MarketStates,
  ) {}

  isLoading(market: string): boolean {
    return this.loading.has(market);
  }

  /** Called whenever a market starts or stops loading (answers kept from before are dropped). */
  onChange(listener: () => void): void {
    this.listeners.push(listener);
  }

  /**
   * Reads every market's data state. A market whose load ended has its published sets reloaded
   * before it is served again, so that its first answer holds what the load wrote.
   */
  async refresh(): Promise<void> {
    const names = this.marketList.map((market) => market.name);
    const states = await marketDataStates(this.db, names);
    const loadingNow = new Set(
      names.filter((name) => states[name] === "loading" || !this.publishedLoaded(name)),
    );
    const finished = [...this.loading].filter((name) => !loadingNow.has(name));
    await Promise.all(
      finished.flatMap((name) =>
        this.markets.get(name).publications.map((publication) => publication.refresh()),
      ),
    );
    const changed = finished.length > 0 || [...loadingNow].some((name) => !this.loading.has(name));
    this.loading = loadingNow;
    if (changed) for (const listener of this.listeners) listener();
  }

  /** Whether this instance holds every published set of the market (a set's version is empty before its first load). */
  private publishedLoaded(market: string): boolean {
    return this.markets.get(market).publications.every((publication) => publication.version !== "");
  }
}
