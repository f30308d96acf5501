import {
  GPU_INDEX_UNIT,
  GPU_METHODOLOGY_VERSION,
  answerFreshUntil,
  floorToHour,
  latestSettledDayAt,
  nextSettlementInstant,
  utcDayOf,
  type GpuMethodRules,
} from "@tpi/domain";
import type { Db } from "@tpi/db";
import type { Freshness } from "../../../platform/core/route";
import { marketKey } from "../../../platform/core/market";
import {
  publishedMarketState,
  versionAndDayBasis,
  type PublishedMarketState,
} from "../../../platform/publication/published-read-model";
import { GpuPublishedIndex } from "./published-index";

const MS_PER_HOUR = 3_600_000;

/** The GPU market's live state: the published prints and daily values, and the bounds in force. */
export type GpuState = PublishedMarketState<"index", GpuPublishedIndex> & {
  /** The method's parameters the settlement runs with (winsorizing bounds, quote rules), which the methodology states. */
  rules: GpuMethodRules;
};

export const GPU = marketKey<GpuState>("gpu");

export function openGpuState(rules: GpuMethodRules, db: Db): GpuState {
  const published = publishedMarketState("index", new GpuPublishedIndex(db), {
    unit: GPU_INDEX_UNIT,
    methodologyVersion: GPU_METHODOLOGY_VERSION,
    latestKeylessDay: (index) => index.latestDailyDay,
  });
  return { ...published, rules };
}

/** Answers over hourly prints change on each hour; the free window moves with the UTC day. */
export const GPU_PRINT_FRESHNESS: Freshness = {
  until(deps, now) {
    const hour = floorToHour(now).getTime();
    const latest = GPU.of(deps).index.latestPrintHour;
    const duePublished = latest !== undefined && latest.getTime() >= hour;
    return answerFreshUntil(now, new Date(hour + MS_PER_HOUR), duePublished).getTime();
  },
  basis: versionAndDayBasis((deps) => GPU.of(deps).index),
};

/** Answers over daily values change at each 4 PM New York settlement; look-backs count settled days. */
export const GPU_DAILY_FRESHNESS: Freshness = {
  until(deps, now) {
    const latest = GPU.of(deps).index.latestDailyDay;
    const duePublished = latest !== undefined && latest >= latestSettledDayAt(now);
    return answerFreshUntil(now, nextSettlementInstant(now), duePublished).getTime();
  },
  basis: (deps, now) =>
    `${GPU.of(deps).index.version}\n${utcDayOf(now)}\n${latestSettledDayAt(now)}`,
};
