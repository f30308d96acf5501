import { WORKLOAD_METHODOLOGY_VERSION, WORKLOAD_UNIT } from "@tpi/domain";
import type { MarketStateOf } from "../../../platform/core/market";
import type { Freshness } from "../../../platform/core/route";
import { publishedMarket } from "../../../platform/publication/published-read-model";
import type { PublishedWorkload } from "./published-workload";

/** The Workload Cost market: the index computed from the stored weeks and prices, by the week. */
export const WORKLOAD = publishedMarket("workload", "index", {
  unit: WORKLOAD_UNIT,
  methodologyVersion: WORKLOAD_METHODOLOGY_VERSION,
  latestKeylessDay: (index: PublishedWorkload) => index.latestWeek,
});

export type WorkloadState = MarketStateOf<typeof WORKLOAD>;

/**
 * A week can be written by any sync (daily checks, an operator's command, another instance): the
 * answer is kept for an hour at most, and its basis is the loaded inputs' version and the day.
 */
export const WORKLOAD_FRESHNESS: Freshness = WORKLOAD.keptAtMost(3_600_000);
