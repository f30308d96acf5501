import {
  NEOCLOUD_METHODOLOGY_VERSION,
  NEOCLOUD_UNIT,
  SAMPLE_NOTICE,
  answerFreshUntil,
  utcDayOf,
} from "@tpi/domain";
import type { Db } from "@tpi/db";
import type { Freshness } from "../../../platform/http/route";
import { marketKey, type MarketStateBase } from "../../../platform/core/market";
import { PublishedNeocloudSites } from "./published-sites";

/** The Neo-Cloud Sites market's live state: the imported sites (or the sample) in memory. */
export type NeocloudState = MarketStateBase & { sites: PublishedNeocloudSites };

export const NEOCLOUD = marketKey<NeocloudState>("neocloud");

const MS_PER_HOUR = 3_600_000;

export function openNeocloudState(db: Db): NeocloudState {
  const sites = new PublishedNeocloudSites(db);
  return {
    sites,
    publications: [sites],
    provenance: () => {
      const sources = sites.sourcesOf();
      return {
        unit: NEOCLOUD_UNIT,
        methodologyVersion: NEOCLOUD_METHODOLOGY_VERSION,
        dataSources: {
          sample: sites.isSample,
          notice: sites.isSample ? SAMPLE_NOTICE : null,
          sources: sources.map((source) => ({
            source: source.source,
            sample: source.sample,
            firstDay: source.asOf?.slice(0, 10) ?? "",
            lastDay: source.asOf?.slice(0, 10) ?? "",
            days: source.asOf === null ? 0 : 1,
            latestAsOf: source.asOf,
            citation: source.citation,
            licence: source.licence,
          })),
        },
      };
    },
    describeLoaded: () => sites.describe(),
    // No keyless view of its values: no day for the /docs examples.
    latestKeylessDay: () => undefined,
  };
}

/**
 * An import can be written by any instance at any time: answers are kept for an hour at most,
 * and their basis is the loaded sites' version and the day (a hub status reads the day).
 */
export const NEOCLOUD_FRESHNESS: Freshness = {
  until: (_deps, now) =>
    answerFreshUntil(now, new Date(now.getTime() + MS_PER_HOUR), true).getTime(),
  basis: (deps, now) => `${NEOCLOUD.of(deps).sites.version}\n${utcDayOf(now)}`,
};
