import type { MarketEntry } from "../kit/market-entry";
import { MARKETS } from "../markets";
import type { StatusReading } from "../server/status";

/** Every market's rows of /status, in the market list's order, read together. */
export async function loadMarketStatus(
  markets: readonly MarketEntry[] = MARKETS,
): Promise<StatusReading[]> {
  const readings = await Promise.all(
    markets.flatMap((market) => (market.status === undefined ? [] : [market.status()])),
  );
  return readings.flat();
}
