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
import type { MarketStateOf } from "../../../platform/core/market";
import type { Freshness } from "../../../platform/core/route";
import { publishedMarket } from "../../../platform/publication/published-read-model";
import type { GpuPublishedIndex } from "./published-index";

const MS_PER_HOUR = 3_600_000;

/** What the GPU market keeps beside its published prints and daily values. */
type GpuStateParts = {
  /** The method's parameters the settlement runs with (winsorizing bounds, quote rules), which the methodology states. */
  rules: GpuMethodRules;
};

/** The GPU market: the published prints and daily values, and the bounds in force. */
export const GPU = publishedMarket<"index", GpuPublishedIndex, GpuStateParts>("gpu", "index", {
  unit: GPU_INDEX_UNIT,
  methodologyVersion: GPU_METHODOLOGY_VERSION,
  latestKeylessDay: (index) => index.latestDailyDay,
});

export type GpuState = MarketStateOf<typeof GPU>;

/** Answers over hourly prints change on each hour; the free window moves with the UTC day. */
export const GPU_PRINT_FRESHNESS: Freshness = {
  until(deps, now) {
    const hour = floorToHour(now).getTime();
    const latest = GPU.of(deps).index.latestPrintHour;
    const duePublished = latest !== undefined && latest.getTime() >= hour;
    return answerFreshUntil(now, new Date(hour + MS_PER_HOUR), duePublished).getTime();
  },
  basis: GPU.basis,
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
