import { NEOCLOUD_METHODOLOGY_VERSION, NEOCLOUD_UNIT } from "@tpi/domain";
import type { Db } from "@tpi/db";
import type { Freshness } from "../../../platform/core/route";
import { marketKey } from "../../../platform/core/market";
import {
  keptAtMostFreshness,
  publishedMarketState,
  type PublishedMarketState,
} from "../../../platform/publication/published-read-model";
import { PublishedNeocloudSites } from "./published-sites";

/** The Neo-Cloud Sites market's live state: the imported sites (or the sample) in memory. */
export type NeocloudState = PublishedMarketState<"sites", PublishedNeocloudSites>;

export const NEOCLOUD = marketKey<NeocloudState>("neocloud");

export function openNeocloudState(db: Db): NeocloudState {
  return publishedMarketState("sites", new PublishedNeocloudSites(db), {
    unit: NEOCLOUD_UNIT,
    methodologyVersion: NEOCLOUD_METHODOLOGY_VERSION,
    // No keyless view of its values: no day for the /docs examples.
    latestKeylessDay: () => undefined,
  });
}

/**
 * An import can be written by any instance at any time: answers are kept for an hour at most,
 * and their basis is the loaded sites' version and the day (a hub status reads the day).
 */
export const NEOCLOUD_FRESHNESS: Freshness = keptAtMostFreshness(
  3_600_000,
  (deps) => NEOCLOUD.of(deps).sites,
);
