import {
  FREE_TIER_LAB_IDS,
  answerFreshUntil,
  latestSettleableDay,
  nextSettleableInstant,
  type MethodologyRules,
} from "@tpi/domain";
import type { Db } from "@tpi/db";
import type { Freshness } from "../../../platform/core/route";
import { marketKey } from "../../../platform/core/market";
import {
  publishedMarketState,
  versionAndDayBasis,
  type PublishedMarketState,
} from "../../../platform/publication/published-read-model";
import { PublishedIndex } from "./published-index";

/** The unit of every token index value. */
export const TOKEN_INDEX_UNIT = "USD per million tokens";

/** The token market's live state: the published values in memory and the method they follow. */
export type TokenState = PublishedMarketState<"index", PublishedIndex> & {
  /** The methodology in force (configuration included), which settlement applies and texts state. */
  rules: MethodologyRules;
};

export const TOKEN = marketKey<TokenState>("token");

export function openTokenState(rules: MethodologyRules, db: Db): TokenState {
  const published = publishedMarketState("index", new PublishedIndex(db), {
    unit: TOKEN_INDEX_UNIT,
    methodologyVersion: rules.version,
    latestKeylessDay: (index) => index.latestDayWith(FREE_TIER_LAB_IDS),
  });
  return { ...published, rules };
}

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
  basis: versionAndDayBasis((deps) => TOKEN.of(deps).index),
};
