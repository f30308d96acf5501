import type { MarketEntry } from "../kit/market-entry";
import { MARKETS } from "../markets";
import type { CardContent } from "../lib/social-card";

/** The loader of the card an `/og/…` address names, from the market that draws it; none: 404. */
export function cardLoaderOf(
  segments: readonly string[],
  markets: readonly MarketEntry[] = MARKETS,
): (() => Promise<CardContent>) | undefined {
  for (const market of markets) {
    const load = market.cardOf?.(segments);
    if (load !== undefined) return load;
  }
  return undefined;
}
