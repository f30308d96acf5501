import { MEMORY_METHODOLOGY_VERSION, MEMORY_UNIT, nextMemorySettlementInstant } from "@tpi/domain";
import type { MarketStateOf } from "../../../platform/core/market";
import type { Freshness } from "../../../platform/core/route";
import { publishedMarket } from "../../../platform/publication/published-read-model";
import type { PublishedMemory } from "./published-memory";

/** The Memory market: the settled values, revisions and source terms in memory. */
export const MEMORY = publishedMarket("memory", "index", {
  unit: MEMORY_UNIT,
  methodologyVersion: MEMORY_METHODOLOGY_VERSION,
  latestKeylessDay: (index: PublishedMemory) => index.latestDay,
});

export type MemoryState = MarketStateOf<typeof MEMORY>;

/** Imports come at any time: how long an answer may be reused at most. */
const MAX_ANSWER_AGE_MS = 15 * 60_000;

/**
 * Values change at each trading day's 4 PM New York settlement and whenever the operator
 * imports (at any time): an answer is kept until the next settlement, and a quarter of an hour
 * at most; its basis is the loaded values' version and the day.
 */
export const MEMORY_FRESHNESS: Freshness = MEMORY.keptAtMost(
  MAX_ANSWER_AGE_MS,
  nextMemorySettlementInstant,
);
