import { WORKLOAD_METHODOLOGY_VERSION, WORKLOAD_UNIT } from "@tpi/domain";
import type { Db } from "@tpi/db";
import type { Freshness } from "../../../platform/core/route";
import { marketKey } from "../../../platform/core/market";
import {
  keptAtMostFreshness,
  publishedMarketState,
  type PublishedMarketState,
} from "../../../platform/publication/published-read-model";
import { PublishedWorkload } from "./published-workload";

/** The Workload Cost market's live state: the index computed from the stored weeks and prices. */
export type WorkloadState = PublishedMarketState<"index", PublishedWorkload>;

export const WORKLOAD = marketKey<WorkloadState>("workload");

export function openWorkloadState(db: Db, clock: () => Date): WorkloadState {
  return publishedMarketState("index", new PublishedWorkload(db, clock), {
    unit: WORKLOAD_UNIT,
    methodologyVersion: WORKLOAD_METHODOLOGY_VERSION,
    latestKeylessDay: (index) => index.latestWeek,
  });
}

/**
 * A week can be written by any sync (daily checks, an operator's command, another instance): the
 * answer is kept for an hour at most, and its basis is the loaded inputs' version and the day.
 */
export const WORKLOAD_FRESHNESS: Freshness = keptAtMostFreshness(
  3_600_000,
  (deps) => WORKLOAD.of(deps).index,
);
