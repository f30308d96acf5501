import {
  SAMPLE_NOTICE,
  WORKLOAD_METHODOLOGY_VERSION,
  WORKLOAD_UNIT,
  answerFreshUntil,
  utcDayOf,
} from "@tpi/domain";
import type { Db } from "@tpi/db";
import type { Freshness } from "../../../platform/http/route";
import { marketKey, type MarketStateBase } from "../../../platform/core/market";
import { PublishedWorkload } from "./published-workload";

/** The Workload Cost market's live state: the index computed from the stored weeks and prices. */
export type WorkloadState = MarketStateBase & { index: PublishedWorkload };

export const WORKLOAD = marketKey<WorkloadState>("workload");

const MS_PER_HOUR = 3_600_000;

export function openWorkloadState(db: Db, clock: () => Date): WorkloadState {
  const index = new PublishedWorkload(db, clock);
  return {
    index,
    publications: [index],
    provenance: () => {
      const sources = index.sourcesOf([]);
      return {
        unit: WORKLOAD_UNIT,
        methodologyVersion: WORKLOAD_METHODOLOGY_VERSION,
        dataSources: {
          sample: index.isSample,
          notice: index.isSample ? SAMPLE_NOTICE : null,
          sources: sources.map((source) => ({
            source: source.source,
            sample: source.sample,
            firstDay: index.weeks[0]?.window.windowEndDate ?? "",
            lastDay: index.latestWeek ?? "",
            days: index.weeks.length,
            latestAsOf: source.asOf,
            citation: source.citation,
            licence: source.licence,
          })),
        },
      };
    },
    describeLoaded: () => index.describe(),
    latestKeylessDay: () => index.latestWeek,
  };
}

/**
 * A week can be written by any sync (daily checks, an operator's command, another instance): the
 * answer is kept for an hour at most, and its basis is the loaded inputs' version and the day.
 */
export const WORKLOAD_FRESHNESS: Freshness = {
  until: (_deps, now) =>
    answerFreshUntil(now, new Date(now.getTime() + MS_PER_HOUR), true).getTime(),
  basis: (deps, now) => `${WORKLOAD.of(deps).index.version}\n${utcDayOf(now)}`,
};
