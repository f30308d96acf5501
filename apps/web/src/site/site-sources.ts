import type { LoadedSources, MarketEntry, MarketSources } from "../kit/market-entry";
import { MARKETS } from "../markets";
import { unlessBuilding } from "../server/sources";

/** One market's sources as every page states them: how it is named, and the api's answer. */
export type MarketDataSources = Omit<MarketSources, "load"> & LoadedSources;

/** The sources of every market that states them, in the market list's order. */
export type SiteSources = readonly MarketDataSources[];

/**
 * Where the published numbers of each market come from (the generated sample or its real
 * sources, with citations), for the banner and footer of every page. `undefined` only while
 * `next build` prerenders a page (no api runs then).
 */
export async function loadSiteSources(
  markets: readonly MarketEntry[] = MARKETS,
): Promise<SiteSources | undefined> {
  return unlessBuilding(() =>
    Promise.all(
      markets.flatMap(({ sources }) =>
        sources === undefined
          ? []
          : [
              sources.load().then(
                (loaded): MarketDataSources => ({
                  indexName: sources.indexName,
                  evidence: sources.evidence,
                  ...loaded,
                }),
              ),
            ],
      ),
    ),
  );
}
