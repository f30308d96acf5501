import {
  LLM_CODING_METHODOLOGY_VERSION,
  LLM_CODING_UNIT,
  addDays,
  answerFreshUntil,
  utcDayOf,
} from "@tpi/domain";
import type { MarketStateOf } from "../../../platform/core/market";
import type { Freshness } from "../../../platform/core/route";
import { publishedMarket } from "../../../platform/publication/published-read-model";
import type { LlmCodingPublishedCounts } from "./published-counts";

const MS_PER_HOUR = 3_600_000;

// The market's unit and version are the domain's, which its events state too.
export { LLM_CODING_METHODOLOGY_VERSION, LLM_CODING_UNIT };

/** The LLM Coding market: the products' daily rows in memory. */
export const LLM_CODING = publishedMarket("llm-coding", "counts", {
  unit: LLM_CODING_UNIT,
  methodologyVersion: LLM_CODING_METHODOLOGY_VERSION,
  latestKeylessDay: (counts: LlmCodingPublishedCounts) => counts.latestDay,
});

export type LlmCodingState = MarketStateOf<typeof LLM_CODING>;

/**
 * Counts change whenever a sync writes, which is at the daily sync hour or a retry an hour
 * later: an answer stays current to the next UTC hour, and only briefly while yesterday's counts
 * are not in yet.
 */
export const LLM_CODING_FRESHNESS: Freshness = {
  until(deps, now) {
    const latest = LLM_CODING.of(deps).counts.latestDay;
    const duePublished = latest !== undefined && latest >= addDays(utcDayOf(now), -1);
    const nextHour = new Date(Math.floor(now.getTime() / MS_PER_HOUR + 1) * MS_PER_HOUR);
    return answerFreshUntil(now, nextHour, duePublished).getTime();
  },
  basis: LLM_CODING.basis,
};
