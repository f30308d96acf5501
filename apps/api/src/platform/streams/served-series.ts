import type { MarketSeries } from "@tpi/domain";
import type { Market } from "../core/market";

/**
 * The markets an event filter may name, as `validateEventFilter` takes them. A series key is
 * checked for its form only (`series: null`): the markets do not yet list their series keys in
 * one place the platform can read.
 */
export function servedMarketSeries(markets: readonly Market[]): MarketSeries[] {
  return markets.map((market) => ({ market: market.name, series: null }));
}
