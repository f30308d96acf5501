import { WORKLOAD_METHODOLOGY_VERSION, WORKLOAD_UNIT } from "@tpi/domain";
import type { Db } from "@tpi/db";
import type { Freshness } from "../../../platform/core/route";
import { marketKey, type MarketStateBase } from "../../../platform/core/market";
import {
  keptAtMost,
  publishedMarketState,
  versionAndDayBasis,
} from "../../../platform/publication/published-read-model";
import { PublishedWorkload } from "./published-workload";

/** The Workload Cost market's live state: the index computed from the stored weeks and prices. */
export type WorkloadState = MarketStateBase & { index: PublishedWorkload };

export const WORKLOAD = marketKey<WorkloadState>("workload");

const MS_PER_HOUR = 3_600_000;

export function openWorkloadState(db: Db, clock: () => Date): WorkloadState {
  const index = new PublishedWorkload(db, clock);
  return {
    index,
    ...publishedMarketState(index, {
      unit: WORKLOAD_UNIT,
      methodologyVersion: WORKLOAD_METHODOLOGY_VERSION,
      latestKeylessDay: () => index.latestWeek,
    }),
  };
}

/**
 * A week can be written by any sync (daily checks, an operator's command, another instance): the
 * answer is kept for an hour at most, and its basis is the loaded inputs' version and the day.
 */
export const WORKLOAD_FRESHNESS: Freshness = {
  until: keptAtMost(MS_PER_HOUR),
  basis: versionAndDayBasis((deps) => WORKLOAD.of(deps).index),
};
