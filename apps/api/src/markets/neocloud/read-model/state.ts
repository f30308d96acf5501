import { NEOCLOUD_METHODOLOGY_VERSION, NEOCLOUD_UNIT } from "@tpi/domain";
import type { MarketStateOf } from "../../../platform/core/market";
import type { Freshness } from "../../../platform/core/route";
import { publishedMarket } from "../../../platform/publication/published-read-model";
import type { PublishedNeocloudSites } from "./published-sites";

/** The Neo-Cloud Sites market: the imported sites (or the sample) in memory. */
export const NEOCLOUD = publishedMarket<"sites", PublishedNeocloudSites>("neocloud", "sites", {
  unit: NEOCLOUD_UNIT,
  methodologyVersion: NEOCLOUD_METHODOLOGY_VERSION,
  // No keyless view of its values: no day for the /docs examples.
  latestKeylessDay: () => undefined,
});

export type NeocloudState = MarketStateOf<typeof NEOCLOUD>;

/**
 * An import can be written by any instance at any time: answers are kept for an hour at most,
 * and their basis is the loaded sites' version and the day (a hub status reads the day).
 */
export const NEOCLOUD_FRESHNESS: Freshness = NEOCLOUD.keptAtMost(3_600_000);
