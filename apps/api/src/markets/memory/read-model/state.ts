import {
  MEMORY_METHODOLOGY_VERSION,
  MEMORY_UNIT,
  answerFreshUntil,
  nextMemorySettlementInstant,
} from "@tpi/domain";
import type { Db } from "@tpi/db";
import { marketKey } from "../../../platform/core/market";
import type { Freshness } from "../../../platform/core/route";
import {
  publishedMarketState,
  versionAndDayBasis,
  type PublishedMarketState,
} from "../../../platform/publication/published-read-model";
import { PublishedMemory } from "./published-memory";

/** The Memory market's live state: the settled values, revisions and source terms in memory. */
export type MemoryState = PublishedMarketState<"index", PublishedMemory>;

export const MEMORY = marketKey<MemoryState>("memory");

/** Imports come at any time: how long an answer may be reused at most. */
const MAX_ANSWER_AGE_MS = 15 * 60_000;

export function openMemoryState(db: Db, clock: () => Date): MemoryState {
  return publishedMarketState("index", new PublishedMemory(db, clock), {
    unit: MEMORY_UNIT,
    methodologyVersion: MEMORY_METHODOLOGY_VERSION,
    latestKeylessDay: (index) => index.latestDay,
  });
}

/**
 * Values change at each trading day's 4 PM New York settlement and whenever the operator
 * imports (at any time): an answer is kept until the next settlement, and a quarter of an hour
 * at most; its basis is the loaded values' version and the day.
 */
export const MEMORY_FRESHNESS: Freshness = {
  until(_deps, now) {
    const next = Math.min(
      nextMemorySettlementInstant(now).getTime(),
      now.getTime() + MAX_ANSWER_AGE_MS,
    );
    return answerFreshUntil(now, new Date(next), true).getTime();
  },
  basis: versionAndDayBasis((deps) => MEMORY.of(deps).index),
};
