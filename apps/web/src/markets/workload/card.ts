import { formatUtcDay } from "../../lib/format";
import { marketCardPath } from "../../kit/market-entry";
import { keyedCard, type CardContent } from "../../lib/social-card";

export const WORKLOAD_CARD_PATH = marketCardPath("workload");
const WORKLOAD_UNIT = "US cents per coding-agent session, per lab and model family";

/** The Workload Cost card: the latest week, never a value. */
export function workloadCard(latestWeek: string | null, sample: boolean): CardContent {
  return keyedCard(
    "What a coding-agent session costs",
    latestWeek === null
      ? WORKLOAD_UNIT
      : `${WORKLOAD_UNIT}, latest week ending ${formatUtcDay(latestWeek)} (UTC)`,
    sample,
  );
}
