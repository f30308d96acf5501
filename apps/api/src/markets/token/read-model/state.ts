import {
  FREE_TIER_LAB_IDS,
  answerFreshUntil,
  latestSettleableDay,
  nextSettleableInstant,
  type MethodologyRules,
} from "@tpi/domain";
import type { MarketStateOf } from "../../../platform/core/market";
import type { Freshness } from "../../../platform/core/route";
import { publishedMarket } from "../../../platform/publication/published-read-model";
import type { PublishedIndex } from "./published-index";

/** The unit of every token index value. */
export const TOKEN_INDEX_UNIT = "USD per million tokens";

/** What the token market keeps beside its published values. */
type TokenStateParts = {
  /** The methodology in force (configuration included), which settlement applies and texts state. */
  rules: MethodologyRules;
};

/** The token market: the published values in memory and the method they follow. */
export const TOKEN = publishedMarket<"index", PublishedIndex, TokenStateParts>("token", "index", {
  unit: TOKEN_INDEX_UNIT,
  methodologyVersion: ({ rules }) => rules.version,
  latestKeylessDay: (index) => index.latestDayWith(FREE_TIER_LAB_IDS),
});

export type TokenState = MarketStateOf<typeof TOKEN>;

/**
 * Token answers change with the published values: the next day can settle at the settlement
 * lag after its end, and the free window moves with the UTC day.
 */
export const TOKEN_FRESHNESS: Freshness = {
  until(deps, now) {
    const { index, rules } = TOKEN.of(deps);
    const lagHours = rules.settlementLagHours;
    const latest = index.latestDay;
    const duePublished = latest !== undefined && latest >= latestSettleableDay(now, lagHours);
    return answerFreshUntil(now, nextSettleableInstant(now, lagHours), duePublished).getTime();
  },
  basis: TOKEN.basis,
};
